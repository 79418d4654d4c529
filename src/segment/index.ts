/**
 * VIPS page segmentation over a PageSnapshot.
 *
 *   prepare (one pass of per-node aggregates)
 *   → Phase 1 extract-blocks → Phase 2 separators → Phase 3 structure, in rounds
 *   → block tree with hierarchical ids, rects, DoC, owned nodes and text stats.
 *
 * See docs/vips.md for the algorithm and src/segment/{extract-blocks,separators,structure}.ts for
 * the rules.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import type { Block, BlockStats, BlockTree, SegmentOptions, Separator } from './types.js';
import { type Box, isEmptyBox, rectFromBox, unionBoxes } from './geometry.js';
import { type PreparedPage, preparePage } from './prepare.js';
import { type AreaNode, type RoundsCache, newRoundsCache, runRounds } from './structure.js';
import { cutLevels, pruneAt } from './levels.js';
import { type SegmentParams, withParams } from './params.js';
import { at } from '../util/at.js';

export type { Block, BlockLevels, BlockStats, BlockTree, Orientation, SegmentOptions, Separator } from './types.js';
export { DEFAULT_PARAMS, PAPER_WEIGHTS, type LevelRule, type PartialParams, type SegmentParams, type SeparatorWeights } from './params.js';
export { cutLevels } from './levels.js';

/** The paper's PDoC scale runs to 11 ("no separator inside"): building with it divides every block that can be. */
export const FINEST_PDOC = 11;
export const DEFAULT_MAX_ROUNDS = 10;

export interface ResolvedSegmentOptions {
  /** Undefined: the fitted level rules decide where the tree stops. */
  pdoc: number | undefined;
  maxRounds: number;
  params: SegmentParams;
}

/** Validate and fill in options. Throws RangeError on values that make no sense. */
export function resolveSegmentOptions(options: SegmentOptions = {}): ResolvedSegmentOptions {
  const pdoc = options.pdoc;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  if (pdoc !== undefined && (typeof pdoc !== 'number' || !Number.isFinite(pdoc))) throw new RangeError(`pdoc must be a finite number, got ${String(pdoc)}`);
  if (typeof maxRounds !== 'number' || !Number.isInteger(maxRounds) || maxRounds < 1) {
    throw new RangeError(`maxRounds must be an integer >= 1, got ${String(maxRounds)}`);
  }
  return { pdoc, maxRounds, params: withParams(options.params) };
}

/**
 * Segment a page snapshot into a VIPS block tree. Deterministic: the same snapshot gives the same
 * tree. By default the tree is built down to the finest blocks and then stopped where the fitted
 * fine-level rule says, so its leaves are the "fine" level; `levels.top` names the blocks of the
 * coarser "top" level. With `pdoc`, the tree stops where the paper's permitted DoC says and its
 * leaves are the fine level.
 */
export function segment(snapshot: PageSnapshot, options?: SegmentOptions): BlockTree {
  return segmentPrepared(snapshot, preparePage(snapshot), options, undefined);
}

/**
 * A function that segments one snapshot under any options, as `segment` does, reusing the
 * prepared page, Phase 1's blocks and the found separators from call to call (weights and level
 * rules do not change them): for fitting the weights (scripts/fit-segmentation.mjs), where each
 * page is segmented under many weight vectors.
 */
export function segmenter(snapshot: PageSnapshot): (options?: SegmentOptions) => BlockTree {
  const pre = preparePage(snapshot);
  const cache = newRoundsCache();
  return (options) => segmentPrepared(snapshot, pre, options, cache);
}

function segmentPrepared(snapshot: PageSnapshot, pre: PreparedPage, options: SegmentOptions | undefined, cache: RoundsCache | undefined): BlockTree {
  const { pdoc, maxRounds, params } = resolveSegmentOptions(options);
  const { root, rounds } = runRounds(pre, pdoc ?? FINEST_PDOC, maxRounds, params, cache);
  const rootBlock = toBlock(pre, root, '1', 1);
  subtreeDoc(root, rootBlock, 1);
  if (rootBlock.nodes.length === 0 && rootBlock.children.length === 0) {
    const r = snapshot.nodes[snapshot.root]?.rect;
    if (r) rootBlock.rect = { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) };
  }
  const levels = cutLevels(rootBlock, params, pdoc === undefined);
  if (pdoc === undefined) pruneAt(rootBlock, levels.fine);
  const separators: Separator[] = [];
  collectSeparators(rootBlock, separators);
  return { root: rootBlock, pdoc: pdoc ?? params.fine.pdoc, separators, rounds, levels };
}

/** Every separator left in the tree, pre-order. */
function collectSeparators(b: Block, out: Separator[]): void {
  for (const s of b.separators) out.push(s);
  for (const c of b.children) collectSeparators(c, out);
}

function emptyStats(): BlockStats {
  return { chars: 0, linkChars: 0, words: 0, textNodes: 0 };
}

function addStats(into: BlockStats, s: BlockStats): void {
  into.chars += s.chars;
  into.linkChars += s.linkChars;
  into.words += s.words;
  into.textNodes += s.textNodes;
}

/**
 * Convert an area node to a public Block: ids in reading order, rects as unions of the children
 * and of the box the node had before a later round divided it (so every child lies inside its
 * parent), DoC raised to the parent's, nodes and stats unioned.
 */
function toBlock(pre: PreparedPage, node: AreaNode, id: string, parentDoc: number): Block {
  const doc = Math.max(parentDoc, node.doc);
  if (node.children.length === 0) {
    const blocks = [...node.blocks].sort((a, b) => at(a.ids, 0) - at(b.ids, 0));
    const nodes: number[] = [];
    const stats = emptyStats();
    const boxes: Box[] = [];
    for (const b of blocks) {
      boxes.push(b.box);
      for (const n of b.ids) {
        nodes.push(n);
        stats.chars += at(pre.chars, n);
        stats.linkChars += at(pre.linkChars, n);
        stats.words += at(pre.words, n);
        stats.textNodes += at(pre.textNodes, n);
      }
    }
    if (node.frame) boxes.push(node.frame);
    const rules: string[] = [];
    for (const b of blocks) if (!rules.includes(b.rule)) rules.push(b.rule);
    const block: Block = { id, rect: rectFromBox(unionBoxes(boxes)), doc, children: [], nodes, stats, separators: [] };
    if (rules.length > 0) block.rule = rules.join('+');
    return block;
  }
  const children = node.children.map((c, i) => toBlock(pre, c, `${id}-${i + 1}`, doc));
  const nodes: number[] = [];
  const stats = emptyStats();
  const boxes: Box[] = [];
  for (const c of children) {
    for (const n of c.nodes) nodes.push(n);
    addStats(stats, c.stats);
    boxes.push({ x0: c.rect.x, y0: c.rect.y, x1: c.rect.x + c.rect.w, y1: c.rect.y + c.rect.h });
  }
  if (node.frame && !isEmptyBox(node.frame)) boxes.push(node.frame);
  const box = unionAll(boxes);
  return { id, rect: rectFromBox(box), doc, children, nodes, stats, separators: node.separators };
}

/** Union of all boxes, empty ones included, so a zero-size child still lies inside its parent. */
function unionAll(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  let { x0, y0, x1, y1 } = at(boxes, 0);
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  return { x0, y0, x1, y1 };
}

/** [J]: an area's DoC is the lowest among its own separators' and its descendants'. */
function subtreeDoc(node: AreaNode, b: Block, parentDoc: number): void {
  const inner = (n: AreaNode): number => {
    if (n.children.length === 0) return 11;
    let d = n.splitDoc ?? n.doc;
    for (const c of n.children) d = Math.min(d, inner(c));
    return d;
  };
  if (node.children.length === 0) {
    b.doc = Math.max(parentDoc, node.doc);
    return;
  }
  b.doc = Math.max(parentDoc, inner(node));
  node.children.forEach((c, i) => subtreeDoc(c, at(b.children, i), b.doc));
}
