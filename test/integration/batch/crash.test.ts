/**
 * A browser crash in the middle of a batch: the browser process of `viseg extract` is killed
 * (SIGKILL) while pages are in flight. The pages in flight are retried in a restarted browser,
 * every input gets one ok record, and the command exits (0) instead of hanging.
 *
 * Linux only: the browser is found through /proc as the child of the CLI process.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from './helpers.js';

const N = 8;

function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

function page(i: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Crash test ${i}</title></head><body>
<header><nav><a href="#">Home</a> <a href="#">News</a></nav></header>
<main><article><h1>Crash test page ${i}</h1>
<p>Page ${i} of the crash test is an ordinary article with two paragraphs of plain prose, so that it has a clear main content block and nothing that could fail by itself.</p>
<p>If the browser dies while this page is loading, the page has to be loaded again in a new browser and end up with a normal record, like the others.</p>
</article></main><footer>Footer ${i}</footer>
<script>
  // a late paragraph keeps every page in flight for two seconds, so that pages are still
  // loading when the browser is killed (rendering alone is too quick to be caught reliably)
  addEventListener('load', () => setTimeout(() => {
    const p = document.createElement('p');
    p.textContent = 'A late paragraph arrives after the load event, the way client-rendered pages add theirs.';
    document.querySelector('article').append(p);
  }, 2000));
</script></body></html>`;
}

describe.skipIf(!haveChromium || !existsSync('/proc/self/stat'))('batch: browser crash mid-run', () => {
  it('retries the pages in flight in a restarted browser and exits', async () => {
    const dir = tempDir();
    const inputs: string[] = [];
    for (let i = 1; i <= N; i++) {
      const f = path.join(dir, `crash-${i}.html`);
      writeFileSync(f, page(i));
      inputs.push(f);
    }
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, inputs.join('\n') + '\n');
    const out = path.join(dir, 'out.jsonl');
    let killed: number[] = [];
    let poll: NodeJS.Timeout | undefined;
    let firstRecordAt = 0;
    const run = await runCli(['extract', '--input-file', list, '-c', '4', '-q', '--out', out], {
      onSpawn: (child) => {
        poll = setInterval(() => {
          if (killed.length || !existsSync(out) || !readFileSync(out, 'utf8').includes('\n')) return;
          // The first record is out, so the next pages start now and stay in flight for over two
          // seconds. Killing at once could land between two pages (the next page would then just
          // open in the relaunched browser, with nothing to retry): wait until they are loading.
          firstRecordAt ||= Date.now();
          if (Date.now() - firstRecordAt < 600) return;
          // kill the browser the CLI launched
          killed = childrenOf(child.pid!).filter((p) => {
            try {
              return /chrom/i.test(readFileSync(`/proc/${p}/cmdline`, 'utf8'));
            } catch {
              return false;
            }
          });
          for (const p of killed) process.kill(p, 'SIGKILL');
        }, 20);
      },
    });
    clearInterval(poll);
    expect(killed.length, 'the browser process should have been found and killed').toBeGreaterThan(0);
    expect(run.code, run.stderr).toBe(0);
    const recs = parseJsonl(readFileSync(out, 'utf8'));
    expect(recs.map((r) => r.input)).toEqual(inputs);
    for (const r of recs) expect(r.ok, `${r.input}: ${JSON.stringify(r.error)}`).toBe(true);
    expect(recs.some((r) => r.warnings.some((w) => w.code === 'BROWSER_RESTARTED'))).toBe(true);
  }, 90_000);
});
