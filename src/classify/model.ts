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
  /** What reaching each node changed: its value minus its parent's (0 for a root). */
  step: Float64Array;
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
  const step = new Float64Array(total);
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
    for (let i = offset; i < offset + n; i++) {
      const l = at(left, i);
      if (l < 0) continue;
      step[l] = at(value, l) - at(value, i);
      step[at(right, i)] = at(value, at(right, i)) - at(value, i);
    }
    offset += n;
  });
  const classes = m.classes ?? [m.target];
  if (m.base.length !== classes.length) throw new Error(`model ${m.target}: ${m.base.length} base margins for ${classes.length} classes`);
  return { target: m.target, classes, features: m.features, base: Float64Array.from(m.base), roots, feature, threshold, left, right, value, step, provenance: m.provenance };
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

/** Per-node copies of per-feature maps, by model and by the map's contents. */
const nodeMaps = new WeakMap<TreeModel, Map<string, Int32Array>>();
/** More distinct maps than a program uses (a table's columns, the features' families). */
const NODE_MAPS_KEPT = 16;

/**
 * A per-feature map (a feature's table column, its family) copied to every split node, -1 for a
 * leaf: the walks then read one array per node instead of two. Computed once per model and map,
 * since the tables' columns are the same for every page.
 */
function perNode(model: TreeModel, byFeature: Int32Array): Int32Array {
  let maps = nodeMaps.get(model);
  if (!maps) nodeMaps.set(model, (maps = new Map()));
  const key = byFeature.join(',');
  let m = maps.get(key);
  if (!m) {
    m = Int32Array.from(model.feature, (f) => (f < 0 ? -1 : at(byFeature, f)));
    if (maps.size >= NODE_MAPS_KEPT) maps.clear();
    maps.set(key, m);
  }
  return m;
}

// Both walks go tree by tree over all rows rather than row by row over all trees: one tree's nodes
// stay in the CPU cache for every row. Each row still meets the trees in the same order, so its
// sums are the same numbers.

/**
 * Margins (log-odds; one per class) for each row of a row-major float32 table. `columns` maps the
 * model's features to the table's columns (see {@link featureColumns}).
 */
export function predictMargins(model: TreeModel, data: Float32Array, stride: number, columns: Int32Array): Float64Array {
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const out = new Float64Array(rows * k);
  const { threshold, left, right, value, roots } = model;
  const column = perNode(model, columns);
  for (let r = 0; r < rows; r++) for (let c = 0; c < k; c++) out[r * k + c] = at(model.base, c);
  for (let t = 0; t < roots.length; t++) {
    const root = roots[t] ?? -1;
    for (let r = 0, base = 0; r < rows; r++, base += stride) {
      let node = root;
      for (let c = column[node] ?? -1; c >= 0; c = column[node] ?? -1) node = (data[base + c] ?? NaN) < (threshold[node] ?? NaN) ? (left[node] ?? -1) : (right[node] ?? -1);
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
  const rowData = data.subarray(row * stride, (row + 1) * stride);
  const bias = at(contributionRows(model, rowData, stride, columns, Int32Array.from(model.features, (_, i) => i), byFeature, 0, cls), 0);
  return { bias, byFeature };
}

/**
 * {@link contributions} for every row of a table, summed by group without a per-row allocation:
 * row r's contribution of model feature f is added to `out[r * width + group[f]]` (e.g. its
 * feature family), and its bias is `biases[r]`.
 */
export function contributionRows(
  model: TreeModel, data: Float32Array, stride: number, columns: Int32Array,
  group: Int32Array, out: Float64Array, width: number, cls = 0,
): Float64Array {
  const column = perNode(model, columns);
  const slot = perNode(model, group);
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const biases = new Float64Array(rows).fill(at(model.base, cls));
  const { threshold, left, right, value, step, roots } = model;
  for (let t = cls; t < roots.length; t += k) {
    const root = roots[t] ?? -1;
    const rootValue = value[root] ?? NaN;
    for (let r = 0, base = 0; r < rows; r++, base += stride) {
      biases[r] = (biases[r] ?? NaN) + rootValue;
      const rowAt = r * width;
      let node = root;
      for (let c = column[node] ?? -1; c >= 0; c = column[node] ?? -1) {
        const o = rowAt + (slot[node] ?? -1);
        node = (data[base + c] ?? NaN) < (threshold[node] ?? NaN) ? (left[node] ?? -1) : (right[node] ?? -1);
        out[o] = (out[o] ?? NaN) + (step[node] ?? NaN);
      }
    }
  }
  return biases;
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
