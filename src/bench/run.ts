/**
 * `viseg bench`: the same pages through the BARE render and the FULL pipeline (passes.ts), one
 * shared Session (one browser, one file server), the same concurrency. The passes alternate
 * bare, full, full, bare, bare, full, ... over `rounds` rounds (default 2 when both run) and each
 * pass's figures are summed over its rounds (meter.ts), so that neither pass is favoured by its
 * place in the run, and a machine that speeds up or slows down during the run weighs on both
 * passes alike. Per-stage timings come from the records (full) and loadPage's own timings (bare);
 * memory and CPU from /proc (see proc.ts). No assertions anywhere: this measures, it does not judge.
 */
import os from 'node:os';
import type { ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import type { Session } from '../pipeline/session.js';
import { PassMeter, type MeterOptions, type PassName, type PassResult } from './meter.js';
import { BARE_STAGES, benchBare, benchFull, FULL_STAGES, type PassOptions } from './passes.js';
import { referenceMs } from './reference.js';
import { ratio, round2 } from './stats.js';
import { at } from '../util/at.js';

export interface BenchOptions extends MeterOptions, PassOptions {
  /**
   * Rounds of the passes, alternating their order (ABBA). Default 2 when both passes run, else 1:
   * in a single round the full pass always runs second, after the bare pass has warmed the
   * browser up but with Node's analysis code still cold, which favours neither pass reliably.
   */
  rounds?: number;
  /** Run the bare pass / the full pass. At least one. */
  bare: boolean;
  full: boolean;
}

/** The fields of the full pass (of the bare pass when only that ran), plus both passes and the ratio. */
export interface BenchResult extends Omit<PassResult, 'rssSamples'> {
  mode: 'both' | 'bare' | 'full';
  bare: PassResult | null;
  full: PassResult | null;
  /** Full wall time / bare wall time (same pages, same concurrency); null unless both ran. */
  ratioToBare: number | null;
  /** Each round: its passes in the order they ran, and their wall seconds (null: the pass did not run). */
  rounds: Array<{ order: Array<'bare' | 'full'>; bareSeconds: number | null; fullSeconds: number | null }>;
  settings: {
    inputs: number;
    repeat: number;
    rounds: number;
    concurrency: number;
    screenshot: boolean;
    timeoutMs: number;
    settleMs: number;
    maxSettleMs: number;
    scroll: string;
    viewport: string;
    browser: string;
    browserArgs: string[];
    node: string;
    cpus: number;
    memoryMethod: string;
  };
  /** os.loadavg() (1 min) before and after: a busy machine makes wall-clock figures unreliable. */
  loadAverage: { start: number; end: number };
  /**
   * ms of a fixed piece of single-threaded work (see reference.ts) before the first pass and after
   * the last: the machine's own speed at the time. Lower is faster; compare runs only alongside it.
   */
  referenceMs: { start: number; end: number };
}

export const MEMORY_METHOD =
  'RSS sampled every N ms from /proc: node = VmRSS of this process; browser = sum of VmRSS of every descendant ' +
  'process of this Node process (the launched Chromium and its zygote/renderer/GPU/utility children; shared pages ' +
  'are counted once per process, so this overstates; browser anon = sum of RssAnon, private memory without that double counting). CPU = utime+stime(+cutime+cstime) from /proc/<pid>/stat.';

function roundOrNull(x: number | null): number | null {
  return x === null ? null : round2(x);
}

export interface BenchContext {
  /** Distinct inputs before repetition. */
  inputs: ResolvedInput[];
  repeat: number;
  opts: ResolvedExtractOptions;
  /** Extra Chromium switches the session was launched with (for the report). */
  browserArgs?: string[];
}

/** The page list `repeat` times over. */
export function repeatInputs<T>(inputs: readonly T[], repeat: number): T[] {
  const out: T[] = [];
  for (let r = 0; r < Math.max(1, repeat); r++) out.push(...inputs);
  return out;
}

export async function runBench(session: Session, c: BenchContext, o: BenchOptions): Promise<BenchResult> {
  if (!o.bare && !o.full) throw new Error('runBench: nothing to run (bare and full both off)');
  const list = repeatInputs(c.inputs, c.repeat);
  const rounds = Math.max(1, o.rounds ?? (o.bare && o.full ? 2 : 1));
  const meters = {
    bare: o.bare ? new PassMeter(list.length, o, 'bare') : null,
    full: o.full ? new PassMeter(list.length, o, 'full') : null,
  };
  const runPass: Record<PassName, typeof benchBare> = { bare: benchBare, full: benchFull };
  const perRound: BenchResult['rounds'] = [];
  const load0 = at(os.loadavg(), 0);
  const ref0 = referenceMs();
  for (let r = 0; r < rounds; r++) {
    const round: BenchResult['rounds'][number] = { order: [], bareSeconds: null, fullSeconds: null };
    // bare, full | full, bare | bare, full | ...
    for (const pass of r % 2 === 0 ? (['bare', 'full'] as const) : (['full', 'bare'] as const)) {
      const m = meters[pass];
      if (!m) continue;
      round.order.push(pass);
      round[`${pass}Seconds`] = round2(await runPass[pass](session, list, c.opts, o, m));
    }
    perRound.push(round);
  }
  const ref1 = referenceMs();
  const bare = meters.bare?.result(BARE_STAGES) ?? null;
  const full = meters.full?.result(FULL_STAGES) ?? null;
  const main = (full ?? bare)!;
  return {
    mode: bare && full ? 'both' : bare ? 'bare' : 'full',
    pages: main.pages,
    ok: main.ok,
    failures: main.failures,
    failureCodes: main.failureCodes,
    failureSamples: main.failureSamples,
    wallSeconds: main.wallSeconds,
    pagesPerSecond: main.pagesPerSecond,
    stages: main.stages,
    peakRssMb: main.peakRssMb,
    peakRssMbNode: main.peakRssMbNode,
    peakRssMbBrowser: main.peakRssMbBrowser,
    peakAnonMbBrowser: main.peakAnonMbBrowser,
    memorySeries: main.memorySeries,
    cpu: main.cpu,
    tabChanges: main.tabChanges,
    bare,
    full,
    ratioToBare: bare && full ? roundOrNull(ratio(full.wallSeconds, bare.wallSeconds)) : null,
    rounds: perRound,
    settings: {
      inputs: c.inputs.length,
      repeat: c.repeat,
      rounds,
      concurrency: o.concurrency,
      screenshot: o.screenshot,
      timeoutMs: c.opts.timeout,
      settleMs: c.opts.settleMs,
      maxSettleMs: c.opts.maxSettleMs,
      scroll: c.opts.scroll,
      viewport: `${c.opts.viewport.width}x${c.opts.viewport.height}`,
      browser: session.description,
      browserArgs: c.browserArgs ?? [],
      node: process.version,
      cpus: os.availableParallelism?.() ?? os.cpus().length,
      memoryMethod: MEMORY_METHOD.replace('every N ms', `every ${o.sampleMs} ms`),
    },
    loadAverage: { start: round2(load0), end: round2(at(os.loadavg(), 0)) },
    referenceMs: { start: ref0, end: ref1 },
  };
}
