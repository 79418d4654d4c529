/**
 * The two levels cut from one block tree (segment/levels.ts), the flat views of them that
 * `viseg segment --level` prints, and the annotated picture of the top level.
 */
import { describe, expect, it } from 'vitest';
import { overlayPrimitives } from '../../../src/annotate/overlay.js';
import { classify } from '../../../src/classify/index.js';
import { segmentView } from '../../../src/cli/segment.js';
import { cutLevels, divides, pruneAt } from '../../../src/segment/levels.js';
import { segment } from '../../../src/segment/index.js';
import type { Block } from '../../../src/segment/types.js';
import { fakePage } from '../annotate/fake.js';
import { allBlocks, checkInvariants, leaves } from './invariants.js';
import { awkward, headerBodyFooter, twoColumns } from './pages.js';

const EVERYTHING = { pdoc: 11, minArea: 0, maxArea: 2 };
const NOTHING = { pdoc: 0, minArea: 0, maxArea: 2 };

describe('level rules', () => {
  it('divide a block when its DoC is at most pdoc and it is big enough, or when it is bigger than maxArea', () => {
    const rule = { pdoc: 5, minArea: 0.2, maxArea: 0.6 };
    expect(divides(rule, 5, 0.2)).toBe(true);
    expect(divides(rule, 6, 0.5)).toBe(false);
    expect(divides(rule, 5, 0.1)).toBe(false);
    expect(divides(rule, 9, 0.7)).toBe(true);
  });

  it('top stops above (or at) fine, and every leaf lies in exactly one top block', () => {
    for (const snap of [headerBodyFooter(), twoColumns(), awkward()]) {
      const full = segment(snap, { pdoc: 11 });
      const all = cutLevels(full.root, { top: EVERYTHING, fine: EVERYTHING }, true);
      expect(all.fine).toEqual(leaves(full.root).map((b) => b.id));
      expect(all.top).toEqual(all.fine);
      const none = cutLevels(full.root, { top: NOTHING, fine: EVERYTHING }, true);
      expect(none.top).toEqual(['1']);
      const coarseFine = cutLevels(full.root, { top: EVERYTHING, fine: NOTHING }, true);
      expect(coarseFine).toEqual({ top: ['1'], fine: ['1'] });
      // A user's pdoc: the tree's leaves are the fine level whatever the fine rule says.
      expect(cutLevels(full.root, { top: NOTHING, fine: NOTHING }, false).fine).toEqual(all.fine);
    }
  });

  it('the default tree stops at the fine level; its leaves are levels.fine and the invariants hold', () => {
    const snap = headerBodyFooter();
    const params = { top: { pdoc: 11, minArea: 0.5, maxArea: 2 }, fine: { pdoc: 3, minArea: 0, maxArea: 2 } };
    const tree = segment(snap, { params });
    const full = segment(snap, { pdoc: 11, params });
    expect(checkInvariants(snap, tree)).toEqual([]);
    expect(tree.levels!.fine).toEqual(leaves(tree.root).map((b) => b.id));
    expect(tree.levels!.fine).toEqual(cutLevels(full.root, params, true).fine);
    expect(leaves(tree.root).length).toBeLessThan(leaves(full.root).length);
    // Every separator left in the tree belongs to a block that still has children.
    const inner = allBlocks(tree.root).filter((b) => b.children.length > 0).flatMap((b) => b.separators);
    expect(tree.separators).toEqual(inner);
  });

  it('pruning keeps a block\'s nodes and text, drops its children and separators, and lists the rules it absorbs', () => {
    const tree = segment(twoColumns(), { pdoc: 11 });
    const before = JSON.parse(JSON.stringify(tree.root)) as Block;
    pruneAt(tree.root, ['1']);
    expect(tree.root.children).toEqual([]);
    expect(tree.root.separators).toEqual([]);
    expect(tree.root.nodes).toEqual(before.nodes);
    expect(tree.root.stats).toEqual(before.stats);
    const rules = new Set(leaves(before).flatMap((l) => (l.rule ?? '').split('+')));
    expect(new Set(tree.root.rule!.split('+'))).toEqual(rules);
  });
});

describe('viseg segment --level', () => {
  it('prints a level as the root\'s children, flat, in reading order; without --level the whole tree and both levels', () => {
    const snap = headerBodyFooter();
    const tree = segment(snap);
    const decision = classify(snap, tree);
    const whole = segmentView(tree, decision);
    expect(whole.level).toBeUndefined();
    expect(whole.levels).toEqual(tree.levels);
    for (const level of ['top', 'fine'] as const) {
      const v = segmentView(tree, decision, level);
      expect(v.level).toBe(level);
      expect(v.root.id).toBe('1');
      expect(v.root.children.map((c) => c.id)).toEqual(tree.levels![level]);
      expect(v.root.children.every((c) => c.children.length === 0 && c.separators.length === 0)).toBe(true);
      // An inner block shown flat carries its leaves' text as its excerpt.
      expect(v.root.children.filter((c) => c.chars > 0).every((c) => c.excerpt.length > 0)).toBe(true);
    }
  });
});

describe('the annotated picture of a level', () => {
  it('top outlines the top-level blocks and draws only the separators between them', () => {
    const { tree, decision } = fakePage();
    tree.levels = { top: ['1-1', '1-2', '1-3'], fine: ['1-1', '1-2-1', '1-2-2', '1-3'] };
    const outlines = (level?: 'top' | 'fine') => overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600, level })
      .filter((p) => p.svg.includes('fill-rule="evenodd"') && !p.svg.includes('stroke')).map((p) => [p.x0, p.y0, p.x1, p.y1]);
    const fine = outlines();
    const top = outlines('top');
    expect(fine).toContainEqual([600, 120, 780, 420]); // the sidebar leaf
    expect(top).not.toContainEqual([600, 120, 780, 420]);
    expect(top).toContainEqual([20, 120, 780, 420]); // the main area as one region
    const separators = (level?: 'top' | 'fine') => overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600, level })
      .filter((p) => p.svg.includes('fill-opacity="0.45"')).length;
    expect(separators('fine')).toBe(2);
    expect(separators('top')).toBe(1);
  });

  it('labels and colours each level\'s blocks with that level\'s role', () => {
    const { tree, decision } = fakePage();
    tree.levels = { top: ['1-1', '1-2', '1-3'], fine: ['1-1', '1-2-1', '1-2-2', '1-3'] };
    // The footer region is not split: a footer at the top level, a link list at the fine level.
    decision.blocks.find((b) => b.id === '1-3')!.fineRole = 'navigation';
    const labels = (level?: 'top' | 'fine') => overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600, level })
      .map((p) => p.svg).filter((svg) => svg.includes('>1-3 '));
    expect(labels('top').join('')).toContain('1-3 footer');
    expect(labels('fine').join('')).toContain('1-3 navigation');
    expect(labels('fine').join('')).not.toContain('footer');
    const v = segmentView(tree, decision, 'fine');
    expect(v.root.children.find((c) => c.id === '1-3')).toMatchObject({ role: 'navigation', fineRole: 'navigation' });
    expect(segmentView(tree, decision, 'top').root.children.find((c) => c.id === '1-3')).toMatchObject({ role: 'footer', fineRole: 'navigation' });
  });
});
