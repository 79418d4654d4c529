/**
 * Reading a queue's records back: one record per input, in the order the inputs were enqueued,
 * whatever order they finished in and however often a page was rendered underneath (records are
 * stored per job, so a retry or a page rendered twice replaces, never adds).
 *
 * Redis stays bounded with `drainResults`: each record is appended to a JSONL file, the file is
 * flushed to disk, and only then are the records deleted from Redis and the drain cursor moved
 * past them. A drain that is killed half-way is resumed from the same file: records the file
 * already has are not written twice.
 */
import { closeSync, existsSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { emptyRecord, type ExtractRecord } from '../pipeline/record.js';
import { parseRecordLine } from '../record/jsonl.js';
import { readCompleteLines } from './lines.js';
import { decodeRecordJson, encodeRecord } from './codec.js';
import type { JobData, QueueLocation } from './keys.js';
import { openQueue, type IndexClient, type QueueHandle } from './redis.js';
import { at, last } from '../util/at.js';
import { sleep } from '../util/async.js';

export interface ResultsOptions extends QueueLocation {
  /**
   * Wait for inputs that are not finished yet and give their records as they finish, until every
   * input in the queue has one. Without it, the records finished so far, in order, skipping the rest.
   */
  follow?: boolean;
  /** How often to look again while waiting (ms, default 500). */
  pollMs?: number;
}

/** Records of a queue; after the iteration, `unfinished` counts the inputs that had none yet. */
export interface ResultsStream extends AsyncIterable<ExtractRecord> {
  readonly unfinished: number;
}

type Ctx = Pick<QueueHandle, 'index' | 'queue'>;

interface Line {
  id: string;
  seq: number;
  json: string;
}

interface WalkOptions {
  /** Records after this place in the order. */
  after: number;
  follow: boolean;
  /** Stop at the first unfinished input (a drain must not skip one). */
  stopAtGap: boolean;
  pollMs: number;
  /** Called (and awaited) before waiting for more records (follow). */
  onIdle?: () => Promise<void>;
  /** Counts the unfinished inputs skipped or left. */
  state: { unfinished: number };
}

const BATCH = 500;

/** Where the drain cursor is: records up to `seq` were written to a file (`count` of them) and deleted. */
async function drainedState(index: IndexClient): Promise<{ seq: number; count: number }> {
  const [seq, count] = await index.redis.hmget(index.keys.drained, 'seq', 'count');
  return { seq: Number(seq ?? 0), count: Number(count ?? 0) };
}

/**
 * Jobs BullMQ failed without a record (their worker was lost more than twice, or storing failed
 * after every attempt): give each one an error record, so that the queue's results never wait
 * for a page that will not come.
 */
export async function reapFailed(ctx: Ctx): Promise<number> {
  let n = 0;
  for (;;) {
    const jobs = await ctx.queue.getFailed(0, 99);
    if (!jobs.length) return n;
    for (const job of jobs) {
      const data = job.data as JobData | undefined;
      if (data?.input !== undefined) {
        const r = emptyRecord(data.input);
        r.url = /^https?:\/\//i.test(data.target) ? data.target : null;
        const reason = job.failedReason ?? 'unknown';
        r.error = /stalled more than allowable limit|started more than allowable limit/.test(reason)
          ? { code: 'WORKER_LOST', message: `the workers rendering this page stopped answering ${job.attemptsStarted ?? ''} time(s) (killed, or out of memory?)` }
          : { code: 'INTERNAL_ERROR', message: at(reason.split('\n'), 0) };
        if (await ctx.index.storeRecord(job.id!, encodeRecord(r), false, true)) n++;
      }
      await job.remove().catch(() => undefined);
    }
  }
}

/** Records in enqueue order, as JSON lines. */
async function* walk(ctx: Ctx, o: WalkOptions): AsyncGenerator<Line> {
  const { redis, keys } = ctx.index;
  let after = o.after;
  let wait = o.pollMs;
  for (;;) {
    await reapFailed(ctx);
    const page = await redis.zrangebyscore(keys.order, `(${after}`, '+inf', 'WITHSCORES', 'LIMIT', 0, BATCH);
    if (!page.length) return;
    const ids: string[] = [];
    const seqs: number[] = [];
    for (let i = 0; i + 1 < page.length; i += 2) {
      ids.push(at(page, i));
      seqs.push(Number(page[i + 1]));
    }
    const blobs = await redis.hmgetBuffer(keys.records, ...ids);
    let gap = false;
    let progressed = false;
    for (const [i, id] of ids.entries()) {
      const blob = blobs[i];
      if (blob) {
        yield { id, seq: at(seqs, i), json: decodeRecordJson(blob) };
        after = at(seqs, i);
        progressed = true;
      } else if (o.follow || o.stopAtGap) {
        gap = true;
        break;
      } else {
        o.state.unfinished++;
        after = at(seqs, i);
      }
    }
    if (!gap) continue;
    if (!o.follow) {
      o.state.unfinished += await redis.zcount(keys.order, `(${after}`, '+inf');
      return;
    }
    if (progressed) wait = o.pollMs;
    else {
      await o.onIdle?.();
      await sleep(wait);
      wait = Math.min(wait * 2, 4 * o.pollMs);
    }
  }
}

/**
 * The records of a queue, in enqueue order. Each one is given once; with `follow`, unfinished
 * inputs are waited for. Throws `DrainedError` if records were drained (they are in the drain
 * file, not in Redis any more).
 */
export function readResults(o: ResultsOptions = {}): ResultsStream {
  const state = { unfinished: 0 };
  return {
    get unfinished() {
      return state.unfinished;
    },
    async *[Symbol.asyncIterator]() {
      for await (const json of resultLines({ ...o, state })) yield storedRecord(json);
    },
  };
}

/** The records' JSON lines, in order (what `viseg queue results` prints); `state` counts the unfinished. */
export async function* resultLines(o: ResultsOptions & { state: { unfinished: number } }): AsyncGenerator<string> {
  const ctx = await openQueue(o);
  try {
    const drained = await drainedState(ctx.index);
    if (drained.count > 0) throw new DrainedError(drained.count);
    for await (const line of walk(ctx, { after: 0, follow: o.follow ?? false, stopAtGap: false, pollMs: o.pollMs ?? 500, state: o.state })) yield line.json;
  } finally {
    await ctx.close();
  }
}

export class DrainedError extends Error {
  readonly code = 'RESULTS_DRAINED';
  constructor(readonly count: number) {
    super(`${count} record(s) of this queue were drained to a file and deleted from Redis: continue that file with --drain --out <file>`);
    this.name = 'DrainedError';
  }
}

export interface DrainOptions extends ResultsOptions {
  /** The JSONL file records are appended to (created if missing). */
  out: string;
  /** Called with each record's JSON line as it is written. */
  onLine?: (json: string) => void;
  /** Records per write + fsync + delete from Redis (default 200). */
  batch?: number;
}

export interface DrainResult {
  /** Records written by this call. */
  written: number;
  /** Records in the file now. */
  inFile: number;
  /** Inputs without a record yet (0 with `follow`). */
  unfinished: number;
}

/**
 * A stored record's JSON as a record, validated. One that is not a viseg record (a corrupted or
 * foreign value in Redis) becomes an error record of its input, so the stream goes on to the others.
 */
export function storedRecord(json: string): ExtractRecord {
  const r = parseRecordLine(json);
  if (r.ok) return r.record;
  const input = inputOf(json);
  const record = emptyRecord(typeof input === 'string' ? input : '(unknown input)');
  record.error = { code: 'INTERNAL_ERROR', message: `the record stored in the queue for this input is ${r.error}` };
  return record;
}

function inputOf(json: string): unknown {
  try {
    return (JSON.parse(json) as { input?: unknown }).input;
  } catch {
    return undefined;
  }
}

/**
 * Append the queue's records to `out` in enqueue order, stopping at the first unfinished input
 * (or waiting for it, with `follow`), and delete each record from Redis once the file holding it
 * is on disk. `out` must be the file earlier drains of this queue wrote to (checked).
 */
export async function drainResults(o: DrainOptions): Promise<DrainResult> {
  const ctx = await openQueue(o);
  const state = { unfinished: 0 };
  const batchSize = o.batch ?? 200;
  let fd: number | null = null;
  try {
    let cursor = await drainedState(ctx.index);
    const lines = existsSync(o.out) ? readCompleteLines(o.out) : [];
    if (lines.length < cursor.count) {
      throw new Error(`${o.out} has ${lines.length} record(s) but ${cursor.count} were drained from this queue: give the file they were drained to`);
    }
    if (lines.length > cursor.count) {
      // A drain stopped after writing these lines and before deleting them from Redis: they must
      // be the next records in order. Move the cursor past them without writing them again.
      const extra = lines.slice(cursor.count);
      const next: Line[] = [];
      for await (const l of walk(ctx, { after: cursor.seq, follow: false, stopAtGap: true, pollMs: 0, state: { unfinished: 0 } })) {
        next.push(l);
        if (next.length === extra.length) break;
      }
      if (next.length !== extra.length || next.some((l, i) => inputOf(l.json) !== inputOf(at(extra, i)))) {
        throw new Error(`${o.out} does not end with this queue's next records: it is not the file this queue was drained to`);
      }
      const newest = last(next);
      await ctx.index.markDrained(newest.seq, next.length, next.map((l) => l.id));
      cursor = { seq: newest.seq, count: lines.length };
    }

    fd = openSync(o.out, 'a');
    let pending: Line[] = [];
    let written = 0;
    const flush = async () => {
      if (!pending.length) return;
      writeSync(fd!, pending.map((l) => l.json + '\n').join(''));
      fsyncSync(fd!);
      const newest = last(pending);
      await ctx.index.markDrained(newest.seq, pending.length, pending.map((l) => l.id));
      written += pending.length;
      pending = [];
    };
    // before waiting for a page, what came before it goes to disk and out of Redis
    for await (const line of walk(ctx, { after: cursor.seq, follow: o.follow ?? false, stopAtGap: true, pollMs: o.pollMs ?? 500, state, onIdle: flush })) {
      pending.push(line);
      o.onLine?.(line.json);
      if (pending.length >= batchSize) await flush();
    }
    await flush();
    return { written, inFile: cursor.count + written, unfinished: state.unfinished };
  } finally {
    if (fd !== null) closeSync(fd);
    await ctx.close();
  }
}
