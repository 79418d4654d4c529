import { describe, expect, it } from 'vitest';
import {
  extractBlocks, rootBlock, rulePreviousSibling, sizeDoc, sizeThreshold, type RuleInput,
} from '../../../src/segment/extract-blocks.js';
import { preparePage } from '../../../src/segment/prepare.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { el, page, para, text, words } from '../helpers/snapshot-builder.js';
import { at } from '../../../src/util/at.js';

function pool(snap: PageSnapshot, pullOverlays = false) {
  const pre = preparePage(snap);
  return extractBlocks(pre, [rootBlock(pre)], { subPage: pre.pageBox, round: 1, pullOverlays });
}

/** Node id of the first node whose text starts with `s`. */
function textId(snap: PageSnapshot, s: string): number {
  return snap.nodes.findIndex((n) => n.kind === 'text' && (n.text ?? '').startsWith(s));
}

describe('Phase 1: visual block extraction', () => {
  it('groups each run of inline/text siblings of a divided node into one block', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 300] }, [
      text('Loose ', [0, 0, 50, 20]),
      el('a', { rect: [50, 0, 50, 20], attrs: { href: '/x' } }, [text('link', [50, 0, 50, 20])]),
      el('div', { rect: [0, 40, 800, 100] }, [para(words(10), [0, 40, 800, 40]), para(words(10, 1), [0, 100, 800, 40])]),
      text('tail ', [0, 160, 40, 20]),
      el('span', { rect: [40, 160, 60, 20] }, [text('span text', [40, 160, 60, 20])]),
    ]));
    const { blocks } = pool(snap);
    const groups = blocks.filter((b) => b.group);
    expect(groups.map((g) => g.ids)).toEqual([[1, 2], [9, 10]]);
    expect(groups.every((g) => g.rule === 'inline-run')).toBe(true);
    // The div in between is divided (R12): its paragraphs are blocks of their own (R4).
    expect(blocks.filter((b) => !b.group).map((b) => [b.ids[0], b.rule])).toEqual([[5, 'R4'], [7, 'R4']]);
  });

  it('lifts the children of display:contents elements', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 400] }, [
      el('div', { style: { display: 'contents' }, rect: [0, 0, 0, 0] }, [
        el('section', { rect: [0, 0, 800, 150] }, [el('div', { rect: [0, 0, 800, 150] }, [para(words(20), [0, 0, 800, 150])])]),
        el('section', { rect: [0, 200, 800, 150] }, [el('div', { rect: [0, 200, 800, 150] }, [para(words(20, 2), [0, 200, 800, 150])])]),
      ]),
    ]));
    const { blocks } = pool(snap);
    const owned = blocks.flatMap((b) => b.ids);
    expect(owned).not.toContain(1); // the contents element itself
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it('cuts invisible subtrees but keeps invisible wrappers around visible content', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 400] }, [
      el('div', { rect: [0, 0, 800, 100], visible: false }, [text('hidden', [0, 0, 100, 20], { visible: false })]),
      el('div', { rect: [0, 120, 800, 0] }, [
        el('div', { rect: [0, 120, 390, 100], style: { float: 'left' } }, [para(words(12), [0, 120, 390, 100])]),
        el('div', { rect: [410, 120, 390, 100], style: { float: 'left' } }, [para(words(12, 1), [410, 120, 390, 100])]),
      ]),
    ]));
    const { blocks } = pool(snap);
    const owned = new Set(blocks.flatMap((b) => b.ids));
    expect(owned.has(1)).toBe(false);
    // Both floated paragraphs are covered by some block (directly or through the zero-height wrapper).
    const pre = preparePage(snap);
    const covers = (id: number): boolean => {
      for (let n = id; n >= 0; n = at(pre.parent, n)) if (owned.has(n)) return true;
      return false;
    };
    expect(covers(textId(snap, 'alpha'))).toBe(true);
    expect(blocks.every((b) => b.box.y1 - b.box.y0 > 0)).toBe(true);
  });

  it('keeps a lone image as a media block with DoC 8', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 600] }, [
      el('div', { rect: [0, 0, 800, 300] }, [el('img', { rect: [0, 0, 800, 300], style: { display: 'block' } })]),
      el('div', { rect: [0, 320, 800, 280] }, [para(words(40), [0, 320, 800, 280])]),
    ]));
    const { blocks } = pool(snap);
    const img = blocks.find((b) => b.ids[0] === 2);
    expect(img).toMatchObject({ rule: 'media', doc: 8 });
  });

  it('R4: DoC 10 for one font, 9 for mixed fonts', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 200] }, [
      el('p', { rect: [0, 0, 800, 40] }, [text('plain text only', [0, 0, 800, 40])]),
      el('p', { rect: [0, 100, 800, 40] }, [
        text('some ', [0, 100, 40, 20]),
        el('b', { rect: [40, 100, 40, 20] }, [text('bold', [40, 100, 40, 20])]),
        text(' text', [80, 100, 40, 20]),
      ]),
    ]));
    const { blocks } = pool(snap);
    expect(blocks.map((b) => [b.ids[0], b.rule, b.doc])).toEqual([[1, 'R4', 10], [3, 'R4', 9]]);
  });

  it('takes large fixed overlays out of the flow', () => {
    const snap = page(el('body', { rect: [0, 0, 1000, 2000] }, [
      el('main', { rect: [0, 0, 1000, 2000] }, [para(words(30), [0, 0, 1000, 100]), para(words(30, 1), [0, 200, 1000, 100])]),
      el('div', { rect: [0, 300, 1000, 400], style: { position: 'fixed', zIndex: 10 } }, [para('cookies', [10, 310, 200, 20])]),
      el('div', { rect: [0, 0, 1000, 50], style: { position: 'fixed' } }, [para('small fixed bar', [10, 10, 200, 20])]),
    ]), { viewport: { width: 1000, height: 700 } });
    const { blocks, overlays } = pool(snap, true);
    expect(overlays.map((o) => o.ids)).toEqual([[6]]);
    expect(blocks.flatMap((b) => b.ids)).not.toContain(6);
    // The small fixed bar is not an overlay: it stays in the flow.
    expect(blocks.some((b) => b.ids.includes(9) || b.ids.includes(10))).toBe(true);
  });

  it('R11 copies the previous sibling decision', () => {
    const pre = preparePage(page(el('body', { rect: [0, 0, 100, 100] }, [text('x', [0, 0, 10, 10])])));
    const base: RuleInput = { pre, id: 0, children: [1], soleRoot: false, subArea: 10000, threshold: 0.1, prev: null };
    expect(rulePreviousSibling(base)).toBeNull();
    expect(rulePreviousSibling({ ...base, prev: 'divided' })).toMatchObject({ action: 'divide', rule: 'R11' });
    expect(rulePreviousSibling({ ...base, prev: 'block' })).toMatchObject({ action: 'block', rule: 'R11' });
  });

  it('R11 in a table row: a cell copies its left neighbour\'s decision', () => {
    const cell = (x: number, y: number): ReturnType<typeof el> => el('td', { rect: [x, y, 500, 400] }, [
      el('div', { rect: [x, y, 500, 190] }, [para(words(30), [x, y, 500, 190])]),
      el('div', { rect: [x, y + 210, 500, 190] }, [para(words(30, 1), [x, y + 210, 500, 190])]),
    ]);
    const snap = page(el('body', { rect: [0, 0, 1000, 800] }, [
      el('table', { rect: [0, 0, 1000, 800] }, [el('tbody', { rect: [0, 0, 1000, 800] }, [
        el('tr', { rect: [0, 0, 1000, 400] }, [cell(0, 0), cell(500, 0)]),
        el('tr', { rect: [0, 400, 1000, 400], style: { backgroundColor: 'rgb(200, 200, 200)' } }, [cell(0, 400), cell(500, 400)]),
      ])]),
    ]));
    const pre = preparePage(snap);
    // Round 1 keeps each row whole (R13: its cells are large).
    const first = extractBlocks(pre, [rootBlock(pre)], { subPage: pre.pageBox, round: 1, pullOverlays: false });
    expect(first.blocks.map((b) => [at(pre.nodes, at(b.ids, 0)).tag, b.rule])).toEqual([['tr', 'R13'], ['tr', 'R13']]);
    // Re-segmenting a row from its own root (R3): the first cell is kept by R13, the second copies it (R11).
    const row = at(first.blocks, 0);
    const { blocks } = extractBlocks(pre, [row], { subPage: row.box, round: 2, pullOverlays: false });
    expect(blocks.map((b) => [at(pre.nodes, at(b.ids, 0)).tag, b.rule])).toEqual([['td', 'R13'], ['td', 'R11']]);
  });

  it('size DoC follows the [S] formula relative to the sub-page', () => {
    const snap = page(el('body', { rect: [0, 0, 1000, 1000] }, [
      el('div', { rect: [0, 0, 1000, 500] }, [para('a', [0, 0, 300, 20]), para('b', [0, 40, 300, 20])]),
    ]));
    const pre = preparePage(snap);
    // area ratio 0.5 → 5; all children small → +2; line-break children → −1.
    expect(sizeDoc(pre, 1, [2, 4], 1_000_000)).toBe(6);
    expect(sizeThreshold(1)).toBeCloseTo(0.1);
    expect(sizeThreshold(2)).toBeLessThan(sizeThreshold(1));
    expect(sizeThreshold(50)).toBeGreaterThan(0);
  });
});
