/**
 * The two levels people mark on a page, cut from one block tree:
 *   - top: the page's regions (header, navigation, main, sidebar, footer);
 *   - fine: the blocks inside them (a menu, a link list, a run of paragraphs, a picture).
 *
 * Each level is a cut through the tree: going down from the root, a block is divided while the
 * level's rule (params.ts: LevelRule) says so, and the blocks where the descent stops are the
 * level's blocks. The top level never goes below the fine level, so every fine block lies inside
 * exactly one top block.
 */
import type { LevelRule, SegmentParams } from './params.js';
import type { Block, BlockLevels } from './types.js';

/**
 * The level rule: divide a block whose DoC is at most `pdoc` and whose area is at least `minArea`
 * of the page; divide any block larger than `maxArea` of the page.
 */
export function divides(rule: LevelRule, doc: number, areaShare: number): boolean {
  return (doc <= rule.pdoc && areaShare >= rule.minArea) || areaShare > rule.maxArea;
}

function area(b: Block): number {
  return Math.max(0, b.rect.w) * Math.max(0, b.rect.h);
}

/**
 * Cut both levels, as block ids in reading order. With `stopFine` false the tree's own leaves
 * are the fine level (the tree was stopped by a user's pdoc); the top level is cut above the
 * fine level either way.
 */
export function cutLevels(root: Block, params: Pick<SegmentParams, 'top' | 'fine'>, stopFine: boolean): BlockLevels {
  const pageArea = Math.max(1, area(root));
  const out: BlockLevels = { top: [], fine: [] };
  const walk = (b: Block, inTop: boolean): void => {
    const share = area(b) / pageArea;
    if (b.children.length === 0 || (stopFine && !divides(params.fine, b.doc, share))) {
      out.fine.push(b.id);
      if (!inTop) out.top.push(b.id);
      return;
    }
    let below = inTop;
    if (!inTop && !divides(params.top, b.doc, share)) {
      out.top.push(b.id);
      below = true;
    }
    for (const c of b.children) walk(c, below);
  };
  walk(root, false);
  return out;
}

/**
 * Make the blocks named in `ids` leaves: their children go, their nodes and text stats (already
 * the union of their children's) stay, and their rule lists the rules of the leaves they absorb.
 */
export function pruneAt(root: Block, ids: readonly string[]): void {
  const stop = new Set(ids);
  const walk = (b: Block): void => {
    if (b.children.length === 0) return;
    if (!stop.has(b.id)) {
      for (const c of b.children) walk(c);
      return;
    }
    const rules: string[] = [];
    const gather = (x: Block): void => {
      if (x.children.length === 0) {
        for (const r of (x.rule ?? '').split('+')) if (r && !rules.includes(r)) rules.push(r);
      }
      for (const c of x.children) gather(c);
    };
    gather(b);
    b.children = [];
    b.separators = [];
    if (rules.length) b.rule = rules.join('+');
  };
  walk(root);
}
