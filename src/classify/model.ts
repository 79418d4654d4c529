/**
 * Gradient-boosted tree ensembles fitted by scripts/train (XGBoost), evaluated in plain
 * TypeScript: no native runtime. A prediction also breaks down into one contribution per feature
 * (Saabas' path attribution: each split on the way to a leaf moves the expected value of the
 * tree; the move is credited to the split's feature), so every score in the decision record says
 * what it came from. Margin = bias + the sum of the contributions, exactly.
 */
import { z } from 'zod';
import { at } from '../util/at.js';

/** One ensemble as stored in models/*.json (arrays per tree; see scripts/train/export.py). */
const treeSchema = z.object({
  /** Feature index of each node's split, -1 for a leaf. */
  feature: z.array(z.number().int()),
  /** Split threshold (go left when value < threshold); unused for leaves. */
  threshold: z.array(z.number()),
  left: z.array(z.number().int()),
  right: z.array(z.number().int()),
  /** Leaf value for a leaf; the cover-weighted mean of its leaves for an inner node. */
  value: z.array(z.number()),
});

export const modelFileSchema = z.object({
  format: z.literal('viseg-trees-1'),
  /** What the model predicts: 'content' (one margin) or a list of classes (one margin each, softmax). */
  target: z.string(),
  classes: z.array(z.string()).optional(),
  features: z.array(z.string()),
  /** Margin added before the trees (per class for multi-class models). */
  base: z.array(z.number()),
  /** Trees in boosting order; with k classes, tree t belongs to class t mod k. */
  trees: z.array(treeSchema),
  /** Where the model came from: data hash, parameters, cross-validated figures. */
  provenance: z.record(z.string(), z.unknown()),
});

export type ModelFile = z.infer<typeof modelFileSchema>;

/** A compiled ensemble: all trees' nodes in flat typed arrays. */
export interface TreeModel {
  target: string;
  classes: string[];
  features: string[];
  base: Float64Array;
  /** Root node index of each tree. */
  roots: Int32Array;
  feature: Int32Array;
  threshold: Float32Array;
  left: Int32Array;
  right: Int32Array;
  value: Float64Array;
  provenance: Record<string, unknown>;
}

export function compileModel(file: ModelFile): TreeModel {
  const m = modelFileSchema.parse(file);
  const total = m.trees.reduce((s, t) => s + t.feature.length, 0);
  const feature = new Int32Array(total);
  const threshold = new Float32Array(total);
  const left = new Int32Array(total);
  const right = new Int32Array(total);
  const value = new Float64Array(total);
  const roots = new Int32Array(m.trees.length);
  let offset = 0;
  m.trees.forEach((t, k) => {
    const n = t.feature.length;
    if (t.threshold.length !== n || t.left.length !== n || t.right.length !== n || t.value.length !== n) {
      throw new Error(`model ${m.target}: tree ${k} has arrays of different lengths`);
    }
    roots[k] = offset;
    for (let i = 0; i < n; i++) {
      const f = at(t.feature, i);
      if (f >= m.features.length) throw new Error(`model ${m.target}: tree ${k} splits on feature ${f} of ${m.features.length}`);
      feature[offset + i] = f;
      threshold[offset + i] = at(t.threshold, i);
      const leaf = f < 0;
      const l = at(t.left, i);
      const r = at(t.right, i);
      if (!leaf && (l <= i || r <= i || l >= n || r >= n)) throw new Error(`model ${m.target}: tree ${k} node ${i} has bad children`);
      left[offset + i] = leaf ? -1 : offset + l;
      right[offset + i] = leaf ? -1 : offset + r;
      value[offset + i] = at(t.value, i);
    }
    offset += n;
  });
  const classes = m.classes ?? [m.target];
  if (m.base.length !== classes.length) throw new Error(`model ${m.target}: ${m.base.length} base margins for ${classes.length} classes`);
  return { target: m.target, classes, features: m.features, base: Float64Array.from(m.base), roots, feature, threshold, left, right, value, provenance: m.provenance };
}

/** Column indexes of the model's features in a table with these names (every one must exist). */
export function featureColumns(model: TreeModel, names: readonly string[]): Int32Array {
  const column = new Map(names.map((n, i) => [n, i]));
  return Int32Array.from(model.features, (f) => {
    const i = column.get(f);
    if (i === undefined) throw new Error(`model ${model.target} needs feature ${f}, which is not computed`);
    return i;
  });
}

// The tree walks below are the classifier's hot loop: they read the typed arrays directly, not
// through `at()` (one helper shared by every array kind made its reads megamorphic and the walk
// about twice as slow). compileModel checked every child and feature index, so the `??` fallbacks
// cannot happen; they only make a bad index end the walk with NaN, as `undefined` did.

/**
 * Margins (log-odds; one per class) for each row of a row-major float32 table. `columns` maps the
 * model's features to the table's columns (see {@link featureColumns}).
 */
export function predictMargins(model: TreeModel, data: Float32Array, stride: number, columns: Int32Array): Float64Array {
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const out = new Float64Array(rows * k);
  const { feature, threshold, left, right, value, roots } = model;
  for (let r = 0; r < rows; r++) {
    const base = r * stride;
    for (let c = 0; c < k; c++) out[r * k + c] = at(model.base, c);
    for (let t = 0; t < roots.length; t++) {
      let node = roots[t] ?? -1;
      for (let f = feature[node] ?? -1; f >= 0; f = feature[node] ?? -1) node = (data[base + (columns[f] ?? -1)] ?? NaN) < (threshold[node] ?? NaN) ? (left[node] ?? -1) : (right[node] ?? -1);
      const o = r * k + (t % k);
      out[o] = (out[o] ?? NaN) + (value[node] ?? NaN);
    }
  }
  return out;
}

/**
 * Per-feature contributions to one row's margin for class `cls` (Saabas), and the bias (base plus
 * the trees' expected values), so that bias + sum(contributions) = margin.
 */
export function contributions(model: TreeModel, data: Float32Array, row: number, stride: number, columns: Int32Array, cls = 0): { bias: number; byFeature: Float64Array } {
  const byFeature = new Float64Array(model.features.length);
  const bias = contributionsInto(model, data, row, stride, columns, Int32Array.from(model.features, (_, i) => i), byFeature, 0, cls);
  return { bias, byFeature };
}

/**
 * {@link contributions} summed by group without a per-row allocation: the contribution of model
 * feature f is added to `out[offset + group[f]]` (e.g. its feature family). Returns the bias.
 */
export function contributionsInto(
  model: TreeModel, data: Float32Array, row: number, stride: number, columns: Int32Array,
  group: Int32Array, out: Float64Array, offset: number, cls = 0,
): number {
  const k = model.classes.length;
  let bias = at(model.base, cls);
  const { feature, threshold, left, right, value, roots } = model;
  const base = row * stride;
  for (let t = cls; t < roots.length; t += k) {
    let node = roots[t] ?? -1;
    bias += value[node] ?? NaN;
    for (let f = feature[node] ?? -1; f >= 0; f = feature[node] ?? -1) {
      const next = (data[base + (columns[f] ?? -1)] ?? NaN) < (threshold[node] ?? NaN) ? (left[node] ?? -1) : (right[node] ?? -1);
      const o = offset + (group[f] ?? -1);
      out[o] = (out[o] ?? NaN) + ((value[next] ?? NaN) - (value[node] ?? NaN));
      node = next;
    }
  }
  return bias;
}

export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Softmax over one row's class margins. */
export function softmax(margins: ArrayLike<number>): number[] {
  let max = -Infinity;
  for (let i = 0; i < margins.length; i++) max = Math.max(max, at(margins, i));
  const e = Array.from(margins, (m) => Math.exp(m - max));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / s);
}
