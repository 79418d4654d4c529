/**
 * The segmentation scorer: BCubed over characters as the seg-random reference scorer
 * (seg_score.py) computes it, the smallest-leaf assignment, the baselines, the macro averages and
 * the role table. Expected values are worked out by hand in the comments.
 */
import { describe, expect, it } from 'vitest';
import { at } from '../../../src/util/at.js';
import {
  assignItems, baselineLabels, bcubed, evaluateSegPage, f1, GOLD_TYPE_ROLES, goldType, LeafIndex, parseSegGold, roleAgreement,
  summarize, summarizeSeg, type SegGold,
} from '../../../src/eval/segmentation.js';

/** A gold page: blocks [level, type, parent] and items [x, y, w, h, chars, goldBlock, goldTop]. */
function gold(blocks: Array<[number, string, number | null]>, items: Array<[number, number, number, number, number, number | null, number | null]>): SegGold {
  return parseSegGold({
    page: { width: 1000, height: 1000 },
    blocks: blocks.map(([level, type, parent]) => ({ level, type, tag: 'div', rect: [0, 0, 1, 1], parent })),
    items: items.map(([x, y, w, h, chars, goldBlock, goldTop]) => ({ rect: [x, y, w, h], chars, text: 'x'.repeat(chars), goldBlock, goldTop })),
  }, 'test');
}

describe('bcubed', () => {
  it('weights elements, leaves unlabelled ones out of their side, and lets them spoil the other side', () => {
    // A,B: gold g1, pred p1 (weight 2 each); C: g2, p1; D: g2, p2; E: no gold, p2; F: g2, no prediction.
    const w = [2, 2, 1, 1, 1, 1];
    const g = ['g1', 'g1', 'g2', 'g2', null, 'g2'];
    const p = ['p1', 'p1', 'p1', 'p2', 'p2', null];
    const { P, R } = bcubed(w, g, p);
    // P over predicted elements (weight 7): p1 holds g1 4 of 5 and g2 1 of 5; p2 holds g2 1 of 2 (E spoils it).
    expect(P).toBeCloseTo((16 / 5 + 1 / 5 + 1 / 2) / 7, 12);
    // R over gold elements (weight 7): g1 in p1 4 of 4; g2 in p1 1 of 3 and in p2 1 of 3 (F in none).
    expect(R).toBeCloseTo((16 / 4 + 1 / 3 + 1 / 3) / 7, 12);
    expect(f1(P, R)).toBeCloseTo((2 * P * R) / (P + R), 12);
    // Background variant: unlabelled elements form one more segment on their side.
    const bg = bcubed(w, g, p, true);
    expect(bg.P).toBeCloseTo((16 / 5 + 1 / 5 + 1 / 2 + 1 / 2 + 1) / 8, 12);
    expect(bg.R).toBeCloseTo((16 / 4 + 1 / 3 + 1 / 3 + 1 / 3 + 1) / 8, 12);
  });

  it('is undefined (NaN) with no labelled element, and F1 with it', () => {
    expect(bcubed([1], [null], ['a']).R).toBeNaN();
    expect(f1(NaN, 1)).toBeNaN();
    expect(f1(0, 0)).toBe(0);
  });
});

describe('assigning text to leaves', () => {
  it('the smallest leaf holding the centre of the line box wins; outside every leaf is none', () => {
    const idx = new LeafIndex([{ x: 0, y: 0, w: 500, h: 500 }, { x: 10, y: 10, w: 100, h: 100 }, { x: 0, y: 0, w: 0, h: 50 }]);
    expect(idx.find(50, 50)).toBe(1);
    expect(idx.find(300, 300)).toBe(0);
    expect(idx.find(600, 300)).toBeNull();
    // Edges count as inside; rows of 128 px do not lose a rect spanning several rows.
    expect(idx.find(500, 500)).toBe(0);
    expect(idx.find(250, 130)).toBe(0);
  });

  it('leaves above the page are indexed from row -1 only, as the reference scorer does', () => {
    const idx = new LeafIndex([{ x: 0, y: -400, w: 100, h: 450 }]);
    expect(idx.find(50, -60)).toBe(0);
    expect(idx.find(50, -300)).toBeNull();
  });
});

describe('a page and its summary', () => {
  // Two top blocks (Header 0, Content 1); Content holds a LinkList (2) and an Article (3).
  const g = gold(
    [[1, 'Header', null], [1, 'Content', null], [2, 'LinkList', 1], [2, 'Article', 1]],
    [
      [0, 0, 100, 20, 10, 0, 0], // header line
      [0, 100, 100, 20, 5, 2, 1], // link list
      [0, 200, 400, 20, 40, 3, 1], // article lines
      [0, 230, 400, 20, 40, 3, 1],
      [0, 900, 100, 20, 7, null, null], // outside every marked block
    ],
  );

  it('viseg at each level against the people at that level, beside the baselines; a failed page is one segment', () => {
    const pred = {
      top: { rects: [{ x: 0, y: 0, w: 500, h: 50 }, { x: 0, y: 90, w: 500, h: 200 }], roles: ['header', 'main'] as const },
      fine: { rects: [{ x: 0, y: 0, w: 500, h: 50 }, { x: 0, y: 90, w: 500, h: 40 }, { x: 0, y: 190, w: 500, h: 80 }], roles: ['header', 'navigation', 'main'] as const },
    };
    const e = evaluateSegPage('p', g, { top: { ...pred.top, roles: [...pred.top.roles] }, fine: { ...pred.fine, roles: [...pred.fine.roles] } }, null);
    expect(e.scores.viseg.top).toMatchObject({ P: 1, R: 1, F1: 1, nGold: 2, nPred: 2 });
    expect(e.scores.viseg.fine).toMatchObject({ P: 1, R: 1, F1: 1, nGold: 3, nPred: 3 });
    expect(e.roles.top).toEqual({ chars: 95, agree: 95 });
    expect(e.roles.fine).toEqual({ chars: 95, agree: 95 });
    // The whole page as one block (102 characters, 7 of them outside every marked block).
    expect(e.scores.page.top.R).toBe(1);
    expect(e.scores.page.top.P).toBeCloseTo((10 * 10 + 85 * 85) / 102 / 102, 12);
    const failed = evaluateSegPage('p', g, null, 'INTERNAL_ERROR: x');
    expect(failed.error).toBe('INTERNAL_ERROR: x');
    expect(failed.scores.viseg.top).toEqual(failed.scores.page.top);
    const s = summarizeSeg([e, failed], new Map([['p', g]]));
    expect(s.failed).toEqual(['p']);
    expect(s.systems.viseg.top.F1).toBeCloseTo((1 + failed.scores.page.top.F1) / 2, 12);
    // Every block main content: the Header's 10 characters and the link list's 5 disagree at the fine level.
    expect(s.roles.fine.allMain.pooled).toBeCloseTo(80 / 95, 12);
    expect(s.roles.top.allMain.pooled).toBeCloseTo(85 / 95, 12);
  });

  it('baselines: the page, a grid of COLS columns by ROWPX rows, every line alone', () => {
    const b = baselineLabels(g, { cols: 2, rowPx: 100 });
    expect(b.page).toEqual([0, 0, 0, 0, 0]);
    expect(b.grid).toEqual(['0,0', '0,1', '0,2', '0,2', '0,9']);
    expect(b.lines).toEqual([0, 1, 2, 3, 4]);
  });

  it('macro averages leave out pages where F1 is undefined', () => {
    const m = (F1: number) => ({ P: F1, R: F1, F1, Pbg: F1, Rbg: F1, F1bg: F1, nGold: 1, nPred: 1 });
    const s = summarize([m(1), m(0.5), m(NaN)]);
    expect(s.pages).toBe(2);
    expect(s.F1).toBe(0.75);
  });
});

describe('roles against the people\'s block types', () => {
  it('maps each of the nine types to the roles that agree, and other types to their top block\'s type', () => {
    expect(Object.keys(GOLD_TYPE_ROLES).sort()).toEqual(['Ad', 'Article', 'Comments', 'Content', 'Footer', 'Header', 'LinkList', 'Menu', 'Sidebar']);
    const g = gold([[1, 'Header', null], [2, 'Logo', 0], [1, 'Image', null]], [[0, 0, 10, 10, 3, 1, 0], [0, 50, 10, 10, 4, 2, 2]]);
    expect(goldType(g, at(g.items, 0), 'fine')).toBe('Header');
    expect(goldType(g, at(g.items, 1), 'fine')).toBeNull();
    expect(roleAgreement(g, 'fine', assignItems(g, [{ x: 0, y: 0, w: 100, h: 100 }]), ['header'])).toEqual({ chars: 3, agree: 3 });
    expect(roleAgreement(g, 'fine', [null, null], [])).toEqual({ chars: 3, agree: 0 });
  });

  it('counts a block type that names an Object property (constructor) as no type, without throwing', () => {
    const g = gold([[1, 'constructor', null], [1, 'Header', null]], [[0, 0, 10, 10, 3, 0, 0], [0, 50, 10, 10, 4, 1, 1]]);
    expect(goldType(g, at(g.items, 0), 'fine')).toBeNull();
    expect(roleAgreement(g, 'fine', [0, 0], ['header'])).toEqual({ chars: 4, agree: 4 });
  });

  it('rejects a file that is not segmentation gold, naming what is wrong', () => {
    expect(() => parseSegGold({ page: { width: 1 } }, 'bad.json')).toThrow(/bad\.json: not a segmentation gold file \(page\.height/);
  });
});
