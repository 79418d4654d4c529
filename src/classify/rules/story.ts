/**
 * Rules that bring back text of the page's own content the model left out: a story's continuation
 * after its element closes, a story split across the layout, embedded posts, a product's own
 * description.
 */
import { childOf, closest, enclosingElement, levelsBelow, lowestCommonAncestor, someBelow, within } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import {
  LINKED_SHARE, CONTINUATION_MIN_CHARS, CONTINUATION_MAX_LINK_SHARE, CONTINUATION_MIN_SCORE, SPLIT_MIN_DEPTH, SPLIT_MIN_SCORE, TAIL_TEXT_LEVELS, TAIL_WRAPPER_LEVELS, HINT_WRAPPER_LEVELS, DESCRIBED_MIN_WORDS, DESCRIBED_MIN_SHARE,
} from '../params.js';
import { isInline, type TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { isEmbedHint, isNoiseHint, roleHint } from '../hints.js';
import { wordTokens } from '../lexicon.js';
import { describedPairs, sharedPairs } from '../page-features.js';
import { keepAlso, wordsOf } from './common.js';
import { at, last, outOfRange } from '../../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/**
 * An embedded post the story quotes (a tweet, an Instagram post: hints.ts, isEmbedHint) between
 * kept blocks is part of it: its visible text is kept, though the model scores its short lines,
 * hashtags and handles low. The embed's chrome (a link-only "View this post on Instagram", a
 * "Report" link) is not: text whose link share is above LINKED_SHARE stays out.
 */
export function keepEmbeddedPosts(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  if (kept.length < 2) return kept;
  const keptSet = new Set(kept);
  const added: number[] = [];
  for (let i = at(kept, 0) + 1; i < last(kept); i++) {
    const b = at(blocks, i);
    if (keptSet.has(i) || b.hidden || b.linkChars > LINKED_SHARE * b.chars) continue;
    if (within(snapshot, b.owner, isEmbedHint)) added.push(i);
  }
  return keepAlso(blocks, kept, added, trace, { step: 'embedded' });
}

/** Paragraphs and subheads: what a story's text is made of. */
const FLOW_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Whether a block reads as prose by Readability's sibling test: more than CONTINUATION_MIN_CHARS
 * characters, or a shorter sentence without links.
 */
function isProse(b: TextBlock): boolean {
  return b.chars > CONTINUATION_MIN_CHARS || (b.linkChars === 0 && /[.!?…]["”’)]?$/.test(b.text.trim()));
}

/**
 * Paragraphs that continue the kept text after its container closes are kept. Markup that closes
 * the story's element early (an unclosed tag the parser repairs, a template that shuts its
 * wrapper before an ad slot, a client-rendered page that appends the rest of its body later)
 * leaves the rest of the story as siblings of the story's ancestors, where the model reads them as
 * stray page text. Following the last kept block in reading order, each paragraph or subhead whose
 * parent is an ancestor of the container (outside the container: the model saw a paragraph inside
 * it beside the kept ones and dropped it) is kept while it reads as prose by Readability's
 * sibling test (CONTINUATION_MIN_CHARS, CONTINUATION_MAX_LINK_SHARE) and the model is not sure it
 * is boilerplate (CONTINUATION_MIN_SCORE). A link-heavy paragraph ("READ MORE: ...") is stepped
 * over; anything else ends the run.
 */
export function continueStory(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], scores: ArrayLike<number>, trace: TraceEvent[]): number[] {
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  const container = enclosingElement(snapshot, kept.map((i) => at(blocks, i).owner));
  const above = new Set<number>();
  // a story split across levels (its first part deep in its element, its last kept paragraph
  // already a child of the container) continues at the container's own level
  const parentOf = (i: number): number => at(nodes, at(blocks, i).owner).parent;
  if (parentOf(last(kept)) === container && parentOf(at(kept, 0)) !== container) above.add(container);
  for (let node = nodes[at(nodes, container).parent]; node; node = nodes[node.parent]) {
    above.add(node.id);
    if (node.parent < 0) break;
  }
  const added: number[] = [];
  for (let i = last(kept) + 1; i < blocks.length; i++) {
    const b = at(blocks, i);
    if (b.hidden) continue;
    const owner = at(nodes, b.owner);
    if (!FLOW_TAGS.has(owner.tag) || !above.has(owner.parent)) break;
    if (b.linkChars >= CONTINUATION_MAX_LINK_SHARE * b.chars) continue;
    if (!isProse(b) || at(scores, i) < CONTINUATION_MIN_SCORE) break;
    added.push(i);
  }
  if (added.length === 0) return kept;
  trace.push({ step: 'continued', blocks: added.length, words: wordsOf(blocks, added) });
  return [...kept, ...added];
}

/** Elements whose text is flow text of a story: a paragraph, a subhead, a list item, a table cell, a caption. */
const STORY_TEXT_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'dt', 'dd', 'td', 'th', 'figcaption', 'blockquote', 'pre']);

/** Elements a story's text ends in where its element closes: a paragraph, an item, a cell, a quote (not a heading). */
const STEP_TEXT_TAGS = new Set(['p', 'li', 'dd', 'td', 'th', 'figcaption', 'blockquote', 'pre']);

/** Bare elements a story's body is made of: what its tail holds once its element has closed. */
const STORY_FLOW_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'ul', 'ol', 'dl', 'table', 'figure', 'pre']);

/** The parts of a table between its element and its cells. */
const ROW_TAGS = new Set(['tr', 'tbody', 'thead', 'tfoot']);

/** Elements that end a story's tail: the site's own landmarks. */
const TAIL_END_TAGS = new Set(['nav', 'aside', 'footer', 'header', 'form']);

/**
 * Whether the element or one of its wrappers up to HINT_WRAPPER_LEVELS levels up names a
 * boilerplate role (a related-stories box); page layout further up often does (`sticky-sidebar`
 * around the story column) and says nothing about the text.
 */
function hintedWrapper(snapshot: PageSnapshot, id: number): boolean {
  return within(snapshot, id, (node) => roleHint(node) !== null, HINT_WRAPPER_LEVELS);
}

/** Whether the element is a bare flow element of a story, or plain `<div>`s that open with one. */
function opensWithFlow(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  for (let d = 0; d <= TAIL_WRAPPER_LEVELS; d++) {
    if (STORY_FLOW_TAGS.has(node.tag)) return true;
    if (node.tag !== 'div' || roleHint(node) !== null) return false;
    const child = node.children.map((c) => snapshot.nodes[c] ?? outOfRange(c)).find((c) => c.kind === 'element');
    if (!child) return false;
    node = child;
  }
  return false;
}

/**
 * Whether the element holds the site's navigation or banner, or the page's title: it is page
 * layout, or the head of the story, not a part inside a story (a table's wrapper).
 */
function isPageLayout(snapshot: PageSnapshot, id: number): boolean {
  return someBelow(snapshot, id, (node) => {
    const role = node.attrs?.role ?? '';
    return node.kind === 'element' && (node.tag === 'nav' || node.tag === 'header' || node.tag === 'h1' || role === 'navigation' || role === 'banner');
  });
}

/**
 * Whether the element or a wrapper up to HINT_WRAPPER_LEVELS levels up is a caption or names a
 * small non-article piece (a credit, a byline, a share bar): pieces a story's text does not vouch
 * for, left to their scores.
 */
function smallPiece(snapshot: PageSnapshot, id: number): boolean {
  return within(snapshot, id, (node) => node.tag === 'figcaption' || isNoiseHint(node), HINT_WRAPPER_LEVELS);
}

/** The tail of a split story: the children of `top` from `first` on, up to a landmark or a hinted element. */
function tailOf(snapshot: PageSnapshot, top: number, first: number): Set<number> {
  const siblings = at(snapshot.nodes, top).children;
  const tail = new Set<number>();
  for (let k = siblings.indexOf(first); k >= 0 && k < siblings.length; k++) {
    const node = at(snapshot.nodes, at(siblings, k));
    if (TAIL_END_TAGS.has(node.tag) || (node.kind === 'element' && roleHint(node) !== null)) break;
    tail.add(node.id);
  }
  return tail;
}

/**
 * The visible blocks from block `b` on, grouped by the child of the tail that holds them (`holder`),
 * in reading order, up to the first block outside the tail.
 */
function tailByChild(blocks: readonly TextBlock[], b: number, holder: (i: number) => number, tail: ReadonlySet<number>): Map<number, number[]> {
  const byChild = new Map<number, number[]>();
  for (let i = b; i < blocks.length; i++) {
    if (at(blocks, i).hidden) continue;
    const c = holder(i);
    if (!tail.has(c)) break;
    const list = byChild.get(c);
    if (list) list.push(i);
    else byChild.set(c, [i]);
  }
  return byChild;
}

/**
 * The blocks of a split story's tail that go on with the story. Each child of the tail: one the
 * model is sure is not content (a subscription box, a "more stories" heading) ends it; one that is
 * mostly links (a link line, a box of related stories) is stepped over and left to its score. The
 * first child taken must be a bare flow element of a story (or plain wrappers around one): the
 * story's text goes on there. Past the last child with kept text, only bare flow elements and bare
 * text go on: what follows a story in plain wrappers is the page's (a signup box, a form, more
 * stories).
 */
function tailRegion(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, keptSet: ReadonlySet<number>, byChild: ReadonlyMap<number, number[]>): number[] {
  const nodes = snapshot.nodes;
  let lastKept = -1;
  for (const [c, list] of byChild) if (list.some((i) => keptSet.has(i))) lastKept = c;
  const region: number[] = [];
  let past = lastKept < 0;
  for (const [c, list] of byChild) {
    const chars = list.reduce((n, i) => n + at(blocks, i).chars, 0);
    const links = list.reduce((n, i) => n + at(blocks, i).linkChars, 0);
    if (list.every((i) => at(scores, i) < SPLIT_MIN_SCORE)) break;
    if (past && !STORY_FLOW_TAGS.has(at(nodes, c).tag) && !isInline(at(nodes, c))) break;
    if (c === lastKept) past = true;
    if (links >= LINKED_SHARE * chars) continue;
    if (region.length === 0 && !opensWithFlow(snapshot, at(nodes, c))) break;
    region.push(...list);
  }
  return region;
}

/**
 * The story text before a split story's step (the visible blocks before `visible[step]`, the last
 * of them in `ownerA`), back to the first block that is not story text in the same story element,
 * is mostly links or scores low.
 */
function storyBefore(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, visible: readonly number[], step: number, ownerA: number): number[] {
  const nodes = snapshot.nodes;
  const story = closest(snapshot, ownerA, (node) => !STORY_TEXT_TAGS.has(node.tag) && !STORY_FLOW_TAGS.has(node.tag) && !ROW_TAGS.has(node.tag));
  const before: number[] = [];
  for (let w = step - 1; w >= 0; w--) {
    const i = visible[w] ?? outOfRange(w);
    const block = at(blocks, i);
    if (!STORY_TEXT_TAGS.has(at(nodes, block.owner).tag) || !within(snapshot, block.owner, (node) => node.id === story) || block.linkChars >= LINKED_SHARE * block.chars || at(scores, i) < SPLIT_MIN_SCORE) break;
    before.push(i);
  }
  return before;
}

/**
 * A story whose element closed early is read as one. A client-rendered page that inserts its body
 * in pieces, or markup that shuts the story's wrapper before its end (an unclosed tag the parser
 * repairs), leaves the first part of the story deep in the page's layout and the rest as bare
 * paragraphs, lists and tables beside the layout's outermost wrapper. The model reads both parts
 * worse than the whole: the first has lost half its text, the tail its story element.
 *
 * The step: reading order goes from a paragraph (item, cell, quote) nested at least
 * SPLIT_MIN_DEPTH levels below a wrapper that is page layout (it holds the navigation, the banner
 * or the page's title; a table's wrapper inside a story is not) to a sibling of that wrapper.
 * The tail: the siblings from there on, up to a landmark or a hinted element, or one whose every
 * block the model is sure is not content; siblings that are mostly links (a link line, a box of
 * related stories) are stepped over and left to their scores, and the first sibling taken must be
 * a bare flow element of a story (or plain wrappers around one); past the last sibling with
 * kept text, only bare flow elements and bare text go on. Where the model kept some of the tail's
 * own text (a bare paragraph or a list's item, at most TAIL_TEXT_LEVELS below), the blocks of the
 * tail and of the story text just before the step (inside the same element, back to the first
 * that is not story text) that score at least SPLIT_MIN_SCORE are kept, except captions and small
 * pieces (credits, share bars). Article pages only: the rule reads a story.
 */
export function keepSplitStory(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], scores: ArrayLike<number>, trace: TraceEvent[]): number[] {
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  const keptSet = new Set(kept);
  const added = new Set<number>();
  const visible = blocks.filter((b) => !b.hidden).map((b) => b.index);
  const layouts = new Map<number, boolean>();
  const steppedOut = new Set<number>();
  /** The child of `top` that holds the block's text (its owner may be `top` itself, for bare inline text). */
  const holder = (i: number, top: number): number => childOf(snapshot, at(at(blocks, i).textNodes, 0), top);
  for (let v = 1; v < visible.length; v++) {
    const a = visible[v - 1] ?? outOfRange(v - 1);
    const b = visible[v] ?? outOfRange(v);
    const blockA = at(blocks, a);
    const ownerA = blockA.owner;
    if (!STEP_TEXT_TAGS.has(at(nodes, ownerA).tag) || blockA.linkChars >= LINKED_SHARE * blockA.chars || !isProse(blockA)) continue;
    const top = lowestCommonAncestor(snapshot, [ownerA, at(blocks, b).owner]);
    const wrapper = childOf(snapshot, ownerA, top);
    const first = holder(b, top);
    if (wrapper < 0 || first < 0 || wrapper === first || STORY_FLOW_TAGS.has(at(nodes, wrapper).tag)) continue;
    if (levelsBelow(snapshot, ownerA, wrapper) < SPLIT_MIN_DEPTH || hintedWrapper(snapshot, ownerA)) continue;
    let layout = layouts.get(wrapper);
    if (layout === undefined) layouts.set(wrapper, (layout = isPageLayout(snapshot, wrapper)));
    if (!layout) continue;
    // one step out of the layout per parent: its tail runs on to the parent's later children, so
    // a page made of many such steps (a hostile one) is read in one pass, not once per step
    if (steppedOut.has(top)) continue;
    steppedOut.add(top);
    const byChild = tailByChild(blocks, b, (i) => holder(i, top), tailOf(snapshot, top, first));
    const region = tailRegion(snapshot, blocks, scores, keptSet, byChild);
    if (region.length === 0) continue;
    const before = storyBefore(snapshot, blocks, scores, visible, v, ownerA);
    // the model kept some of the tail's own text: a bare paragraph or list item, not text deep in
    // a wrapper beside the layout (a page's body in a column of its own)
    if (!region.some((i) => keptSet.has(i) && levelsBelow(snapshot, at(blocks, i).owner, top) <= TAIL_TEXT_LEVELS)) continue;
    for (const i of [...region, ...before]) {
      if (!keptSet.has(i) && at(scores, i) >= SPLIT_MIN_SCORE && !smallPiece(snapshot, at(blocks, i).owner)) added.add(i);
    }
  }
  return keepAlso(blocks, kept, [...added], trace, { step: 'split-story' });
}

/**
 * A product page's own description is kept where the page shows it, whatever its score: a block
 * of at least DESCRIBED_MIN_WORDS words, DESCRIBED_MIN_SHARE of whose word pairs the page's meta
 * descriptions and structured-data descriptions repeat (see describedPairs). The model reads
 * such text by its look, and a description in a tab or a side column looks like page furniture;
 * the page's own statement of what it sells does not depend on the look. A second copy of kept
 * text is not added.
 */
export function keepDescribed(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const described = describedPairs(snapshot);
  if (described.size === 0) return kept;
  const keptSet = new Set(kept);
  const texts = new Set(kept.map((i) => at(blocks, i).text));
  const added: number[] = [];
  blocks.forEach((b, i) => {
    if (keptSet.has(i) || b.words < DESCRIBED_MIN_WORDS || texts.has(b.text)) return;
    const tokens = wordTokens(b.text);
    if (tokens.length < 2 || sharedPairs(tokens, described) < DESCRIBED_MIN_SHARE * (tokens.length - 1)) return;
    added.push(i);
    texts.add(b.text);
  });
  return keepAlso(blocks, kept, added, trace, { step: 'described' });
}
