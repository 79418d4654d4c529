import { describe, expect, it } from 'vitest';
import { createDescent, DEFAULT_DESCENT, descend, descent } from '../../../src/strategies/descent.js';
import { find, h, page, prose } from './build.js';
import { at } from '../../../src/util/at.js';

describe('descent (content_finder)', () => {
  it('t(d) = 0.001 + ln(1 + d/7) exceeds 1 from d = 13', () => {
    const t = DEFAULT_DESCENT.threshold;
    expect(t(0)).toBeCloseTo(0.001, 6);
    expect(t(7)).toBeCloseTo(0.001 + Math.log(2), 6);
    expect(t(12)).toBeLessThan(1);
    expect(t(13)).toBeGreaterThan(1);
  });

  const snap = page(
    h('header', {}, h('a', { href: '/' }, 'Home'), h('a', { href: '/n' }, 'News')),
    h('main', {},
      h('article', {},
        h('h1', {}, 'Title'),
        h('p', {}, prose(3, 0)),
        h('p', {}, prose(3, 1)),
        h('p', {}, prose(3, 2)))),
    h('footer', {}, 'Contact us'),
  );

  it('descends through the heavy child and the lone wrapper, halts on the spread test among the paragraphs', () => {
    const r = descend(snap);
    expect(r.node).toBe(find(snap, 'article'));
    const last = at(r.trace, r.trace.length - 1);
    expect(last.halted).toBe('spread');
    expect(last.spread).toBeLessThan(0.5);
    expect(r.trace.map((s) => at(snap.nodes, s.node).tag)).toEqual(['body', 'main', 'article']);
    const res = descent.run(snap);
    expect(res.selection).toEqual({ roots: [find(snap, 'article')], exclude: [] });
    expect(res.pageType).toBe('article');
  });

  it('a strict spread threshold halts at the body', () => {
    const r = createDescent({ spread: 0.99 }).run(snap);
    expect(r.selection.roots).toEqual([0]);
  });

  it('the absolute test halts when the heaviest child is not heavy enough for the depth', () => {
    const r = descend(snap, { threshold: () => 0.99 });
    expect(r.node).toBe(0);
    expect(at(r.trace, 0).halted).toBe('absolute');
  });

  it('counts 1 per node plus collapsed text length, ignoring hidden text', () => {
    const s = page(h('div', {}, 'a   b'), h('div', { hidden: '1' }, 'hidden text here'));
    const r = descend(s);
    expect(r.weight[1]).toBe(1 + 1 + 3); // div + text node + "a b"
    expect(r.weight[3]).toBe(1); // hidden div counts as a node, its text not at all
  });
});
