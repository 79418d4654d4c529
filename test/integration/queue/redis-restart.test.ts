/**
 * Redis goes away while a `viseg worker` renders and `viseg queue results --follow` streams: the
 * test's redis-server is stopped (it writes its append-only file) once a page has finished
 * rendering with Redis gone, and started again. The worker and the follower reconnect and carry
 * on, and every input ends with exactly one record.
 */
import { Redis } from 'ioredis';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';
import { spawnCli, until, writePages, type Spawned } from './helpers.js';
import { skipWithoutRedis, TestRedis } from './redis.js';

const N = 24;

describe.skipIf(!haveChromium || skipWithoutRedis)('queue: Redis restarted mid-run', () => {
  let redis: TestRedis;
  const procs: Spawned[] = [];
  beforeAll(async () => {
    redis = await TestRedis.start();
  });
  afterAll(async () => {
    for (const p of procs) p.killGroup('SIGKILL');
    await redis?.close();
  });

  it('loses and duplicates nothing: workers and followers reconnect', async () => {
    const dir = tempDir('viseg-queue-restart-');
    const pages = writePages(dir, N, 'restart');
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, pages.join('\n') + '\n');
    const q = ['--redis', redis.url, '--queue', 'restart'];
    const add = await runCli(['queue', 'add', '--input-file', list, '--timeout', '90000', ...q]);
    expect(add.code, add.stderr).toBe(0);

    const worker = spawnCli(['worker', ...q, '-c', '3', '--lock-ms', '10000']);
    const out = path.join(dir, 'results.jsonl');
    const follower = spawnCli(['queue', 'results', '--follow', '--out', out, ...q]);
    procs.push(worker, follower);

    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    try {
      await until('a few records', async () => ((await client.hlen('viseg:{restart}:records')) >= 4 ? true : undefined));
    } finally {
      client.disconnect();
    }
    await redis.stop();
    await worker.waitFor(/lost the connection to Redis/);
    // Redis stays away until a page has finished rendering without it.
    await worker.waitFor(/rendered; its record waits for Redis/);
    await redis.restart();
    await worker.waitFor(/connected to Redis again/);

    const done = await follower.exited;
    expect(done.code, follower.stderr).toBe(0);
    const recs = parseJsonl(readFileSync(out, 'utf8'));
    expect(recs.map((r) => r.input)).toEqual(pages);
    for (const [i, r] of recs.entries()) {
      expect(r.ok, `${r.input}: ${JSON.stringify(r.error)}`).toBe(true);
      expect(r.text).toContain(`Story ${i + 1} of the restart queue test`);
    }

    const status = await runCli(['queue', 'status', '--json', ...q]);
    expect(JSON.parse(status.stdout)).toMatchObject({ inputs: N, done: N, ok: N, failed: 0, waiting: 0, active: 0 });
    worker.child.kill('SIGTERM');
    expect((await worker.exited).code, worker.stderr).toBe(0);
  }, 400_000);
});
