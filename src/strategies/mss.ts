/**
 * `mss`: Maximum Subsequence Segmentation (Pasternack & Roth, "Extracting Article Text from the
 * Web with Maximum Subsequence Segmentation", WWW 2009; seed 004).
 *
 * The page becomes one token sequence, walking the snapshot in document order: `<tag>` when an
 * element opens, `</tag>` when it closes, and the words of the visible text nodes (lower-cased,
 * numbers generalised to `#num`, stemmed by keeping the first `STEM` characters — a cheap
 * stand-in for the paper's Porter stemmer). Elements whose content never reaches the output
 * (script, form controls, svg, ...) give no tokens.
 *
 * A Naive Bayes classifier scores each token from two features, as in the paper:
 *   - the token trigram: the token and its two successors (when the trigram was too rare to be
 *     kept in the model, the token's unigram stands in for it);
 *   - the parent tag: the element holding the word (for a tag token, the element around it).
 * score = P(content | features) − 0.5, in [−0.5, 0.5]. The maximum-sum contiguous subsequence
 * (Kadane, O(n)) is the article; its text nodes (a text node counts when most of its words fall
 * inside) are the selection.
 *
 * The model is trained by scripts/train-mss.mjs (logic in ./mss-train.ts) and shipped as
 * models/mss-model.json, loaded lazily on first use.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PageSnapshot } from '../snapshot/types.js';
import { nodeFacts, selectionFromTextNodes, wordTokens } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { at } from '../util/at.js';

/** Characters kept of each word (prefix stemming). */
export const STEM = 6;
export const MODEL_VERSION = 1;

export interface MssToken {
  /** Normalised token: a stemmed word, `#num`, `<tag>` or `</tag>`. */
  tok: string;
  /** Tag of the element holding the token. */
  parent: string;
  /** Text node of a word token, -1 for tag tokens. */
  textNode: number;
}

/** Normalise one word: lower case, numbers generalised, prefix-stemmed. */
export function normWord(w: string): string {
  if (/\d/.test(w)) return '#num';
  return w.toLowerCase().slice(0, STEM);
}

/** The page's token sequence in document order. */
export function tokenize(snapshot: PageSnapshot): MssToken[] {
  const nodes = snapshot.nodes;
  const facts = nodeFacts(snapshot);
  const out: MssToken[] = [];
  // iterative walk with close markers (-1 - id)
  const stack: number[] = [snapshot.root];
  while (stack.length) {
    const v = stack.pop()!;
    if (v < 0) {
      const node = at(nodes, -1 - v);
      const parent = node.parent >= 0 ? at(nodes, node.parent).tag : '#root';
      out.push({ tok: `</${node.tag}>`, parent, textNode: -1 });
      continue;
    }
    const node = at(nodes, v);
    if (facts.dropped[v]) continue;
    if (node.kind === 'text') {
      if (!facts.usable[v]) continue;
      const parent = node.parent >= 0 ? at(nodes, node.parent).tag : '#root';
      for (const w of wordTokens(node.text ?? '')) out.push({ tok: normWord(w), parent, textNode: v });
      continue;
    }
    const parent = node.parent >= 0 ? at(nodes, node.parent).tag : '#root';
    out.push({ tok: `<${node.tag}>`, parent, textNode: -1 });
    stack.push(-1 - v);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(at(node.children, i));
  }
  return out;
}

/** Feature keys of token i: trigram, unigram (back-off) and parent tag. */
export function featureKeys(tokens: MssToken[], i: number): { tri: string; uni: string; par: string } {
  const t0 = at(tokens, i).tok;
  const t1 = tokens[i + 1]?.tok ?? '$';
  const t2 = tokens[i + 2]?.tok ?? '$';
  return { tri: `${t0} ${t1} ${t2}`, uni: t0, par: at(tokens, i).parent };
}

export type FeatureType = 'tri' | 'uni' | 'par';

/** The shipped model: per-class counts of the kept features, plus totals for the smoothing. */
export interface MssModel {
  version: number;
  stem: number;
  /** Training tokens per class: [content, boilerplate]. */
  prior: [number, number];
  /** Per feature type: total feature occurrences per class (before pruning) and vocabulary size. */
  totals: Record<FeatureType, { n: [number, number]; vocab: number }>;
  /** Kept features: type -> key -> [content count, boilerplate count]. */
  features: Record<FeatureType, Record<string, [number, number]>>;
  /** Laplace smoothing constant. */
  alpha: number;
  meta?: Record<string, unknown>;
}

/** Log-likelihood ratio log P(f|content) − log P(f|boilerplate) for a kept feature. */
function llr(model: MssModel, type: FeatureType, counts: [number, number]): number {
  const t = model.totals[type];
  const a = model.alpha;
  const pc = (counts[0] + a) / (t.n[0] + a * t.vocab);
  const pb = (counts[1] + a) / (t.n[1] + a * t.vocab);
  return Math.log(pc) - Math.log(pb);
}

/** P(content) − 0.5 for every token. */
export function scoreTokens(model: MssModel, tokens: MssToken[]): number[] {
  const prior = Math.log((model.prior[0] + 1) / (model.prior[1] + 1));
  const cache = new Map<string, number>();
  const get = (type: FeatureType, key: string): number | null => {
    const ck = type + '\u0000' + key;
    const hit = cache.get(ck);
    if (hit !== undefined) return hit;
    const c = model.features[type][key];
    if (!c) return null;
    const v = llr(model, type, c);
    cache.set(ck, v);
    return v;
  };
  return tokens.map((_, i) => {
    const f = featureKeys(tokens, i);
    let logit = prior;
    const tri = get('tri', f.tri);
    if (tri !== null) logit += tri;
    else logit += get('uni', f.uni) ?? 0;
    logit += get('par', f.par) ?? 0;
    return 1 / (1 + Math.exp(-logit)) - 0.5;
  });
}

/** Kadane: the contiguous range with the largest sum, [start, end] inclusive; null when every score is negative. */
export function maxSubsequence(scores: number[]): { start: number; end: number; sum: number } | null {
  let best: { start: number; end: number; sum: number } | null = null;
  let sum = 0;
  let start = 0;
  for (let i = 0; i < scores.length; i++) {
    if (sum <= 0) {
      sum = 0;
      start = i;
    }
    sum += at(scores, i);
    if (sum > 0 && (!best || sum > best.sum)) best = { start, end: i, sum };
  }
  return best;
}

let cachedModel: MssModel | null = null;

/** The shipped model, read once from models/mss-model.json at the package root. */
export function loadDefaultModel(): MssModel {
  if (cachedModel) return cachedModel;
  const url = new URL('../../models/mss-model.json', import.meta.url);
  const model = JSON.parse(readFileSync(fileURLToPath(url), 'utf8')) as MssModel;
  if (model.version !== MODEL_VERSION || model.stem !== STEM) {
    throw new Error(`models/mss-model.json is version ${model.version} (stem ${model.stem}); this build expects ${MODEL_VERSION} (stem ${STEM}): retrain with scripts/train-mss.mjs`);
  }
  cachedModel = model;
  return model;
}

export interface MssOptions {
  /** A model object; default: the shipped models/mss-model.json. */
  model?: MssModel;
}

/** Runs MSS and returns the kept text nodes (flags) with the token range. */
export function mssPass(snapshot: PageSnapshot, model: MssModel): { kept: Uint8Array; tokens: number; range: { start: number; end: number; sum: number } | null } {
  const tokens = tokenize(snapshot);
  const scores = scoreTokens(model, tokens);
  const range = maxSubsequence(scores);
  const kept = new Uint8Array(snapshot.nodes.length);
  if (range) {
    const inside = new Map<number, number>();
    const all = new Map<number, number>();
    tokens.forEach((t, i) => {
      if (t.textNode < 0) return;
      all.set(t.textNode, (all.get(t.textNode) ?? 0) + 1);
      if (i >= range.start && i <= range.end) inside.set(t.textNode, (inside.get(t.textNode) ?? 0) + 1);
    });
    for (const [id, c] of inside) if (c * 2 >= all.get(id)!) kept[id] = 1;
  }
  return { kept, tokens: tokens.length, range };
}

export function createMss(options: MssOptions = {}): Strategy {
  return {
    name: 'mss',
    description: 'maximum subsequence segmentation over Naive Bayes token scores (Pasternack & Roth); model in models/mss-model.json',
    run(snapshot: PageSnapshot): StrategyResult {
      const model = options.model ?? loadDefaultModel();
      const { kept, tokens, range } = mssPass(snapshot, model);
      const selection = selectionFromTextNodes(snapshot, kept);
      return {
        selection,
        pageType: selection.roots.length ? 'article' : 'other',
        notes: [range ? `tokens ${range.start}..${range.end} of ${tokens} (sum ${range.sum.toFixed(2)})` : `no positive token among ${tokens}`],
      };
    },
  };
}

export const mss: Strategy = createMss();
