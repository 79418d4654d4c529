#!/usr/bin/env node
/**
 * How much Redis memory the queue costs per million pages, measured by filling a real Redis
 * (redis-server on a free loopback port, temporary folder) through viseg's own code:
 *   1. `enqueue` N URLs (real BullMQ jobs, waiting, with viseg's index);
 *   2. the jobs finish: each one's record is stored as a worker stores it (the real records of
 *      `records.jsonl`, cycled, compressed by the queue's codec), and the BullMQ jobs are removed
 *      as completed jobs are;
 *   3. the records are drained (deleted from Redis, the index kept).
 * `used_memory` (INFO memory) is read after each step; the figures are scaled to a million.
 *
 *   npm run build
 *   node scripts/redis-memory.mjs --count 100000 results.jsonl   # records of real pages, e.g. from `viseg extract --out`
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import { encodeRecord } from '../dist/queue/codec.js';
import { enqueue } from '../dist/queue/enqueue.js';
import { connectIndex } from '../dist/queue/redis.js';

const REDIS = process.env.VISEG_TEST_REDIS ?? '/usr/bin/redis-server';
const argv = process.argv.slice(2);
let count = 100_000;
const files = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--count') count = Number(argv[++i]);
  else files.push(argv[i]);
}
if (!files.length) throw new Error('usage: node scripts/redis-memory.mjs [--count N] records.jsonl...');
const records = files.flatMap((f) => readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)));
const blobs = records.map((r) => encodeRecord(r));
const jsonBytes = records.reduce((a, r) => a + Buffer.byteLength(JSON.stringify(r)), 0) / records.length;
const blobBytes = blobs.reduce((a, b) => a + b.length, 0) / blobs.length;

const port = await new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const p = s.address().port;
    s.close(() => resolve(p));
  });
});
const dir = mkdtempSync(path.join(tmpdir(), 'viseg-redis-memory-'));
const redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--logfile', ''], { stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => redis.stdout.on('data', (d) => /Ready to accept/.test(String(d)) && resolve()));
redis.stdout.resume();
const loc = { redis: `redis://127.0.0.1:${port}`, queue: 'memory' };
const index = await connectIndex(loc);
const used = async () => {
  await index.redis.call('MEMORY', 'PURGE').catch(() => undefined);
  return Number(/^used_memory:(\d+)/m.exec(await index.redis.info('memory'))[1]);
};

try {
  const empty = await used();
  const urls = Array.from({ length: count }, (_, i) => `https://news.example.com/2026/11/${String(i).padStart(7, '0')}/a-story-about-something-${i}.html`);
  const t0 = performance.now();
  for (let at = 0; at < count; at += 10_000) await enqueue(urls.slice(at, at + 10_000), loc);
  const enqueueSeconds = (performance.now() - t0) / 1000;
  const queued = await used();

  // finish every job the way a worker does: store its record, then BullMQ drops the completed job
  const ids = await index.redis.zrange(index.keys.order, 0, -1);
  for (let i = 0; i < ids.length; i++) {
    const blob = blobs[i % blobs.length];
    await index.storeRecord(ids[i], blob, true);
  }
  // the last minute's completions (for status' throughput): a steady run holds one minute's worth
  await index.redis.del(index.keys.recent);
  const queue = new Queue(loc.queue, { connection: { url: loc.redis } });
  await queue.drain(true);
  await queue.close();
  const finished = await used();

  // drain: the records go to a file and out of Redis; the index stays (for dedupe and status)
  for (let at = 0; at < ids.length; at += 1000) {
    const batch = ids.slice(at, at + 1000);
    await index.markDrained(at + batch.length, batch.length, batch);
  }
  const drained = await used();

  const perMillion = (bytes) => +((bytes / count) * 1e6 / 2 ** 30).toFixed(2);
  const result = {
    count, sampleRecords: records.length, recordJsonBytes: Math.round(jsonBytes), storedRecordBytes: Math.round(blobBytes),
    usedMemoryMb: { empty: +(empty / 2 ** 20).toFixed(1), queued: +(queued / 2 ** 20).toFixed(1), finished: +(finished / 2 ** 20).toFixed(1), drained: +(drained / 2 ** 20).toFixed(1) },
    gibPerMillion: { queued: perMillion(queued - empty), finished: perMillion(finished - empty), drained: perMillion(drained - empty) },
    enqueuePagesPerSecond: Math.round(count / enqueueSeconds),
  };
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
} finally {
  await index.close();
  redis.kill('SIGTERM');
  await new Promise((r) => redis.once('exit', r));
  rmSync(dir, { recursive: true, force: true });
}
