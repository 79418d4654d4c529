import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { createLinkRatio, linkRatio, linkRatioPass, PERL_IGNORE_TAGS } from '../../../src/strategies/link-ratio.js';
import { find, h, page, prose } from './build.js';

describe('link-ratio (HTML-Content-Extractor)', () => {
  const snap = page(
    h('a', { href: '/' }, 'Logo'),
    h('div', { class: 'nav' }, h('ul', {}, ...['One', 'Two', 'Three'].map((s) => h('li', {}, h('a', { href: '/' + s }, s))))),
    h('div', { class: 'body' },
      h('h1', {}, 'Short title'),
      h('p', {}, prose(3, 0)),
      h('p', {}, prose(3, 1) + ' ', h('a', { href: '/x' }, 'one link'), ' ' + prose(1, 2)),
      h('img', { src: 'a.png' })),
    h('div', { class: 'legal' }, prose(2, 3) + ' All Rights Reserved.'),
  );

  it('drops the body-level link, the link list, the spam phrase and non-content tags; keeps the prose', () => {
    const t = linkRatioPass(snap);
    expect(t.deleted).toContain(1); // <a> directly under body
    expect(t.deleted).toContain(find(snap, 'div', 'nav'));
    expect(t.deleted).toContain(find(snap, 'div', 'legal'));
    expect(t.deleted).toContain(find(snap, 'img'));
    expect(t.reasons.get(find(snap, 'div', 'legal'))).toBe('spam phrase');
    const r = linkRatio.run(snap);
    expect(r.selection.roots).toEqual([0]);
    const text = buildContent(snap, r.selection).text;
    expect(text).toContain('Short title');
    expect(text).toContain(prose(3, 0));
    expect(text).toContain('one link');
    expect(text).not.toContain('Three');
    expect(text).not.toContain('Logo');
  });

  it('a paragraph with more than one link per 20 words goes (ratio > 0.05)', () => {
    const s = page(h('div', {}, h('p', {}, prose(3, 0)), h('p', {}, 'ten words ', h('a', { href: '/a' }, 'link'), ' and some more words here to read')));
    const t = linkRatioPass(s);
    expect(t.deleted).toEqual([find(s, 'p') + 2]);
    // a looser ratio keeps it
    expect(linkRatioPass(s, { linkTextRatio: 0.2 }).deleted).toEqual([]);
  });

  it('short containers go unless exempt (p, h1-h3)', () => {
    const s = page(h('div', {}, h('div', { class: 'tiny' }, 'three short words'), h('p', {}, 'a short paragraph'), h('p', {}, prose(3))));
    const t = linkRatioPass(s);
    expect(t.deleted).toEqual([find(s, 'div', 'tiny')]);
  });

  it('the Perl lists are available for a faithful run (form is an ignored tag there)', () => {
    const s = page(h('form', {}, h('div', {}, h('p', {}, prose(4)))));
    expect(createLinkRatio({ ignoreTags: PERL_IGNORE_TAGS }).run(s).pageType).toBe('other');
    expect(linkRatio.run(s).pageType).toBe('article');
  });
});
