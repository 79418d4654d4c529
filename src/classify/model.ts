/**
 * Gradient-boosted tree ensembles fitted by scripts/train (XGBoost), evaluated in plain
 * TypeScript: no native runtime. A prediction also breaks down into one contribution per feature
 * (Saabas' path attribution: each split on the way to a leaf moves the expected value of the
 * tree; the move is credited to the split's feature), so every score in the decision record says
 * what it came from. Margin = bias + the sum of the contributions, exactly.
 */
import { z } from 'zod';
import { at, outOfRange } from '../util/at.js';

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

/** The columns each model was last mapped to, and the table's names they are for. */
const lastColumns = new WeakMap<TreeModel, { names: readonly string[]; columns: Int32Array }>();

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Column indexes of the model's features in a table with these names (every one must exist).
 * Every page's table has the same names: the answer for the names asked last is kept, and is the
 * same array each time (read it, do not change it), so that the walks find their layout at once.
 */
export function featureColumns(model: TreeModel, names: readonly string[]): Int32Array {
  const last = lastColumns.get(model);
  if (last && sameNames(last.names, names)) return last.columns;
  const column = new Map(names.map((n, i) => [n, i]));
  const columns = Int32Array.from(model.features, (f) => {
    const i = column.get(f);
    if (i === undefined) throw new Error(`model ${model.target} needs feature ${f}, which is not computed`);
    return i;
  });
  lastColumns.set(model, { names: [...names], columns });
  return columns;
}

// The tree walks below are the classifier's hot loop, and written for it:
//   - they read typed arrays directly, not through `at()` (one helper shared by every array kind
//     made its reads megamorphic and the walk about twice as slow), and few of them: a node's ints
//     in one array and its floats in another (see NodeLayout), so the loop keeps each array's base
//     and length in a register. compileModel checked every child and feature index, so the reads
//     are in range; each still ends in `?? outOfRange(i)`, a test that is never taken and so costs
//     the CPU nothing to predict;
//   - a step has no data-dependent branch: the children of a split are adjacent, so the next node is the left
//     child plus 0 or 1, and every row takes its tree's full depth (a leaf steps onto itself).
//     Whether a row goes left is a coin toss to the CPU; a mispredicted branch per node cost more
//     than the whole step;
//   - four rows walk the same tree side by side: without the branch, one row's step waits for the
//     previous one's loads, and four independent walks fill that wait. Together with the layout
//     the walk takes 0.6 of the time it did with a branch per node.
// Rows still meet the trees in the same order and the nodes of a path in the same order, so every
// sum is the same number as a plain walk's.

/** Ints per node in {@link NodeLayout.ints}: table column of the split feature, left child, group. */
const NODE_INTS = 4;
/** Floats per node in {@link NodeLayout.floats}: threshold, step to the left and right child, value. */
const NODE_FLOATS = 4;
/** Rows walked side by side. */
const LANES = 4;

/**
 * A model's nodes laid out for the walks over one table, tree by tree in breadth-first order so
 * that a split's right child directly follows its left one. Per node: the table column of the
 * split feature, the left child's position and the feature's group (e.g. its feature family; 0
 * without a grouping) in `ints`; the threshold, the steps into the left and the right child (the
 * child's value minus the node's) and the node's value in `floats`. The thresholds are float32
 * values held as float64, so they compare with a table's values as they did.
 *
 * A leaf reads column 0 against a threshold of -Infinity, so every value, NaN included, sends it
 * "right", onto itself (its left child is set one before it), with steps of 0: the walk can go on
 * to the tree's depth. Adding 0 leaves every sum as it was (but a -0, which sums from +0 never are).
 */
interface NodeLayout {
  ints: Int32Array;
  floats: Float64Array;
  /** Position of each tree's root. */
  roots: Int32Array;
  /** Each tree's depth: the steps from its root to its deepest leaf. */
  depth: Int32Array;
}

/**
 * Layouts by model and by the columns and groups they map (the same for every page), and the
 * layout asked for last with the arrays it was asked with: a caller that passes the same arrays
 * each page (featureColumns' answer, a grouping it keeps) finds it without building a key.
 */
const layouts = new WeakMap<TreeModel, { byKey: Map<string, NodeLayout>; columns?: Int32Array; group?: Int32Array | null; layout?: NodeLayout }>();
/** More distinct layouts than a program uses (a table's columns, with and without families). */
const LAYOUTS_KEPT = 16;

function walkLayout(model: TreeModel, columns: Int32Array, group: Int32Array | null): NodeLayout {
  let kept = layouts.get(model);
  if (!kept) layouts.set(model, (kept = { byKey: new Map() }));
  if (kept.layout && kept.columns === columns && kept.group === group) return kept.layout;
  const key = group ? `${columns.join(',')}/${group.join(',')}` : columns.join(',');
  let layout = kept.byKey.get(key);
  if (!layout) {
    layout = buildLayout(model, columns, group);
    if (kept.byKey.size >= LAYOUTS_KEPT) kept.byKey.clear();
    kept.byKey.set(key, layout);
  }
  kept.columns = columns;
  kept.group = group;
  kept.layout = layout;
  return layout;
}

function buildLayout(model: TreeModel, columns: Int32Array, group: Int32Array | null): NodeLayout {
  const n = model.feature.length;
  const ints = new Int32Array(n * NODE_INTS);
  const floats = new Float64Array(n * NODE_FLOATS);
  const roots = new Int32Array(model.roots.length);
  const depth = new Int32Array(model.roots.length);
  const queue: number[] = [];
  const level: number[] = [];
  let free = 0;
  for (let t = 0; t < model.roots.length; t++) {
    // breadth first from the root; queue[h] (a model node) goes to position first + h
    const first = free;
    queue.length = 0;
    level.length = 0;
    queue.push(at(model.roots, t));
    level.push(0);
    free++;
    for (let h = 0; h < queue.length; h++) {
      const i = at(queue, h);
      const p = first + h;
      const f = at(model.feature, i);
      floats[p * NODE_FLOATS + 3] = at(model.value, i);
      if (f < 0) {
        ints[p * NODE_INTS + 1] = p - 1;
        floats[p * NODE_FLOATS] = -Infinity;
        depth[t] = Math.max(at(depth, t), at(level, h));
        continue;
      }
      const l = at(model.left, i);
      const r = at(model.right, i);
      ints[p * NODE_INTS] = at(columns, f);
      ints[p * NODE_INTS + 1] = free;
      ints[p * NODE_INTS + 2] = group ? at(group, f) : 0;
      floats[p * NODE_FLOATS] = at(model.threshold, i);
      floats[p * NODE_FLOATS + 1] = at(model.step, l);
      floats[p * NODE_FLOATS + 2] = at(model.step, r);
      queue.push(l, r);
      level.push(at(level, h) + 1, at(level, h) + 1);
      free += 2;
    }
    roots[t] = first;
  }
  return { ints, floats, roots, depth };
}

/** 1 when the row at `base` goes right at node `p` (not below the threshold; NaN too), else 0. */
function goesRight(ints: Int32Array, floats: Float64Array, data: Float32Array, base: number, p: number): number {
  return 1 - +((data[base + (ints[p * NODE_INTS] ?? outOfRange(p * NODE_INTS))] ?? outOfRange(base + (ints[p * NODE_INTS] ?? outOfRange(p * NODE_INTS)))) < (floats[p * NODE_FLOATS] ?? outOfRange(p * NODE_FLOATS)));
}

/**
 * Margins (log-odds; one per class) for each row of a row-major float32 table. `columns` maps the
 * model's features to the table's columns (see {@link featureColumns}).
 */
export function predictMargins(model: TreeModel, data: Float32Array, stride: number, columns: Int32Array): Float64Array {
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const out = new Float64Array(rows * k);
  const { ints, floats, roots, depth } = walkLayout(model, columns, null);
  for (let r = 0; r < rows; r++) for (let c = 0; c < k; c++) out[r * k + c] = at(model.base, c);
  for (let t = 0; t < roots.length; t++) {
    const root = roots[t] ?? outOfRange(t);
    const levels = depth[t] ?? outOfRange(t);
    const c = t % k;
    let r = 0;
    for (; r + LANES <= rows; r += LANES) {
      const b0 = r * stride, b1 = b0 + stride, b2 = b1 + stride, b3 = b2 + stride;
      let p0 = root, p1 = root, p2 = root, p3 = root;
      for (let d = 0; d < levels; d++) {
        p0 = (ints[p0 * NODE_INTS + 1] ?? outOfRange(p0 * NODE_INTS + 1)) + goesRight(ints, floats, data, b0, p0);
        p1 = (ints[p1 * NODE_INTS + 1] ?? outOfRange(p1 * NODE_INTS + 1)) + goesRight(ints, floats, data, b1, p1);
        p2 = (ints[p2 * NODE_INTS + 1] ?? outOfRange(p2 * NODE_INTS + 1)) + goesRight(ints, floats, data, b2, p2);
        p3 = (ints[p3 * NODE_INTS + 1] ?? outOfRange(p3 * NODE_INTS + 1)) + goesRight(ints, floats, data, b3, p3);
      }
      out[r * k + c] = (out[r * k + c] ?? outOfRange(r * k + c)) + (floats[p0 * NODE_FLOATS + 3] ?? outOfRange(p0 * NODE_FLOATS + 3));
      out[(r + 1) * k + c] = (out[(r + 1) * k + c] ?? outOfRange((r + 1) * k + c)) + (floats[p1 * NODE_FLOATS + 3] ?? outOfRange(p1 * NODE_FLOATS + 3));
      out[(r + 2) * k + c] = (out[(r + 2) * k + c] ?? outOfRange((r + 2) * k + c)) + (floats[p2 * NODE_FLOATS + 3] ?? outOfRange(p2 * NODE_FLOATS + 3));
      out[(r + 3) * k + c] = (out[(r + 3) * k + c] ?? outOfRange((r + 3) * k + c)) + (floats[p3 * NODE_FLOATS + 3] ?? outOfRange(p3 * NODE_FLOATS + 3));
    }
    for (; r < rows; r++) {
      let p = root;
      for (let d = 0; d < levels; d++) p = (ints[p * NODE_INTS + 1] ?? outOfRange(p * NODE_INTS + 1)) + goesRight(ints, floats, data, r * stride, p);
      out[r * k + c] = (out[r * k + c] ?? outOfRange(r * k + c)) + (floats[p * NODE_FLOATS + 3] ?? outOfRange(p * NODE_FLOATS + 3));
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
  const { ints, floats, roots, depth } = walkLayout(model, columns, group);
  const rows = stride ? data.length / stride : 0;
  const k = model.classes.length;
  const biases = new Float64Array(rows).fill(at(model.base, cls));
  for (let t = cls; t < roots.length; t += k) {
    const root = roots[t] ?? outOfRange(t);
    const levels = depth[t] ?? outOfRange(t);
    const rootValue = floats[root * NODE_FLOATS + 3] ?? outOfRange(root * NODE_FLOATS + 3);
    for (let r = 0; r < rows; r++) biases[r] = (biases[r] ?? outOfRange(r)) + rootValue;
    let r = 0;
    for (; r + LANES <= rows; r += LANES) {
      const b0 = r * stride, b1 = b0 + stride, b2 = b1 + stride, b3 = b2 + stride;
      const o0 = r * width, o1 = o0 + width, o2 = o1 + width, o3 = o2 + width;
      let p0 = root, p1 = root, p2 = root, p3 = root;
      for (let d = 0; d < levels; d++) {
        const g0 = goesRight(ints, floats, data, b0, p0);
        const g1 = goesRight(ints, floats, data, b1, p1);
        const g2 = goesRight(ints, floats, data, b2, p2);
        const g3 = goesRight(ints, floats, data, b3, p3);
        out[o0 + (ints[p0 * NODE_INTS + 2] ?? outOfRange(p0 * NODE_INTS + 2))] = (out[o0 + (ints[p0 * NODE_INTS + 2] ?? outOfRange(p0 * NODE_INTS + 2))] ?? outOfRange(o0 + (ints[p0 * NODE_INTS + 2] ?? outOfRange(p0 * NODE_INTS + 2)))) + (floats[p0 * NODE_FLOATS + 1 + g0] ?? outOfRange(p0 * NODE_FLOATS + 1 + g0));
        out[o1 + (ints[p1 * NODE_INTS + 2] ?? outOfRange(p1 * NODE_INTS + 2))] = (out[o1 + (ints[p1 * NODE_INTS + 2] ?? outOfRange(p1 * NODE_INTS + 2))] ?? outOfRange(o1 + (ints[p1 * NODE_INTS + 2] ?? outOfRange(p1 * NODE_INTS + 2)))) + (floats[p1 * NODE_FLOATS + 1 + g1] ?? outOfRange(p1 * NODE_FLOATS + 1 + g1));
        out[o2 + (ints[p2 * NODE_INTS + 2] ?? outOfRange(p2 * NODE_INTS + 2))] = (out[o2 + (ints[p2 * NODE_INTS + 2] ?? outOfRange(p2 * NODE_INTS + 2))] ?? outOfRange(o2 + (ints[p2 * NODE_INTS + 2] ?? outOfRange(p2 * NODE_INTS + 2)))) + (floats[p2 * NODE_FLOATS + 1 + g2] ?? outOfRange(p2 * NODE_FLOATS + 1 + g2));
        out[o3 + (ints[p3 * NODE_INTS + 2] ?? outOfRange(p3 * NODE_INTS + 2))] = (out[o3 + (ints[p3 * NODE_INTS + 2] ?? outOfRange(p3 * NODE_INTS + 2))] ?? outOfRange(o3 + (ints[p3 * NODE_INTS + 2] ?? outOfRange(p3 * NODE_INTS + 2)))) + (floats[p3 * NODE_FLOATS + 1 + g3] ?? outOfRange(p3 * NODE_FLOATS + 1 + g3));
        p0 = (ints[p0 * NODE_INTS + 1] ?? outOfRange(p0 * NODE_INTS + 1)) + g0;
        p1 = (ints[p1 * NODE_INTS + 1] ?? outOfRange(p1 * NODE_INTS + 1)) + g1;
        p2 = (ints[p2 * NODE_INTS + 1] ?? outOfRange(p2 * NODE_INTS + 1)) + g2;
        p3 = (ints[p3 * NODE_INTS + 1] ?? outOfRange(p3 * NODE_INTS + 1)) + g3;
      }
    }
    for (; r < rows; r++) {
      const base = r * stride;
      const o = r * width;
      let p = root;
      for (let d = 0; d < levels; d++) {
        const g = goesRight(ints, floats, data, base, p);
        out[o + (ints[p * NODE_INTS + 2] ?? outOfRange(p * NODE_INTS + 2))] = (out[o + (ints[p * NODE_INTS + 2] ?? outOfRange(p * NODE_INTS + 2))] ?? outOfRange(o + (ints[p * NODE_INTS + 2] ?? outOfRange(p * NODE_INTS + 2)))) + (floats[p * NODE_FLOATS + 1 + g] ?? outOfRange(p * NODE_FLOATS + 1 + g));
        p = (ints[p * NODE_INTS + 1] ?? outOfRange(p * NODE_INTS + 1)) + g;
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
