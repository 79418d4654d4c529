/**
 * The first check, end to end with the built CLI and a real Redis: 60 local pages are
 * queued, two `viseg worker`s render them, one is SIGKILLed (with its browser) while it has pages
 * in flight, and `viseg queue results` still gives exactly 60 records, one per input, in enqueue
 * order, each the record `viseg extract` gives for that page (everything but the timings and the
 * file server's per-run origin; the text included). Adding the same inputs again adds nothing.
 *
 * Everything waits on states, never on time: the kill happens once Redis shows the worker holding
 * active jobs, and the jobs it held are then seen going back to the other worker.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';
import { alive, childrenOf, comparable, spawnCli, until, writePages, type Spawned } from './helpers.js';
import { skipWithoutRedis, TestRedis } from './redis.js';
import { at } from '../../../src/util/at.js';

/** Enough pages that worker A still has some in flight after its first records (3 at once per worker). */
const N = 30;
const LOCK_MS = 10_000;

describe.skipIf(!haveChromium || skipWithoutRedis)('queue: a worker SIGKILLed mid-run', () => {
  let redis: TestRedis;
  let client: Redis;
  const workers: Spawned[] = [];
  beforeAll(async () => {
    redis = await TestRedis.start();
    client = new Redis(redis.url);
  });
  afterAll(async () => {
    for (const w of workers) w.killGroup('SIGKILL');
    client?.disconnect();
    await redis?.close();
  });

  it('loses nothing: 60 records, one per input, the same as extract gives', async () => {
    const dir = tempDir('viseg-queue-');
    const pages = writePages(dir, N);
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, pages.join('\n') + '\n');
    const q = ['--redis', redis.url, '--queue', 'kill-test'];

    // a generous deadline: on a loaded machine a page may wait long for a core (records do not depend on it)
    const add = await runCli(['queue', 'add', '--input-file', list, '--timeout', '90000', ...q]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain(`${N} added, 0 already queued, 0 already done`);

    const worker = () => spawnCli(['worker', ...q, '-c', '3', '--lock-ms', String(LOCK_MS)]);
    const a = worker();
    const b = worker();
    workers.push(a, b);
    const idA = at((await a.waitFor(/worker (\S+) on queue/)), 1);
    await b.waitFor(/worker (\S+) on queue/);

    const queue = new Queue('kill-test', { connection: { url: redis.url } });
    let browser: number[] = [];
    let lost: string[] = [];
    try {
      // Mid-run: some records are stored and worker A holds active jobs. Then kill A and its browser.
      await until('worker A with pages in flight after a few records', async () => {
        if ((await client.hlen('viseg:{kill-test}:records')) < 6) return undefined;
        const held = (await queue.getActive()).filter((j) => j.processedBy === idA).map((j) => j.id!);
        if (!held.length) return undefined;
        browser = childrenOf(a.child.pid!);
        a.killGroup('SIGKILL');
        return true;
      });
      const killed = await a.exited;
      expect(killed.signal).toBe('SIGKILL');
      // Its jobs are still marked active, locked by the dead worker: they were in flight.
      lost = (await queue.getActive()).filter((j) => j.processedBy === idA).map((j) => j.id!);
      expect(lost.length, 'worker A had pages in flight when it was killed').toBeGreaterThan(0);
      // and its browser did not outlive it
      expect(browser.length, 'worker A had launched a browser').toBeGreaterThan(0);
      await until('the killed worker\'s browser to exit', async () => (browser.some(alive) ? undefined : true));
    } finally {
      await queue.close();
    }

    // The other worker takes them over once their locks run out; results waits for every input.
    const out = path.join(dir, 'results.jsonl');
    const results = await runCli(['queue', 'results', '--follow', '--out', out, ...q], { killAfterMs: 240_000 });
    expect(results.code, results.stderr).toBe(0);
    const recs = parseJsonl(readFileSync(out, 'utf8'));
    expect(recs.map((r) => r.input)).toEqual(pages);
    for (const r of recs) expect(r.ok, `${r.input}: ${JSON.stringify(r.error)}`).toBe(true);
    // the pages the killed worker had in flight were rendered by the other one
    for (const id of lost) expect(await client.hexists('viseg:{kill-test}:records', id)).toBe(1);

    // What extract gives for the same pages, field for field.
    const ext = path.join(dir, 'extract.jsonl');
    const extract = await runCli(['extract', '--input-file', list, '--timeout', '90000', '-c', '3', '-q', '--out', ext], { killAfterMs: 300_000 });
    const expected = parseJsonl(readFileSync(ext, 'utf8'));
    expect(extract.code, JSON.stringify(expected.filter((r) => !r.ok).map((r) => [r.input, r.error]))).toBe(0);
    for (const [i, r] of recs.entries()) {
      expect(r.text, r.input).toBe(at(expected, i).text);
      expect(r.text).toContain(`Story ${i + 1} of the page queue test`);
      expect(comparable(r), r.input).toBe(comparable(at(expected, i)));
    }

    const again = await runCli(['queue', 'add', '--input-file', list, '--timeout', '90000', ...q]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`0 added, 0 already queued, ${N} already done`);

    // The surviving worker stops cleanly on SIGTERM, with its browser.
    b.child.kill('SIGTERM');
    expect((await b.exited).code).toBe(0);
    expect(b.stderr).toMatch(/stopped: \d+ record\(s\) stored/);
  }, 400_000);
});
