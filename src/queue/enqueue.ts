/**
 * `enqueue`: put inputs on a queue for `viseg worker`s, with the extraction options they are to be
 * rendered with. Inputs are resolved here the way `viseg extract` resolves them (folders expanded
 * to their HTML files, sorted; relative paths made absolute), so the records carry the same
 * `input` labels; the files themselves are read by the workers, at the same paths.
 *
 * An input already on the queue with the same options is not added again (its job id is derived
 * from the input and the options), unless `force`: then it is rendered again and its new record
 * replaces the old one, at the end of the enqueue order.
 */
import path from 'node:path';
import { resolveInputs, type ResolvedInput } from '../browser/index.js';
import { inputLabel } from '../pipeline/public-urls.js';
import { OptionsError, parseWith, queueJobOptionsSchema, resolveExtractOptions, type ExtractOptions } from '../options.js';
import { inputKey, resolveLocation, settingsFingerprint, type JobData, type JobSettings, type QueueLocation } from './keys.js';
import { openQueue } from './redis.js';
import { at } from '../util/at.js';

export interface EnqueueOptions extends QueueLocation, Omit<ExtractOptions, 'concurrency' | 'keepArtifacts'> {
  /** Add every input again, even when it is already queued or done. */
  force?: boolean;
  /** Renders of a page before its error record is stored (1-20). */
  attempts?: number;
  /** Folder for one annotated screenshot per input, as `viseg extract --screenshot-dir`; every worker must be able to write there. */
  screenshotDir?: string;
  /** Cap for very tall pages in screenshots (px). */
  maxHeight?: number;
}

export interface EnqueueResult {
  queue: string;
  /** Inputs after folders were expanded. */
  inputs: number;
  /** Jobs added (new inputs, or all of them with `force`). */
  added: number;
  /** Already on the queue, not finished yet (or given twice in this call). */
  alreadyQueued: number;
  /** Already finished: their record is stored (or was drained). */
  alreadyDone: number;
  /** Indexed by an earlier `enqueue` that was interrupted before its job was added: added now. */
  requeued: number;
  /** Inputs in the queue's index now, finished or not. */
  total: number;
}

export const DEFAULT_ATTEMPTS: number = queueJobOptionsSchema.parse({}).attempts;
const CHUNK = 1000;

/** The settings stored with the jobs: validated as `viseg extract` validates its options. */
export function jobSettings(o: EnqueueOptions): JobSettings {
  const { redis: _r, queue: _q, force: _f, attempts: _a, screenshotDir, maxHeight, ...extract } = o;
  const { concurrency: _c, keepArtifacts: _k, ...resolved } = resolveExtractOptions(extract);
  const { maxHeight: height } = parseWith(queueJobOptionsSchema, { maxHeight });
  return { extract: resolved, screenshotDir: screenshotDir ? path.resolve(screenshotDir) : null, maxHeight: height };
}

/** What a worker loads for a resolved input: a normalised URL, or an absolute path. */
export function targetOf(input: ResolvedInput): string {
  if (input.kind === 'url') return input.url ?? input.input;
  return input.path ?? input.input;
}

export async function enqueue(inputs: string[], options: EnqueueOptions = {}): Promise<EnqueueResult> {
  const loc = resolveLocation(options);
  const { attempts } = parseWith(queueJobOptionsSchema, { attempts: options.attempts });
  if (inputs.includes('-')) throw new OptionsError('standard input (-) cannot be queued: save the page to a file every worker can read, and add that');
  if (!inputs.length) throw new OptionsError('no inputs: give URLs, HTML files or folders');
  const settings = jobSettings(options);
  const fingerprint = settingsFingerprint(settings);
  const resolved = await resolveInputs(inputs);

  const { index, queue, close } = await openQueue(loc);
  const result: EnqueueResult = { queue: loc.queue, inputs: resolved.length, added: 0, alreadyQueued: 0, alreadyDone: 0, requeued: 0, total: 0 };
  try {
    await index.redis.hsetnx(index.keys.options, fingerprint, JSON.stringify(settings));
    const jobOpts = { attempts, removeOnComplete: true, removeOnFail: false };
    // the same input given twice in one call is one job
    const seen = new Set<string>();
    const unique: Array<{ input: string; target: string; key: string }> = [];
    for (const r of resolved) {
      const target = targetOf(r);
      const key = inputKey(target, fingerprint);
      if (seen.has(key)) result.alreadyQueued++;
      else unique.push({ input: inputLabel(r), target, key });
      seen.add(key);
    }
    for (let start = 0; start < unique.length; start += CHUNK) {
      const chunk = unique.slice(start, start + CHUNK);
      const keys = chunk.map((c) => c.key);
      const indexed = await index.addKeys(keys, options.force ?? false);
      const toAdd: Array<{ name: string; data: JobData; opts: typeof jobOpts & { jobId: string } }> = [];
      const job = (i: number, id: string, seq: number) => ({
        name: 'page', data: { input: at(chunk, i).input, target: at(chunk, i).target, seq, settings: fingerprint }, opts: { ...jobOpts, jobId: id },
      });
      const queued: number[] = [];
      for (const [i, r] of indexed.entries()) {
        if (r.status === 'new') {
          toAdd.push(job(i, r.id, r.seq));
          // a forced input's old job is dropped if no worker has it yet (a worker that has it
          // renders it for nothing: its record is refused, the job is no longer in the index)
          if (r.old) await queue.remove(r.old).catch(() => 0);
        } else if (r.status === 'done') result.alreadyDone++;
        else queued.push(i);
      }
      result.added += toAdd.length;
      // Indexed but never added (an earlier enqueue stopped between the two steps): add it now.
      if (queued.length) {
        const pipe = index.redis.pipeline();
        for (const i of queued) pipe.exists(queue.toKey(at(indexed, i).id));
        const exists = (await pipe.exec()) ?? [];
        for (const [n, i] of queued.entries()) {
          if (exists[n]?.[1] === 0) {
            toAdd.push(job(i, at(indexed, i).id, at(indexed, i).seq));
            result.requeued++;
          } else result.alreadyQueued++;
        }
      }
      if (toAdd.length) await queue.addBulk(toAdd);
    }
    result.total = await index.redis.zcard(index.keys.order);
    return result;
  } finally {
    await close();
  }
}
