/**
 * `--clock` in web workers: a page whose dedicated workers (a script's, a nested one, a blob:, a
 * module, and those of a cross-site frame, which the full Chromium puts in a process of its own)
 * compute a date and post it back to be written into the page reads the clock the option sets,
 * on every page of a tab. Without the option workers read the real time. Served by a loopback
 * server of the test's own.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';
import { hostilePage } from './hostile-kit.js';
import { at } from '../../../src/util/at.js';

/** A loaded machine takes long to start a browser; nothing here waits on a clock otherwise. */
const SLOW = { killAfterMs: 150_000 };

/** What a realm reads as now: `new Date()` and `Date.now()`, to the minute. */
const NOW = `new Date().toISOString().slice(0, 16) + ' ' + new Date(Date.now()).toISOString().slice(0, 16)`;

const LABELS = ['worker', 'nested', 'blob', 'module', 'frame worker', 'frame nested'];

/** A worker script that posts what it reads and relays what a worker of its own reads. */
const WORKER = (label: string, nested: string) =>
  `postMessage(['${label}', ${NOW}]);
  const inner = new Worker('/nested.js?label=' + encodeURIComponent('${nested}'));
  inner.onmessage = (e) => postMessage(e.data);`;

let server: Server;
let port: number;
let dir: string;

beforeAll(async () => {
  dir = tempDir('viseg-worker-clock-');
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const js = (body: string) => {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      res.end(body);
    };
    if (url.pathname === '/worker.js') return js(WORKER('worker', 'nested'));
    if (url.pathname === '/frame-worker.js') return js(WORKER('frame worker', 'frame nested'));
    if (url.pathname === '/nested.js') return js(`postMessage([${JSON.stringify(url.searchParams.get('label'))}, ${NOW}]);`);
    if (url.pathname === '/module.js') return js(`export const at = ${NOW}; postMessage(['module', at]);`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    if (url.pathname === '/frame.html') {
      return res.end(`<!doctype html><p>A frame</p><script>
        new Worker('/frame-worker.js').onmessage = (e) => parent.postMessage(e.data, '*');
      </script>`);
    }
    // every page shows the document's own clock and its workers' in a fixed order, once all of
    // them answered (or after 10 s, with what did)
    res.end(
      hostilePage(
        'Workers keep time',
        `show('document', ${NOW});
        const seen = {};
        const labels = ${JSON.stringify(LABELS)};
        let shown = false;
        const finish = () => {
          if (shown) return;
          shown = true;
          for (const l of labels) show(l, seen[l] ?? 'none');
          done();
        };
        const got = (e) => {
          if (!Array.isArray(e.data)) return;
          seen[e.data[0]] = e.data[1];
          if (labels.every((l) => l in seen)) finish();
        };
        onmessage = got;
        new Worker('/worker.js').onmessage = got;
        new Worker(URL.createObjectURL(new Blob(["postMessage(['blob', " + ${JSON.stringify(NOW)} + "])"], { type: 'text/javascript' }))).onmessage = got;
        new Worker('/module.js', { type: 'module' }).onmessage = got;
        setTimeout(finish, 10000);`,
        '',
        // a cross-site frame (localhost against 127.0.0.1)
        `<iframe src="http://localhost:${port}/frame.html"></iframe>`,
      ),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
});

describe.skipIf(!haveChromium)('--clock in web workers', () => {
  it("gives dedicated workers, nested ones and a cross-site frame's the clock, page after page in a tab", async () => {
    const out = path.join(dir, 'clock.jsonl');
    const pages = ['one', 'two'].map((p) => `http://127.0.0.1:${port}/${p}.html`);
    const run = await runCli(['extract', ...pages, '-q', '-c', '1', '--out', out, '--wait-for', '#attack-done', '--clock', '2026-03-14T08:00:00Z'], SLOW);
    expect(run.code, run.stderr).toBe(0);
    const results = parseJsonl(readFileSync(out, 'utf8'));
    expect(results).toHaveLength(2);
    const clocked = '2026-03-14T08:00 2026-03-14T08:00';
    const expected = ['document', ...LABELS].map((l) => `[${l} => ${clocked}]`).join(' ');
    for (const r of results) expect(r.text).toContain(expected);
    expect(at(results, 1).text).toBe(at(results, 0).text);
  }, 200_000);

  it('leaves the real time to workers without it', async () => {
    const out = path.join(dir, 'real.jsonl');
    const before = new Date().toISOString().slice(0, 10);
    const run = await runCli(['extract', `http://127.0.0.1:${port}/one.html`, '-q', '--out', out, '--wait-for', '#attack-done'], SLOW);
    const after = new Date().toISOString().slice(0, 10);
    expect(run.code, run.stderr).toBe(0);
    const [r] = parseJsonl(readFileSync(out, 'utf8'));
    const day = /\[worker => (\d{4}-\d{2}-\d{2})T/.exec(r!.text ?? '')?.[1];
    expect([before, after]).toContain(day);
  }, 200_000);
});
