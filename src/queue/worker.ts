/**
 * `runWorker`: take pages from a queue and render each one exactly as `viseg extract` does (the
 * same Session, tab reuse and `processInput`, with the options stored with the job), then store its
 * record in Redis.
 *
 * - A page that fails is rendered again, up to the job's `attempts`; the last attempt's error
 *   record is stored like any other record, so a broken page never blocks the queue.
 * - A worker that dies (SIGKILL, a lost machine) stops renewing the locks of its jobs; another
 *   worker's stalled-job check puts them back on the queue once the lock runs out (`lockMs`), and
 *   they are rendered again. A job lost this way more than twice is failed, and its input gets an
 *   error record `WORKER_LOST` (results.ts).
 * - A record is stored only while its job is still in the index, and stored under the job id, so a
 *   page rendered twice (a stalled job that was still running) still has one record.
 * - While Redis is away, pages in flight finish and wait to be stored; nothing is lost as long as
 *   Redis keeps its data (AOF or RDB, docs/scale-out.md).
 */
import type { Job } from 'bullmq';
import { hostname } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { resolveInputs, type ResolvedInput } from '../browser/index.js';
import { parseWith, resolveBrowserOptions, resolveExtractOptions, workerOptionsSchema, type BrowserOptions, type ResolvedExtractOptions } from '../options.js';
import { processInput, type PageHooks } from '../pipeline/page.js';
import type { ExtractRecord } from '../pipeline/record.js';
import { screenshotHook, screenshotName, writeAnnotated } from '../pipeline/screenshots.js';
import { Session } from '../pipeline/session.js';
import { TabPool } from '../pipeline/tabs.js';
import { encodeRecord } from './codec.js';
import { displayUrl, resolveLocation, type JobData, type JobSettings, type QueueLocation } from './keys.js';
import { bullmq } from './bull.js';
import { bullConnection, connectIndex, type IndexClient } from './redis.js';
import { within } from '../util/async.js';

export interface WorkerOptions extends QueueLocation, BrowserOptions {
  /** Pages rendered at once (default: as `viseg extract`, from the CPU count). */
  concurrency?: number;
  /**
   * How long a job stays with a worker that stopped answering before another worker takes it
   * (ms, default 30000). The worker renews its locks every half of this.
   */
  lockMs?: number;
  /** One line per event worth telling an operator: start, retries, error records, Redis trouble, shutdown. */
  log?: (line: string) => void;
  /** Called after each record is stored. */
  onRecord?: (record: ExtractRecord, job: { id: string; seq: number; attempt: number }) => void;
}

export interface WorkerStats {
  /** Records stored (ok and error). */
  pages: number;
  ok: number;
  failed: number;
  /** Failed renders that were put back for another attempt. */
  retried: number;
}

export interface QueueWorker {
  /** `host:pid:random`, as `viseg queue status` lists it. */
  readonly id: string;
  readonly stats: WorkerStats;
  /** Pages being rendered now. */
  readonly active: number;
  /**
   * Stop taking jobs, then either finish the pages in flight (default) or hand them back to the
   * queue at once (`handBack`), and close the browser. Calling it again with `handBack` while a
   * graceful close waits hands the remaining pages back.
   */
  close(options?: { handBack?: boolean }): Promise<void>;
}

/** How long a dead worker's jobs stay locked by default (ms); `lockMs`. */
export const DEFAULT_LOCK_MS: number = workerOptionsSchema.parse({}).lockMs;

const HEARTBEAT_MS = 5000;
/** A job lost with its worker this many times is failed (its input gets a WORKER_LOST record). */
const MAX_STALLED = 2;

interface Flight {
  job: Job<JobData>;
  token: string | undefined;
  handBack: (e: Error) => void;
}

/** The retried failure of one attempt (BullMQ puts the job back; its message is the page's error). */
class AttemptFailed extends Error {
  constructor(record: ExtractRecord) {
    super(`${record.error?.code}: ${record.error?.message}`);
    this.name = 'AttemptFailed';
  }
}

/** The input the worker loads for a job's target; a folder (not expanded when it was added) is an error. */
async function resolveTarget(target: string, session: Session): Promise<ResolvedInput> {
  const [r, ...more] = await resolveInputs([target], { server: session.server });
  if (r && !more.length && (r.kind === 'url' || r.error || r.path === path.resolve(target))) return r;
  return { input: target, kind: 'file', path: target, error: { code: 'UNSUPPORTED_INPUT', message: `${target} is a folder: add it again from a machine that sees its files` } };
}

/** Whether Redis is reachable, with one log line when it goes away and one when it is back. */
class RedisWatch {
  down = false;
  constructor(
    private readonly log: (line: string) => void,
    private readonly url: string,
  ) {}

  lost(e: Error): void {
    if (this.down) return;
    this.down = true;
    this.log(`lost the connection to Redis at ${this.url} (${e.message}); pages in flight finish and wait for it`);
  }

  back(): void {
    if (!this.down) return;
    this.down = false;
    this.log('connected to Redis again');
  }
}

type Settings = { settings: JobSettings; opts: ResolvedExtractOptions };

/** The settings of the jobs added with one set of options, read from the queue once per fingerprint. */
function settingsReader(index: IndexClient): (fp: string) => Promise<Settings> {
  const cache = new Map<string, Promise<Settings>>();
  return (fp) => {
    let p = cache.get(fp);
    if (!p) {
      p = index.redis.hget(index.keys.options, fp).then((json) => {
        if (!json) throw new Error(`the job's options (${fp}) are missing from the queue`);
        const settings = JSON.parse(json) as JobSettings;
        return { settings, opts: resolveExtractOptions({ ...settings.extract, concurrency: 1 }) };
      });
      p.catch(() => cache.delete(fp));
      cache.set(fp, p);
    }
    return p;
  };
}

/** What processing a job needs from its worker. */
interface JobContext {
  session: Session;
  index: IndexClient;
  redis: RedisWatch;
  settingsOf: (fp: string) => Promise<Settings>;
  /** Free tab pools, one per page slot. */
  free: TabPool[];
  flights: Map<string, Flight>;
  stats: WorkerStats;
  log: (line: string) => void;
  onRecord: WorkerOptions['onRecord'];
}

/**
 * Render one job's page and store its record: 'stored', or 'superseded' when the job was added
 * again meanwhile. A failed attempt with attempts left throws, so that BullMQ retries it.
 */
async function processJob(ctx: JobContext, job: Job<JobData>, token?: string): Promise<string> {
  const { stats, log } = ctx;
  const data = job.data;
  const attempt = job.attemptsMade + 1;
  const attempts = job.opts.attempts ?? 1;
  const { settings, opts } = await ctx.settingsOf(data.settings);
  const tabs = ctx.free.pop() ?? new TabPool();
  let handBack: (e: Error) => void = () => undefined;
  const handedBack = new Promise<never>((_, reject) => (handBack = reject));
  ctx.flights.set(job.id!, { job, token, handBack });
  try {
    // named as it was added (a path relative to where `queue add` ran, a folder's dir/file), so
    // that the record's input and url are what `viseg extract` gives; the file is read at its target
    const input = { ...(await resolveTarget(data.target, ctx.session)), input: data.input };
    const hooks: PageHooks = settings.screenshotDir ? screenshotHook(settings.maxHeight) : {};
    const result = await Promise.race([processInput(ctx.session, input, opts, hooks, tabs), handedBack]);
    result.record.input = data.input;
    if (settings.screenshotDir) await writeAnnotated(result, path.join(settings.screenshotDir, screenshotName(data.input, data.seq - 1)), settings.maxHeight);
    const r = result.record;
    if (!r.ok && attempt < attempts) {
      stats.retried++;
      log(`${data.input}: attempt ${attempt} of ${attempts} failed (${r.error?.code}: ${r.error?.message}); it goes back on the queue`);
      throw new AttemptFailed(r);
    }
    if (ctx.redis.down) log(`${data.input}: rendered; its record waits for Redis`);
    const stored = await ctx.index.storeRecord(job.id!, encodeRecord(r), r.ok);
    if (!stored) return 'superseded'; // added again with --force, or already drained
    stats.pages++;
    if (r.ok) stats.ok++;
    else {
      stats.failed++;
      log(`${data.input}: ${r.error?.code}: ${r.error?.message} (attempt ${attempt} of ${attempts}; error record stored)`);
    }
    ctx.onRecord?.(r, { id: job.id!, seq: data.seq, attempt });
    return 'stored';
  } finally {
    ctx.flights.delete(job.id!);
    ctx.free.push(tabs);
  }
}

export async function runWorker(o: WorkerOptions = {}): Promise<QueueWorker> {
  const loc = resolveLocation(o);
  const log = o.log ?? (() => undefined);
  const { concurrency, lockMs } = parseWith(workerOptionsSchema, { concurrency: o.concurrency, lockMs: o.lockMs });
  const { browserArgs, ...browserOptions } = resolveBrowserOptions({
    browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint, headless: o.headless, browserArgs: o.browserArgs,
  });
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

  const redis = new RedisWatch(log, displayUrl(loc.redis));
  // the worker handles SIGTERM/SIGINT itself: the browser must outlive the pages in flight
  const session = await Session.open({ ...browserOptions, ...(browserArgs.length ? { extraArgs: browserArgs } : {}), handleSignals: false });
  let index: IndexClient;
  try {
    index = await connectIndex(loc, { readyTimeoutMs: 0, onError: (e) => redis.lost(e) });
  } catch (e) {
    await session.close();
    throw e;
  }
  let stopping = false;
  index.redis.on('close', () => {
    if (!stopping) redis.lost(new Error('connection closed'));
  });
  index.redis.on('ready', () => redis.back());

  const stats: WorkerStats = { pages: 0, ok: 0, failed: 0, retried: 0 };
  const flights = new Map<string, Flight>();
  // one reused tab per page slot, as runBatch gives each of its workers
  const free = Array.from({ length: concurrency }, () => new TabPool());
  const allTabs = [...free];
  const ctx: JobContext = { session, index, redis, settingsOf: settingsReader(index), free, flights, stats, log, onRecord: o.onRecord };
  const processor = (job: Job<JobData>, token?: string): Promise<string> => processJob(ctx, job, token);

  const worker = new (bullmq().Worker)<JobData, string>(loc.queue, processor, {
    connection: bullConnection(loc.redis),
    concurrency,
    name: id,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    maxStalledCount: MAX_STALLED,
    // BullMQ waits this long before retrying a command that failed because Redis was away
    runRetryDelay: 1000,
    autorun: false,
  });
  worker.on('error', (e: Error) => {
    if (!/ECONNREFUSED|ECONNRESET|Connection is closed|connect ETIMEDOUT|EPIPE/i.test(e.message)) log(`queue error: ${e.message}`);
    else redis.lost(e);
  });

  const info = () => JSON.stringify({ id, host: hostname(), pid: process.pid, concurrency, browser: session.description, startedAt, active: flights.size, ...stats });
  const startedAt = new Date().toISOString();
  const beat = () => index.heartbeat(id, info()).catch(() => undefined);
  await beat();
  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();
  void worker.run().catch((e: Error) => log(`worker stopped: ${e.message}`));
  log(`worker ${id} on queue ${loc.queue} at ${displayUrl(loc.redis)}: ${concurrency} page(s) at once, ${session.description}`);

  let closing: Promise<void> | null = null;
  const handBackAll = async () => {
    for (const f of [...flights.values()]) {
      try {
        await f.job.moveToWait(f.token);
      } catch {
        // the lock is gone already: the stalled-job check hands it back
      }
      f.handBack(new (bullmq().WaitingError)());
    }
  };
  return {
    id,
    stats,
    get active() {
      return flights.size;
    },
    async close(options = {}) {
      closing ??= (async () => {
        clearInterval(heartbeat);
        stopping = true;
        await worker.close(); // takes no more jobs from its first step on
        await within(index.heartbeat(id, null), 2000, { unref: true });
        await Promise.all(allTabs.map((t) => t.close()));
        await session.close();
        await index.close();
      })();
      if (options.handBack) await handBackAll();
      return closing;
    },
  };
}
