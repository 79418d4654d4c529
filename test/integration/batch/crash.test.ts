/**
 * A browser crash in the middle of a batch: the browser process of `viseg extract` is killed
 * (SIGKILL) while pages are in flight. The pages in flight are retried in a restarted browser,
 * every input gets one ok record, and the command exits (0) instead of hanging.
 *
 * No clock decides when to kill: the pages come from a loopback server of the test, and each page
 * asks it for one more piece of text. The server answers the first page at once (so that the run
 * has a record before the crash) and holds the others' requests: a held request is a page
 * provably in flight, and the browser is killed as soon as one is held. After the kill, every
 * request is answered at once.
 *
 * Linux only: the browser is found through /proc among the CLI process's descendants.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from './helpers.js';

const N = 8;

/** Every process below `pid` (the browser may run under a wrapper script, as Debian's does). */
function descendantsOf(pid: number): number[] {
  const parent = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [p, pp] of parent) {
      if (below.has(pp) && !below.has(p)) {
        below.add(p);
        grew = true;
      }
    }
  }
  below.delete(pid);
  return [...below];
}

function page(i: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crash test ${i}</title></head><body>
<header><nav><a href="#">Home</a> <a href="#">News</a></nav></header>
<main><article><h1>Crash test page ${i}</h1>
<p>Page ${i} of the crash test is an ordinary article with two paragraphs of plain prose, so that it has a clear main content block and nothing that could fail by itself.</p>
<p>If the browser dies while this page is loading, the page has to be loaded again in a new browser and end up with a normal record, like the others.</p>
</article></main><footer>Footer ${i}</footer>
<script>
  // the late paragraph comes from the test's server, which may hold the answer: the page is then
  // in flight (a request under way keeps it from settling) until the browser is killed
  fetch('/late?page=${i}').then((r) => r.text()).then((t) => {
    const p = document.createElement('p');
    p.textContent = t;
    document.querySelector('article').append(p);
  });
</script></body></html>`;
}

describe.skipIf(!haveChromium || !existsSync('/proc/self/stat'))('batch: browser crash mid-run', () => {
  it('retries the pages in flight in a restarted browser and exits', async () => {
    const held: ServerResponse[] = [];
    let killed: number[] = [];
    let signalled = 0;
    let cliPid = 0;
    const late = (res: ServerResponse) => res.end('A late paragraph arrives after the load event, the way client-rendered pages add theirs.');
    const killBrowser = () => {
      if (killed.length || !cliPid) return;
      killed = descendantsOf(cliPid).filter((p) => {
        try {
          return /chrom/i.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
        } catch {
          return false;
        }
      });
      for (const p of killed) {
        try {
          process.kill(p, 'SIGKILL');
          signalled++;
        } catch (e) {
          // a child that ended with a process killed before it
          if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e;
        }
      }
      for (const res of held.splice(0)) res.destroy();
    };
    const server = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      const m = /^\/page-(\d+)\.html$/.exec(u.pathname);
      if (m) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(page(Number(m[1])));
      } else if (u.pathname === '/late') {
        // page 1 gets its paragraph at once; the others wait for the crash
        if (u.searchParams.get('page') === '1' || killed.length) late(res);
        else {
          held.push(res);
          killBrowser();
        }
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const inputs = Array.from({ length: N }, (_, i) => `${origin}/page-${i + 1}.html`);
      const out = path.join(tempDir(), 'out.jsonl');
      // a deadline far away: on a loaded machine no page may time out before the browser is killed
      const run = await runCli(['extract', ...inputs, '-c', '4', '-q', '--timeout', '120000', '--out', out], {
        killAfterMs: 170_000,
        onSpawn: (child) => {
          cliPid = child.pid!;
        },
      });
      expect(signalled, 'the browser process should have been found and killed').toBeGreaterThan(0);
      expect(run.code, run.stderr).toBe(0);
      const recs = parseJsonl(readFileSync(out, 'utf8'));
      expect(recs.map((r) => r.input)).toEqual(inputs);
      for (const r of recs) {
        expect(r.ok, `${r.input}: ${JSON.stringify(r.error)}`).toBe(true);
        expect(r.text).toContain('A late paragraph arrives');
      }
      expect(recs.some((r) => r.warnings.some((w) => w.code === 'BROWSER_RESTARTED'))).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  }, 180_000);
});
