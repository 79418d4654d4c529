/**
 * `descent`: greedy descent by subtree text length (seed 000, Eric Urban's content_finder).
 *
 * Every node weighs 1 + the collapsed length of the visible text below it (the gem's
 * TagCounter: 1 per node so empty nodes still count, memoised: computed once in a reverse sweep).
 * From `<body>` the walk repeatedly looks at the current node's children and their relative
 * weights r = w / Σw, and descends into the heaviest child unless
 *   - the spread test fails: max r − min r < `spread` (only with 2+ children; a lone child is
 *     always descended into, as in the gem), or
 *     `spread` defaults to 0.5, the gem's shipped `recursion_spread_percent` of 50; the article
 *     reports spreads above 0.98 near the top of the tree, but a 0.9 cut halts at <body> on
 *     most of today's pages (header/main/footer splits) — see docs/strategies.md for the sweep;
 *   - the absolute test fails: max r <= t(d) = 0.001 + ln(1 + d/7), d = descents so far
 *     (t(13) > 1, so the walk never goes deeper than 13 levels).
 * The node where descent halts, with everything under it, is the content.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import { collapseWs, nodeFacts, ownTextLength, pageTypeForChars, selectionOf, subtreeSums } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { addAt, at } from '../util/at.js';

export interface DescentOptions {
  /** Spread threshold: halt when max − min relative weight among 2+ children is below it. */
  spread?: number;
  /** Absolute threshold as a function of the number of descents so far. */
  threshold?: (d: number) => number;
  /**
   * Descents already made when the walk starts at `<body>`. The gem starts at `<html>`, whose only
   * counted child is `<body>` (head is ignored), so reaching body is its first descent: 1.
   */
  startDepth?: number;
}

export const DEFAULT_DESCENT: Required<DescentOptions> = {
  spread: 0.5,
  threshold: (d) => 0.001 + Math.log(1 + d / 7),
  startDepth: 1,
};

export interface DescentTrace {
  node: number;
  depth: number;
  children: number;
  maxRel: number;
  spread: number;
  threshold: number;
  halted: 'spread' | 'absolute' | 'leaf' | null;
}

/** Runs the descent; returns the node where it halts and the path taken. */
export function descend(snapshot: PageSnapshot, options: DescentOptions = {}): { node: number; trace: DescentTrace[]; weight: Float64Array; chars: number } {
  const o = { ...DEFAULT_DESCENT, ...options };
  const nodes = snapshot.nodes;
  const facts = nodeFacts(snapshot);
  // weight: 1 + own text length (text nodes) or 1 + children's weights (elements); ignored nodes 0
  const weight = new Float64Array(nodes.length);
  const counted = (id: number): boolean => {
    const node = at(nodes, id);
    if (facts.dropped[id]) return false;
    return node.kind === 'element' || facts.usable[id] === 1;
  };
  for (let id = nodes.length - 1; id >= 0; id--) {
    const node = at(nodes, id);
    if (!counted(id)) continue;
    addAt(weight, id, 1 + (node.kind === 'text' ? collapseWs(node.text ?? '').length : 0));
    const p = node.parent;
    if (p >= 0) addAt(weight, p, at(weight, id));
  }
  const trace: DescentTrace[] = [];
  let cur = snapshot.root;
  let d = o.startDepth;
  for (let guard = 0; guard < 10_000; guard++) {
    const kids = at(nodes, cur).children.filter(counted);
    const t = o.threshold(d);
    if (!kids.length) {
      trace.push({ node: cur, depth: d, children: 0, maxRel: 0, spread: 0, threshold: t, halted: 'leaf' });
      break;
    }
    const total = kids.reduce((s, k) => s + at(weight, k), 0);
    let best = at(kids, 0);
    let max = -Infinity;
    let min = Infinity;
    for (const k of kids) {
      const r = at(weight, k) / total;
      if (r > max) {
        max = r;
        best = k;
      }
      if (r < min) min = r;
    }
    const spread = kids.length === 1 ? 1 : max - min;
    const step: DescentTrace = { node: cur, depth: d, children: kids.length, maxRel: max, spread, threshold: t, halted: null };
    trace.push(step);
    if (kids.length > 1 && spread < o.spread) {
      step.halted = 'spread';
      break;
    }
    if (!(max > t)) {
      step.halted = 'absolute';
      break;
    }
    cur = best;
    d++;
  }
  const chars = at(subtreeSums(snapshot, ownTextLength(snapshot, facts)), cur);
  return { node: cur, trace, weight, chars };
}

export function createDescent(options: DescentOptions = {}): Strategy {
  return {
    name: 'descent',
    description: 'greedy descent into the child with the most text, halted by the spread and depth tests (content_finder)',
    run(snapshot: PageSnapshot): StrategyResult {
      const { node, trace, chars } = descend(snapshot, options);
      const last = trace[trace.length - 1];
      const notes = [
        `descended ${trace.length - 1} level(s) to <${at(snapshot.nodes, node).tag}> #${node}`,
        last ? `halted: ${last.halted} (max r ${last.maxRel.toFixed(3)}, spread ${last.spread.toFixed(3)}, t(d=${last.depth}) ${last.threshold.toFixed(3)})` : 'empty page',
      ];
      const pageType = pageTypeForChars(chars);
      return { selection: pageType === 'article' ? selectionOf([node]) : selectionOf([]), pageType, notes };
    },
  };
}

export const descent: Strategy = createDescent();
