import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGold } from '../../../src/eval/gold.js';
import { scoreWords, wordPrf } from '../../../src/eval/words.js';
import { outOfRange } from '../../../src/util/at.js';

const dir = new URL('../../fixtures-eval/', import.meta.url);
const read = (f: string): unknown => JSON.parse(readFileSync(new URL(f, dir), 'utf8'));

describe('WCXB word metric', () => {
  it('agrees with the reference scorer (wcxb_score.py --per-type) to 4 decimals', () => {
    const gold = parseGold(read('words-gold.json'));
    const pred = Object.fromEntries(Object.entries(read('words-pred.json') as Record<string, { articleBody: string }>).map(([k, v]) => [k, v.articleBody]));
    const expected = read('words-expected.json') as Record<string, unknown> & { types: Record<string, Record<string, number>> };
    const got = scoreWords(gold.pages, pred);
    const r4 = (x: number): number => Math.round(x * 10000) / 10000;
    for (const k of ['pages', 'precision', 'recall', 'f1', 'with', 'without'] as const) expect(r4(got.summary[k])).toBe(expected[k]);
    expect(Object.keys(got.types)).toEqual(Object.keys(expected.types));
    for (const [t, s] of Object.entries(expected.types)) {
      for (const k of ['pages', 'precision', 'recall', 'f1', 'with', 'without'] as const) expect(r4((got.types[t] ?? outOfRange(t))[k])).toBe(s[k]);
    }
    expect(gold.wcxbLayout).toBe(true);
  });

  it('scores an empty gold 1 only for an empty prediction', () => {
    expect(wordPrf('', '')).toEqual([1, 1, 1]);
    expect(wordPrf('anything', '')).toEqual([0, 0, 0]);
    expect(wordPrf('', 'gold words')).toEqual([0, 0, 0]);
  });

  it('counts words as a bag, case-folded, across scripts', () => {
    const [p, r, f] = wordPrf('Dog dog CAT', 'dog cat cat');
    expect(p).toBeCloseTo(2 / 3);
    expect(r).toBeCloseTo(2 / 3);
    expect(f).toBeCloseTo(2 / 3);
  });

  it('reads plain article-bench gold as the shingle layout', () => {
    const g = parseGold({ a: { articleBody: 'x y', url: 'https://e.com' }, b: 'plain text' });
    expect(g.wcxbLayout).toBe(false);
    expect(g.pages.b!.text).toBe('plain text');
  });

  it('rejects a file that is not gold', () => {
    expect(() => parseGold([1, 2], 'x.json')).toThrow(/not a gold file/);
  });
});
