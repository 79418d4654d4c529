/**
 * The DOM shape of a block that the role model sees (block-shape.ts): runs of like items, where
 * the links lead, dates and separators, on hand-built pages with known answers.
 */
import { describe, expect, it } from 'vitest';
import { BlockShapes, SHAPE_FEATURES } from '../../../src/classify/block-shape.js';
import { TextTally } from '../../../src/classify/blocks.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { find, h, page } from '../strategies/build.js';
import { withLinks } from '../helpers/snapshot-builder.js';
import { at } from '../../../src/util/at.js';

function shape(snap: PageSnapshot, roots: number[]): Record<string, number> {
  const row = new BlockShapes(snap).row(roots);
  expect(row).toHaveLength(SHAPE_FEATURES.length);
  return Object.fromEntries(SHAPE_FEATURES.map((n, i) => [n, at(row, i)]));
}

describe('block shape', () => {
  const snap = withLinks(page(
    h('ul', { class: 'menu' }, ...['Home', 'About', 'Shop', 'Contact'].map((w) => h('li', {}, h('a', { href: `/${w.toLowerCase()}/` }, w)))),
    h('div', { class: 'news' },
      h('div', { class: 'item' }, h('a', { href: '/news/2013/05/01/bridge-vote' }, 'Bridge vote'), ' 01.05.2013 The council voted on the new bridge over the river.'),
      h('div', { class: 'item' }, h('a', { href: '/news/2013/04/28/market' }, 'Market opens'), ' 28.04.2013 The winter market opens in the old harbour today.'),
      h('p', {}, 'More news'),
    ),
    h('p', { class: 'links' }, h('a', { href: 'https://other.test/x?id=1' }, 'Partner'), ' | ', h('a', { href: '#top' }, 'Top')),
  ));

  it('finds a menu as a run of like items, each all link, to short section paths on the site', () => {
    const s = shape(snap, [find(snap, 'ul', 'menu')]);
    expect(s.repItems).toBe(4);
    expect([s.repShare, s.repLinked, s.repLinkShare, s.repTeaser]).toEqual([1, 1, 1, 0]);
    expect([s.linkDepth, s.linkDigits, s.linkExternal, s.linkQuery]).toEqual([1, 0, 0, 0]);
  });

  it('finds a teaser list: items with a headline link and a summary, to dated article paths, with dates', () => {
    const news = find(snap, 'div', 'news');
    const s = shape(snap, [news]);
    expect(s.repItems).toBe(2);
    expect(s.repShare).toBeGreaterThan(0.8);
    expect(s.repShare).toBeLessThan(1);
    expect([s.repLinked, s.repTeaser]).toEqual([1, 1]);
    expect(s.repLinkShare).toBeLessThan(0.5);
    expect([s.linkDepth, s.linkDigits, s.dates]).toEqual([5, 1, 2]);
    // the same items as the block's own roots (a block made of the items themselves)
    const items = at(snap.nodes, news).children.slice(0, 2);
    expect(shape(snap, items).repItems).toBe(2);
  });

  it('tells links off the site and to the page itself, and counts separators', () => {
    const s = shape(snap, [find(snap, 'p', 'links')]);
    // a row of links is a run of like items too
    expect([s.repItems, s.repLinked, s.repLinkShare]).toEqual([2, 1, 1]);
    expect([s.linkExternal, s.linkSamePage, s.linkQuery]).toEqual([0.5, 0.5, 0.5]);
    expect(s.separators).toBeCloseTo((1 / 'Partner|Top'.length) * 100);
  });

  it('has no link values for a block without links, and no values at all without nodes', () => {
    const text = withLinks(page(h('p', {}, 'Plain text without links.')));
    const s = shape(text, [find(text, 'p')]);
    expect([s.linkDepth, s.linkExternal, s.repItems]).toEqual([-1, -1, 0]);
    expect(Object.values(shape(text, []))).toEqual([0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1, -1, 0, 0, 0, -1, -1, -1, -1, -1]);
  });

  it('tells links whose address or text the page repeats elsewhere from those it repeats inside the block', () => {
    const rep = page(
      h('ul', { class: 'top' }, h('li', {}, h('a', { href: '/' }, 'Home')), h('li', {}, h('a', { href: '/about/' }, 'About'))),
      h('div', { class: 'teasers' },
        h('div', {}, h('a', { href: '/news/1' }, 'Bridge vote'), h('a', { href: '/news/1' }, 'Read more')),
        h('div', {}, h('a', { href: '/news/2' }, 'Market opens'), h('a', { href: '/news/2' }, 'Read more')),
      ),
      h('p', { class: 'foot' }, h('a', { href: '/about/' }, 'About us'), h('a', { href: '/contact/' }, 'Contact')),
    );
    // the browser stage lists each link with its text
    const textOf = (id: number): string => at(rep.nodes, id).children.map((c) => at(rep.nodes, c).text ?? '').join('');
    const snapR = { ...rep, links: rep.nodes.filter((n) => n.tag === 'a').map((n) => ({ node: n.id, href: new URL(n.attrs!.href!, rep.url).href, text: textOf(n.id) })) };
    const menu = shape(snapR, [find(snapR, 'ul', 'top')]);
    // one of its two addresses comes again in the footer, none of its texts; one leads to the site's root
    expect([menu.linkRecurOut, menu.linkRecurIn, menu.linkTextOut, menu.linkTextIn, menu.linkHome]).toEqual([0.5, 0, 0, 0, 0.5]);
    const teasers = shape(snapR, [find(snapR, 'div', 'teasers')]);
    // each article twice (headline and "Read more"), nowhere else
    expect([teasers.linkRecurOut, teasers.linkRecurIn, teasers.linkTextOut, teasers.linkTextIn, teasers.linkHome]).toEqual([0, 1, 0, 0.5, 0]);
  });

  it('gives the same rows from the text tally classify shares as from its own', () => {
    const shared = new BlockShapes(snap, new TextTally(snap.nodes));
    const own = new BlockShapes(snap);
    for (const [tag, cls] of [['ul', 'menu'], ['div', 'news'], ['p', 'links']] as const) {
      expect(shared.row([find(snap, tag, cls)])).toEqual(own.row([find(snap, tag, cls)]));
    }
  });

  it('reads a hostile href as no link rather than failing', () => {
    const bad = page(h('a', { href: 'x' }, 'odd'));
    const s = shape({ ...bad, links: [{ node: find(bad, 'a'), href: 'http://[::1', text: 'odd' }] }, [find(bad, 'a')]);
    expect(s.linkDepth).toBe(-1);
  });

  it('groups a long list of items as a short one, and an empty class as no class', () => {
    // more children than the pairwise grouping takes: a map groups them
    const long = withLinks(page(h('ul', {}, ...Array.from({ length: 30 }, (_, i) => h('li', i % 2 ? { class: '' } : {}, h('a', { href: `/p/${i}` }, `Item ${i}`))))));
    const s = shape(long, [find(long, 'ul')]);
    expect([s.repItems, s.repLinked, s.repLinkShare]).toEqual([30, 1, 1]);
    const short = withLinks(page(h('ul', {}, ...Array.from({ length: 4 }, (_, i) => h('li', i % 2 ? { class: '' } : {}, h('a', { href: `/p/${i}` }, `Item ${i}`))))));
    expect(shape(short, [find(short, 'ul')]).repItems).toBe(4);
  });

  it('finds the largest run anywhere below the block, by items times characters', () => {
    const nested = withLinks(page(h('div', { class: 'block' },
      h('div', { class: 'menu' }, ...['A', 'B', 'C'].map((w) => h('span', { class: 'm' }, w))),
      h('div', { class: 'list' }, ...[1, 2, 3].map((i) => h('p', { class: 'row' }, `Row ${i} with a longer line of text`))),
    )));
    const s = shape(nested, [find(nested, 'div', 'block')]);
    expect(s.repItems).toBe(3);
    expect(s.repItemChars).toBeCloseTo(Math.log1p('Row1withalongerlineoftext'.length));
  });

  it('adds up nothing across a parent listed after its child, and does not fail', () => {
    const snap = page(h('div', {}, h('p', {}, 'One two three.')));
    const nodes = snap.nodes.map((x) => ({ ...x }));
    // the text node claims a parent that comes after it: a snapshot viseg did not record
    const text = nodes.findIndex((x) => x.kind === 'text');
    nodes[text] = { ...at(nodes, text), parent: nodes.length - 1 };
    const s = shape({ ...snap, nodes }, [find(snap, 'div')]);
    expect(s.digitShare).toBe(0);
    expect(s.repItems).toBe(0);
  });
});
