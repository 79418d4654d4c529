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
import { type Box, rectFromBox, unionBoxes } from './geometry.js';
import { type PreparedPage, preparePage } from './prepare.js';
import { type AreaNode, runRounds } from './structure.js';

export type { Block, BlockStats, BlockTree, Orientation, SegmentOptions, Separator } from './types.js';

export const DEFAULT_PDOC = 8;
export const DEFAULT_MAX_ROUNDS = 10;

/** Validate and fill in options. Throws RangeError on values that make no sense. */
export function resolveSegmentOptions(options: SegmentOptions = {}): Required<SegmentOptions> {
  const pdoc = options.pdoc ?? DEFAULT_PDOC;
  const maxRounds = options.maxRounds ?? DEFAULT_MAX_ROUNDS;
  if (typeof pdoc !== 'number' || !Number.isFinite(pdoc)) throw new RangeError(`pdoc must be a finite number, got ${String(pdoc)}`);
  if (typeof maxRounds !== 'number' || !Number.isInteger(maxRounds) || maxRounds < 1) {
    throw new RangeError(`maxRounds must be an integer >= 1, got ${String(maxRounds)}`);
  }
  return { pdoc, maxRounds };
}

/** Segment a page snapshot into a VIPS block tree. Deterministic: the same snapshot gives the same tree. */
export function segment(snapshot: PageSnapshot, options?: SegmentOptions): BlockTree {
  const { pdoc, maxRounds } = resolveSegmentOptions(options);
  const pre = preparePage(snapshot);
  const { root, rounds } = runRounds(pre, pdoc, maxRounds);
  const separators: Separator[] = [];
  const rootBlock = toBlock(pre, root, '1', 1, separators);
  if (rootBlock.nodes.length === 0 && rootBlock.children.length === 0) {
    const r = snapshot.nodes[snapshot.root]?.rect;
    if (r) rootBlock.rect = { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) };
  }
  return { root: rootBlock, pdoc, separators, rounds };
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
 * (so every child lies inside its parent), DoC raised to the parent's, nodes and stats unioned.
 * Separators are collected into `all` in pre-order.
 */
function toBlock(pre: PreparedPage, node: AreaNode, id: string, parentDoc: number, all: Separator[]): Block {
  const doc = Math.max(parentDoc, node.doc);
  if (node.children.length === 0) {
    const blocks = [...node.blocks].sort((a, b) => a.ids[0]! - b.ids[0]!);
    const nodes: number[] = [];
    const stats = emptyStats();
    const boxes: Box[] = [];
    for (const b of blocks) {
      boxes.push(b.box);
      for (const n of b.ids) {
        nodes.push(n);
        stats.chars += pre.chars[n]!;
        stats.linkChars += pre.linkChars[n]!;
        stats.words += pre.words[n]!;
        stats.textNodes += pre.textNodes[n]!;
      }
    }
    const rules: string[] = [];
    for (const b of blocks) if (!rules.includes(b.rule)) rules.push(b.rule);
    const block: Block = { id, rect: rectFromBox(unionBoxes(boxes)), doc, children: [], nodes, stats, separators: [] };
    if (rules.length > 0) block.rule = rules.join('+');
    return block;
  }
  for (const s of node.separators) all.push(s);
  const children = node.children.map((c, i) => toBlock(pre, c, `${id}-${i + 1}`, doc, all));
  const nodes: number[] = [];
  const stats = emptyStats();
  const boxes: Box[] = [];
  for (const c of children) {
    for (const n of c.nodes) nodes.push(n);
    addStats(stats, c.stats);
    boxes.push({ x0: c.rect.x, y0: c.rect.y, x1: c.rect.x + c.rect.w, y1: c.rect.y + c.rect.h });
  }
  const box = unionAll(boxes);
  return { id, rect: rectFromBox(box), doc, children, nodes, stats, separators: node.separators };
}

/** Union of all boxes, empty ones included, so a zero-size child still lies inside its parent. */
function unionAll(boxes: readonly Box[]): Box {
  if (boxes.length === 0) return { x0: 0, y0: 0, x1: 0, y1: 0 };
  let { x0, y0, x1, y1 } = boxes[0]!;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x0);
    y0 = Math.min(y0, b.y0);
    x1 = Math.max(x1, b.x1);
    y1 = Math.max(y1, b.y1);
  }
  return { x0, y0, x1, y1 };
}
