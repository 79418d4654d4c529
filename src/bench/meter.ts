/**
 * A pass's meter for `viseg bench`: wall and CPU time summed over the rounds it is measured in,
 * per-stage timings, failures by code, the memory peaks (sampled) and a memory point every N pages.
 */
import type { ErrorCode } from '../browser/errors.js';
import type { TabChanges } from '../pipeline/tabs.js';
import { cpuDelta, MemorySampler, readCpu, type CpuReading, type MemorySample } from './proc.js';
import { round1, round2, StageRecorder, type StageSummary } from './stats.js';

export type PassName = 'bare' | 'full';

/** What a meter needs of the bench options. */
export interface MeterOptions {
  /** Memory series: one point every this many finished pages. */
  memoryEvery: number;
  /** RSS sampling period, ms. */
  sampleMs: number;
  /** False for a remote browser (ws/cdp): its processes are not ours to measure. */
  measureBrowser: boolean;
  /** Called as each page finishes (progress bars). */
  onPage?: (pass: PassName, ok: boolean, done: number, total: number) => void;
  onPassStart?: (pass: PassName, total: number) => void;
  onPassEnd?: (pass: PassName) => void;
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
  failureCodes: Partial<Record<ErrorCode, number>>;
  /** The first failures (at most 10): which page, which code, what happened. */
  failureSamples: Array<{ url: string | null; code: ErrorCode; message: string }>;
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

export class PassMeter {
  readonly stages = new StageRecorder();
  readonly failureCodes: PassResult['failureCodes'] = {};
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

  constructor(private readonly total: number, private readonly o: MeterOptions, private readonly pass: PassName) {
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

  pageDone(ok: boolean, code?: ErrorCode, detail?: { url: string | null; message: string }): void {
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

