import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, resolveSegmentOptions, segment } from '../../../src/segment/index.js';
import { collapsedLength, colorKey } from '../../../src/segment/prepare.js';
import { countWords } from '../../../src/util/text.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { type NodeDesc, el, page, para, text, words } from '../helpers/snapshot-builder.js';
import { allBlocks, checkInvariants, leafOwnership, leaves } from './invariants.js';
import { awkward, headerBodyFooter, twoColumns, twoParagraphs } from './pages.js';
import { outOfRange } from '../../../src/util/at.js';

const PAGES: Record<string, () => PageSnapshot> = {
  headerBodyFooter, twoColumns, awkward, hr: () => twoParagraphs('hr'), border: () => twoParagraphs('border'),
};

/** About `sections × (3 + 6·9)` nodes: a news-like page with nav, sections of teasers, a sidebar, a footer. */
function bigPage(sections: number): PageSnapshot {
  const kids: NodeDesc[] = [];
  const nav: NodeDesc[] = [];
  for (let i = 0; i < 10; i++) nav.push(el('a', { rect: [20 + 90 * i, 20, 80, 20], attrs: { href: `/s${i}` } }, [text(`Section ${i}`, [20 + 90 * i, 20, 80, 20])]));
  kids.push(el('header', { rect: [0, 0, 1366, 60], style: { backgroundColor: 'rgb(0, 0, 80)' } }, [el('nav', { rect: [0, 0, 1000, 60] }, nav)]));
  let y = 100;
  for (let s = 0; s < sections; s++) {
    const teasers: NodeDesc[] = [];
    const top = y;
    teasers.push(el('h2', { rect: [40, y, 800, 30] }, [text(`Section heading ${s}`, [40, y, 400, 30])]));
    y += 50;
    for (let t = 0; t < 6; t++) {
      teasers.push(el('article', { rect: [40, y, 900, 110] }, [
        el('img', { rect: [40, y, 160, 100] }),
        el('h3', { rect: [220, y, 700, 24] }, [el('a', { rect: [220, y, 500, 24], attrs: { href: `/a${s}-${t}` } }, [text(`Headline ${s}.${t} ${words(6, t)}`, [220, y, 500, 24])])]),
        el('p', { rect: [220, y + 30, 700, 60] }, [text(words(35, s + t), [220, y + 30, 700, 60]), el('span', { rect: [220, y + 70, 120, 20] }, [text('5 min read', [220, y + 70, 120, 20])])]),
      ]));
      y += 130;
    }
    kids.push(el('section', { rect: [0, top, 1000, y - top] }, teasers));
    y += 40;
  }
  const side: NodeDesc[] = [];
  for (let i = 0; i < 20; i++) side.push(el('li', { rect: [1060, 120 + 30 * i, 280, 24] }, [el('a', { rect: [1060, 120 + 30 * i, 280, 24], attrs: { href: `/p${i}` } }, [text(`Popular ${i}`, [1060, 120 + 30 * i, 280, 24])])]));
  kids.push(el('aside', { rect: [1040, 100, 300, 640] }, [el('ul', { rect: [1040, 100, 300, 640] }, side)]));
  kids.push(el('footer', { rect: [0, y, 1366, 200], style: { backgroundColor: 'rgb(20, 20, 20)' } }, [para('© Example News', [40, y + 40, 300, 20])]));
  return page(el('body', { rect: [0, 0, 1366, y + 200] }, kids));
}

describe('segment(): invariants', () => {
  it.each(Object.keys(PAGES))('%s: child inside parent, DoC never decreases, every visible text in exactly one leaf', (name) => {
    const snap = (PAGES[name] ?? outOfRange(name))();
    for (const pdoc of [1, 5, 8, 11]) {
      expect(checkInvariants(snap, segment(snap, { pdoc }))).toEqual([]);
    }
  });

  it('is deterministic: same snapshot (or a JSON copy of it) gives a deep-equal tree', () => {
    for (const make of Object.values(PAGES)) {
      const snap = make();
      const a = segment(snap);
      const b = segment(snap);
      const c = segment(JSON.parse(JSON.stringify(snap)) as PageSnapshot);
      expect(b).toEqual(a);
      expect(JSON.stringify(c)).toBe(JSON.stringify(a));
    }
  });

  it('does not modify the snapshot', () => {
    const snap = awkward();
    const before = JSON.stringify(snap);
    segment(snap);
    expect(JSON.stringify(snap)).toBe(before);
  });

  it('hidden text is owned by no leaf and not counted', () => {
    const snap = awkward();
    const tree = segment(snap, { pdoc: 8 });
    const owned = leafOwnership(snap, tree);
    const hiddenDiv = snap.nodes.findIndex((n) => n.kind === 'element' && n.style?.visibility === 'hidden');
    const hiddenText = snap.nodes.findIndex((n) => n.text === 'Hidden words here');
    expect(hiddenDiv).toBeGreaterThan(0);
    expect(owned[hiddenDiv]).toBe(0);
    expect(owned[hiddenText]).toBe(0);
    const all = JSON.stringify(allBlocks(tree.root).map((b) => b.nodes));
    expect(all).not.toMatch(new RegExp(`\\b${hiddenText}\\b`));
    // The invisible span inside a visible paragraph is owned through the paragraph but not counted.
    const p = allBlocks(tree.root).find((b) => b.children.length === 0 && b.nodes.some((n) => (snap.nodes[n] ?? outOfRange(n)).tag === 'p' && (snap.nodes[n] ?? outOfRange(n)).rect.y === 380))!;
    expect(p.stats).toMatchObject({ chars: 'Visible text'.length, textNodes: 1 });
  });

  it('stats: chars, link chars, words (CJK per character)', () => {
    const tree = segment(awkward());
    const texts = allBlocks(tree.root).filter((b) => b.children.length === 0);
    const li = texts.find((b) => b.stats.chars > 0 && b.rect.y === 800)!;
    // "First item" + "Second item" are links; the CJK item is 10 characters, 10 words.
    expect(li.stats).toEqual({ chars: 10 + 11 + 10, linkChars: 21, words: 2 + 2 + 10, textNodes: 3 });
    expect(countWords('abc 日本 def')).toBe(4);
    expect(countWords('hello-world — 3.5 ')).toBe(2);
    expect(countWords('한국어 문장')).toBe(2);
    expect(collapsedLength('  a \n\t b  ')).toBe(3);
    expect(colorKey('rgba(0, 0, 0, 0)')).toBe(colorKey('rgb(255, 255, 255)'));
    expect(colorKey('#fff')).toBe(colorKey('rgb(255, 255, 255)'));
    expect(colorKey('rgb(1, 2, 3)')).not.toBe(colorKey('rgb(1, 2, 4)'));
  });

  it('ids are hierarchical and an inner block owns the union of its children', () => {
    const tree = segment(headerBodyFooter(), { pdoc: 8 });
    expect(tree.root.id).toBe('1');
    expect(tree.root.children.map((c) => c.id)).toEqual(['1-1', '1-2', '1-3']);
    expect(((tree.root.children[1] ?? outOfRange(1)).children[11] ?? outOfRange(11)).id).toBe('1-2-12');
    expect(tree.separators.length).toBe(allBlocks(tree.root).reduce((n, b) => n + b.separators.length, 0));
    expect(tree.pdoc).toBe(8);
    expect(tree.rounds).toBe(2);
    expect(leaves(tree.root).map((l) => l.rule)).toEqual(['R10', ...Array<string>(12).fill('R4'), 'R10']);
  });

  it('handles an empty page', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 600] }, [el('div', { rect: [0, 0, 100, 100] })]));
    const tree = segment(snap);
    expect(tree.root).toMatchObject({ id: '1', children: [], nodes: [], stats: { chars: 0, linkChars: 0, words: 0, textNodes: 0 } });
    expect(tree.root.rect).toEqual({ x: 0, y: 0, w: 800, h: 600 });
  });

  it('validates options', () => {
    expect(() => resolveSegmentOptions({ pdoc: Number.NaN })).toThrow(RangeError);
    expect(() => resolveSegmentOptions({ maxRounds: 0 })).toThrow(RangeError);
    expect(resolveSegmentOptions()).toEqual({ pdoc: undefined, maxRounds: 10, params: DEFAULT_PARAMS });
    expect(resolveSegmentOptions({ pdoc: 8, params: { fine: { pdoc: 3 } } })).toMatchObject({ pdoc: 8, params: { fine: { pdoc: 3, minArea: DEFAULT_PARAMS.fine.minArea } } });
  });

  it('performance sanity (printed, not asserted)', () => {
    const snap = bigPage(85);
    const c0 = process.cpuUsage();
    const tree = segment(snap);
    const cold = process.cpuUsage(c0);
    const runs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const c = process.cpuUsage();
      segment(snap);
      const d = process.cpuUsage(c);
      runs.push((d.user + d.system) / 1000);
    }
    runs.sort((a, b) => a - b);
    expect(checkInvariants(snap, tree)).toEqual([]);
    console.log(`synthetic page: ${snap.nodes.length} nodes, ${leaves(tree.root).length} leaves; CPU time first call ` +
      `${((cold.user + cold.system) / 1000).toFixed(1)} ms, median of 10 warm calls ${(runs[5] ?? outOfRange(5)).toFixed(1)} ms`);
  });
});
