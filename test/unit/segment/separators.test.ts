import { describe, expect, it } from 'vitest';
import type { PoolBlock } from '../../../src/segment/extract-blocks.js';
import type { Box } from '../../../src/segment/geometry.js';
import { PAPER_WEIGHTS, segment } from '../../../src/segment/index.js';
import { preparePage } from '../../../src/segment/prepare.js';
import {
  MIN_THICKNESS, deleteBorderSeparators, detectSeparators, distanceWeight, findBands, findSeparators, weighSeparators,
} from '../../../src/segment/separators.js';
import { el, page, para, text, words } from '../helpers/snapshot-builder.js';
import { twoColumns, twoParagraphs } from './pages.js';
import { mulberry32 } from '../../../src/util/random.js';
import { at } from '../../../src/util/at.js';

function block(box: Box, id: number): PoolBlock {
  return { ids: [id], group: false, box, doc: 10, rule: 'test' };
}

/** A paragraph, a heading and a paragraph, with their blocks and area. */
function headingBetweenParagraphs(): { pre: ReturnType<typeof preparePage>; blocks: PoolBlock[]; area: Box } {
  const snap = page(el('body', { rect: [0, 0, 800, 400] }, [
    para(words(20), [0, 0, 800, 40]),
    el('h2', { rect: [0, 80, 800, 30] }, [text('Heading', [0, 80, 300, 30])]),
    para(words(20, 1), [0, 130, 800, 40]),
  ]));
  const blocks = [block({ x0: 0, y0: 0, x1: 800, y1: 40 }, 1), block({ x0: 0, y0: 80, x1: 300, y1: 110 }, 3), block({ x0: 0, y0: 130, x1: 800, y1: 170 }, 5)];
  return { pre: preparePage(snap), blocks, area: { x0: 0, y0: 0, x1: 800, y1: 170 } };
}

/** The paper's three steps, literally, on half-open pixel ranges along y. */
function literalBands(blocks: PoolBlock[], area: Box): Array<[number, number]> {
  let seps: Array<[number, number]> = [[area.y0, area.y1]]; // step 1
  for (const b of blocks) { // step 2
    const lo = b.box.y0;
    const hi = Math.max(b.box.y1, b.box.y0 + 1);
    const next: Array<[number, number]> = [];
    for (const [s, e] of seps) {
      if (hi <= s || lo >= e) next.push([s, e]); // no overlap
      else if (lo > s && hi < e) next.push([s, lo], [hi, e]); // a. strictly inside: split
      else if (lo <= s && hi < e) next.push([hi, e]); // b. overlaps the start: trim
      else if (lo > s && hi >= e) next.push([s, lo]); // b. overlaps the end: trim
      // c. covers it: delete
    }
    seps = next;
  }
  return seps.filter(([s, e]) => s > area.y0 && e < area.y1); // step 3: delete border separators
}

describe('Phase 2: separator detection', () => {
  it('the sweep gives the same bands as the literal three-step procedure', () => {
    const rand = mulberry32(42);
    for (let trial = 0; trial < 200; trial++) {
      const blocks: PoolBlock[] = [];
      const n = 1 + Math.floor(rand() * 12);
      for (let i = 0; i < n; i++) {
        const y0 = Math.floor(rand() * 1000);
        const h = Math.floor(rand() * 120);
        blocks.push(block({ x0: 0, y0, x1: 100, y1: y0 + h }, i));
      }
      const area: Box = { x0: 0, y0: Math.min(...blocks.map((b) => b.box.y0)), x1: 100, y1: Math.max(...blocks.map((b) => Math.max(b.box.y1, b.box.y0 + 1))) };
      const expected = literalBands(blocks, area).filter(([s, e]) => e - s >= MIN_THICKNESS);
      const got = deleteBorderSeparators(findBands(blocks, 'horizontal'), area, 'horizontal')
        .filter((c) => !c.touching)
        .map((c) => [c.start, c.end]);
      expect(got).toEqual(expected);
    }
  });

  it('distance weights follow the [F] table, capped', () => {
    expect([0, 1, 8, 9, 15, 16, 25, 26, 35, 36, 46, 500].map(distanceWeight)).toEqual([0, 1, 1, 2, 2, 4, 4, 6, 6, 8, 10, 16]);
  });

  it('a two-column layout yields a vertical separator between the columns', () => {
    const tree = segment(twoColumns(), { params: { weights: PAPER_WEIGHTS } });
    const [sep] = tree.root.separators;
    expect(tree.root.separators).toHaveLength(1);
    expect(sep).toMatchObject({ orientation: 'vertical', rect: { x: 600, w: 40 } });
    expect(sep!.reasons).toEqual(['distance(40px)+8']);
    // Each column covers its element's own box (the aside starts at 640), not just its text.
    expect(tree.root.children.map((c) => c.rect.x)).toEqual([0, 640]);
  });

  it('an <hr> in the gap adds 2, and a border line counts like an hr', () => {
    const paper = { params: { weights: PAPER_WEIGHTS } };
    const none = at(segment(twoParagraphs('none'), paper).root.separators, 0);
    const hr = at(segment(twoParagraphs('hr'), paper).root.separators, 0);
    const border = at(segment(twoParagraphs('border'), paper).root.separators, 0);
    expect(hr.weight).toBe(none.weight + 2);
    expect(hr.reasons).toContain('hr+2');
    expect(border.weight).toBe(none.weight + 2);
    expect(border.reasons).toContain('border+2');
    expect(none.reasons).toEqual(['distance(40px)+8', 'text-both-sides-2']);
  });

  it('font rules: a heading below a paragraph weighs more than a paragraph below a heading', () => {
    const { pre, blocks, area } = headingBetweenParagraphs();
    const seps = detectSeparators(pre, blocks, area, 'horizontal', PAPER_WEIGHTS);
    expect(seps.map((s) => s.reasons)).toEqual([
      ['distance(40px)+8', 'font-size+2', 'heading-below+2', 'text-both-sides-2'],
      ['distance(20px)+4', 'font-size+2', 'text-both-sides-2'],
    ]);
    expect(at(seps, 0).weight).toBeGreaterThan(at(seps, 1).weight);
  });

  it('font weight only counts when sizes agree', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 200] }, [
      el('p', { rect: [0, 0, 800, 20], style: { fontWeight: 700 } }, [text('Bold lead', [0, 0, 200, 20])]),
      para(words(20), [0, 40, 800, 40]),
    ]));
    const pre = preparePage(snap);
    const seps = detectSeparators(pre, [block({ x0: 0, y0: 0, x1: 800, y1: 20 }, 1), block({ x0: 0, y0: 40, x1: 800, y1: 80 }, 3)], { x0: 0, y0: 0, x1: 800, y1: 80 }, 'horizontal', PAPER_WEIGHTS);
    expect(at(seps, 0).reasons).toEqual(['distance(20px)+4', 'font-weight+2', 'text-both-sides-2']);
  });

  it('different backgrounds on the two sides add 2; touching sections need such a cue', () => {
    const mk = (bg2: string) => page(el('body', { rect: [0, 0, 800, 400] }, [
      el('section', { rect: [0, 0, 800, 200] }, [para(words(20), [20, 20, 760, 160])]),
      el('section', { rect: [0, 200, 800, 200], style: { backgroundColor: bg2 } }, [para(words(20, 1), [20, 220, 760, 160])]),
    ]));
    for (const [bg, expected] of [['rgb(20, 20, 20)', [['touching', 'background+2']]], ['rgba(0, 0, 0, 0)', []]] as const) {
      const snap = mk(bg);
      const pre = preparePage(snap);
      const blocks = [block({ x0: 0, y0: 0, x1: 800, y1: 200 }, 1), block({ x0: 0, y0: 200, x1: 800, y1: 400 }, 4)];
      const seps = detectSeparators(pre, blocks, { x0: 0, y0: 0, x1: 800, y1: 400 }, 'horizontal', PAPER_WEIGHTS);
      expect(seps.map((s) => s.reasons)).toEqual(expected);
    }
  });

  it('text on both sides lowers the weight only between text blocks', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 400] }, [
      para(words(20), [0, 0, 800, 40]),
      el('img', { rect: [0, 80, 800, 200], style: { display: 'block' } }),
    ]));
    const pre = preparePage(snap);
    const seps = detectSeparators(pre, [block({ x0: 0, y0: 0, x1: 800, y1: 40 }, 1), block({ x0: 0, y0: 80, x1: 800, y1: 280 }, 3)], { x0: 0, y0: 0, x1: 800, y1: 280 }, 'horizontal', PAPER_WEIGHTS);
    expect(at(seps, 0).reasons).toEqual(['distance(40px)+8']);
  });

  it('vertical separators use distance, lines and background only', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 100] }, [
      el('p', { rect: [0, 0, 380, 100] }, [text(words(10), [0, 0, 380, 100])]),
      el('h1', { rect: [420, 0, 380, 100] }, [text('Big', [420, 0, 380, 100])]),
    ]));
    const pre = preparePage(snap);
    const seps = detectSeparators(pre, [block({ x0: 0, y0: 0, x1: 380, y1: 100 }, 1), block({ x0: 420, y0: 0, x1: 800, y1: 100 }, 3)], { x0: 0, y0: 0, x1: 800, y1: 100 }, 'vertical', PAPER_WEIGHTS);
    expect(seps).toHaveLength(1);
    expect(at(seps, 0).reasons).toEqual(['distance(40px)+8']);
    expect(at(seps, 0).rect).toEqual({ x: 380, y: 0, w: 40, h: 100 });
  });

  it('gaps thinner than the minimum are not separators; separators at the border are deleted', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 100] }, [para('a', [0, 0, 800, 40]), para('b', [0, 41, 800, 40])]));
    const pre = preparePage(snap);
    const blocks = [block({ x0: 0, y0: 0, x1: 800, y1: 40 }, 1), block({ x0: 0, y0: 41, x1: 800, y1: 81 }, 3)];
    expect(detectSeparators(pre, blocks, { x0: 0, y0: 0, x1: 800, y1: 81 }, 'horizontal', PAPER_WEIGHTS)).toEqual([]);
    // An area larger than its blocks: the margins would be border separators, and are dropped.
    const spaced = [block({ x0: 0, y0: 10, x1: 800, y1: 40 }, 1), block({ x0: 0, y0: 60, x1: 800, y1: 80 }, 3)];
    expect(detectSeparators(pre, spaced, { x0: 0, y0: 0, x1: 800, y1: 100 }, 'horizontal', PAPER_WEIGHTS).map((s) => s.rect.y)).toEqual([40]);
  });

  it('found once, weighed under any weights: the weight is the base plus each term times its amount', () => {
    const { pre, blocks, area } = headingBetweenParagraphs();
    const found = findSeparators(pre, blocks, area, 'horizontal');
    expect(at(found, 0).terms.map((t) => [t.key, t.coef])).toEqual([['distance', 8], ['fontSize', 1], ['headingBelow', 1], ['textBothSides', 1], ['span', 1]]);
    const other = { ...PAPER_WEIGHTS, base: 1, distance: 0.5, fontSize: 3, headingBelow: 0, span: 2 };
    const weighed = weighSeparators(found, other);
    expect(weighed).toEqual(detectSeparators(pre, blocks, area, 'horizontal', other));
    expect(at(weighed, 0).weight).toBe(1 + 8 * 0.5 + 3 + 0 - 2 + 2);
    // A rule whose amount is 0 still shows among the reasons, except the span rule.
    expect(at(weighed, 0).reasons).toEqual(['distance(40px)+4', 'font-size+3', 'heading-below+0', 'text-both-sides-2', 'span(100%)+2']);
    expect(at(weighSeparators(found, PAPER_WEIGHTS), 0).reasons).toEqual(['distance(40px)+8', 'font-size+2', 'heading-below+2', 'text-both-sides-2']);
  });
});
