/**
 * `ttr`: text-to-tag ratio with threshold clustering (Weninger & Hsu, "Text Extraction from the
 * Web via Text-to-Tag Ratio", 2008; seed 004).
 *
 * The paper works on the lines of the raw HTML file. The snapshot has no source lines, so the
 * lines are rebuilt from the rendered DOM: each text block (src/classify/text-blocks.ts) is one
 * line, holding
 *   x = its characters (collapsed text), and
 *   y = the tags "on its line": the elements opened since the previous block's text ended
 *       (wrappers, the block element itself, empty elements like images) plus the inline
 *       elements inside the block — in pre-order ids, the elements between the previous block's
 *       last text node and this block's last text node.
 * TTR = x / y (x when y = 0). The TTR array is smoothed with a Gaussian kernel (radius 3,
 * σ = `sigma`) and a line is content when its smoothed TTR is above
 *   threshold = mean + `coef` · std   (mean and std of the smoothed array).
 * `coef` defaults to 0.5. The paper's threshold clustering cuts at τ·σ and reports τ between 0
 * and 2; here the cut starts from the mean, which long paragraphs already pull up. 0.5 was the
 * best of {−0.5, −0.25, 0, 0.25, 0.5, 1} on the article-bench-dev snapshots (see
 * docs/strategies.md).
 */
import { buildTextBlocks, indexNodes } from '../classify/text-blocks.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { nodeFacts, selectionFromTextNodes } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { at } from '../util/at.js';

export interface TtrOptions {
  /** Smoothing radius (lines either side). */
  radius?: number;
  /** Gaussian σ of the smoothing kernel. */
  sigma?: number;
  /** threshold = mean + coef · std. */
  coef?: number;
}

export const DEFAULT_TTR: Required<TtrOptions> = { radius: 3, sigma: 1.5, coef: 0.5 };

export interface TtrLine {
  /** Text block index. */
  block: number;
  textNodes: number[];
  chars: number;
  tags: number;
  ttr: number;
  smoothed: number;
  content: boolean;
}

/** Gaussian smoothing, kernel normalised over the part that falls inside the array. */
export function gaussianSmooth(values: number[], radius: number, sigma: number): number[] {
  const w: number[] = [];
  for (let k = -radius; k <= radius; k++) w.push(Math.exp(-(k * k) / (2 * sigma * sigma)));
  return values.map((_, i) => {
    let s = 0, ws = 0;
    for (let k = -radius; k <= radius; k++) {
      const j = i + k;
      if (j < 0 || j >= values.length) continue;
      s += at(values, j) * at(w, k + radius);
      ws += at(w, k + radius);
    }
    return ws ? s / ws : 0;
  });
}

export function ttrLines(snapshot: PageSnapshot, options: TtrOptions = {}): { lines: TtrLine[]; mean: number; std: number; threshold: number } {
  const o = { ...DEFAULT_TTR, ...options };
  const facts = nodeFacts(snapshot);
  const blocks = buildTextBlocks(snapshot, indexNodes(snapshot));
  // prefix count of elements by id, to count the elements between two text nodes
  const nodes = snapshot.nodes;
  const elemPrefix = new Int32Array(nodes.length + 1);
  for (let i = 0; i < nodes.length; i++) elemPrefix[i + 1] = at(elemPrefix, i) + (at(nodes, i).kind === 'element' && i !== snapshot.root ? 1 : 0);
  const lines: TtrLine[] = [];
  let prevEnd = 0;
  blocks.forEach((b, i) => {
    const ids = b.textNodes.filter((id) => facts.usable[id]);
    if (!ids.length) return;
    const last = Math.max(...ids);
    const tags = at(elemPrefix, last + 1) - at(elemPrefix, prevEnd);
    prevEnd = last + 1;
    const chars = b.text.length;
    lines.push({ block: i, textNodes: ids, chars, tags, ttr: tags ? chars / tags : chars, smoothed: 0, content: false });
  });
  const sm = gaussianSmooth(lines.map((l) => l.ttr), o.radius, o.sigma);
  const mean = sm.length ? sm.reduce((a, b) => a + b, 0) / sm.length : 0;
  const std = sm.length ? Math.sqrt(sm.reduce((a, b) => a + (b - mean) ** 2, 0) / sm.length) : 0;
  const threshold = mean + o.coef * std;
  lines.forEach((l, i) => {
    l.smoothed = at(sm, i);
    l.content = at(sm, i) > threshold;
  });
  return { lines, mean, std, threshold };
}

export function createTtr(options: TtrOptions = {}): Strategy {
  return {
    name: 'ttr',
    description: 'text-to-tag ratio per text block, Gaussian-smoothed, cut at mean + coef·std (Weninger & Hsu)',
    run(snapshot: PageSnapshot): StrategyResult {
      const { lines, mean, std, threshold } = ttrLines(snapshot, options);
      const kept = new Uint8Array(snapshot.nodes.length);
      let n = 0;
      for (const l of lines) if (l.content) {
        n++;
        for (const id of l.textNodes) kept[id] = 1;
      }
      const selection = selectionFromTextNodes(snapshot, kept);
      return {
        selection,
        pageType: selection.roots.length ? 'article' : 'other',
        notes: [`${n} of ${lines.length} lines above ${threshold.toFixed(1)} (mean ${mean.toFixed(1)}, std ${std.toFixed(1)})`],
      };
    },
  };
}

export const ttr: Strategy = createTtr();
