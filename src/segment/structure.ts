/**
 * Phase 3 of VIPS: content-structure construction (FitLayout's VisualStructureConstructor), and the
 * round loop that sends leaves that are not coherent enough back through Phase 1.
 *
 * Construction is the top-down equivalent of the paper's bottom-up merge ([F], docs/vips.md §4.4):
 * within a region, detect its separators, take the heaviest group (same weight and orientation;
 * horizontal wins ties), cut the region at every separator of that group into n+1 children, and
 * recurse into each child. Recursing with a fresh detection inside each child also finds the gaps
 * that exist only within one column (what [J]'s alternating V/H passes are for). Nodes with a
 * single child never arise: a group only splits when it leaves blocks on both sides.
 *
 * DoC of an inner node comes from the weight of the separators that split it, normalised as in
 * [F]: DoC = 11 − ⌈(w − minW)/(maxW − minW)·9 + 1⌉, so 1..10 (heaviest → 1). A leaf's DoC is its
 * block's Phase-1 DoC (several inseparable blocks: the lowest, as [J]). DoC never decreases
 * downwards. A region whose split DoC exceeds pdoc and whose blocks are all coherent (DoC > pdoc)
 * is not split: it becomes one coherent leaf (the ports' "descend only while DoC ≤ PDoC").
 *
 * Rounds: after round 1, every unfinished leaf whose DoC ≤ pdoc is re-segmented from its own
 * blocks (Phase 1 again with the leaf as sub-page, so R3 applies to a leaf with a single root).
 * Several blocks: the leaf becomes the structure built over them. One different block (a wrapper
 * was looked through): the leaf now holds that block and is tried again next round. The same
 * blocks, or an atomic block (inline run, media): the leaf is finished.
 */
import type { Separator } from './types.js';
import { type Box, boxArea, unionBoxes } from './geometry.js';
import { type ExtractOptions, type ExtractResult, type PoolBlock, extractBlocks, rootBlock } from './extract-blocks.js';
import { type DetectedSeparator, type SeparatorCache, detectAllSeparators } from './separators.js';
import { type PreparedPage, nodeBox } from './prepare.js';
import { MAX_DISTANCE_WEIGHT } from './separators.js';
import type { SegmentParams, SeparatorWeights } from './params.js';
import { at } from '../util/at.js';

export interface AreaNode {
  box: Box;
  doc: number;
  /** Children in reading order (top-to-bottom for a horizontal cut, left-to-right for a vertical one). */
  children: AreaNode[];
  /** Leaves only: the pool blocks of the leaf, in document order. */
  blocks: PoolBlock[];
  /** Inner nodes only: the separators that cut this node into its children. */
  separators: Separator[];
  /** Inner nodes only: the DoC of those separators' weight alone (`doc` is raised to the parent's). */
  splitDoc?: number;
  /**
   * The box of the leaf this node was before a later round divided it (an element's own box, say
   * a header with its background): the block keeps covering it, not just the union of its parts.
   */
  frame?: Box;
  /** Leaves only: no further re-segmentation. */
  finished: boolean;
}

/** Weight range used to turn separator weights into DoC. */
export interface DocScale {
  minW: number;
  maxW: number;
}

/** Lowest weight the rules can produce: the base, the shortest gap, and every negative amount. */
export function minWeight(w: SeparatorWeights): number {
  let m = w.base + Math.min(w.distance, w.distance * MAX_DISTANCE_WEIGHT, 0);
  for (const v of [w.line, w.background, Math.min(w.fontSize, w.fontWeight), w.headingBelow, w.textBothSides, w.span]) m += Math.min(0, v);
  return m;
}

export function docFromWeight(w: number, scale: DocScale): number {
  const span = Math.max(1, scale.maxW - scale.minW);
  const f = Math.max(0, Math.min(span, w - scale.minW));
  const n = Math.ceil((f * 9) / span + 1);
  return Math.max(1, Math.min(10, 11 - n));
}

/**
 * [F] normalises over the whole run; here over the round-1 page-level separators (independent of
 * pdoc), with the top of the scale at least `floor`, so a page with only light separators does
 * not get very low DoCs ([J] puts a dummy 40 on its scale for the same reason).
 */
export function scaleFor(pageSeparators: readonly DetectedSeparator[], params: SegmentParams): DocScale {
  let maxW = params.docScaleFloor;
  for (const s of pageSeparators) maxW = Math.max(maxW, s.weight);
  return { minW: minWeight(params.weights), maxW };
}

export interface StructureContext {
  pre: PreparedPage;
  pdoc: number;
  scale: DocScale;
  weights: SeparatorWeights;
  cache?: RoundsCache;
}

/**
 * What segmenting the same page again under other weights or level rules can reuse: Phase 1's
 * blocks and Phase 2's found separators depend only on the page, the blocks and the area, never
 * on the weights (the weights only order the cuts and set the DoCs). scripts/fit-segmentation.mjs
 * tries many weight vectors per page this way.
 */
export interface RoundsCache {
  separators: SeparatorCache;
  blocks: Map<string, ExtractResult>;
}

export function newRoundsCache(): RoundsCache {
  return { separators: new Map(), blocks: new Map() };
}

/** Phase 1 over `roots`, looked up in the cache first (by roots, sub-page and round). */
function extractCached(cache: RoundsCache | undefined, pre: PreparedPage, roots: readonly PoolBlock[], opts: ExtractOptions): ExtractResult {
  if (!cache) return extractBlocks(pre, roots, opts);
  const b = opts.subPage;
  let key = `${opts.round},${opts.pullOverlays ? 1 : 0},${opts.reentry ? 1 : 0},${b.x0},${b.y0},${b.x1},${b.y1}`;
  for (const r of roots) key += `|${at(r.ids, 0)}+${r.ids.length}`;
  let res = cache.blocks.get(key);
  if (!res) {
    res = extractBlocks(pre, roots, opts);
    cache.blocks.set(key, res);
  }
  return res;
}

function leaf(blocks: PoolBlock[], doc: number, finished: boolean): AreaNode {
  return { box: unionBoxes(blocks.map((b) => b.box)), doc, children: [], blocks, separators: [], finished };
}

function publicSeparator(s: DetectedSeparator): Separator {
  return { orientation: s.orientation, rect: { ...s.rect }, weight: s.weight, reasons: [...s.reasons] };
}

/** The heaviest separator group: highest weight, horizontal before vertical on ties ([F]). */
export function heaviestGroup(seps: readonly DetectedSeparator[]): DetectedSeparator[] {
  let best: DetectedSeparator | null = null;
  for (const s of seps) {
    if (!best || s.weight > best.weight || (s.weight === best.weight && s.orientation === 'horizontal' && best.orientation === 'vertical')) {
      best = s;
    }
  }
  if (!best) return [];
  const b = best;
  return seps.filter((s) => s.weight === b.weight && s.orientation === b.orientation).sort((p, q) => p.cut - q.cut);
}

/** Split blocks at the group's cut positions (by block centre); returns the non-empty parts in order. */
export function partition(blocks: readonly PoolBlock[], group: readonly DetectedSeparator[]): PoolBlock[][] {
  const horizontal = at(group, 0).orientation === 'horizontal';
  const parts: PoolBlock[][] = Array.from({ length: group.length + 1 }, () => []);
  for (const b of blocks) {
    const c = horizontal ? (b.box.y0 + Math.max(b.box.y1, b.box.y0 + 1)) / 2 : (b.box.x0 + Math.max(b.box.x1, b.box.x0 + 1)) / 2;
    let k = 0;
    while (k < group.length && c >= at(group, k).cut) k++;
    at(parts, k).push(b);
  }
  return parts.filter((p) => p.length > 0);
}

/**
 * Build the structure over a pool of blocks. `parentDoc` is the DoC of the node it hangs from;
 * `separators`, when given, are the already detected separators of exactly these blocks.
 */
export function buildStructure(
  ctx: StructureContext, blocks: PoolBlock[], parentDoc: number, separators?: readonly DetectedSeparator[],
): AreaNode {
  if (blocks.length <= 1) {
    const doc = Math.max(parentDoc, blocks[0]?.doc ?? 11);
    return leaf(blocks, doc, false);
  }
  const box = unionBoxes(blocks.map((b) => b.box));
  const group = heaviestGroup(separators ?? detectAllSeparators(ctx.pre, blocks, box, ctx.weights, ctx.cache?.separators));
  let minBlockDoc = Infinity;
  for (const b of blocks) minBlockDoc = Math.min(minBlockDoc, b.doc);
  if (group.length === 0) {
    // Inseparable (overlapping or interlocking) blocks: the lowest block DoC, as [J].
    return leaf(blocks, Math.max(parentDoc, minBlockDoc), false);
  }
  const splitDoc = docFromWeight(at(group, 0).weight, ctx.scale);
  const doc = Math.max(parentDoc, splitDoc);
  if (doc > ctx.pdoc && minBlockDoc > ctx.pdoc) {
    // Coherent enough at this granularity: keep the region whole.
    return leaf(blocks, doc, true);
  }
  const parts = partition(blocks, group);
  if (parts.length < 2) return leaf(blocks, Math.max(parentDoc, minBlockDoc), false);
  return {
    box,
    doc,
    children: parts.map((p) => buildStructure(ctx, p, doc)),
    blocks: [],
    separators: group.map(publicSeparator),
    splitDoc,
    finished: false,
  };
}

function sameBlocks(a: readonly PoolBlock[], b: readonly PoolBlock[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = at(a, i).ids;
    const y = at(b, i).ids;
    if (x.length !== y.length) return false;
    for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return false;
  }
  return true;
}

interface Pending {
  node: AreaNode;
  parentDoc: number;
}

function collectPending(node: AreaNode, parentDoc: number, pdoc: number, out: Pending[]): void {
  if (node.children.length === 0) {
    if (!node.finished && node.doc <= pdoc && node.blocks.length > 0) out.push({ node, parentDoc });
    return;
  }
  for (const c of node.children) collectPending(c, node.doc, pdoc, out);
}

export interface RoundsResult {
  root: AreaNode;
  /** Rounds actually run (1..maxRounds). */
  rounds: number;
}

/** Phase 1–3 in rounds over the whole page (reusing `cache` from earlier runs on the same page). */
export function runRounds(pre: PreparedPage, pdoc: number, maxRounds: number, params: SegmentParams, cache?: RoundsCache): RoundsResult {
  const pageArea = boxArea(pre.pageBox);
  // A root that is not a node (no nodes at all, a bad root id) has no blocks: the tree is one empty leaf.
  const rootIsNode = pre.root >= 0 && pre.root < pre.nodes.length;
  const first = !rootIsNode ? { blocks: [], overlays: [] } : extractCached(cache, pre, [rootBlock(pre)], {
    subPage: pageArea > 0 ? pre.pageBox : unionBoxes([pre.pageBox, nodeBox(pre, pre.root)]),
    round: 1,
    pullOverlays: true,
  });
  const pageSeparators = first.blocks.length > 1
    ? detectAllSeparators(pre, first.blocks, unionBoxes(first.blocks.map((b) => b.box)), params.weights, cache?.separators)
    : [];
  const ctx: StructureContext = { pre, pdoc, scale: scaleFor(pageSeparators, params), weights: params.weights, cache };
  const tops: AreaNode[] = [];
  if (first.blocks.length > 0) tops.push(buildStructure(ctx, first.blocks, 1, pageSeparators));
  for (const o of first.overlays) tops.push(leaf([o], o.doc, false));
  let root: AreaNode;
  if (tops.length === 1) {
    root = at(tops, 0);
  } else if (tops.length === 0) {
    root = leaf([], 11, true);
  } else {
    // Overlays are taken out of the flow: they hang from the root after the page content.
    root = {
      box: unionBoxes(tops.map((t) => t.box)),
      doc: Math.min(...tops.map((t) => t.doc)),
      children: tops,
      blocks: [],
      separators: [],
      finished: false,
    };
  }

  let rounds = 1;
  for (let round = 2; round <= maxRounds; round++) {
    const pending: Pending[] = [];
    collectPending(root, 1, pdoc, pending);
    if (pending.length === 0) break;
    rounds = round;
    let changed = false;
    for (const { node, parentDoc } of pending) {
      const res = extractCached(cache, pre, node.blocks, { subPage: node.box, round, pullOverlays: false, reentry: true });
      if (res.blocks.length === 0 || sameBlocks(res.blocks, node.blocks)) {
        node.finished = true;
        continue;
      }
      const frame = node.frame ?? node.box;
      if (res.blocks.length === 1) {
        // A wrapper was looked through (R3/R2): keep going down next round unless nothing is left to divide.
        const only = at(res.blocks, 0);
        Object.assign(node, leaf(res.blocks, Math.max(parentDoc, only.doc), only.group || only.rule === 'media'));
      } else {
        Object.assign(node, buildStructure(ctx, res.blocks, parentDoc));
      }
      node.frame = frame;
      changed = true;
    }
    if (!changed) break;
  }
  return { root, rounds };
}
