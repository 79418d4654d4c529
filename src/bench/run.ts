/**
 * `viseg bench`: the same pages through
 *   1. the BARE render: the pipeline's set-up (one reused tab per worker, see pipeline/tabs.ts)
 *      + loadPage (navigate, settle, scroll), nothing else;
 *   2. the FULL pipeline: exactly what `viseg extract` runs (Session + runBatch + processInput),
 *      optionally with a screenshot taken in the afterSnapshot hook and annotated (PNG discarded);
 * one shared Session (one browser, one file server), the same concurrency. The passes alternate
 * bare, full, full, bare, bare, full, ... over `rounds` rounds (default 2 when both run) and each
 * pass's figures are summed over its rounds, so that neither pass is favoured by its place in the
 * run, and a machine that speeds up or slows down during the run weighs on both passes alike.
 * Per-stage timings come from the records (full) and loadPage's own timings (bare); memory and
 * CPU from /proc (see proc.ts). No assertions anywhere: this measures, it does not judge.
 */
import os from 'node:os';
import type { Page } from 'playwright-core';
import { annotate, takeScreenshot } from '../annotate/index.js';
import { loadPage, type ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { loadOptionsFor, tabSpecFor, TabPool, type TabChanges } from '../pipeline/tabs.js';
import type { PageHooks } from '../pipeline/page.js';
import type { PageResult } from '../pipeline/record.js';
import type { Session } from '../pipeline/session.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { cpuDelta, MemorySampler, readCpu, type CpuReading, type MemorySample } from './proc.js';
import { referenceMs } from './reference.js';
import { ratio, round1, round2, StageRecorder, type StageSummary } from './stats.js';

export interface BenchOptions {
  concurrency: number;
  /**
   * Rounds of the passes, alternating their order (ABBA). Default 2 when both passes run, else 1:
   * in one round the full pass always runs second, after the bare pass warmed the browser up and
   * with Node's analysis code still cold. On the dev pages it took 9-39% longer than the bare pass
   * in first rounds (24% on average) and between 1% less and 23% more in second rounds, where it
   * runs first (12%).
   */
  rounds?: number;
  /** Run the bare pass / the full pass. At least one. */
  bare: boolean;
  full: boolean;
  /** Take and annotate a screenshot per page in the full pass. */
  screenshot: boolean;
  /** `--max-height` for screenshots. */
  maxHeight: number;
  /** Memory series: one point every this many finished pages. Default 100. */
  memoryEvery: number;
  /** RSS sampling period, ms. Default 200. */
  sampleMs: number;
  /** False for a remote browser (ws/cdp): its processes are not ours to measure. */
  measureBrowser: boolean;
  /** Called as each page finishes (progress bars); `pass` is 'bare' or 'full'. */
  onPage?: (pass: 'bare' | 'full', ok: boolean, done: number, total: number) => void;
  onPassStart?: (pass: 'bare' | 'full', total: number) => void;
  onPassEnd?: (pass: 'bare' | 'full') => void;
}

export interface MemoryPoint {
  /** Pages finished when the point was taken. */
  pages: number;
  nodeMb: number;
  browserMb: number | null;
  browserAnonMb: number | null;
  totalMb: number;
}

export interface PassResult {
  pages: number;
  ok: number;
  failures: number;
  /** Failure count per error code. */
  failureCodes: Record<string, number>;
  /** The first failures (at most 10): which page, which code, what happened. */
  failureSamples: Array<{ url: string | null; code: string; message: string }>;
  wallSeconds: number;
  pagesPerSecond: number;
  /** ms per page: median, p90, mean, max over the pages that succeeded. */
  stages: Record<string, StageSummary>;
  /** Peak of node + browser RSS sampled at the same instant. */
  peakRssMb: number;
  peakRssMbNode: number;
  peakRssMbBrowser: number | null;
  /** Peak of the browser's summed RssAnon (private memory; no double counting of shared pages). */
  peakAnonMbBrowser: number | null;
  /** RSS every `memoryEvery` pages (and at the end). */
  memorySeries: MemoryPoint[];
  rssSamples: number;
  cpu: { nodeSeconds: number; browserSeconds: number | null; msPerPage: number | null };
  /**
   * How the reused tabs went from page to page: straight to the next page (it is on another port
   * of the file server and the browser keeps cookies per port), or through about:blank.
   */
  tabChanges: TabChanges;
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

/** Stage order in reports. `other` = total - the measured stages: context/page creation and close, input checks. */
export const FULL_STAGES = ['load', 'snapshot', 'segment', 'classify', 'content', 'screenshot', 'annotate', 'other', 'total'] as const;
export const BARE_STAGES = ['setup', 'navigate', 'settle', 'scroll', 'load', 'close', 'total'] as const;

export const MEMORY_METHOD =
  'RSS sampled every N ms from /proc: node = VmRSS of this process; browser = sum of VmRSS of every descendant ' +
  'process of this Node process (the launched Chromium and its zygote/renderer/GPU/utility children; shared pages ' +
  'are counted once per process, so this overstates; browser anon = sum of RssAnon, private memory without that double counting). CPU = utime+stime(+cutime+cstime) from /proc/<pid>/stat.';

/** Run `fn(0..count-1)` with at most `n` at once, in index order of start. */
export async function runPool(n: number, count: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, count)) }, worker));
}

/** The page list `repeat` times over. */
export function repeatInputs<T>(inputs: readonly T[], repeat: number): T[] {
  const out: T[] = [];
  for (let r = 0; r < Math.max(1, repeat); r++) out.push(...inputs);
  return out;
}

class PassMeter {
  readonly stages = new StageRecorder();
  readonly failureCodes: Record<string, number> = {};
  readonly failureSamples: PassResult['failureSamples'] = [];
  readonly series: MemoryPoint[] = [];
  private done = 0;
  private ok = 0;
  private readonly sampler: MemorySampler;
  private cpu0: CpuReading | null = null;
  private t0 = 0;
  /** Summed over the rounds (segments) measured so far. */
  private wall = 0;
  private cpu: CpuReading = { nodeSeconds: 0, browserSeconds: 0 };
  private readonly tabChanges: TabChanges = { direct: 0, blank: 0 };

  constructor(private readonly total: number, private readonly o: BenchOptions, private readonly pass: 'bare' | 'full') {
    this.sampler = new MemorySampler({ intervalMs: o.sampleMs, measureBrowser: o.measureBrowser });
  }

  /** Start measuring one round of this pass. */
  start(): void {
    this.o.onPassStart?.(this.pass, this.total);
    this.cpu0 = readCpu(this.o.measureBrowser);
    this.sampler.start();
    this.t0 = performance.now();
  }

  /** Stop measuring the round: its wall and CPU time are added to the pass. Returns its wall seconds. */
  stop(): number {
    const wall = (performance.now() - this.t0) / 1000;
    const d = cpuDelta(this.cpu0!, readCpu(this.o.measureBrowser));
    this.sampler.stop();
    this.wall += wall;
    this.cpu = {
      nodeSeconds: this.cpu.nodeSeconds + d.nodeSeconds,
      browserSeconds: this.cpu.browserSeconds === null || d.browserSeconds === null ? null : this.cpu.browserSeconds + d.browserSeconds,
    };
    this.o.onPassEnd?.(this.pass);
    return wall;
  }

  addTabChanges(c: TabChanges): void {
    this.tabChanges.direct += c.direct;
    this.tabChanges.blank += c.blank;
  }

  pageDone(ok: boolean, code?: string, detail?: { url: string | null; message: string }): void {
    this.done++;
    if (ok) this.ok++;
    else if (code) {
      this.failureCodes[code] = (this.failureCodes[code] ?? 0) + 1;
      if (this.failureSamples.length < 10) this.failureSamples.push({ url: detail?.url ?? null, code, message: detail?.message ?? '' });
    }
    if (this.done % this.o.memoryEvery === 0) this.point(this.sampler.sample());
    this.o.onPage?.(this.pass, ok, this.done, this.total);
  }

  private point(s: MemorySample): void {
    this.series.push({ pages: this.done, nodeMb: s.nodeMb, browserMb: s.browserMb, browserAnonMb: s.browserAnonMb, totalMb: s.totalMb });
  }

  /** The pass's figures over every round measured (call after the last `stop()`). */
  result(order: readonly string[]): PassResult {
    const wall = this.wall;
    const last = this.series[this.series.length - 1];
    if (!last || last.pages !== this.done) this.point(this.sampler.sample());
    const peaks = this.sampler.peaks();
    const cpu = { nodeSeconds: round2(this.cpu.nodeSeconds), browserSeconds: this.cpu.browserSeconds === null ? null : round2(this.cpu.browserSeconds) };
    const cpuTotal = cpu.nodeSeconds + (cpu.browserSeconds ?? 0);
    return {
      pages: this.done,
      ok: this.ok,
      failures: this.done - this.ok,
      failureCodes: this.failureCodes,
      failureSamples: this.failureSamples,
      wallSeconds: round2(wall),
      pagesPerSecond: round2(this.done / Math.max(wall, 1e-9)),
      stages: this.stages.summaries(order),
      peakRssMb: peaks.totalMb,
      peakRssMbNode: peaks.nodeMb,
      peakRssMbBrowser: peaks.browserMb,
      peakAnonMbBrowser: peaks.browserAnonMb,
      memorySeries: this.series,
      rssSamples: this.sampler.samples,
      cpu: { ...cpu, msPerPage: this.done ? round1((cpuTotal * 1000) / this.done) : null },
      tabChanges: { ...this.tabChanges },
    };
  }
}

/** One input the way the pipeline's render() does it, minus snapshot/screenshot: a reused tab, loadPage. */
async function bareOne(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, m: PassMeter, tabs: TabPool): Promise<void> {
  if (input.error || !input.url) {
    m.pageDone(false, input.error?.code ?? 'INPUT_NOT_FOUND', { url: input.url ?? input.input, message: input.error?.message ?? 'no URL' });
    return;
  }
  const t0 = performance.now();
  let code: string | undefined;
  let message = '';
  let timings: Record<string, number> | null = null;
  try {
    const { browser } = await session.browser();
    const { page } = await tabs.acquire(browser, tabSpecFor(input, opts, session.server.origins), input.url);
    const t1 = performance.now();
    const loaded = await loadPage(page, input.url, loadOptionsFor(opts));
    const t2 = performance.now();
    timings = { setup: t1 - t0, load: t2 - t1, ...loaded.timings };
    if (loaded.status !== null && loaded.status >= 400) code = 'HTTP_ERROR';
  } catch (e) {
    code = (e as { code?: string }).code ?? 'INTERNAL_ERROR';
    message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
  } finally {
    const tc = performance.now();
    await tabs.release(!code, input.url);
    if (timings) timings.close = performance.now() - tc;
  }
  if (timings && !code) {
    timings.total = performance.now() - t0;
    for (const [k, v] of Object.entries(timings)) m.stages.add(k, v);
  }
  m.pageDone(!code, code, { url: input.url, message });
}

/** One round of the bare pass, measured into `m`; returns its wall seconds. */
async function benchBare(session: Session, inputs: ResolvedInput[], opts: ResolvedExtractOptions, o: BenchOptions, m: PassMeter): Promise<number> {
  m.start();
  // one tab per worker, as runBatch does
  const free = Array.from({ length: o.concurrency }, () => new TabPool());
  const all = [...free];
  try {
    await runPool(o.concurrency, inputs.length, async (i) => {
      const tabs = free.pop()!;
      try {
        await bareOne(session, inputs[i]!, opts, m, tabs);
      } finally {
        free.push(tabs);
      }
    });
  } finally {
    for (const t of all) m.addTabChanges(t.changes);
    await Promise.all(all.map((t) => t.close()));
  }
  return m.stop();
}

/** One round of the full pass, measured into `m`; returns its wall seconds. */
async function benchFull(session: Session, inputs: ResolvedInput[], opts: ResolvedExtractOptions, o: BenchOptions, m: PassMeter): Promise<number> {
  const hooks: PageHooks = o.screenshot
    ? { afterSnapshot: (page: Page, snapshot: PageSnapshot) => takeScreenshot(page, snapshot, { maxHeight: o.maxHeight }) }
    : {};
  m.start();
  const stats = await runBatch(session, inputs, opts, {
    concurrency: o.concurrency,
    hooks: () => hooks,
    onDone: (r) => {
      if (!r.record.ok) m.pageDone(false, r.record.error?.code ?? 'INTERNAL_ERROR', { url: r.record.url, message: r.record.error?.message ?? '' });
    },
    // In input order, like extract's writer; annotating here is what `extract --screenshot-dir` does.
    emit: async (r: PageResult) => {
      if (!r.record.ok) return;
      const t = r.record.timings;
      let annotateMs: number | undefined;
      if (o.screenshot && r.screenshot && r.tree && r.decision && r.snapshot) {
        const a0 = performance.now();
        try {
          await annotate(r.screenshot, r.tree, r.decision, { maxHeight: o.maxHeight, pageHeight: r.snapshot.document.height, snapshot: r.snapshot });
          annotateMs = performance.now() - a0;
        } catch {
          annotateMs = undefined; // an annotate failure is not a page failure; the stage just has no value
        }
      }
      for (const k of ['load', 'snapshot', 'segment', 'classify', 'content'] as const) m.stages.add(k, t[k]);
      const shot = t.screenshot;
      if (shot !== undefined || annotateMs !== undefined) m.stages.add('screenshot', (shot ?? 0) + (annotateMs ?? 0));
      m.stages.add('annotate', annotateMs);
      m.stages.add('other', t.total - t.load - t.snapshot - t.segment - t.classify - t.content - (shot ?? 0));
      m.stages.add('total', t.total + (annotateMs ?? 0));
      m.pageDone(true);
    },
  });
  m.addTabChanges(stats.tabChanges);
  return m.stop();
}

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

export async function runBench(session: Session, c: BenchContext, o: BenchOptions): Promise<BenchResult> {
  if (!o.bare && !o.full) throw new Error('runBench: nothing to run (bare and full both off)');
  const list = repeatInputs(c.inputs, c.repeat);
  const rounds = Math.max(1, o.rounds ?? (o.bare && o.full ? 2 : 1));
  const meters = {
    bare: o.bare ? new PassMeter(list.length, o, 'bare') : null,
    full: o.full ? new PassMeter(list.length, o, 'full') : null,
  };
  const runPass = { bare: benchBare, full: benchFull };
  const perRound: BenchResult['rounds'] = [];
  const load0 = os.loadavg()[0]!;
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
    loadAverage: { start: round2(load0), end: round2(os.loadavg()[0]!) },
    referenceMs: { start: ref0, end: ref1 },
  };
}
