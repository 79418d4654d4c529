import { describe, expect, it } from 'vitest';
import { segment } from '../../../src/segment/index.js';
import type { DetectedSeparator } from '../../../src/segment/separators.js';
import { docFromWeight, heaviestGroup, minWeight } from '../../../src/segment/structure.js';
import { PAPER_WEIGHTS } from '../../../src/segment/params.js';
import { allBlocks, leaves } from './invariants.js';
import { awkward, headerBodyFooter, twoColumns, twoParagraphs } from './pages.js';
import { at } from '../../../src/util/at.js';

describe('Phase 3: content structure', () => {
  it('header / body / footer split three ways at the top, with heavier separators than between paragraphs', () => {
    const tree = segment(headerBodyFooter());
    const root = tree.root;
    expect(root.children).toHaveLength(3);
    expect(root.separators.map((s) => s.orientation)).toEqual(['horizontal', 'horizontal']);
    expect(root.separators.every((s) => s.reasons.includes('background+2'))).toBe(true);
    const [header, main, footer] = root.children;
    expect(header!.rect).toEqual({ x: 0, y: 0, w: 800, h: 100 });
    expect(footer!.rect.y).toBeGreaterThanOrEqual(880);
    expect(main!.children).toHaveLength(12);
    const top = Math.min(...root.separators.map((s) => s.weight));
    const inner = Math.max(...main!.separators.map((s) => s.weight));
    expect(main!.separators).toHaveLength(11);
    expect(top).toBeGreaterThan(inner);
    // Heavier separators give lower DoC.
    expect(root.doc).toBeLessThan(main!.doc);
  });

  it('children are in reading order: top-to-bottom, left-to-right', () => {
    for (const snap of [headerBodyFooter(), twoColumns(), awkward()]) {
      for (const b of allBlocks(segment(snap).root)) {
        const seps = b.separators;
        if (seps.length === 0) continue;
        const horizontal = at(seps, 0).orientation === 'horizontal';
        const pos = b.children.map((c) => (horizontal ? c.rect.y : c.rect.x));
        expect(pos).toEqual([...pos].sort((p, q) => p - q));
      }
    }
  });

  it('DoC normalisation maps the lightest weight to 10 and the heaviest to 1, monotonically', () => {
    const MIN_WEIGHT = minWeight(PAPER_WEIGHTS);
    // the lightest weight follows the weights it is made of
    expect(minWeight({ ...PAPER_WEIGHTS, headingBelow: -3 })).toBe(-2);
    const scale = { minW: MIN_WEIGHT, maxW: 20 };
    expect(docFromWeight(MIN_WEIGHT, scale)).toBe(10);
    expect(docFromWeight(20, scale)).toBe(1);
    expect(docFromWeight(99, scale)).toBe(1);
    let prev = 11;
    for (let w = 0; w <= 25; w++) {
      const d = docFromWeight(w, scale);
      expect(d).toBeLessThanOrEqual(prev);
      prev = d;
    }
  });

  it('the heaviest group prefers horizontal separators on ties', () => {
    const sep = (orientation: 'horizontal' | 'vertical', weight: number, cut: number): DetectedSeparator => ({
      orientation, weight, cut, start: cut, end: cut + 1, thickness: 1, touching: false, reasons: [], rect: { x: 0, y: 0, w: 0, h: 0 },
    });
    const group = heaviestGroup([sep('vertical', 9, 5), sep('horizontal', 9, 30), sep('horizontal', 9, 10), sep('horizontal', 7, 1)]);
    expect(group.map((s) => [s.orientation, s.cut])).toEqual([['horizontal', 10], ['horizontal', 30]]);
  });

  it('pdoc changes granularity: a lower pdoc never gives more leaves', () => {
    for (const snap of [headerBodyFooter(), twoColumns(), twoParagraphs('hr'), awkward()]) {
      let prev = 0;
      for (let pdoc = 1; pdoc <= 11; pdoc++) {
        const n = leaves(segment(snap, { pdoc }).root).length;
        expect(n).toBeGreaterThanOrEqual(prev);
        prev = n;
      }
    }
    // And it does change something: at pdoc 5 the article body stays one coherent leaf.
    const coarse = segment(headerBodyFooter(), { pdoc: 5 });
    const fine = segment(headerBodyFooter(), { pdoc: 8 });
    expect(leaves(coarse.root).length).toBeLessThan(leaves(fine.root).length);
    expect(at(coarse.root.children, 1).children).toHaveLength(0);
    expect(at(coarse.root.children, 1).doc).toBeGreaterThan(5);
  });

  it('maxRounds bounds re-segmentation', () => {
    const one = segment(headerBodyFooter(), { maxRounds: 1 });
    // After round 1 the article body is still one block (R10: its paragraphs are small).
    expect(at(one.root.children, 1).children).toHaveLength(0);
    expect(at(one.root.children, 1).doc).toBeLessThanOrEqual(8);
    expect(leaves(segment(headerBodyFooter(), { maxRounds: 2 }).root).length).toBeGreaterThan(leaves(one.root).length);
  });

  it('large overlays hang from the root after the page content, without wiping out its separators', () => {
    const tree = segment(awkward());
    const last = at(tree.root.children, tree.root.children.length - 1);
    // The overlay covers its own (fixed, viewport-sized) box, and holds the cookie notice.
    expect(last.rect).toEqual({ x: 0, y: 0, w: 1000, h: 700 });
    expect(last.stats.chars).toBe('We use cookies'.length + 'Accept'.length);
    expect(at(tree.root.children, 0).separators.length).toBeGreaterThan(0);
  });
});
