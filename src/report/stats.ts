/** Summary numbers for the report: counts, failures by code, timing percentiles per stage. */
import type { ErrorCode } from '../browser/errors.js';
import type { ExtractRecord, Timings } from '../record/schema.js';
import { at } from '../util/at.js';

export const STAGES: ReadonlyArray<keyof Timings> = ['load', 'snapshot', 'segment', 'classify', 'content', 'screenshot', 'total'];

/** Linear-interpolated percentile (`q` in 0..1) of a sample; NaN when empty. */
export function percentile(values: number[], q: number): number {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return NaN;
  const pos = (v.length - 1) * Math.min(1, Math.max(0, q));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return at(v, lo) + (at(v, hi) - at(v, lo)) * (pos - lo);
}

export interface StageTiming {
  stage: keyof Timings;
  /** Records that have the stage. */
  n: number;
  median: number;
  p90: number;
}

export interface ReportSummary {
  pages: number;
  ok: number;
  failed: number;
  /** ok records with a main block. */
  withMain: number;
  /** Failures per error code, most frequent first (ties by code). */
  failuresByCode: Array<{ code: ErrorCode; count: number }>;
  failures: Array<{ index: number; input: string; code: ErrorCode; message: string }>;
  /** Over the successful records only (failed ones stop early and would skew the numbers). */
  timings: StageTiming[];
}

export function summarize(records: ExtractRecord[]): ReportSummary {
  const ok = records.filter((r) => r.ok);
  const failures = records
    .map((r, index) => ({ r, index }))
    .filter(({ r }) => !r.ok)
    .map(({ r, index }) => ({ index, input: String(r.input ?? ''), code: r.error?.code ?? 'INTERNAL_ERROR', message: r.error?.message ?? '' }));
  const byCode = new Map<ErrorCode, number>();
  for (const f of failures) byCode.set(f.code, (byCode.get(f.code) ?? 0) + 1);
  const timings: StageTiming[] = [];
  for (const stage of STAGES) {
    const values = ok.map((r) => r.timings?.[stage]).filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
    if (!values.length) continue;
    timings.push({ stage, n: values.length, median: percentile(values, 0.5), p90: percentile(values, 0.9) });
  }
  return {
    pages: records.length,
    ok: ok.length,
    failed: failures.length,
    withMain: ok.filter((r) => r.mainBlock).length,
    failuresByCode: [...byCode].map(([code, count]) => ({ code, count })).sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
    failures,
    timings,
  };
}
