import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { createSignals, scoreCandidates, signals } from '../../../src/strategies/signals.js';
import { find, h, page, prose } from './build.js';

describe('signals (flat candidate list)', () => {
  it('own text excludes nested candidates; coefficients follow the signals', () => {
    const s = page(
      h('div', { class: 'outer' }, 'Outer words here.', h('div', { class: 'inner' }, h('p', {}, prose(2)))),
      h('div', { class: 'links' }, h('a', { href: '/a' }, 'Alpha link'), ' ', h('a', { href: '/b' }, 'Beta link')),
    );
    const c = scoreCandidates(s);
    const outer = c.find((x) => x.node === find(s, 'div', 'outer'))!;
    const inner = c.find((x) => x.node === find(s, 'div', 'inner'))!;
    const links = c.find((x) => x.node === find(s, 'div', 'links'))!;
    expect(outer.chars).toBe('Outer words here.'.length);
    expect(inner.chars).toBe(prose(2).length);
    expect(inner.parent).toBe(outer.node);
    expect(inner.sentences).toBe(2);
    expect(links.coef.link).toBeCloseTo(0, 2);
    expect(inner.score).toBeGreaterThan(outer.score);
  });

  it('picks the article over a longer comment thread of repeated cards', () => {
    const s = page(
      h('div', { class: 'article' }, h('h1', {}, 'Title'), h('p', {}, prose(5, 0)), h('p', {}, prose(5, 1))),
      h('div', { id: 'comments' },
        ...Array.from({ length: 5 }, (_, i) => h('div', { class: i === 0 ? 'comment first' : 'comment', id: `comment-${i + 100}` },
          h('a', { href: `/u/${i}` }, `user${i}`), h('p', {}, prose(4, i + 3))))),
    );
    const c = scoreCandidates(s);
    const card = c.find((x) => x.node === find(s, 'div', 'comment'))!;
    expect(card.repeats).toBe(5);
    expect(card.coef.repeat).toBeCloseTo(1 / (1 + Math.log2(5)), 5);
    const r = signals.run(s);
    expect(r.pageType).toBe('article');
    expect(r.selection.roots).toEqual([find(s, 'div', 'article')]);
  });

  it('climbs to the parent of an article cut into sibling blocks, excluding nested link lists', () => {
    const s = page(
      h('div', { class: 'body' },
        h('div', {}, h('p', {}, prose(3, 0))),
        h('div', {}, h('p', {}, prose(3, 1))),
        h('div', { class: 'share' }, h('a', { href: '/fb' }, 'Share on Facebook'), h('a', { href: '/tw' }, 'Share on Twitter')),
        h('div', {}, h('p', {}, prose(3, 2)))),
      h('div', { class: 'aside' }, h('p', {}, 'Small print.')),
    );
    const r = signals.run(s);
    expect(r.selection.roots).toEqual([find(s, 'div', 'body')]);
    expect(r.selection.exclude).toEqual([find(s, 'div', 'share')]);
    const text = buildContent(s, r.selection).text;
    expect(text).toContain(prose(3, 2));
    expect(text).not.toContain('Facebook');
  });

  it('a page of link teasers with no dominant candidate is a listing', () => {
    const s = page(
      h('div', { class: 'grid' },
        ...Array.from({ length: 12 }, (_, i) => h('div', { class: 'card' }, h('a', { href: `/s/${i}` }, `Headline number ${i} about the council`), h('span', {}, '2 min')))),
    );
    const r = signals.run(s);
    expect(r.pageType).toBe('listing');
    expect(r.selection).toEqual({ roots: [], exclude: [] });
    expect(createSignals({ listingMinLinkBlocks: 50 }).run(s).pageType).toBe('article');
  });
});
