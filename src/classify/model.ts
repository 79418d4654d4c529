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

// The tree walks below are the classifier's hot loop. They read typed arrays directly, not through
// `at()` (one helper shared by every array kind made its reads megamorphic and the walk about twice
// as slow), and they read few of them: a node's ints in one array and its floats in another (see
// NodeLayout), so that the loop keeps every array's base and length in a register instead of
// reloading seven of them per node, which made it a fifth slower. compileModel checked every
// child and feature index, so the reads are in range and say so with `!`.

/** Ints per node in {@link NodeLayout.ints}: table column (-1 for a leaf), left, right, group. */
const NODE_INTS = 4;
/** Floats per node in {@link NodeLayout.floats}: threshold, step. */
const NODE_FLOATS = 2;

/**
 * A model's nodes laid out for the walks over one table: per node, the table column of its split
 * feature (-1 for a leaf), its children, and the group of its feature (e.g. its feature family,
 * -1 without a grouping) in `ints`; its threshold and step in `floats`. The thresholds are float32
 * values held as float64, so they compare with a table's values as they did.
 */
interface NodeLayout {
  ints: Int32Array;
  floats: Float64Array;
}

/** Layouts by model and by the columns and groups they map (the same for every page). */
const layouts = new WeakMap<TreeModel, Map<string, NodeLayout>>();
/** More distinct layouts than a program uses (a table's columns, with and without families). */
const LAYOUTS_KEPT = 16;

function walkLayout(model: TreeModel, columns: Int32Array, group: Int32Array | null): NodeLayout {
  let byKey = layouts.get(model);
  if (!byKey) layouts.set(model, (byKey = new Map()));
  const key = group ? `${columns.join(',')}/${group.join(',')}` : columns.join(',');
  let layout = byKey.get(key);
  if (!layout) {
    const n = model.feature.length;
    const ints = new Int32Array(n * NODE_INTS);
    const floats = new Float64Array(n * NODE_FLOATS);
    for (let i = 0; i < n; i++) {
      const f = at(model.feature, i);
      ints[i * NODE_INTS] = f < 0 ? -1 : at(columns, f);
      ints[i * NODE_INTS + 1] = at(model.left, i);
      ints[i * NODE_INTS + 2] = at(model.right, i);
      ints[i * NODE_INTS + 3] = f < 0 || !group ? -1 : at(group, f);
      floats[i * NODE_FLOATS] = at(model.threshold, i);
      floats[i * NODE_FLOATS + 1] = at(model.step, i);
    }
    layout = { ints, floats };
    if (byKey.size >= LAYOUTS_KEPT) byKey.clear();
    byKey.set(key, layout);
  }
  return layout;
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
  const { value, roots } = model;
  const { ints, floats } = walkLayout(model, columns, null);
  for (let r = 0; r < rows; r++) for (let c = 0; c < k; c++) out[r * k + c] = at(model.base, c);
  for (let t = 0; t < roots.length; t++) {
    const root = roots[t]!;
    for (let r = 0, base = 0; r < rows; r++, base += stride) {
      let node = root;
      for (let c = ints[node * NODE_INTS]!; c >= 0; c = ints[node * NODE_INTS]!) {
        node = data[base + c]! < floats[node * NODE_FLOATS]! ? ints[node * NODE_INTS + 1]! : ints[node * NODE_INTS + 2]!;
      }
      out[r * k + (t % k)]! += value[node]!;
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
  const { ints, floats } = walkLayout(model, columns, group);
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const biases = new Float64Array(rows).fill(at(model.base, cls));
  const { value, roots } = model;
  for (let t = cls; t < roots.length; t += k) {
    const root = roots[t]!;
    const rootValue = value[root]!;
    for (let r = 0, base = 0; r < rows; r++, base += stride) {
      biases[r]! += rootValue;
      const rowAt = r * width;
      let node = root;
      for (let c = ints[node * NODE_INTS]!; c >= 0; c = ints[node * NODE_INTS]!) {
        const o = rowAt + ints[node * NODE_INTS + 3]!;
        node = data[base + c]! < floats[node * NODE_FLOATS]! ? ints[node * NODE_INTS + 1]! : ints[node * NODE_INTS + 2]!;
        out[o]! += floats[node * NODE_FLOATS + 1]!;
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
