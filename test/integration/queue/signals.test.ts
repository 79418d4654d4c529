/**
 * `viseg worker` stops cleanly: on SIGTERM it takes no more pages, finishes the ones in flight
 * (their records are stored) and exits 0 with its browser closed; on a second signal (SIGINT
 * here) it hands the pages in flight back to the queue at once instead (no records, the jobs wait
 * for another worker). The signals are sent once Redis shows the worker holding active jobs.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeRecord } from '../../../src/queue/codec.js';
import { haveChromium, runCli, tempDir } from '../batch/helpers.js';
import { alive, childrenOf, spawnCli, until, writePages, type Spawned } from './helpers.js';
import { skipWithoutRedis, TestRedis } from './redis.js';
import { at } from '../../../src/util/at.js';

describe.skipIf(!haveChromium || skipWithoutRedis)('queue: worker signals', () => {
  let redis: TestRedis;
  let client: Redis;
  let queue: Queue;
  const procs: Spawned[] = [];
  beforeAll(async () => {
    redis = await TestRedis.start();
    client = new Redis(redis.url);
    queue = new Queue('signals', { connection: { url: redis.url } });
  });
  afterAll(async () => {
    for (const p of procs) p.killGroup('SIGKILL');
    await queue?.close();
    client?.disconnect();
    await redis?.close();
  });

  /** Start a worker and wait until it holds `n` active jobs; returns it, its id and its browser's pids. */
  async function busyWorker(q: string[], n: number): Promise<{ w: Spawned; browser: number[] }> {
    const w = spawnCli(['worker', ...q, '-c', String(n)]);
    procs.push(w);
    const id = at((await w.waitFor(/worker (\S+) on queue/)), 1);
    await until(`worker ${id} with ${n} pages in flight`, async () =>
      (await queue.getActive()).filter((j) => j.processedBy === id).length >= n ? true : undefined);
    return { w, browser: childrenOf(w.child.pid!) };
  }

  const records = () => client.hlen('viseg:{signals}:records');

  it('SIGTERM finishes the pages in flight; a second signal hands them back', async () => {
    const dir = tempDir('viseg-queue-signals-');
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, writePages(dir, 12, 'signals').join('\n') + '\n');
    const q = ['--redis', redis.url, '--queue', 'signals'];
    // a long quiet window keeps each page in flight for seconds
    const add = await runCli(['queue', 'add', '--input-file', list, '--settle-ms', '4000', '--max-settle-ms', '8000', '--timeout', '90000', ...q]);
    expect(add.code, add.stderr).toBe(0);

    const first = await busyWorker(q, 2);
    expect(await records()).toBe(0);
    first.w.child.kill('SIGTERM');
    expect((await first.w.exited).code, first.w.stderr).toBe(0);
    expect(first.w.stderr).toMatch(/SIGTERM: taking no more pages; finishing 2 in flight/);
    expect(await records()).toBeGreaterThanOrEqual(2); // what it had in flight, finished and stored
    // in the browser they started in: it was not closed under them by the signal
    for (const blob of Object.values(await client.hgetallBuffer('viseg:{signals}:records'))) {
      expect(decodeRecord(blob).warnings).not.toContain('browser crashed; page retried in a restarted browser');
    }
    expect((await queue.getActive()).length).toBe(0);
    await until('the first worker\'s browser to exit', async () => (first.browser.some(alive) ? undefined : true));

    const before = await records();
    const second = await busyWorker(q, 2);
    second.w.child.kill('SIGINT');
    await second.w.waitFor(/SIGINT: taking no more pages/);
    second.w.child.kill('SIGINT');
    expect((await second.w.exited).code, second.w.stderr).toBe(0);
    const handedBack = Number(/SIGINT: handing (\d+) page\(s\) in flight back to the queue/.exec(second.w.stderr)?.[1]);
    expect(handedBack, second.w.stderr).toBeGreaterThan(0);
    expect((await queue.getActive()).length).toBe(0);
    // handed back: no record; finished between the two signals (if any): stored
    expect((await records()) - before).toBe(2 - handedBack);
    expect((await queue.getWaitingCount()) + (await records())).toBe(12); // nothing lost
    await until('the second worker\'s browser to exit', async () => (second.browser.some(alive) ? undefined : true));
  }, 300_000);
});
