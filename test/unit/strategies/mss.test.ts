import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { labelTextNodes, labelTokens, MssTrainer, trainMss } from '../../../src/strategies/mss-train.js';
import { createMss, loadDefaultModel, maxSubsequence, normWord, scoreTokens, tokenize } from '../../../src/strategies/mss.js';
import { h, page, prose } from './build.js';
import { at } from '../../../src/util/at.js';

function site(i: number) {
  return page(
    h('ul', { class: 'menu' }, ...['Home', 'World', 'Sport', 'Weather', 'Video'].map((s) => h('li', {}, h('a', { href: '/' + s }, s)))),
    h('div', { class: 'story' }, h('h1', {}, `Headline ${i} of the day`), h('p', {}, prose(3, i)), h('p', {}, prose(3, i + 1)), h('p', {}, prose(2, i + 2))),
    h('div', { class: 'foot' }, h('a', { href: '/about' }, 'About us'), h('a', { href: '/contact' }, 'Contact the newsroom'), h('span', {}, 'Copyright 2024')),
  );
}
const goldOf = (i: number) => [`Headline ${i} of the day`, prose(3, i), prose(3, i + 1), prose(2, i + 2)].join('\n\n');

describe('mss', () => {
  it('Kadane finds the maximum-sum range', () => {
    expect(maxSubsequence([-1, 2, 3, -4, 5, -10, 1])).toEqual({ start: 1, end: 4, sum: 6 });
    expect(maxSubsequence([-1, -2])).toBeNull();
    expect(maxSubsequence([])).toBeNull();
  });

  it('tokenizes tags and normalised words in document order', () => {
    const s = page(h('p', {}, 'Hello ', h('b', {}, 'World'), ' 2024'));
    expect(tokenize(s).map((t) => t.tok)).toEqual(['<body>', '<p>', 'hello', '<b>', 'world', '</b>', '#num', '</p>', '</body>']);
    expect(tokenize(s).find((t) => t.tok === 'world')!.parent).toBe('b');
    expect(normWord('Extraordinary')).toBe('extrao');
  });

  it('labels blocks by 4-gram overlap with the gold text, tags by their neighbours', () => {
    const s = site(1);
    const labels = labelTextNodes(s, goldOf(1));
    const textOf = (id: number) => at(s.nodes, id).text;
    const kept = s.nodes.filter((n) => labels[n.id]).map((n) => textOf(n.id));
    expect(kept).toEqual([`Headline 1 of the day`, prose(3, 1), prose(3, 2), prose(2, 3)]);
    const tokens = tokenize(s);
    const tl = labelTokens(tokens, labels);
    const i = tokens.findIndex((t) => t.tok === '</p>');
    expect(tl[i]).toBe(1);
    expect(tl[tokens.findIndex((t) => t.tok === '<ul>')]).toBe(0);
  });

  it('a model trained on similar pages extracts the article of an unseen one', () => {
    const model = trainMss([0, 2, 4, 6].map((i) => ({ snapshot: site(i), gold: goldOf(i) })), { minCount: 1 });
    expect(model.prior[0]).toBeGreaterThan(0);
    const s = site(9);
    const scores = scoreTokens(model, tokenize(s));
    expect(scores.every((x) => x >= -0.5 && x <= 0.5)).toBe(true);
    const r = createMss({ model }).run(s);
    const text = buildContent(s, r.selection).text;
    expect(text).toContain(prose(3, 10));
    expect(text).not.toMatch(/Weather|newsroom/);
  });

  it('the trainer accumulates page by page and prunes rare features', () => {
    const t = new MssTrainer({ minCount: 1000 });
    const r = t.add(site(1), goldOf(1));
    expect(r.content).toBeGreaterThan(0);
    expect(r.content).toBeLessThan(r.tokens);
    const m = t.finish();
    expect(Object.keys(m.features.tri)).toHaveLength(0);
    expect(m.totals.tri.vocab).toBeGreaterThan(0);
  });

  it('the shipped model loads and is small', () => {
    const m = loadDefaultModel();
    expect(m.version).toBe(1);
    expect(JSON.stringify(m).length).toBeLessThan(2 * 1024 * 1024);
    expect(Object.keys(m.features.par).length).toBeGreaterThan(5);
  });
});
