/**
 * `queueStatus`: how far a queue is (waiting, active, done, failed), how fast it went over the
 * last minute, and which workers are connected (a worker reports every 5 s; one silent for 15 s
 * is gone). Also `clearQueue`, which deletes a queue and its index.
 */
import type { QueueLocation } from './keys.js';
import { openQueue } from './redis.js';
import { reapFailed } from './results.js';
import { at } from '../util/at.js';

export interface WorkerInfo {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  browser: string;
  startedAt: string;
  /** Pages in flight at the last heartbeat. */
  active: number;
  /** Records stored by this worker since it started. */
  pages: number;
  ok: number;
  failed: number;
  retried: number;
  /** ms since the last heartbeat. */
  lastSeenMs: number;
}

export interface QueueStatus {
  queue: string;
  /** Inputs in the queue's index. */
  inputs: number;
  /** Waiting for a worker (a page being retried included). */
  waiting: number;
  /** Being rendered now. */
  active: number;
  /** Inputs with a record (ok or error), drained ones included. */
  done: number;
  /** Of those, ok records. */
  ok: number;
  /** Of those, error records (after their attempts). */
  failed: number;
  /** Records drained to a file and deleted from Redis. */
  drained: number;
  /** Records stored in the last 60 s, and per second. */
  lastMinute: { pages: number; pagesPerSecond: number };
  workers: WorkerInfo[];
  /** Bytes Redis uses for everything (`INFO memory` used_memory). */
  redisMemoryBytes: number | null;
}

const WORKER_GONE_MS = 15_000;

export async function queueStatus(o: QueueLocation = {}): Promise<QueueStatus> {
  const q = await openQueue(o);
  const { loc, index, queue } = q;
  try {
    await reapFailed(q);
    const k = index.keys;
    const time = await index.redis.time();
    const now = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
    const counts = await queue.getJobCounts('wait', 'prioritized', 'delayed', 'active', 'failed');
    const [inputs, stored, failed, recent, drainedCount, seen, infos, memory] = await Promise.all([
      index.redis.zcard(k.order),
      index.redis.hlen(k.records),
      index.redis.zcard(k.errors),
      index.redis.zcount(k.recent, now - 60_000, '+inf'),
      index.redis.hget(k.drained, 'count'),
      index.redis.zrangebyscore(k.workers, now - WORKER_GONE_MS, '+inf', 'WITHSCORES'),
      index.redis.hgetall(k.workerInfo),
      index.redis.info('memory'),
    ]);
    const drained = Number(drainedCount ?? 0);
    const workers: WorkerInfo[] = [];
    for (let i = 0; i + 1 < seen.length; i += 2) {
      const id = at(seen, i);
      try {
        const w = JSON.parse(infos[id] ?? '{}') as Omit<WorkerInfo, 'lastSeenMs'>;
        workers.push({ ...w, id, lastSeenMs: Math.max(0, now - Number(seen[i + 1])) });
      } catch {
        /* a worker mid-update: next time */
      }
    }
    const used = /^used_memory:(\d+)/m.exec(memory);
    const done = stored + drained;
    return {
      queue: loc.queue,
      inputs,
      waiting: (counts.wait ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0),
      active: counts.active ?? 0,
      done,
      ok: done - failed,
      failed,
      drained,
      lastMinute: { pages: recent, pagesPerSecond: Math.round((recent / 60) * 100) / 100 },
      workers,
      redisMemoryBytes: used ? Number(used[1]) : null,
    };
  } finally {
    await q.close();
  }
}

/** Delete a queue: its jobs (BullMQ's obliterate), its records and its index. Workers on it stay connected. */
export async function clearQueue(o: QueueLocation = {}): Promise<void> {
  const { index, queue, close } = await openQueue(o);
  try {
    await queue.obliterate({ force: true });
    const k = index.keys;
    await index.redis.del(k.order, k.seq, k.forced, k.records, k.errors, k.recent, k.drained, k.options);
  } finally {
    await close();
  }
}
