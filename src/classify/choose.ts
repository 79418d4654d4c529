/**
 * From block scores to the main content: which text blocks are kept, the selection of snapshot
 * nodes they make (their enclosing element minus the subtrees that hold only dropped text, plus
 * the hidden text that was kept), and the trace of how. The rules that keep or leave out blocks
 * after the scores have chosen live in rules/, one module per family; this module runs them in
 * order, by page type.
 */
import { enclosingElement, textChars } from '../snapshot/tree.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { SELECTION_POWER, MIN_BEST_SCORE, MAX_DROPPED_LISTED, MAX_EXCLUDED_LISTED } from './params.js';
import type { TextBlock } from './text-blocks.js';
import { SCORE_COMPONENTS, type ContentSelection, type DropReason, type PageType, type ScoreComponent, type TraceEvent } from './types.js';
import { round } from './blocks.js';
import type { RepeatUnit } from './block-features.js';
import { isScreenReaderHint } from './hints.js';
import { keepCardTitles } from './rules/card-titles.js';
import { completeRepeatedSlots, dropTemplateSlots, poolSlotScores, visibleSlots, wholeRows, wholeUnits } from './rules/grid.js';
import { dropQuotedRepeats, dropRepeatedRuns, dropSignatures, dropSymbolBlocks } from './rules/repeats.js';
import { dropAdSlots, dropAnnouncements, dropComments, dropControlGroups, dropDetachedHidden, dropFilterPanels, dropLandmarkBlocks, dropOffSlides } from './rules/regions.js';
import { dropFurnitureLines, dropKickers, dropRecommended, dropRelatedLinks, dropTeaserArticles } from './rules/related.js';
import { continueStory, keepDescribed, keepEmbeddedPosts, keepSplitStory } from './rules/story.js';
import { keepHiddenSpecs } from './rules/product-specs.js';
import { dropHiddenScraps } from './rules/hidden-scraps.js';
import { keepStoryLists } from './rules/story-lists.js';
import { last, outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

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
    const v = components[row * k + i] ?? outOfRange(row * k + i);
    if (v < value) {
      value = v;
      worst = c;
    }
  });
  return worst;
}

/**
 * The blocks kept: the best-scoring ones, as many as maximise the expected word F1 of the page.
 *
 * Each block's score, raised to the page type's `power`, is read as the probability p that its
 * text is main content, and its words w as its weight. Keeping the k most probable blocks then
 * expects 2·Σ_kept w·p / (Σ_kept w + Σ_all w·p) as word F1 (the plug-in rule of "Optimizing
 * F-measures: a tale of two approaches", Ye et al., ICML 2012), and the k that maximises it is
 * kept. Unlike one fixed threshold, this keeps a long tail of lukewarm replies on a thread where
 * they make up the page, and drops a lukewarm teaser beside a long article whose body dominates
 * the expected total. The power calibrates the scores per page type (above 1 the rule is
 * stricter); scripts/train/selection.mjs chooses it per type on the text the whole pipeline returns
 * (the rules below included), with out-of-fold models.
 */
export function selectByExpectedF1(weights: ArrayLike<number>, scores: ArrayLike<number>, power: number): { kept: number[]; expectedF1: number; lowest: number } {
  const n = scores.length;
  if (n === 0) return { kept: [], expectedF1: 0, lowest: NaN };
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => (scores[b] ?? outOfRange(b)) - (scores[a] ?? outOfRange(a)) || a - b);
  const best = order[0] ?? outOfRange(0);
  if ((scores[best] ?? outOfRange(best)) < MIN_BEST_SCORE) return { kept: [], expectedF1: 0, lowest: NaN };
  const p = Array.from({ length: n }, (_, i) => Math.pow((scores[i] ?? outOfRange(i)), power));
  const w = Array.from({ length: n }, (_, i) => Math.max(1, (weights[i] ?? outOfRange(i))));
  let expectedGold = 0;
  for (let i = 0; i < n; i++) expectedGold += (w[i] ?? outOfRange(i)) * (p[i] ?? outOfRange(i));
  let hits = 0;
  let size = 0;
  let expectedF1 = -1;
  let count = 0;
  order.forEach((i, k) => {
    hits += (w[i] ?? outOfRange(i)) * (p[i] ?? outOfRange(i));
    size += w[i] ?? outOfRange(i);
    const f1 = (2 * hits) / (size + expectedGold);
    if (f1 > expectedF1) {
      expectedF1 = f1;
      count = k + 1;
    }
  });
  // the kept blocks are a prefix of the order, so the last of them scores lowest
  const lowest = order[count - 1] ?? outOfRange(count - 1);
  return { kept: order.slice(0, count).sort((a, b) => a - b), expectedF1, lowest: scores[lowest] ?? outOfRange(lowest) };
}

function keptBlocks(blocks: readonly TextBlock[], scores: ArrayLike<number>, power: number, trace: TraceEvent[]): number[] {
  const { kept, expectedF1, lowest } = selectByExpectedF1(blocks.map((b) => b.words), scores, power);
  if (kept.length > 0) {
    trace.push({ step: 'selected', blocks: kept.length, power: round(power), expectedF1: round(expectedF1), lowest: round(lowest) });
  }
  return kept;
}

/** Page types whose main content is one story, where teaser cards beside it are not content. */
const STORY_TYPES: ReadonlySet<PageType> = new Set(['article', 'listing', 'documentation']);

/** Page types whose main content is a grid of products or entries, narrowed by filter panels. */
const GRID_TYPES: ReadonlySet<PageType> = new Set(['collection', 'listing']);

/** Page types whose content is running text, where a list between kept blocks is part of it (rules/story-lists.ts). */
const LIST_STORY_TYPES: ReadonlySet<PageType> = new Set(['article', 'documentation', 'service']);

/** Page types whose text is prose, where a reading time or "Advertisement" label is furniture (see dropFurnitureLines). */
const FURNITURE_TYPES: ReadonlySet<PageType> = new Set(['article', 'documentation']);

/** Page types whose recommendation rails are not content (see dropRecommended). */
const RAIL_TYPES: ReadonlySet<PageType> = new Set(['product', 'collection']);

/** Page types whose ticker and carousel slides are not content (see dropOffSlides). */
const SLIDE_FREE_TYPES: ReadonlySet<PageType> = new Set(['article', 'product']);

/**
 * The rules that keep or leave out blocks after the scores have chosen, in the order
 * chooseContent runs them (each is a function of rules/ by the same name). What each is worth is
 * measured by reading the dev pages without it (scripts/train/rule-ablation.mjs, docs/accuracy.md).
 * Skipping dropTeaserArticles also skips chooseMain's second reading of a listing as an article,
 * which starts from that rule's trace.
 */
export const RULES = [
  'completeRepeatedSlots', 'keepCardTitles', 'dropTemplateSlots', 'wholeUnits', 'wholeRows', 'dropRepeatedRuns',
  'dropQuotedRepeats', 'dropLandmarkBlocks', 'dropSignatures', 'dropSymbolBlocks', 'dropControlGroups',
  'dropFilterPanels', 'dropAnnouncements', 'dropAdSlots', 'dropTeaserArticles', 'dropComments', 'dropKickers',
  'dropRelatedLinks', 'dropFurnitureLines', 'keepEmbeddedPosts', 'dropOffSlides', 'dropDetachedHidden',
  'keepSplitStory', 'continueStory', 'keepStoryLists', 'dropRecommended', 'keepDescribed', 'keepHiddenSpecs',
  'dropHiddenScraps',
] as const;

export type RuleName = (typeof RULES)[number];

const NO_RULES: ReadonlySet<RuleName> = new Set();

/**
 * Keeps the blocks that maximise the expected word F1, with scores calibrated by `power` (the
 * page type's, see models.ts), completes the slots of repeated `units` (the nearest repeated
 * sibling unit above each block, block-features.ts), and selects them. `pageType` decides the
 * rules that depend on what the page is: a product page's customer reviews are left out, a
 * thread's replies are not comments, and so on (see each rule). The rules in `skip` are not run:
 * how the dev pages are read without one tells what it is worth.
 */
export function chooseContent(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, components: ArrayLike<number>, power = SELECTION_POWER, units?: readonly RepeatUnit[], pageType: PageType = 'article', skip: ReadonlySet<RuleName> = NO_RULES): Choice {
  const trace: TraceEvent[] = [];
  const on = (rule: RuleName): boolean => !skip.has(rule);
  const slots = visibleSlots(snapshot, blocks, units);
  let kept = keptBlocks(blocks, poolSlotScores(scores, slots, trace), power, trace);
  if (on('completeRepeatedSlots')) kept = completeRepeatedSlots(kept, slots, trace);
  if (on('keepCardTitles')) kept = keepCardTitles(snapshot, blocks, kept, units, slots, trace, GRID_TYPES.has(pageType));
  if (on('dropTemplateSlots') && GRID_TYPES.has(pageType)) kept = dropTemplateSlots(snapshot, blocks, kept, units, trace);
  if (on('wholeUnits')) kept = wholeUnits(snapshot, blocks, kept, trace);
  if (on('wholeRows')) kept = wholeRows(snapshot, blocks, kept, trace);
  if (on('dropRepeatedRuns')) kept = dropRepeatedRuns(blocks, kept, trace, pageType === 'product');
  if (on('dropQuotedRepeats')) kept = dropQuotedRepeats(snapshot, blocks, kept, trace, pageType === 'forum');
  if (on('dropLandmarkBlocks')) kept = dropLandmarkBlocks(snapshot, blocks, kept, trace);
  if (on('dropSignatures')) kept = dropSignatures(snapshot, blocks, kept, trace, pageType === 'product');
  if (on('dropSymbolBlocks')) kept = dropSymbolBlocks(snapshot, blocks, kept, trace, pageType === 'product');
  if (on('dropControlGroups')) kept = dropControlGroups(snapshot, blocks, kept, trace);
  if (on('dropFilterPanels') && GRID_TYPES.has(pageType)) kept = dropFilterPanels(snapshot, blocks, kept, trace);
  if (on('dropAnnouncements')) kept = dropAnnouncements(snapshot, blocks, kept, trace);
  if (on('dropAdSlots')) kept = dropAdSlots(snapshot, blocks, kept, trace);
  if (on('dropTeaserArticles') && STORY_TYPES.has(pageType)) kept = dropTeaserArticles(snapshot, blocks, kept, trace);
  if (on('dropComments') && pageType !== 'forum') kept = dropComments(snapshot, blocks, kept, trace);
  if (on('dropKickers') && STORY_TYPES.has(pageType)) kept = dropKickers(snapshot, blocks, kept, trace);
  if (on('dropRelatedLinks') && pageType === 'article') kept = dropRelatedLinks(snapshot, blocks, kept, trace);
  if (on('dropFurnitureLines') && FURNITURE_TYPES.has(pageType)) kept = dropFurnitureLines(blocks, kept, trace);
  if (on('keepEmbeddedPosts')) kept = keepEmbeddedPosts(snapshot, blocks, kept, trace);
  if (on('dropOffSlides') && SLIDE_FREE_TYPES.has(pageType)) kept = dropOffSlides(snapshot, blocks, kept, trace);
  if (on('dropDetachedHidden') && pageType === 'forum') kept = dropDetachedHidden(blocks, kept, trace);
  if (on('keepSplitStory') && pageType === 'article') kept = keepSplitStory(snapshot, blocks, kept, scores, trace);
  if (on('continueStory')) kept = continueStory(snapshot, blocks, kept, scores, trace);
  if (on('keepStoryLists') && LIST_STORY_TYPES.has(pageType)) kept = keepStoryLists(snapshot, blocks, kept, scores, trace);
  if (on('dropRecommended') && RAIL_TYPES.has(pageType)) kept = dropRecommended(snapshot, blocks, kept, trace, pageType === 'product');
  if (on('keepDescribed') && pageType === 'product') kept = keepDescribed(snapshot, blocks, kept, trace);
  if (on('keepHiddenSpecs') && pageType === 'product') kept = keepHiddenSpecs(snapshot, blocks, kept, trace);
  if (on('dropHiddenScraps')) kept = dropHiddenScraps(blocks, kept, trace);
  const hidden = blocks.filter((b) => b.hidden).length;
  trace.push({ step: 'scored', blocks: blocks.length, hidden, kept: kept.length, power: round(power) });
  if (kept.length === 0) {
    const scraps = trace.some((t) => t.step === 'hidden-scraps');
    trace.push({ step: 'no-content', why: blocks.length === 0 ? 'the page shows no text' : scraps ? 'the kept text was a few hidden words' : `no text block scores ${MIN_BEST_SCORE} or more` });
    return { kept, selection: { roots: [], exclude: [] }, container: -1, dropped: [], trace };
  }
  return selectNodes(snapshot, blocks, kept, components, trace);
}

/**
 * The selection the kept blocks make: their enclosing element (the container) minus the subtrees
 * under it that hold only other text and the text for screen readers only, plus the hidden text
 * that was kept; and the blocks inside it that were not kept, with why each scored low.
 */
function selectNodes(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], components: ArrayLike<number>, trace: TraceEvent[]): Choice {
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
  for (const b of blocks) blockCount[b.owner] = (blockCount[b.owner] ?? outOfRange(b.owner)) + 1;
  for (let id = n - 1; id >= 0; id--) {
    keptCount[id] = (keptCount[id] ?? outOfRange(id)) + (keptText[id] ?? outOfRange(id));
    otherCount[id] = (otherCount[id] ?? outOfRange(id)) + (otherText[id] ?? outOfRange(id));
    const p = (nodes[id] ?? outOfRange(id)).parent;
    if (p >= 0) {
      keptCount[p] = (keptCount[p] ?? outOfRange(p)) + (keptCount[id] ?? outOfRange(id));
      otherCount[p] = (otherCount[p] ?? outOfRange(p)) + (otherCount[id] ?? outOfRange(id));
      blockCount[p] = (blockCount[p] ?? outOfRange(p)) + (blockCount[id] ?? outOfRange(id));
    }
  }
  const container = enclosingElement(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner));
  trace.push({ step: 'container', node: container, tag: (nodes[container] ?? outOfRange(container)).tag, blocks: kept.length });
  // leave out every subtree under the container that holds other text and no kept text
  const exclude: number[] = [];
  let excludedListed = 0;
  const stack = [container];
  while (stack.length) {
    const id = stack.pop()!;
    for (const c of (nodes[id] ?? outOfRange(id)).children) {
      if ((keptCount[c] ?? outOfRange(c)) > 0) {
        if ((otherCount[c] ?? outOfRange(c)) > 0) stack.push(c);
        continue;
      }
      if ((otherCount[c] ?? outOfRange(c)) > 0) {
        exclude.push(c);
        const node = nodes[c] ?? outOfRange(c);
        if (node.kind === 'element' && (blockCount[c] ?? outOfRange(c)) > 0 && excludedListed++ < MAX_EXCLUDED_LISTED) trace.push({ step: 'excluded', node: c, tag: node.tag, blocks: (blockCount[c] ?? outOfRange(c)) });
      }
    }
  }
  // text for screen readers only inside the selection ("Regular price", "Opens in a new window")
  // is left out: sighted readers never see it, and it repeats what the page shows; unless it is
  // all the kept text
  const spoken: number[] = [];
  let spokenChars = 0;
  let spokenKept = 0;
  const excluded = new Set(exclude);
  const walk = [container];
  while (walk.length) {
    const id = walk.pop() ?? outOfRange(walk.length);
    for (const c of (nodes[id] ?? outOfRange(id)).children) {
      if (excluded.has(c) || (keptCount[c] ?? outOfRange(c)) + (otherCount[c] ?? outOfRange(c)) === 0) continue;
      const node = nodes[c] ?? outOfRange(c);
      if (isScreenReaderHint(node)) {
        spoken.push(c);
        spokenChars += textChars(snapshot, c);
        spokenKept += keptCount[c] ?? outOfRange(c);
      } else walk.push(c);
    }
  }
  if (spoken.length && spokenKept < (keptCount[container] ?? outOfRange(container))) {
    exclude.push(...spoken);
    trace.push({ step: 'screen-reader', elements: spoken.length, chars: spokenChars });
  }
  exclude.sort((a, b) => a - b);
  const reveal: number[] = [];
  let revealedBlocks = 0;
  let revealedChars = 0;
  for (const i of kept) {
    const b = blocks[i] ?? outOfRange(i);
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
  const first = kept[0] ?? outOfRange(0);
  const end = last(kept);
  for (let i = first + 1; i < end && dropped.length < MAX_DROPPED_LISTED; i++) {
    if (keptSet.has(i) || (blocks[i] ?? outOfRange(i)).hidden || !inside[(blocks[i] ?? outOfRange(i)).owner]) continue;
    dropped.push({ block: i, reason: dropReason(components, i) });
  }
  return { kept, selection: { roots: [container], exclude, ...(reveal.length ? { reveal } : {}) }, container, dropped, trace };
}
