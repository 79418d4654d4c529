/**
 * The metric of the article-extraction benchmark (its reference scorer `score.py`), re-implemented
 * exactly (test/unit/eval/score.test.ts compares the two): 4-gram shingle bags per page,
 * tp/fp/fn from bag overlap, precision and recall macro-averaged over pages (each over the pages
 * where it is defined), F1 from the averaged P and R.
 */

/** Python's `\w+` with re.UNICODE: letters, numbers and underscore. */
const TOKEN = /[\p{L}\p{N}_]+/gu;

export function tokens(s: string): string[] {
  return (s || '').match(TOKEN) ?? [];
}

export function shingles(s: string, n = 4): Map<string, number> {
  const t = tokens(s);
  const out = new Map<string, number>();
  const count = Math.max(1, t.length - n + 1);
  for (let i = 0; i < count; i++) {
    const g = t.slice(i, i + n);
    if (!g.length) continue;
    const key = g.join('\u0001');
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

export interface PageScore {
  id: string;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
  exact: boolean;
}

export function tpFpFn(gold: string, pred: string): [number, number, number] {
  const a = shingles(gold);
  const b = shingles(pred);
  let tp = 0, fp = 0, fn = 0;
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) {
    const x = a.get(k) ?? 0;
    const y = b.get(k) ?? 0;
    tp += Math.min(x, y);
    fp += Math.max(0, y - x);
    fn += Math.max(0, x - y);
  }
  const s = tp + fp + fn;
  return s ? [tp / s, fp / s, fn / s] : [0, 0, 0];
}

function prec(tp: number, fp: number, fn: number): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

function rec(tp: number, fp: number, fn: number): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

export function scorePage(id: string, gold: string, pred: string): PageScore {
  const [tp, fp, fn] = tpFpFn(gold, pred);
  const p = prec(tp, fp, fn);
  const r = rec(tp, fp, fn);
  const gt = tokens(gold);
  const pt = tokens(pred);
  return { id, tp, fp, fn, precision: p, recall: r, f1: p + r ? (2 * p * r) / (p + r) : 0, exact: gt.length === pt.length && gt.every((t, i) => t === pt[i]) };
}

export interface Summary {
  f1: number;
  precision: number;
  recall: number;
  accuracy: number;
  pages: number;
}

/** Score every gold page (sorted ids); a page without a prediction counts as empty. */
export function scoreAll(gold: Record<string, string>, pred: Record<string, string>): { summary: Summary; pages: PageScore[] } {
  const ids = Object.keys(gold).sort();
  const pages = ids.map((id) => scorePage(id, gold[id] ?? '', pred[id] ?? ''));
  const P = pages.filter((r) => r.tp + r.fp > 0).map((r) => r.precision);
  const R = pages.filter((r) => r.tp + r.fn > 0).map((r) => r.recall);
  const p = P.length ? P.reduce((a, b) => a + b, 0) / P.length : 0;
  const r = R.length ? R.reduce((a, b) => a + b, 0) / R.length : 0;
  return {
    summary: {
      f1: p + r ? (2 * p * r) / (p + r) : 0,
      precision: p,
      recall: r,
      accuracy: pages.length ? pages.filter((x) => x.exact).length / pages.length : 0,
      pages: pages.length,
    },
    pages,
  };
}

/** The page id of an input: its file name without directory and HTML/gzip extensions. */
export function pageId(input: string): string {
  const base = input.replace(/[?#].*$/, '').split(/[\\/]/).filter(Boolean).pop() ?? input;
  return base.replace(/\.(x?html?)(\.gz)?$/i, '').replace(/\.gz$/i, '');
}
