import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { blockFeatures, boilerpipe, classifyBlocks, createBoilerpipe, densityRules, EMPTY_BLOCK, numWordsRules, type BlockFeatures } from '../../../src/strategies/boilerpipe.js';
import { h, page, prose } from './build.js';

const toks = (s: string, link = false) => s.split(' ').map((token) => ({ token, link }));
const f = (numWords: number, linkDensity = 0, textDensity = numWords): BlockFeatures =>
  ({ numWords, numLinkedWords: Math.round(numWords * linkDensity), linkDensity, numWordsInWrappedLines: 0, numWrappedLines: 1, textDensity });

describe('boilerpipe block features', () => {
  it('counts words, linked words and the 80-column text density as boilerpipe does', () => {
    const short = blockFeatures(toks('one two three'));
    expect(short).toMatchObject({ numWords: 3, numWrappedLines: 1, numWordsInWrappedLines: 3, textDensity: 3, linkDensity: 0 });
    // 30 words of 4 letters: 16 words fit 79 columns; two lines wrap, the partial third does not count
    const long = blockFeatures(toks(Array(40).fill('abcd').join(' ')));
    expect(long.numWords).toBe(40);
    expect(long.numWrappedLines).toBe(2);
    expect(long.numWordsInWrappedLines).toBe(32);
    expect(long.textDensity).toBe(16);
    const linked = blockFeatures([...toks('a b c'), ...toks('d', true), { token: '|', link: false }]);
    expect(linked.numWords).toBe(4);
    expect(linked.linkDensity).toBe(0.25);
  });
});

describe('NumWordsRulesClassifier', () => {
  it('follows the published tree', () => {
    // curr link density > 1/3: boilerplate
    expect(numWordsRules(EMPTY_BLOCK, f(100, 0.5), EMPTY_BLOCK)).toBe(false);
    // few links before: content iff curr > 16 or next > 15 or prev > 4
    expect(numWordsRules(f(0), f(17), f(0))).toBe(true);
    expect(numWordsRules(f(0), f(16), f(16))).toBe(true);
    expect(numWordsRules(f(5), f(3), f(0))).toBe(true);
    expect(numWordsRules(f(4), f(16), f(15))).toBe(false);
    // link-heavy previous block: content iff curr > 40 or next > 17
    expect(numWordsRules(f(10, 0.6), f(41), f(0))).toBe(true);
    expect(numWordsRules(f(10, 0.6), f(40), f(18))).toBe(true);
    expect(numWordsRules(f(10, 0.6), f(40), f(17))).toBe(false);
    // the thresholds are inclusive
    expect(numWordsRules(f(10, 0.555556), f(20), f(0))).toBe(true);
    expect(numWordsRules(EMPTY_BLOCK, f(20, 0.333333), EMPTY_BLOCK)).toBe(true);
  });
});

describe('DensityRulesClassifier', () => {
  it('follows the published tree', () => {
    expect(densityRules(f(0), f(10, 0.4), f(0))).toBe(false);
    expect(densityRules(f(5, 0, 5), f(5, 0, 9), f(5, 0, 10))).toBe(true);
    expect(densityRules(f(4, 0, 4), f(5, 0, 9), f(5, 0, 10))).toBe(false);
    expect(densityRules(f(0), f(5, 0, 9), f(11, 0, 11))).toBe(true);
    expect(densityRules(f(0), f(12, 0, 12), EMPTY_BLOCK)).toBe(false);
    expect(densityRules(f(0), f(12, 0, 12), f(1, 0, 1))).toBe(true);
    expect(densityRules(f(5, 0.6, 5), f(50, 0, 14), f(12, 0, 12))).toBe(true);
    expect(densityRules(f(5, 0.6, 5), f(50, 0, 14), f(11, 0, 11))).toBe(false);
  });
});

describe('boilerpipe strategy', () => {
  const snap = page(
    h('ul', {}, ...['Home', 'World', 'Sport', 'Weather'].map((s) => h('li', {}, h('a', { href: '/' + s }, s)))),
    h('div', {}, h('h1', {}, 'Council votes on the bridge'), h('p', {}, prose(3, 0)), h('p', {}, prose(3, 1))),
    h('div', {}, h('a', { href: '/terms' }, 'Terms of use'), ' | ', h('a', { href: '/privacy' }, 'Privacy')),
  );

  it('keeps the title before the long paragraphs and drops the link blocks', () => {
    const c = classifyBlocks(snap);
    expect(c.map((x) => x.content)).toEqual([false, false, false, false, true, true, true, false]);
    const text = buildContent(snap, boilerpipe.run(snap).selection).text;
    expect(text.startsWith('Council votes on the bridge')).toBe(true);
    expect(text).toContain(prose(3, 1));
    expect(text).not.toMatch(/Weather|Privacy/);
  });

  it('the density classifier is selectable', () => {
    expect(createBoilerpipe({ classifier: 'density' }).description).toMatch(/DensityRules/);
    expect(createBoilerpipe({ classifier: 'density' }).run(snap).pageType).toBe('article');
  });
});
