/**
 * Training the `mss` Naive Bayes token model from recorded snapshots and gold article text.
 * Pure: the I/O (reading snapshots and gold, writing the JSON) is in scripts/train-mss.mjs.
 *
 * Labels: a text block (src/classify/text-blocks.ts) is content when at least `minOverlap` of its
 * word 4-gram shingles (the scorer's tokens, src/eval/score.ts) occur in the gold text. A block
 * of fewer than 4 words is content when its words occur as a contiguous run in the gold text and
 * the nearest block of 4+ words before or after it is content (short runs like "Share" or a
 * date are in too many gold texts to decide alone). Every word token takes its text node's
 * block label; a tag token is content when the word tokens on both sides of it are.
 */
import { buildTextBlocks, indexNodes } from '../classify/text-blocks.js';
import { tokens as scoreTokensOf } from '../eval/score.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { nodeFacts } from './dom.js';
import { featureKeys, MODEL_VERSION, STEM, tokenize, type FeatureType, type MssModel, type MssToken } from './mss.js';
import { at } from '../util/at.js';

export interface LabelOptions {
  /** Share of a block's 4-gram shingles that must occur in the gold text. */
  minOverlap?: number;
}

const N = 4;

/** Per text node: 1 when its block is article text according to the gold text. */
export function labelTextNodes(snapshot: PageSnapshot, gold: string, options: LabelOptions = {}): Uint8Array {
  const minOverlap = options.minOverlap ?? 0.5;
  const facts = nodeFacts(snapshot);
  const goldTokens = scoreTokensOf(gold);
  const grams = new Set<string>();
  for (let n = 1; n <= N; n++) for (let i = 0; i + n <= goldTokens.length; i++) grams.add(goldTokens.slice(i, i + n).join('\u0001'));
  const blocks = buildTextBlocks(snapshot, indexNodes(snapshot));
  const toks = blocks.map((b) => scoreTokensOf(b.text));
  const long = toks.map((t) => t.length >= N);
  const label = toks.map((t) => {
    if (t.length >= N) {
      let hit = 0;
      const total = t.length - N + 1;
      for (let i = 0; i < total; i++) if (grams.has(t.slice(i, i + N).join('\u0001'))) hit++;
      return hit / total >= minOverlap;
    }
    return t.length > 0 && grams.has(t.join('\u0001'));
  });
  // short blocks need a content block of 4+ words as their nearest long neighbour
  const final = label.map((l, i) => {
    if (!l || long[i]) return l;
    let prev = -1, next = -1;
    for (let j = i - 1; j >= 0; j--) if (long[j]) { prev = j; break; }
    for (let j = i + 1; j < blocks.length; j++) if (long[j]) { next = j; break; }
    return (prev >= 0 && at(label, prev)) || (next >= 0 && at(label, next));
  });
  const out = new Uint8Array(snapshot.nodes.length);
  blocks.forEach((b, i) => {
    if (final[i]) for (const id of b.textNodes) if (facts.usable[id]) out[id] = 1;
  });
  return out;
}

/** Token labels from text node labels (tags: content when both neighbouring words are). */
export function labelTokens(tokens: MssToken[], textLabels: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(tokens.length);
  let prevWord = 0;
  const nextWord = new Uint8Array(tokens.length);
  let nw = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    nextWord[i] = nw;
    if (at(tokens, i).textNode >= 0) nw = at(textLabels, at(tokens, i).textNode) ? 1 : 0;
  }
  tokens.forEach((t, i) => {
    if (t.textNode >= 0) {
      out[i] = at(textLabels, t.textNode) ? 1 : 0;
      prevWord = at(out, i);
    } else {
      out[i] = prevWord && nextWord[i] ? 1 : 0;
    }
  });
  return out;
}

export interface TrainOptions extends LabelOptions {
  /** Features seen fewer times than this are dropped from the shipped model. */
  minCount?: number;
  /** At most this many features per type are kept (the most frequent). */
  maxFeatures?: Partial<Record<FeatureType, number>>;
  alpha?: number;
}

export const DEFAULT_TRAIN: { minCount: number; maxFeatures: Record<FeatureType, number>; alpha: number; minOverlap: number } = {
  minCount: 3,
  maxFeatures: { tri: 30_000, uni: 15_000, par: 500 },
  alpha: 1,
  minOverlap: 0.5,
};

/** Accumulates feature counts page by page, then builds the pruned model. */
export class MssTrainer {
  private readonly counts: Record<FeatureType, Map<string, [number, number]>> = { tri: new Map(), uni: new Map(), par: new Map() };
  private readonly n: Record<FeatureType, [number, number]> = { tri: [0, 0], uni: [0, 0], par: [0, 0] };
  private readonly prior: [number, number] = [0, 0];
  private pages = 0;

  constructor(private readonly options: TrainOptions = {}) {}

  /** Adds one page; returns its token count and how many were labelled content. */
  add(snapshot: PageSnapshot, gold: string): { tokens: number; content: number } {
    const tokens = tokenize(snapshot);
    const labels = labelTokens(tokens, labelTextNodes(snapshot, gold, this.options));
    let content = 0;
    for (let i = 0; i < tokens.length; i++) {
      const c = labels[i] ? 0 : 1;
      if (!c) content++;
      this.prior[c]++;
      const f = featureKeys(tokens, i);
      for (const type of ['tri', 'uni', 'par'] as const) {
        const key = f[type];
        let e = this.counts[type].get(key);
        if (!e) {
          e = [0, 0];
          this.counts[type].set(key, e);
        }
        e[c]++;
        this.n[type][c]++;
      }
    }
    this.pages++;
    return { tokens: tokens.length, content };
  }

  finish(): MssModel {
    const minCount = this.options.minCount ?? DEFAULT_TRAIN.minCount;
    const max = { ...DEFAULT_TRAIN.maxFeatures, ...this.options.maxFeatures };
    const features = { tri: {}, uni: {}, par: {} } as MssModel['features'];
    const totals = {} as MssModel['totals'];
    for (const type of ['tri', 'uni', 'par'] as const) {
      const all = [...this.counts[type]].filter(([, c]) => c[0] + c[1] >= minCount);
      all.sort((a, b) => b[1][0] + b[1][1] - (a[1][0] + a[1][1]) || (a[0] < b[0] ? -1 : 1));
      for (const [k, c] of all.slice(0, max[type])) features[type][k] = [c[0], c[1]];
      totals[type] = { n: [...this.n[type]] as [number, number], vocab: this.counts[type].size };
    }
    return {
      version: MODEL_VERSION,
      stem: STEM,
      prior: [...this.prior] as [number, number],
      totals,
      features,
      alpha: this.options.alpha ?? DEFAULT_TRAIN.alpha,
      meta: { pages: this.pages, minCount, maxFeatures: max },
    };
  }
}

/** Convenience: train on a list of pages at once. */
export function trainMss(pages: Iterable<{ snapshot: PageSnapshot; gold: string }>, options: TrainOptions = {}): MssModel {
  const t = new MssTrainer(options);
  for (const p of pages) t.add(p.snapshot, p.gold);
  return t.finish();
}
