/**
 * Names and identities of a viseg queue: where it lives (Redis URL, queue name), the Redis keys of
 * its index, and how a job's id is derived from its input and options. Pure: no connection here.
 *
 * A queue is BullMQ's queue of that name (keys `bull:<name>:*`: the jobs waiting, active, failed)
 * plus viseg's index beside it (keys `viseg:{<name>}:*`, one hash slot on a Redis Cluster):
 * - `order`   sorted set, job id -> its place in the enqueue order (1, 2, 3, ...);
 * - `seq`     the last place given out;
 * - `forced`  hash, input key -> how many times `--force` re-added it (the job id changes each time);
 * - `records` hash, job id -> the finished record, compressed (see codec.ts);
 * - `errors`  sorted set of the job ids whose record is an error record;
 * - `recent`  sorted set, job id -> when its record was stored (ms), trimmed to the last minute;
 * - `drained` hash: `seq` (records up to this place have been drained to a file and deleted) and
 *             `count` (records written to that file);
 * - `options` hash, settings fingerprint -> the job settings (stored once, not in every job);
 * - `workers` sorted set, worker id -> last heartbeat (ms); `worker-info` hash, worker id -> JSON.
 */
import { createHash } from 'node:crypto';
import { OptionsError, type ResolvedExtractOptions } from '../options.js';

export const DEFAULT_QUEUE = 'viseg';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Where a queue lives. Both default from the environment (`VISEG_REDIS_URL`, `VISEG_QUEUE`), then the defaults above. */
export interface QueueLocation {
  /** `redis://[user:password@]host:port[/db]` or `rediss://` for TLS. */
  redis?: string;
  /** Queue name: letters, digits, `.`, `_`, `-` (1-100). */
  queue?: string;
}

export interface ResolvedLocation {
  redis: string;
  queue: string;
}

export function resolveLocation(o: QueueLocation = {}): ResolvedLocation {
  const redis = o.redis ?? process.env.VISEG_REDIS_URL ?? DEFAULT_REDIS_URL;
  const queue = o.queue ?? process.env.VISEG_QUEUE ?? DEFAULT_QUEUE;
  if (!/^rediss?:\/\//i.test(redis)) throw new OptionsError(`--redis must be a redis:// or rediss:// URL, got ${redis}`);
  try {
    new URL(redis);
  } catch {
    throw new OptionsError(`--redis is not a valid URL: ${redis}`);
  }
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(queue)) throw new OptionsError(`--queue must be 1-100 letters, digits, '.', '_' or '-', got ${queue}`);
  return { redis, queue };
}

/** The Redis URL without its password, for messages. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href;
  } catch {
    return url;
  }
}

export interface IndexKeys {
  order: string;
  seq: string;
  forced: string;
  records: string;
  errors: string;
  recent: string;
  drained: string;
  options: string;
  workers: string;
  workerInfo: string;
}

export function indexKeys(queue: string): IndexKeys {
  const base = `viseg:{${queue}}`;
  return {
    order: `${base}:order`,
    seq: `${base}:seq`,
    forced: `${base}:forced`,
    records: `${base}:records`,
    errors: `${base}:errors`,
    recent: `${base}:recent`,
    drained: `${base}:drained`,
    options: `${base}:options`,
    workers: `${base}:workers`,
    workerInfo: `${base}:worker-info`,
  };
}

/**
 * What a job needs besides its input, stored once per distinct set of options: the extraction
 * options (as `viseg extract` resolves them, less the run-wide concurrency) and where annotated
 * screenshots go.
 */
export interface JobSettings {
  extract: Omit<ResolvedExtractOptions, 'concurrency' | 'keepArtifacts'>;
  /** Absolute folder for annotated screenshots (every worker must be able to write there), or null. */
  screenshotDir: string | null;
  maxHeight: number;
}

/** What a BullMQ job carries. */
export interface JobData {
  /** The input as given to `queue add` (dir/file for a folder's files): the record's `input`. */
  input: string;
  /** What the worker loads: a normalised http(s) URL or an absolute path. */
  target: string;
  /** Place in the enqueue order (1-based). */
  seq: number;
  /** Fingerprint of the {@link JobSettings} in the `options` hash. */
  settings: string;
}

/** JSON with object keys sorted, so equal settings always give the same bytes. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

function sha256(s: string): string {
  return createHash('sha256').update(s).digest('hex');
}

export function settingsFingerprint(s: JobSettings): string {
  return sha256(canonicalJson(s)).slice(0, 16);
}

/**
 * The job id of an input under some settings: the same input with the same options is the same
 * job, whoever adds it and however often. (A `p` in front: BullMQ refuses ids that are integers.)
 */
export function inputKey(target: string, fingerprint: string): string {
  return `p${sha256(`${target}\n${fingerprint}`).slice(0, 24)}`;
}
