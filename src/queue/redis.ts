/**
 * Connections to the queue's Redis, and the Lua scripts that keep viseg's index consistent: each
 * script runs atomically in Redis, so two `queue add`s, a worker and a `queue results --drain`
 * racing on the same input never see half of another's change.
 *
 * Connections wait out an outage: commands issued while Redis is away are queued and sent once it
 * is back (ioredis' offline queue, with no retry limit), which is what lets workers and
 * `queue results --follow` ride through a Redis restart. One-shot commands first check that Redis
 * answers at all, so a wrong URL is an error instead of a hang.
 */
import type { ConnectionOptions, Queue } from 'bullmq';
import type { Redis, RedisOptions } from 'ioredis';
import { bullmq, ioredis } from './bull.js';
import { displayUrl, indexKeys, resolveLocation, type IndexKeys, type JobData, type QueueLocation, type ResolvedLocation } from './keys.js';
import { at } from '../util/at.js';
import { within } from '../util/async.js';

/** Thrown when Redis cannot be reached at the start of a command. */
export class QueueConnectionError extends Error {
  readonly code = 'REDIS_UNREACHABLE';
  constructor(message: string) {
    super(message);
    this.name = 'QueueConnectionError';
  }
}

const ADD = `
local force = ARGV[1] == '1'
local drained = tonumber(redis.call('HGET', KEYS[5], 'seq') or '0')
local out = {}
for i = 2, #ARGV do
  local key = ARGV[i]
  local gen = redis.call('HGET', KEYS[3], key)
  local id = key
  if gen then id = key .. '-' .. gen end
  local seq = redis.call('ZSCORE', KEYS[1], id)
  if seq and not force then
    local done = tonumber(seq) <= drained or redis.call('HEXISTS', KEYS[4], id) == 1
    table.insert(out, done and 'done' or 'queued')
    table.insert(out, id)
    table.insert(out, seq)
    table.insert(out, '')
  else
    local old = ''
    if seq then
      old = id
      gen = redis.call('HINCRBY', KEYS[3], key, 1)
      redis.call('ZREM', KEYS[1], old)
      redis.call('HDEL', KEYS[4], old)
      redis.call('ZREM', KEYS[6], old)
      id = key .. '-' .. gen
    end
    local s = redis.call('INCR', KEYS[2])
    redis.call('ZADD', KEYS[1], s, id)
    table.insert(out, 'new')
    table.insert(out, id)
    table.insert(out, tostring(s))
    table.insert(out, old)
  end
end
return out`;

const STORE = `
local seq = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not seq then return 0 end
if tonumber(seq) <= tonumber(redis.call('HGET', KEYS[5], 'seq') or '0') then return 0 end
if ARGV[4] == 'nx' and redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 0 end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
if ARGV[3] == '1' then redis.call('ZREM', KEYS[3], ARGV[1]) else redis.call('ZADD', KEYS[3], seq, ARGV[1]) end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[4], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - 60000)
return 1`;

const DRAIN = `
if #ARGV > 2 then redis.call('HDEL', KEYS[1], unpack(ARGV, 3)) end
redis.call('HSET', KEYS[2], 'seq', ARGV[1])
return redis.call('HINCRBY', KEYS[2], 'count', ARGV[2])`;

const HEARTBEAT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ARGV[2] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return now
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
local stale = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now - 3600000)
for _, w in ipairs(stale) do
  redis.call('ZREM', KEYS[1], w)
  redis.call('HDEL', KEYS[2], w)
end
return now`;

export interface IndexClient {
  redis: Redis;
  keys: IndexKeys;
  /** Index each key (new ones get the next places); returns [status, id, seq, old id] per key. */
  addKeys(keys: string[], force: boolean): Promise<Array<{ status: 'new' | 'queued' | 'done'; id: string; seq: number; old: string }>>;
  /** Store a finished record unless the job is no longer in the index (or, with `onlyIfAbsent`, has one). */
  storeRecord(id: string, blob: Buffer, ok: boolean, onlyIfAbsent?: boolean): Promise<boolean>;
  /** Drop drained records and move the drain cursor to `seq`; returns the new drained count. */
  markDrained(seq: number, count: number, ids: string[]): Promise<number>;
  /** Record a worker's heartbeat (null: the worker is leaving); returns Redis' clock (ms). */
  heartbeat(workerId: string, info: string | null): Promise<number>;
  close(): Promise<void>;
}

interface ScriptedRedis extends Redis {
  visegAdd(...args: Array<string | number>): Promise<string[]>;
  visegStore(...args: Array<string | number | Buffer>): Promise<number>;
  visegDrain(...args: Array<string | number>): Promise<number>;
  visegHeartbeat(...args: Array<string | number>): Promise<number>;
}

const CLIENT_OPTIONS: RedisOptions = { maxRetriesPerRequest: null, enableReadyCheck: true };

/** Connection options for BullMQ's own clients (workers need `maxRetriesPerRequest: null`). */
export function bullConnection(url: string): ConnectionOptions {
  return { url, maxRetriesPerRequest: null };
}

/** Resolve when `redis` is ready; reject after `ms` if it never was. */
function ready(redis: Redis, url: string, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    let last = '';
    const onError = (e: Error) => (last = e.message);
    const done = (err?: Error) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      redis.off('error', onError);
      if (err) reject(err);
      else resolve();
    };
    const onReady = () => done();
    const timer = setTimeout(() => done(new QueueConnectionError(`cannot reach Redis at ${displayUrl(url)}${last ? ` (${last})` : ''}`)), ms);
    redis.on('ready', onReady);
    redis.on('error', onError);
  });
}

export interface ConnectOptions {
  /** Fail when Redis has not answered within this many ms (default 10 s); 0: wait for ever. */
  readyTimeoutMs?: number;
  /** Connection errors after the first connection (Redis went away): for logs. */
  onError?: (e: Error) => void;
}

export async function connectIndex(loc: ResolvedLocation, o: ConnectOptions = {}): Promise<IndexClient> {
  const redis = new (ioredis().Redis)(loc.redis, CLIENT_OPTIONS) as ScriptedRedis;
  redis.on('error', (e: Error) => o.onError?.(e));
  redis.defineCommand('visegAdd', { numberOfKeys: 6, lua: ADD });
  redis.defineCommand('visegStore', { numberOfKeys: 5, lua: STORE });
  redis.defineCommand('visegDrain', { numberOfKeys: 2, lua: DRAIN });
  redis.defineCommand('visegHeartbeat', { numberOfKeys: 2, lua: HEARTBEAT });
  const timeout = o.readyTimeoutMs ?? 10_000;
  if (timeout > 0) {
    try {
      await ready(redis, loc.redis, timeout);
    } catch (e) {
      redis.disconnect();
      throw e;
    }
  }
  const k = indexKeys(loc.queue);
  return {
    redis,
    keys: k,
    async addKeys(keys, force) {
      const flat = await redis.visegAdd(k.order, k.seq, k.forced, k.records, k.drained, k.errors, force ? '1' : '0', ...keys);
      const out = [];
      for (let i = 0; i + 3 < flat.length; i += 4) {
        out.push({ status: flat[i] as 'new' | 'queued' | 'done', id: at(flat, i + 1), seq: Number(flat[i + 2]), old: at(flat, i + 3) });
      }
      return out;
    },
    async storeRecord(id, blob, ok, onlyIfAbsent = false) {
      return (await redis.visegStore(k.order, k.records, k.errors, k.recent, k.drained, id, blob, ok ? '1' : '0', onlyIfAbsent ? 'nx' : '')) === 1;
    },
    markDrained(seq, count, ids) {
      return redis.visegDrain(k.records, k.drained, seq, count, ...ids);
    },
    heartbeat(workerId, info) {
      return redis.visegHeartbeat(k.workers, k.workerInfo, workerId, info ?? '');
    },
    async close() {
      // QUIT waits for Redis when it is away: give it a moment, then drop the connection
      let quit = false;
      await within(redis.quit().then(() => (quit = true)), 2000, { unref: true });
      if (!quit) redis.disconnect();
    },
  };
}

/** A queue's index and its BullMQ queue (for commands that add, read or watch, not for workers). */
export interface QueueHandle {
  loc: ResolvedLocation;
  index: IndexClient;
  queue: Queue<JobData>;
  close(): Promise<void>;
}

export async function openQueue(o: QueueLocation): Promise<QueueHandle> {
  const loc = resolveLocation(o);
  const index = await connectIndex(loc);
  const queue = new (bullmq().Queue)<JobData>(loc.queue, { connection: bullConnection(loc.redis) });
  queue.on('error', () => undefined); // connection errors: the commands wait for Redis to come back
  return {
    loc,
    index,
    queue,
    async close() {
      await queue.close().catch(() => undefined);
      await index.close();
    },
  };
}
