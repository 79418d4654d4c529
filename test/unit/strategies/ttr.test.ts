import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { createTtr, gaussianSmooth, ttr, ttrLines } from '../../../src/strategies/ttr.js';
import { h, page, prose } from './build.js';
import { at } from '../../../src/util/at.js';

describe('ttr (text-to-tag ratio)', () => {
  it('gaussian smoothing keeps constants and spreads a spike', () => {
    expect(gaussianSmooth([5, 5, 5, 5], 3, 1.5)).toEqual([5, 5, 5, 5].map(() => expect.closeTo(5, 10)));
    const s = gaussianSmooth([0, 0, 0, 10, 0, 0, 0], 3, 1.5);
    expect(s[3]).toBeLessThan(10);
    expect(s[3]).toBeGreaterThan(at(s, 2));
    expect(s[2]).toBeCloseTo(at(s, 4), 10);
    expect(s[0]).toBeGreaterThan(0);
  });

  const snap = page(
    h('div', { class: 'nav' }, ...Array.from({ length: 8 }, (_, i) => h('div', {}, h('span', {}, h('a', { href: `/${i}` }, `Item ${i}`))))),
    h('div', { class: 'text' }, ...Array.from({ length: 4 }, (_, i) => h('p', {}, prose(4, i)))),
    h('div', { class: 'foot' }, ...Array.from({ length: 8 }, (_, i) => h('div', {}, h('span', {}, h('a', { href: `/f${i}` }, `Link ${i}`))))),
  );

  it('lines are text blocks; tags are the elements opened since the previous line', () => {
    const { lines } = ttrLines(snap);
    expect(lines).toHaveLength(20);
    // first line: div.nav, div, span, a opened before "Item 0"
    expect(lines[0]).toMatchObject({ chars: 6, tags: 4, ttr: 1.5 });
    // later nav lines: div, span, a
    expect(at(lines, 1).tags).toBe(3);
    // first paragraph: div.text and p
    expect(at(lines, 8).tags).toBe(2);
    expect(at(lines, 8).ttr).toBe(prose(4, 0).length / 2);
  });

  it('keeps the high-ratio lines (the paragraphs); smoothing pulls the next line up with them', () => {
    const { lines } = ttrLines(snap);
    expect(lines.map((l) => l.content)).toEqual([...Array(8).fill(false), true, true, true, true, true, ...Array(7).fill(false)]);
    expect(at(lines, 12).ttr).toBeLessThan(at(lines, 12).smoothed);
    const text = buildContent(snap, ttr.run(snap).selection).text;
    expect(text).toContain(prose(4, 3));
    expect(text).not.toMatch(/Item|Link [1-7]/);
  });

  it('a higher coefficient cuts more', () => {
    const { lines: strict } = ttrLines(snap, { coef: 3 });
    expect(strict.filter((l) => l.content).length).toBe(0);
    expect(createTtr({ coef: 3 }).run(snap).selection.roots).toEqual([]);
  });
});
