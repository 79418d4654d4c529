import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { attrWords, createDeclutter, declutter, declutterPass } from '../../../src/strategies/declutter.js';
import { find, h, page, prose } from './build.js';

describe('declutter (prune / shake)', () => {
  it('splits class and id into words', () => {
    expect(attrWords({ id: 1, parent: 0, kind: 'element', tag: 'div', rect: { x: 0, y: 0, w: 0, h: 0 }, children: [], visible: true, attrs: { class: 'postBody share-bar', id: 'ad_slot2' } }))
      .toEqual(['post', 'body', 'share', 'bar', 'ad', 'slot2']);
  });

  const snap = page(
    h('div', { class: 'main' },
      h('div', { class: 'byline' }, 'By ', h('a', { href: '/jane' }, 'Jane Doe')),
      h('div', { class: 'text' }, h('p', {}, prose(3, 0)), h('p', {}, prose(3, 1))),
      h('div', { class: 'share-tools' }, h('a', { href: '/fb' }, 'Facebook')),
      h('div', { class: 'more' }, h('ul', {}, ...Array.from({ length: 4 }, (_, i) => h('li', {}, h('a', { href: `/s${i}` }, `Another story ${i}`)))))),
    h('div', { class: 'sidebar' }, h('p', {}, prose(2, 5))),
    h('nav', {}, h('a', { href: '/' }, 'Home')),
  );

  it('prunes poison words and nav tags, shakes link lists, blesses the byline', () => {
    const t = declutterPass(snap);
    expect(t.pruned).toEqual([find(snap, 'div', 'share-tools'), find(snap, 'div', 'sidebar'), find(snap, 'nav')]);
    expect(t.shaken).toEqual([find(snap, 'div', 'more')]);
    expect(t.blessed).toEqual([find(snap, 'div', 'byline')]);
    // the byline scores below zero (1 word − 2·2 link words − 2 tags) but is blessed
    expect(t.score[find(snap, 'div', 'byline')]).toBe(1 - 4 - 2);
    const r = declutter.run(snap);
    const text = buildContent(snap, r.selection).text;
    expect(text).toContain('By Jane Doe');
    expect(text).toContain(prose(3, 1));
    expect(text).not.toMatch(/Facebook|Another story|Home/);
    expect(text).not.toContain(prose(2, 5));
  });

  it('without blessed words the byline is shaken off', () => {
    const t = declutterPass(snap, { blessedWords: [] });
    expect(t.shaken).toContain(find(snap, 'div', 'byline'));
  });

  it('keep propagates up: an ancestor of a kept block survives a negative score', () => {
    const s = page(h('div', { class: 'wrap' },
      h('div', {}, ...Array.from({ length: 8 }, (_, i) => h('a', { href: `/${i}` }, `link ${i}`))),
      h('div', { class: 'ok' }, 'Three plain words')));
    const t = declutterPass(s);
    expect(t.score[find(s, 'div', 'wrap')]).toBeLessThan(0);
    expect(t.shaken).toEqual([find(s, 'div', 'wrap') + 1]);
  });

  it('a wrapper holding most of the page is not pruned for its class', () => {
    const s = page(h('div', { class: 'page has-sidebar' }, h('p', {}, prose(4))), h('div', {}));
    expect(declutterPass(s).pruned).toEqual([]);
    expect(createDeclutter({ protectShare: 1.1 }).run(s).pageType).toBe('other');
  });
});
