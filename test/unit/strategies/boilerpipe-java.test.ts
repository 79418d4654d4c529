/**
 * The port against the original: test/data/boilerpipe/expected.json holds the Java boilerpipe
 * 1.2.0 ArticleExtractor's output on pages whose viseg snapshots are in the repo (recorded with
 * scripts/boilerpipe-java.sh, which CI cannot run: it has no Java). The port's content blocks
 * must hold the same words in the same order. On the pages where scripts change what the page
 * shows (a `note` says how), the words may differ by that much and no more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { contentText, runBoilerpipe } from '../../../src/strategies/boilerpipe/index.js';

const root = path.resolve(__dirname, '../../..');
interface Expected {
  pages: Record<string, { source: string; snapshot: string; java: string; note?: string }>;
}
const expected = JSON.parse(readFileSync(path.join(root, 'test/data/boilerpipe/expected.json'), 'utf8')) as Expected;
const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

/** Bag-of-words F1 of two word lists. */
function bagF1(a: string[], b: string[]): number {
  if (!a.length && !b.length) return 1;
  const count = new Map<string, number>();
  for (const w of a) count.set(w, (count.get(w) ?? 0) + 1);
  let overlap = 0;
  for (const w of b) {
    const c = count.get(w) ?? 0;
    if (c > 0) {
      overlap++;
      count.set(w, c - 1);
    }
  }
  return overlap ? (2 * overlap) / (a.length + b.length) : 0;
}

describe('boilerpipe port against the Java original', () => {
  const pages = Object.entries(expected.pages);

  it('has reference pages from the fixture sites and both dev sets', () => {
    for (const prefix of ['fixture-', 'article-bench-', 'wcxb-']) expect(pages.filter(([k]) => k.startsWith(prefix)).length).toBeGreaterThanOrEqual(5);
  });

  it.each(pages)('%s', (_key, page) => {
    const snap = JSON.parse(gunzipSync(readFileSync(path.join(root, page.snapshot))).toString('utf8')) as PageSnapshot;
    const port = words(contentText(runBoilerpipe(snap).doc));
    const java = words(page.java);
    if (page.note) expect(bagF1(java, port)).toBeGreaterThanOrEqual(0.97);
    else expect(port.join(' ')).toBe(java.join(' '));
  });
});
