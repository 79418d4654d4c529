/**
 * WCXB's metric (the Web Content eXtraction Benchmark's evaluate.py, as the reference scorer
 * wcxb_score.py reproduces it): per page, word-level bag-of-words precision, recall and F1
 * (tokens are `\w+`, lower-cased; an empty gold scores 1 only for an empty prediction), averaged
 * over pages; plus the share of the gold's "with" snippets found in the prediction and of its
 * "without" snippets (boilerplate) found there, case-insensitively; and the same per page type.
 */
import { tokens } from './score.js';

export interface WordGold {
  text: string;
  /** Snippets a correct extraction contains. */
  with?: string[];
  /** Boilerplate snippets it must not contain. */
  without?: string[];
  /** Page type (WCXB's seven; missing counts as `article`, as the reference scorer does). */
  pageType?: string;
}

export interface WordPageScore {
  id: string;
  pageType: string;
  precision: number;
  recall: number;
  f1: number;
  /** Share of the "with" snippets found (1 when there are none). */
  with: number;
  /** Share of the "without" snippets found (1 when there are none, as in the reference). */
  without: number;
}

export interface WordSummary {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  with: number;
  without: number;
}

function counts(ts: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const t of ts) m.set(t, (m.get(t) ?? 0) + 1);
  return m;
}

export function wordPrf(pred: string, gold: string): [number, number, number] {
  const p = tokens((pred || '').toLowerCase());
  const r = tokens((gold || '').toLowerCase());
  if (r.length === 0) return p.length === 0 ? [1, 1, 1] : [0, 0, 0];
  if (p.length === 0) return [0, 0, 0];
  const cp = counts(p);
  let overlap = 0;
  for (const [t, n] of counts(r)) overlap += Math.min(n, cp.get(t) ?? 0);
  const P = overlap / p.length;
  const R = overlap / r.length;
  return [P, R, P + R ? (2 * P * R) / (P + R) : 0];
}

function snippetRate(text: string, snippets: readonly string[] | undefined): number {
  if (!snippets || snippets.length === 0) return 1;
  const t = (text || '').toLowerCase();
  return snippets.filter((s) => t.includes(s.toLowerCase())).length / snippets.length;
}

export function scoreWordsPage(id: string, gold: WordGold, pred: string): WordPageScore {
  const [precision, recall, f1] = wordPrf(pred, gold.text);
  return { id, pageType: gold.pageType ?? 'article', precision, recall, f1, with: snippetRate(pred, gold.with), without: snippetRate(pred, gold.without) };
}

export function summarizeWords(pages: readonly WordPageScore[]): WordSummary {
  const n = pages.length;
  const mean = (k: keyof Omit<WordPageScore, 'id' | 'pageType'>): number => (n ? pages.reduce((s, p) => s + p[k], 0) / n : 0);
  return { pages: n, precision: mean('precision'), recall: mean('recall'), f1: mean('f1'), with: mean('with'), without: mean('without') };
}

/** Every gold page (sorted ids, or the given ids), overall and per page type. */
export function scoreWords(gold: Record<string, WordGold>, pred: Record<string, string>, ids?: readonly string[]): {
  summary: WordSummary;
  types: Record<string, WordSummary>;
  pages: WordPageScore[];
} {
  const list = ids ?? Object.keys(gold).sort();
  const pages = list.map((id) => scoreWordsPage(id, gold[id] ?? { text: '' }, pred[id] ?? ''));
  const byType = new Map<string, WordPageScore[]>();
  for (const p of pages) {
    const l = byType.get(p.pageType) ?? [];
    l.push(p);
    byType.set(p.pageType, l);
  }
  const types: Record<string, WordSummary> = {};
  for (const t of [...byType.keys()].sort()) types[t] = summarizeWords(byType.get(t)!);
  return { summary: summarizeWords(pages), types, pages };
}
