/**
 * From block scores to the main content: which text blocks are kept, the selection of snapshot
 * nodes they make (their enclosing element minus the subtrees that hold only dropped text, plus
 * the hidden text that was kept), and the trace of how.
 */
import { lowestCommonAncestor } from '../snapshot/tree.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { CONTENT_THRESHOLD, FALLBACK_MIN_SCORE, REPEAT_MIN_WORDS, FALLBACK_NEIGHBOUR_SHARE, MAX_DROPPED_LISTED, MAX_EXCLUDED_LISTED } from './params.js';
import type { TextBlock } from './text-blocks.js';
import { SCORE_COMPONENTS, type ContentSelection, type DropReason, type ScoreComponent, type TraceEvent } from './types.js';
import { round } from './blocks.js';
import { addAt, at, last } from '../util/at.js';

/** Elements whose text is kept whole once any of it is kept. */
const UNIT_TAGS = new Set(['pre']);

export interface Choice {
  /** Indexes of the kept text blocks, in reading order. */
  kept: number[];
  selection: ContentSelection;
  /** The element that encloses the kept text (-1 when nothing is kept). */
  container: number;
  /** Blocks inside the container that were not kept, with the component that pulled each down most. */
  dropped: Array<{ block: number; reason: DropReason }>;
  trace: TraceEvent[];
}

/** The component (other than the base) with the most negative value: why a block scored low. */
export function dropReason(components: ArrayLike<number>, row: number): DropReason {
  const k = SCORE_COMPONENTS.length;
  let worst: DropReason = 'text';
  let value = Infinity;
  SCORE_COMPONENTS.forEach((c: ScoreComponent, i) => {
    if (c === 'base') return;
    const v = at(components, row * k + i);
    if (v < value) {
      value = v;
      worst = c;
    }
  });
  return worst;
}

/** Blocks kept: those reaching the threshold, else the best block and its close neighbours. */
function keptBlocks(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, threshold: number, trace: TraceEvent[]): number[] {
  const kept: number[] = [];
  for (let i = 0; i < blocks.length; i++) if (at(scores, i) >= threshold) kept.push(i);
  if (kept.length > 0 || blocks.length === 0) return kept;
  let best = 0;
  for (let i = 1; i < blocks.length; i++) if (at(scores, i) > at(scores, best)) best = i;
  const top = at(scores, best);
  if (top < FALLBACK_MIN_SCORE) return kept;
  // neighbours in the best block's parent element, in reading order, while they score close to it
  const parent = at(snapshot.nodes, at(blocks, best).owner).parent;
  const within = (i: number): boolean => {
    for (let id = at(blocks, i).owner; id >= 0; id = at(snapshot.nodes, id).parent) if (id === parent) return true;
    return false;
  };
  const out = [best];
  for (const dir of [-1, 1]) {
    for (let i = best + dir; i >= 0 && i < blocks.length && at(scores, i) >= FALLBACK_NEIGHBOUR_SHARE * top && within(i); i += dir) out.push(i);
  }
  out.sort((a, b) => a - b);
  trace.push({ step: 'fallback', block: best, score: round(top), why: `no block reached ${threshold}; the best block (${round(top)}) and ${out.length - 1} neighbour(s) scoring at least ${FALLBACK_NEIGHBOUR_SHARE} of it` });
  return out;
}

/**
 * Lines are read whole: preformatted text, and an element whose lines are split by `<br>`
 * (code, addresses, verse). Each line is a block of its own, and a line of `cd app` scores as a
 * short fragment, so once one line of such a unit is kept, all of its lines are.
 */
function wholeUnits(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  const hasBreak = (id: number): boolean => at(nodes, id).children.some((c) => at(nodes, c).tag === 'br');
  const unitOf = blocks.map((b) => {
    for (let id = b.owner; id >= 0; id = at(nodes, id).parent) {
      const node = at(nodes, id);
      if (UNIT_TAGS.has(node.tag) || node.style?.whiteSpace.startsWith('pre')) return id;
    }
    return hasBreak(b.owner) ? b.owner : -1;
  });
  const units = new Set(kept.map((i) => at(unitOf, i)).filter((u) => u >= 0));
  if (units.size === 0) return kept;
  const keptSet = new Set(kept);
  const added = new Map<number, number>();
  blocks.forEach((b, i) => {
    const u = at(unitOf, i);
    if (u >= 0 && units.has(u) && !keptSet.has(i) && !b.hidden) {
      keptSet.add(i);
      added.set(u, (added.get(u) ?? 0) + 1);
    }
  });
  for (const [u, n] of added) trace.push({ step: 'unit', node: u, tag: at(nodes, u).tag, blocks: n });
  return [...keptSet].sort((a, b) => a - b);
}

/** Whether the node sits inside a quotation (`<blockquote>`, `<q>`). */
function quoted(snapshot: PageSnapshot, id: number): boolean {
  for (let node = snapshot.nodes[id]; node; node = snapshot.nodes[node.parent]) {
    if (node.tag === 'blockquote' || node.tag === 'q') return true;
  }
  return false;
}

const textKey = (b: TextBlock): string => b.text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A kept quotation that repeats kept text word for word is left out: a reply quoting a post of
 * the same thread says it twice, and the reader came for it once. Only quotations: recipes,
 * schedules and step lists repeat their own lines on purpose, and those repeats are content.
 * Short texts ("Thanks!") stay.
 */
function dropQuotedRepeats(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const isQuote = new Map(kept.map((i) => [i, quoted(snapshot, at(blocks, i).owner)]));
  const seen = new Set(kept.filter((i) => !isQuote.get(i)).map((i) => textKey(at(blocks, i))));
  const repeats = new Set<number>();
  let words = 0;
  for (const i of kept) {
    const b = at(blocks, i);
    if (!isQuote.get(i) || b.words < REPEAT_MIN_WORDS) continue;
    const key = textKey(b);
    if (seen.has(key)) {
      repeats.add(i);
      words += b.words;
    } else seen.add(key);
  }
  if (repeats.size === 0) return kept;
  trace.push({ step: 'repeated', blocks: repeats.size, words });
  return kept.filter((i) => !repeats.has(i));
}

const SITE_LANDMARK_TAGS = new Set(['footer', 'nav', 'aside']);
const SITE_LANDMARK_ROLES = new Set(['contentinfo', 'navigation', 'complementary']);

/**
 * The page-level landmark (site footer, navigation, complementary aside) the node sits in, or -1.
 * A `<footer>` or `<nav>` inside an `<article>` or `<main>` belongs to that content, as in ARIA's
 * mapping of `<footer>` to contentinfo only outside sectioning content.
 */
function siteLandmark(snapshot: PageSnapshot, id: number): number {
  let found = -1;
  for (let node = snapshot.nodes[id]; node; node = snapshot.nodes[node.parent]) {
    if (node.tag === 'article' || node.tag === 'main' || node.attrs?.role === 'main') found = -1;
    else if (found < 0 && node.kind === 'element' && (SITE_LANDMARK_TAGS.has(node.tag) || SITE_LANDMARK_ROLES.has(node.attrs?.role ?? ''))) found = node.id;
    if (node.parent < 0) break;
  }
  return found;
}

/**
 * Kept text in the site's footer, navigation or complementary aside is left out when other kept
 * text lies outside them: the page's authors marked those parts as not the content. When every
 * kept block is in one (a page built inside an `<aside>`), they stay.
 */
function dropLandmarkBlocks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const inLandmark = kept.map((i) => siteLandmark(snapshot, at(blocks, i).owner));
  if (inLandmark.every((l) => l >= 0) || inLandmark.every((l) => l < 0)) return kept;
  const out = kept.filter((_, j) => at(inLandmark, j) < 0);
  const landmarks = new Set(inLandmark.filter((l) => l >= 0));
  trace.push({ step: 'landmark', blocks: kept.length - out.length, landmarks: landmarks.size });
  return out;
}

/** Keeps the blocks whose score reaches `threshold` (the page type's, see models.ts) and selects them. */
export function chooseContent(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, components: ArrayLike<number>, threshold = CONTENT_THRESHOLD): Choice {
  const trace: TraceEvent[] = [];
  const kept = dropLandmarkBlocks(snapshot, blocks, dropQuotedRepeats(snapshot, blocks, wholeUnits(snapshot, blocks, keptBlocks(snapshot, blocks, scores, threshold, trace), trace), trace), trace);
  const hidden = blocks.filter((b) => b.hidden).length;
  trace.push({ step: 'scored', blocks: blocks.length, hidden, kept: kept.length, threshold });
  if (kept.length === 0) {
    trace.push({ step: 'no-content', why: blocks.length === 0 ? 'the page shows no text' : `no text block scores ${FALLBACK_MIN_SCORE} or more` });
    return { kept, selection: { roots: [], exclude: [] }, container: -1, dropped: [], trace };
  }
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const keptText = new Uint8Array(n);
  const otherText = new Uint8Array(n);
  const keptSet = new Set(kept);
  blocks.forEach((b, i) => {
    for (const t of b.textNodes) (keptSet.has(i) ? keptText : otherText)[t] = 1;
  });
  // text nodes of blocks that are not text blocks of their own (stray visible text) count as other
  for (const node of nodes) if (node.kind === 'text' && node.visible && !keptText[node.id] && (node.text ?? '').trim() !== '') otherText[node.id] = 1;
  const keptCount = new Int32Array(n);
  const otherCount = new Int32Array(n);
  const blockCount = new Int32Array(n);
  for (const b of blocks) addAt(blockCount, b.owner, 1);
  for (let id = n - 1; id >= 0; id--) {
    addAt(keptCount, id, at(keptText, id));
    addAt(otherCount, id, at(otherText, id));
    const p = at(nodes, id).parent;
    if (p >= 0) {
      addAt(keptCount, p, at(keptCount, id));
      addAt(otherCount, p, at(otherCount, id));
      addAt(blockCount, p, at(blockCount, id));
    }
  }
  let container = lowestCommonAncestor(snapshot, kept.map((i) => at(blocks, i).owner));
  if (at(nodes, container).kind === 'text') container = at(nodes, container).parent;
  trace.push({ step: 'container', node: container, tag: at(nodes, container).tag, blocks: kept.length });
  // leave out every subtree under the container that holds other text and no kept text
  const exclude: number[] = [];
  let excludedListed = 0;
  const stack = [container];
  while (stack.length) {
    const id = stack.pop()!;
    for (const c of at(nodes, id).children) {
      if (at(keptCount, c) > 0) {
        if (at(otherCount, c) > 0) stack.push(c);
        continue;
      }
      if (at(otherCount, c) > 0) {
        exclude.push(c);
        const node = at(nodes, c);
        if (node.kind === 'element' && at(blockCount, c) > 0 && excludedListed++ < MAX_EXCLUDED_LISTED) trace.push({ step: 'excluded', node: c, tag: node.tag, blocks: at(blockCount, c) });
      }
    }
  }
  exclude.sort((a, b) => a - b);
  const reveal: number[] = [];
  let revealedBlocks = 0;
  let revealedChars = 0;
  for (const i of kept) {
    const b = at(blocks, i);
    if (!b.hidden) continue;
    revealedBlocks++;
    revealedChars += b.chars;
    for (const t of b.textNodes) reveal.push(t);
  }
  reveal.sort((a, b) => a - b);
  if (revealedBlocks) trace.push({ step: 'revealed', blocks: revealedBlocks, chars: revealedChars });
  // dropped: visible text inside the container, between the first and the last kept block
  const inside = new Uint8Array(n);
  inside[container] = 1;
  for (const node of nodes) if (node.parent >= 0 && inside[node.parent]) inside[node.id] = 1;
  const dropped: Choice['dropped'] = [];
  const first = at(kept, 0);
  const end = last(kept);
  for (let i = first + 1; i < end && dropped.length < MAX_DROPPED_LISTED; i++) {
    if (keptSet.has(i) || at(blocks, i).hidden || !inside[at(blocks, i).owner]) continue;
    dropped.push({ block: i, reason: dropReason(components, i) });
  }
  return { kept, selection: { roots: [container], exclude, ...(reveal.length ? { reveal } : {}) }, container, dropped, trace };
}

