// What leaving out a rule does to a set of pages: shared by rule-ablation.mjs (WCXB, out-of-fold
// models) and accuracy-doc.mjs (the other dev sets, the shipped models).
import { RULES } from '../../dist/classify/index.js';
import { textWithout } from '../../dist/pipeline/analyze.js';

/** Variant 0 runs every rule; variant r + 1 leaves out RULES[r]. */
export const SKIPS = [new Set(), ...RULES.map((r) => new Set([r]))];

/** Each variant's text of a page (textWithout over SKIPS). */
export function textsWithoutEachRule(snapshot, models) {
  return textWithout(snapshot, models, SKIPS);
}

const round = (x) => Math.round(x * 1e5) / 1e5;

/**
 * The mean change of F1 over `ids` from `base` to `without` (maps of page id to F1), its standard
 * error (paired by page) and the number of pages whose F1 moved.
 */
export function change(base, without, ids) {
  const d = ids.map((id) => without.get(id) - base.get(id));
  const m = d.reduce((a, b) => a + b, 0) / Math.max(1, d.length);
  const variance = d.length > 1 ? d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1) : 0;
  return { delta: round(m), se: round(Math.sqrt(variance / Math.max(1, d.length))), changed: d.filter((x) => Math.abs(x) > 1e-9).length };
}
