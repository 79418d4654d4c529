import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { getStrategy, STRATEGIES, STRATEGY_NAMES } from '../../../src/strategies/index.js';
import { articlePage, h, page, prose } from './build.js';

describe('strategy registry', () => {
  it('lists every strategy under its own name', () => {
    expect(STRATEGY_NAMES).toEqual(['vips', 'heuristic', 'descent', 'link-ratio', 'signals', 'declutter', 'boilerpipe', 'ttr', 'mss']);
    for (const [name, s] of Object.entries(STRATEGIES)) {
      expect(s.name).toBe(name);
      expect(s.description.length).toBeGreaterThan(10);
    }
  });

  it('getStrategy finds by name and rejects unknown names', () => {
    expect(getStrategy('ttr')).toBe(STRATEGIES.ttr);
    expect(() => getStrategy('nope')).toThrow(/unknown strategy "nope".*vips/);
    expect(() => getStrategy('toString')).toThrow(RangeError);
  });

  for (const name of STRATEGY_NAMES) {
    it(`${name}: valid selection on an article page, keeps the article text`, () => {
      const snap = articlePage(5);
      const r = getStrategy(name).run(snap);
      expect(['article', 'listing', 'other']).toContain(r.pageType);
      for (const id of [...r.selection.roots, ...r.selection.exclude]) expect(snap.nodes[id]).toBeDefined();
      expect(r.pageType).toBe('article');
      const text = buildContent(snap, r.selection).text;
      expect(text).toContain(prose(4, 2).slice(0, 60));
    });

    it(`${name}: an empty page gives an empty selection`, () => {
      const r = getStrategy(name).run(page(h('div', {})));
      expect(r.selection.roots).toEqual([]);
      expect(r.pageType).not.toBe('article');
    });
  }
});
