/**
 * Small pure statistics helpers for `viseg bench`: percentiles and per-stage summaries.
 */

/**
 * The `p`-th percentile (0..100) of `values`, linearly interpolated between the two closest ranks
 * (the "type 7" definition used by numpy and R by default). NaN when `values` is empty.
 * Non-finite values are ignored. `values` is not modified.
 */
import { at } from '../util/at.js';

export function percentile(values: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile: p must be in 0..100, got ${p}`);
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return at(sorted, lo) + (at(sorted, hi) - at(sorted, lo)) * (rank - lo);
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export interface StageSummary {
  /** Number of values. */
  n: number;
  median: number;
  p90: number;
  mean: number;
  max: number;
}

/** Median, p90, mean and max of `values` (ms), rounded to 0.1; null when there are none. */
export function summarize(values: readonly number[]): StageSummary | null {
  const v = values.filter((x) => Number.isFinite(x));
  if (v.length === 0) return null;
  return {
    n: v.length,
    median: round1(median(v)),
    p90: round1(percentile(v, 90)),
    mean: round1(v.reduce((s, x) => s + x, 0) / v.length),
    max: round1(Math.max(...v)),
  };
}

/** Collects named series of numbers (one value per page per stage). */
export class StageRecorder {
  private readonly series = new Map<string, number[]>();

  add(stage: string, ms: number | undefined | null): void {
    if (ms === undefined || ms === null || !Number.isFinite(ms)) return;
    let s = this.series.get(stage);
    if (!s) this.series.set(stage, (s = []));
    s.push(ms);
  }

  values(stage: string): readonly number[] {
    return this.series.get(stage) ?? [];
  }

  /** Summaries in the order given; stages without values are left out. */
  summaries(order: readonly string[]): Record<string, StageSummary> {
    const out: Record<string, StageSummary> = {};
    for (const k of order) {
      const s = summarize(this.values(k));
      if (s) out[k] = s;
    }
    return out;
  }
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** a / b, or null when b is 0 or either is not finite. */
export function ratio(a: number, b: number): number | null {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return a / b;
}
