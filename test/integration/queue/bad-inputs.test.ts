/**
 * Bad inputs on the queue, through the library API (`enqueue`, `runWorker`, `readResults`) and a
 * real Redis: a missing file, a binary file, a page that loops for ever and a page that navigates
 * away to a page that does not exist each end as an error record after their two attempts, with
 * the code `viseg extract` gives them; the good pages around them (and a page that navigates to a
 * page that exists, which extract records as that page) finish normally, in enqueue order.
 *
 * Then, on the same queue: draining the records to a file (and resuming a drain), adding an input
 * again with other options (a new record, with its screenshot) and with `force` (its record
 * replaced), and clearing the queue.
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearQueue, DrainedError, drainResults, enqueue, queueStatus, readResults, runWorker, type QueueWorker } from '../../../src/queue/index.js';
import type { ExtractRecord } from '../../../src/pipeline/record.js';
import { BROKEN, CHROMIUM, haveChromium, tempDir } from '../batch/helpers.js';
import { skipWithoutRedis, TestRedis } from './redis.js';
import { at } from '../../../src/util/at.js';

const b = (f: string) => path.join(BROKEN, f);

describe.skipIf(!haveChromium || skipWithoutRedis)('queue: bad inputs, drains, adding again', () => {
  let redis: TestRedis;
  let dir: string;
  let loc: { redis: string; queue: string };
  let slow: typeof loc & { timeout: number; attempts: number };
  let expected: Array<{ input: string; code?: string }>;
  let worker: QueueWorker;
  const attempts = new Map<string, number>();
  const recs: ExtractRecord[] = [];
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    await redis?.close();
  });

  it('end as error records after their attempts, and the other jobs finish', async () => {
    dir = tempDir('viseg-queue-bad-');
    const binary = path.join(dir, 'binary.html');
    const bytes = randomBytes(4096);
    bytes[17] = 0;
    writeFileSync(binary, bytes);
    const away = path.join(dir, 'away-to-nowhere.html');
    writeFileSync(away, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gone</title></head><body><main><article>
<h1>A page that leaves for nowhere</h1><p>One hundred milliseconds after its load event this page sends the tab to a page that does not exist.</p>
<script>addEventListener('load', () => setTimeout(() => { location.href = 'no-such-landing.html'; }, 100));</script>
</article></main></body></html>`);
    loc = { redis: redis.url, queue: 'bad-inputs' };
    // A generous deadline for the pages that should render (a loaded machine must not fail them),
    // and a short one for the page that never stops (options are per enqueue call, order is kept).
    slow = { ...loc, timeout: 90_000, attempts: 2 };
    expected = [
      { input: b('article-a.html') },
      { input: path.join(dir, 'no-such-page.html'), code: 'INPUT_NOT_FOUND' },
      { input: binary, code: 'BINARY_INPUT' },
      { input: b('loop.html'), code: 'PAGE_TIMEOUT' },
      { input: away, code: 'HTTP_ERROR' },
      { input: b('navigate-away.html') },
      { input: b('article-b.html') },
    ];
    expect((await enqueue(expected.slice(0, 3).map((e) => e.input), slow)).added).toBe(3);
    expect((await enqueue([b('loop.html')], { ...loc, timeout: 4000, attempts: 2 })).added).toBe(1);
    const last = await enqueue(expected.slice(4).map((e) => e.input), slow);
    expect(last).toMatchObject({ added: 3, total: 7 });

    worker = await runWorker({ ...loc, concurrency: 2, browserPath: CHROMIUM, onRecord: (r, job) => attempts.set(r.input, job.attempt) });
    try {
      for await (const r of readResults({ ...loc, follow: true, pollMs: 200 })) recs.push(r);
      await checkBadInputs();
      await drainAndAddAgain();
    } finally {
      await worker.close();
    }
  }, 300_000);

  async function checkBadInputs(): Promise<void> {
    // in enqueue order; each bad input an error record with extract's code, after its 2 renders
    expect(recs.map((r) => ({ input: r.input, ok: r.ok, code: r.error?.code ?? null, renders: attempts.get(r.input) })))
      .toEqual(expected.map((e) => ({ input: e.input, ok: !e.code, code: e.code ?? null, renders: e.code ? 2 : expect.any(Number) })));
    for (const r of recs.filter((x) => !x.error)) expect(r.text.length, r.input).toBeGreaterThan(100);
    // as extract records it: the page it went to, with a warning
    const navigated = at(recs, 5);
    expect(navigated.finalUrl).toMatch(/\/landing\.html$/);
    expect(navigated.text).toContain('This is the landing page');
    expect(worker.stats).toMatchObject({ pages: 7, ok: 3, failed: 4 });
    expect(worker.stats.retried).toBeGreaterThanOrEqual(4);

    const s = await queueStatus(loc);
    expect(s).toMatchObject({ inputs: 7, waiting: 0, active: 0, done: 7, ok: 3, failed: 4 });
    expect(s.workers.map((w) => w.id)).toEqual([worker.id]);
    expect(await enqueue(expected.map((e) => e.input).filter((f) => !f.endsWith('loop.html')), slow)).toMatchObject({ added: 0, alreadyDone: 6 });
  }

  async function drainAndAddAgain(): Promise<void> {
    const out = path.join(dir, 'drained.jsonl');
    expect(await drainResults({ ...loc, out })).toMatchObject({ written: 7, inFile: 7, unfinished: 0 });
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).input)).toEqual(expected.map((e) => e.input));
    expect(lines[0]).toBe(JSON.stringify(recs[0])); // the same bytes as the record read before
    expect(await queueStatus(loc)).toMatchObject({ done: 7, drained: 7 });
    await expect(async () => {
      for await (const _ of readResults(loc)) break;
    }).rejects.toThrow(DrainedError);
    // a drain killed mid-write left a torn line: resuming cuts it and writes nothing twice
    appendFileSync(out, '{"input":"torn');
    expect(await drainResults({ ...loc, out })).toMatchObject({ written: 0, inFile: 7 });

    // the same page with other options is another input (with its screenshot, named by its place)
    const shots = path.join(dir, 'shots');
    expect(await enqueue([b('article-c.html')], { ...slow, screenshotDir: shots })).toMatchObject({ added: 1, total: 8 });
    expect(await drainResults({ ...loc, out, follow: true, pollMs: 200 })).toMatchObject({ written: 1, inFile: 8 });
    expect(existsSync(path.join(shots, '0008-article-c.png'))).toBe(true);
    // --force: rendered again, the new record at the end
    expect(await enqueue([b('article-a.html')], { ...slow, force: true })).toMatchObject({ added: 1, total: 8 });
    expect(await drainResults({ ...loc, out, follow: true, pollMs: 200 })).toMatchObject({ written: 1, inFile: 9 });
    const last = JSON.parse(at(readFileSync(out, 'utf8').trim().split('\n'), 8)) as ExtractRecord;
    expect(last).toMatchObject({ input: b('article-a.html'), ok: true });

    await clearQueue(loc);
    expect(await queueStatus(loc)).toMatchObject({ inputs: 0, done: 0, waiting: 0 });
  }
});
