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

/** Figures as rules.json keeps them. */
export const round = (x) => Math.round(x * 1e5) / 1e5;

/**
 * The mean change of F1 over `ids` from `base` to `without` (maps of page id to F1), the number of
 * pages whose F1 moved, and its standard error clustered by `clusterOf` (a page's domain: pages of
 * one site move together, so counting them as independent would overstate the evidence; each
 * page its own cluster gives the usual paired standard error). `significant`: the change is more
 * than twice its standard error, decided before rounding.
 */
export function change(base, without, ids, clusterOf = (id) => id) {
  const n = ids.length;
  const d = ids.map((id) => without.get(id) - base.get(id));
  const m = d.reduce((a, b) => a + b, 0) / Math.max(1, n);
  const sums = new Map();
  ids.forEach((id, i) => sums.set(clusterOf(id), (sums.get(clusterOf(id)) ?? 0) + d[i] - m));
  const g = sums.size;
  const se = g > 1 ? Math.sqrt((g / (g - 1)) * [...sums.values()].reduce((s, x) => s + x * x, 0)) / n : 0;
  return { delta: round(m), se: round(se), significant: Math.abs(m) > 2 * se, changed: d.filter((x) => Math.abs(x) > 1e-9).length };
}
