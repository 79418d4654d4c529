/**
 * src/eval/score.ts against the article-extraction benchmark's reference scorer (score.py): its
 * output on test/fixtures-eval/shingle-*.json is stored in shingle-expected.txt (see the README
 * there), one `id<TAB>P=…<TAB>R=…` line per page (3 decimals) and the summary as JSON (4 decimals).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scoreAll, scorePage, shingles, tokens } from '../../../src/eval/score.js';
import { outOfRange } from '../../../src/util/at.js';

const dir = new URL('../../fixtures-eval/', import.meta.url);
const read = (f: string): string => readFileSync(new URL(f, dir), 'utf8');
const bodies = (f: string): Record<string, string> =>
  Object.fromEntries(Object.entries(JSON.parse(read(f)) as Record<string, { articleBody: string }>).map(([k, v]) => [k, v.articleBody]));

const gold = bodies('shingle-gold.json');
const pred = bodies('shingle-pred.json');
const lines = read('shingle-expected.txt').trim().split('\n');
const summary = JSON.parse(lines.pop()!) as Record<string, number>;
const perPage = new Map(lines.map((l) => {
  const [id, p, r] = l.split('\t');
  return [id!, { precision: Number(p!.slice(2)), recall: Number(r!.slice(2)) }];
}));

/**
 * `x` printed to `d` decimals is `ref`: within half a unit of the last decimal (Python rounds a
 * tie such as 0.5625 to even, 0.562, where Math.round would give 0.563).
 */
const near = (x: number, ref: number, d: number): boolean => Math.abs(x - ref) <= 0.5 * 10 ** -d + 1e-12;

describe('shingle metric against score.py', () => {
  const got = scoreAll(gold, pred);

  it('scores every gold page, and only those', () => {
    expect(got.pages.map((p) => p.id)).toEqual(Object.keys(gold).sort());
    expect([...perPage.keys()].sort()).toEqual(Object.keys(gold).sort());
  });

  it('gives each page the reference precision and recall (3 decimals)', () => {
    for (const p of got.pages) {
      const ref = perPage.get(p.id)!;
      expect(near(p.precision, ref.precision, 3), `${p.id}: precision ${p.precision}, score.py ${ref.precision}`).toBe(true);
      expect(near(p.recall, ref.recall, 3), `${p.id}: recall ${p.recall}, score.py ${ref.recall}`).toBe(true);
    }
  });

  it('gives the reference summary (4 decimals)', () => {
    const s = got.summary;
    expect(Object.keys(summary).sort()).toEqual(['accuracy', 'f1', 'pages', 'precision', 'recall']);
    for (const k of ['f1', 'precision', 'recall', 'accuracy'] as const) expect(near(s[k], (summary[k] ?? outOfRange(k)), 4), `${k}: ${s[k]}, score.py ${summary[k]}`).toBe(true);
    expect(s.pages).toBe(summary.pages);
  });

  it('tokenises as Python\'s \\w+ and bags shingles of up to four tokens', () => {
    expect(tokens("x² snake_case cafe\u0301 İstanbul's")).toEqual(['x²', 'snake_case', 'cafe', 'İstanbul', 's']);
    expect([...shingles('a b c d a b c d').entries()]).toEqual([['a\u0001b\u0001c\u0001d', 2], ['b\u0001c\u0001d\u0001a', 1], ['c\u0001d\u0001a\u0001b', 1], ['d\u0001a\u0001b\u0001c', 1]]);
    expect([...shingles('only two').keys()]).toEqual(['only\u0001two']);
    expect(shingles('').size).toBe(0);
    expect(scorePage('x', 'Same words here', 'same words here').exact).toBe(false);
  });
});
