/**
 * From block scores to the main content: which text blocks are kept, the selection of snapshot
 * nodes they make (their enclosing element minus the subtrees that hold only dropped text, plus
 * the hidden text that was kept), and the trace of how.
 */
import { childOf, closest, countBefore, levelsBelow, lowestCommonAncestor, someBelow, subtreeEnds, textChars, within, withinEach } from '../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import {
  SELECTION_POWER, MIN_BEST_SCORE, REPEAT_MIN_WORDS, REPEAT_RUN_BLOCKS, REPEAT_LINE_MIN_WORDS, RECOMMENDS_MAX_WORDS, SLOT_KEEP_SHARE, ROW_MIN_CELLS, ROW_KEEP_SHARE, ROW_CELL_MAX_WORDS, MAX_DROPPED_LISTED, MAX_EXCLUDED_LISTED,
  STORY_DOMINANCE, LINKED_SHARE, CONTINUATION_MIN_CHARS, CONTINUATION_MAX_LINK_SHARE, CONTINUATION_MIN_SCORE,
  KICKER_LINK_SHARE, KICKER_CAPITALS_SHARE, KICKER_MIN_WORDS, RELATED_LINK_SHARE, RELATED_LINE_MAX_WORDS, RELATED_HEADING_MAX_WORDS, RELATED_LEAD_MAX_WORDS, FURNITURE_MAX_WORDS, SPLIT_MIN_DEPTH, SPLIT_MIN_SCORE, HINT_WRAPPER_LEVELS,
  DESCRIBED_MIN_WORDS, DESCRIBED_MIN_SHARE, PANEL_MAX_SHARE, TEMPLATE_MIN_UNITS, TEMPLATE_MAX_DISTINCT,
} from './params.js';
import { isInline, type TextBlock } from './text-blocks.js';
import { SCORE_COMPONENTS, type ContentSelection, type DropReason, type PageType, type ScoreComponent, type TraceEvent } from './types.js';
import { round } from './blocks.js';
import { signature, type RepeatUnit } from './block-features.js';
import { isAnnouncementHint, isCommentsHint, isEmbedHint, isFilterPanelHint, isNoiseHint, isReviewsHint, isScreenReaderHint, isSignatureHint, roleHint } from './hints.js';
import { wordTokens } from './lexicon.js';
import { describedPairs, sharedPairs } from './page-features.js';
import { at, last, outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

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
 * stricter); it is fitted on out-of-fold scores (scripts/train/selection.mjs).
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
    trace.push({ step: 'selected', blocks: kept.length, power, expectedF1: round(expectedF1), lowest: round(lowest) });
  }
  return kept;
}

/**
 * Repeated units are laid out alike, and read alike: among the units of one repeated group (the
 * cards of a grid, the posts of a thread, the rows of a list), a slot (the element at the same
 * place in each unit, e.g. every card's headline) kept in at least SLOT_KEEP_SHARE of the units is
 * kept in all of them. A headline the model scores lukewarm beside its kept siblings comes back;
 * a slot kept in few units (a badge) is not spread. Hidden text is not added.
 */
function completeRepeatedSlots(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], units: readonly RepeatUnit[] | undefined, trace: TraceEvent[]): number[] {
  if (!units || kept.length === 0) return kept;
  const slots = slotGroups(snapshot.nodes, blocks, units, blocks.filter((b) => !b.hidden).map((b) => b.index));
  const keptSet = new Set(kept);
  let completed = 0;
  let added = 0;
  for (const members of slots.values()) {
    const k = members.filter((i) => keptSet.has(i)).length;
    if (k === members.length || k < SLOT_KEEP_SHARE * members.length) continue;
    completed++;
    for (const i of members) {
      if (keptSet.has(i)) continue;
      keptSet.add(i);
      added++;
    }
  }
  if (added === 0) return kept;
  trace.push({ step: 'slots', slots: completed, blocks: added });
  return [...keptSet].sort((a, b) => a - b);
}

/** A price: a currency sign, or an amount with cents ("19,99"). */
const PRICE = /[\p{Sc}]|\d[.,]\d\d(?!\d)/u;

/**
 * The blocks `ids` (in order) grouped by their slot in a repeated unit (see
 * completeRepeatedSlots): the unit's group, the unit's shape, the place in it and the block's own
 * element. Blocks outside a repeated unit are in no group.
 */
function slotGroups(nodes: readonly SnapshotNode[], blocks: readonly TextBlock[], units: readonly RepeatUnit[], ids: Iterable<number>): Map<string, number[]> {
  const slots = new Map<string, number[]>();
  for (const i of ids) {
    const u = units[i] ?? outOfRange(i);
    if (u.id < 0) continue;
    const unit = nodes[u.id] ?? outOfRange(u.id);
    const key = `${unit.parent}|${signature(unit)}|${u.k}|${signature(nodes[at(blocks, i).owner] ?? outOfRange(at(blocks, i).owner))}`;
    const members = slots.get(key);
    if (members) members.push(i);
    else slots.set(key, [i]);
  }
  return slots;
}

/**
 * A grid's template is left out of a collection or a listing: a slot of repeated units (the
 * element at the same place in each card) kept in TEMPLATE_MIN_UNITS units or more whose kept
 * texts are nearly all the same (fewer distinct texts than TEMPLATE_MAX_DISTINCT of its copies)
 * is a button, a badge or a label each card prints ("Add to Compare", "Quick view", "Rate this
 * book"), not what the entries are. WCXB's collection gold keeps each product's name and price,
 * and a reader scanning the grid skips the furniture repeated in every card. When it is all the
 * kept text, it stays.
 */
function dropTemplateSlots(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], units: readonly RepeatUnit[] | undefined, trace: TraceEvent[]): number[] {
  if (!units || kept.length === 0) return kept;
  const slots = slotGroups(snapshot.nodes, blocks, units, kept);
  const drop = new Set<number>();
  let count = 0;
  for (const members of slots.values()) {
    if (members.length < TEMPLATE_MIN_UNITS) continue;
    const texts = new Set(members.map((i) => textKey(at(blocks, i))));
    if (texts.size >= TEMPLATE_MAX_DISTINCT * members.length || [...texts].some((t) => PRICE.test(t))) continue;
    count++;
    for (const i of members) drop.add(i);
  }
  if (drop.size === 0 || drop.size === kept.length) return kept;
  trace.push({ step: 'template', slots: count, blocks: drop.size, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !drop.has(i));
}

/**
 * Table rows are read whole: in a row of ROW_MIN_CELLS cells or more whose text is mostly kept
 * (ROW_KEEP_SHARE of its characters), the short cells left out (ROW_CELL_MAX_WORDS words at
 * most: a position, a unit, a year) are kept too. Each scores as a fragment on its own, and a row
 * that loses its first cell reads as another record.
 */
function wholeRows(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  // each block's row: the `<tr>` of the nearest cell above it
  const rowOf = blocks.map((b) => {
    const cell = nodes[closest(snapshot, b.owner, (node) => node.tag === 'td' || node.tag === 'th' || node.tag === 'table')];
    const row = cell && cell.tag !== 'table' ? nodes[cell.parent] : undefined;
    return row?.tag === 'tr' ? row.id : -1;
  });
  const keptSet = new Set(kept);
  const rows = new Set(kept.map((i) => (rowOf[i] ?? outOfRange(i))).filter((r) => r >= 0));
  if (rows.size === 0) return kept;
  const keptChars = new Map<number, number>();
  const allChars = new Map<number, number>();
  blocks.forEach((b, i) => {
    const r = rowOf[i] ?? outOfRange(i);
    if (!rows.has(r) || b.hidden) return;
    allChars.set(r, (allChars.get(r) ?? 0) + b.chars);
    if (keptSet.has(i)) keptChars.set(r, (keptChars.get(r) ?? 0) + b.chars);
  });
  const cells = (r: number): number => (nodes[r] ?? outOfRange(r)).children.filter((c) => {
    const tag = (nodes[c] ?? outOfRange(c)).tag;
    return tag === 'td' || tag === 'th';
  }).length;
  const whole = new Set([...rows].filter((r) => (keptChars.get(r) ?? 0) >= ROW_KEEP_SHARE * (allChars.get(r) ?? 0) && cells(r) >= ROW_MIN_CELLS));
  const completed = new Set<number>();
  let added = 0;
  blocks.forEach((b, i) => {
    const r = rowOf[i] ?? outOfRange(i);
    if (whole.has(r) && !keptSet.has(i) && !b.hidden && b.words <= ROW_CELL_MAX_WORDS) {
      keptSet.add(i);
      completed.add(r);
      added++;
    }
  });
  if (added === 0) return kept;
  trace.push({ step: 'rows', rows: completed.size, blocks: added });
  return [...keptSet].sort((a, b) => a - b);
}

/**
 * Lines are read whole: preformatted text, and an element whose lines are split by `<br>`
 * (code, addresses, verse). Each line is a block of its own, and a line of `cd app` scores as a
 * short fragment, so once one line of such a unit is kept, all of its lines are.
 */
function wholeUnits(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  const hasBreak = (id: number): boolean => (nodes[id] ?? outOfRange(id)).children.some((c) => (nodes[c] ?? outOfRange(c)).tag === 'br');
  const unitOf = blocks.map((b) => {
    const unit = closest(snapshot, b.owner, (node) => UNIT_TAGS.has(node.tag) || node.style?.whiteSpace.startsWith('pre') === true);
    return unit >= 0 || !hasBreak(b.owner) ? unit : b.owner;
  });
  const units = new Set(kept.map((i) => (unitOf[i] ?? outOfRange(i))).filter((u) => u >= 0));
  if (units.size === 0) return kept;
  const keptSet = new Set(kept);
  const added = new Map<number, number>();
  blocks.forEach((b, i) => {
    const u = unitOf[i] ?? outOfRange(i);
    if (u >= 0 && units.has(u) && !keptSet.has(i) && !b.hidden) {
      keptSet.add(i);
      added.set(u, (added.get(u) ?? 0) + 1);
    }
  });
  for (const [u, n] of added) trace.push({ step: 'unit', node: u, tag: (nodes[u] ?? outOfRange(u)).tag, blocks: n });
  return [...keptSet].sort((a, b) => a - b);
}

/** A quotation (`<blockquote>`, `<q>`). */
const isQuotation = (node: SnapshotNode): boolean => node.tag === 'blockquote' || node.tag === 'q';

/** What makes two blocks' texts the same: their text up to case (already collapsed and trimmed). */
const textKey = (b: TextBlock): string => b.text.toLowerCase();

/**
 * A kept quotation that repeats kept text word for word is left out: a reply quoting a post of
 * the same thread says it twice, and the reader came for it once. Only quotations: recipes,
 * schedules and step lists repeat their own lines on purpose, and those repeats are content.
 * On a thread (`thread`), a later copy of kept text outside quotations is left out too: a forum
 * prints a poster's signature under each of their posts, or a reply pastes the words it answers
 * without quoting markup; the first copy stays, and so does a copy in the same element as the
 * first (a page that repeats its own paragraph). Short texts ("Thanks!") stay.
 */
function dropQuotedRepeats(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], thread = false): number[] {
  const quoted = withinEach(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner), isQuotation);
  const isQuote = new Map(kept.map((i, j) => [i, quoted[j] ?? outOfRange(j)]));
  const seen = new Set(kept.filter((i) => !isQuote.get(i)).map((i) => textKey((blocks[i] ?? outOfRange(i)))));
  // Texts outside quotations met so far, in reading order, with the parent element of the first:
  // on a thread, a second one in another element (another post) is a signature or a paste, and
  // one beside the first, in the same element, is the page's own repetition, as a refrain is.
  const own = new Map<string, number>();
  const repeats = new Set<number>();
  let words = 0;
  for (const i of kept) {
    const b = blocks[i] ?? outOfRange(i);
    if (b.words < REPEAT_MIN_WORDS) continue;
    const key = textKey(b);
    if (!isQuote.get(i)) {
      const parent = (snapshot.nodes[b.owner] ?? outOfRange(b.owner)).parent;
      const first = own.get(key);
      if (first === undefined) own.set(key, parent);
      else if (thread && first !== parent) {
        repeats.add(i);
        words += b.words;
      }
      continue;
    }
    if (seen.has(key)) {
      repeats.add(i);
      words += b.words;
    } else seen.add(key);
  }
  if (repeats.size === 0) return kept;
  trace.push({ step: 'repeated', blocks: repeats.size, words });
  return kept.filter((i) => !repeats.has(i));
}

/**
 * A page that lays the same content out twice (a desktop and a mobile version both rendered, a
 * tab that repeats the summary above it, a carousel's clones) says it twice, and the reader came
 * for it once: a run of at least REPEAT_RUN_BLOCKS consecutive kept blocks that repeats, in the
 * same order, a run kept earlier is left out. Only texts kept exactly twice count: a line kept
 * three times or more (a table's "Yes", a step list's "Rest day") is the page's own template,
 * and a lone repeated line is a phrase, not a copy of the layout. With `lines` (a product page),
 * a repeated block of at least REPEAT_LINE_MIN_WORDS words is a copy on its own, however often
 * it recurs: a shop lays its description and selling points out more than once (a desktop and a
 * mobile copy, a tab and an accordion) with other text between the copies' paragraphs, and a
 * sentence repeated word for word is not the page's template.
 */
function dropRepeatedRuns(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], lines = false): number[] {
  const keys = kept.map((i) => textKey((blocks[i] ?? outOfRange(i))));
  const copies = new Map<string, number>();
  for (const key of keys) copies.set(key, (copies.get(key) ?? 0) + 1);
  // for each kept block (by its position in `kept`), the position of the earlier block it repeats, or -1
  const firstAt = new Map<string, number>();
  const earlier = keys.map((key, j) => {
    const f = firstAt.get(key);
    if (f === undefined) {
      firstAt.set(key, j);
      return -1;
    }
    // a sentence-long block is a copy however often it is repeated
    return copies.get(key) === 2 || (lines && at(blocks, at(kept, j)).words >= REPEAT_LINE_MIN_WORDS) ? f : -1;
  });
  const drop = new Set<number>();
  let runs = 0;
  let words = 0;
  for (let j = 0; j < kept.length;) {
    if ((earlier[j] ?? outOfRange(j)) < 0) {
      j++;
      continue;
    }
    let end = j + 1;
    while (end < kept.length && (earlier[end] ?? outOfRange(end)) >= 0 && (earlier[end] ?? outOfRange(end)) === (earlier[end - 1] ?? outOfRange(end - 1)) + 1) end++;
    if (end - j >= REPEAT_RUN_BLOCKS || (lines && end - j === 1 && at(blocks, at(kept, j)).words >= REPEAT_LINE_MIN_WORDS)) {
      runs++;
      for (let x = j; x < end; x++) {
        const i = kept[x] ?? outOfRange(x);
        drop.add(i);
        words += (blocks[i] ?? outOfRange(i)).words;
      }
    }
    j = end;
  }
  if (drop.size === 0) return kept;
  trace.push({ step: 'repeated-run', runs, blocks: drop.size, words });
  return kept.filter((i) => !drop.has(i));
}

/**
 * Kept text in a poster's signature is left out when other kept text lies outside signatures: the
 * sign-off a forum prints under each post of its author ("If it ain't flat, it ain't finished")
 * is not what the post says. With `reviews` (a product page), so is kept text in an element named
 * customer reviews: buyers' opinions are not the product's description and specifications.
 */
function dropSignatures(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], reviews = false): number[] {
  const named = (node: SnapshotNode): boolean => isSignatureHint(node) || (reviews && isReviewsHint(node));
  const signed = withinEach(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner), named);
  if (signed.every((s) => s) || !signed.some((s) => s)) return kept;
  const out = kept.filter((_, j) => !(signed[j] ?? outOfRange(j)));
  let words = 0;
  kept.forEach((i, j) => {
    if ((signed[j] ?? outOfRange(j))) words += (blocks[i] ?? outOfRange(i)).words;
  });
  trace.push({ step: 'signature', blocks: kept.length - out.length, words });
  return out;
}

/** Text that says something: a letter, a digit, or a pictograph (an emoji answer in a thread). */
const SAYS_SOMETHING = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;

/** Where a lone symbol is content: a line of code (`}`), a table cell (a ✓ in a comparison), a formula. */
const isSymbolHome = (node: SnapshotNode): boolean =>
  node.tag === 'pre' || node.tag === 'code' || node.tag === 'td' || node.tag === 'th' || node.tag === 'math';

/**
 * A machine string standing alone: a bare address or a UUID, nothing a reader reads. A shop's
 * template prints them as data for its scripts (a swatch's image address, a card's id), and
 * unstyled they show as lines of the product's box.
 */
const MACHINE_TEXT = /^(?:(?:https?:)?\/\/\S+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Kept text made only of symbols and punctuation (the ▲ ▼ of a vote widget, a row of • or —
 * between sections, a lone ›) is left out: it carries no words for a reader, and in Markdown it
 * stands as a stray line between paragraphs. Code, table cells and formulas keep theirs. With
 * `machine` (a product page), so is a lone machine string (MACHINE_TEXT); elsewhere a bare
 * address is often content (a reference list, a link a post shares).
 */
function dropSymbolBlocks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], machine = false): number[] {
  const out = kept.filter((i) => {
    const b = blocks[i] ?? outOfRange(i);
    if (machine && MACHINE_TEXT.test(b.text)) return false;
    return SAYS_SOMETHING.test(b.text) || within(snapshot, b.owner, isSymbolHome);
  });
  if (out.length === kept.length || out.length === 0) return kept;
  trace.push({ step: 'symbols', blocks: kept.length - out.length });
  return out;
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
  const inLandmark = kept.map((i) => siteLandmark(snapshot, (blocks[i] ?? outOfRange(i)).owner));
  if (inLandmark.every((l) => l >= 0) || inLandmark.every((l) => l < 0)) return kept;
  const out = kept.filter((_, j) => (inLandmark[j] ?? outOfRange(j)) < 0);
  const landmarks = new Set(inLandmark.filter((l) => l >= 0));
  trace.push({ step: 'landmark', blocks: kept.length - out.length, landmarks: landmarks.size });
  return out;
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** An `<article>` element. */
const isArticle = (node: SnapshotNode): boolean => node.kind === 'element' && node.tag === 'article';

const wordsOf = (blocks: readonly TextBlock[], ids: Iterable<number>): number => {
  let w = 0;
  for (const i of ids) w += at(blocks, i).words;
  return w;
};

/**
 * Teaser cards beside a story. A news site marks its story up as an `<article>`, and often each
 * teaser of its rails ("More from World", a grid of other stories) as an `<article>` too, whose
 * headline and standfirst read like prose and score as such. When one `<article>` holds at least
 * STORY_DOMINANCE times the kept words of any other, it is the page's story; kept text in other
 * `<article>`s that carry a linked headline (a heading whose text is mostly link text: a card
 * linking to its story) is left out, as trafilatura takes the first `<article>` as the body. An
 * `<article>` inside the story, or around it, stays; so do cards without a linked headline (the
 * comments of a thread, the sections of a page built of `<article>`s).
 */
function dropTeaserArticles(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const articles = kept.map((i) => closest(snapshot, at(blocks, i).owner, isArticle));
  const words = new Map<number, number>();
  kept.forEach((i, j) => {
    const a = at(articles, j);
    if (a >= 0) words.set(a, (words.get(a) ?? 0) + at(blocks, i).words);
  });
  if (words.size < 2) return kept;
  let story = -1;
  let most = 0;
  let second = 0;
  for (const [a, w] of words) {
    if (w > most) {
      second = most;
      most = w;
      story = a;
    } else if (w > second) second = w;
  }
  if (most < STORY_DOMINANCE * second) return kept;
  const teasers = new Set<number>();
  for (const b of blocks) {
    if (b.hidden || b.linkChars < LINKED_SHARE * b.chars) continue;
    // the block's nearest heading, unless its own `<article>` comes first
    const heading = closest(snapshot, b.owner, (node) => node.tag === 'article' || HEADINGS.has(node.tag));
    if (heading < 0 || !HEADINGS.has(at(snapshot.nodes, heading).tag)) continue;
    const a = closest(snapshot, heading, isArticle);
    if (a >= 0) teasers.add(a);
  }
  const drop = new Set<number>();
  const cards = new Set<number>();
  kept.forEach((i, j) => {
    const a = at(articles, j);
    if (a < 0 || !teasers.has(a) || within(snapshot, a, (n) => n.id === story) || within(snapshot, story, (n) => n.id === a)) return;
    drop.add(i);
    cards.add(a);
  });
  if (drop.size === 0) return kept;
  trace.push({ step: 'teasers', articles: cards.size, blocks: drop.size, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !drop.has(i));
}

/**
 * Kept text in a reader comment section (hints.ts, isCommentsHint) is left out when other kept
 * text lies outside it: the readers' replies under a story or a post are not what it says
 * (Readability and trafilatura remove them too). Not on a thread, whose replies are its content
 * (the caller's choice), nor when every kept block is in one.
 */
function dropComments(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isCommentsHint, 'comments', trace);
}

/**
 * The kept blocks inside an element that passes `test` (or whose ancestor does), left out when
 * other kept text lies outside every such element; when all or none of it is inside one, the
 * blocks stay. With `maxShare`, only while they are less than that share of the kept words: a
 * panel beside the content, not the content itself under a name that says otherwise. The trace's
 * `step` says which rule it was.
 */
function dropInside(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], test: (node: SnapshotNode) => boolean, step: 'comments' | 'controls' | 'filters' | 'announcement', trace: TraceEvent[], maxShare?: number): number[] {
  const inside = withinEach(snapshot, kept.map((i) => at(blocks, i).owner), test);
  const panel = kept.filter((_, j) => at(inside, j));
  if (panel.length === 0 || panel.length === kept.length) return kept;
  const words = wordsOf(blocks, panel);
  if (maxShare !== undefined && words >= maxShare * wordsOf(blocks, kept)) return kept;
  trace.push({ step, blocks: panel.length, words });
  return kept.filter((_, j) => !at(inside, j));
}

/**
 * A group of form controls (`<fieldset>`): the facets of a filter panel, a product card's colour
 * and size pickers, a sort menu. Its text names the choices a form offers (HTML: "a set of form
 * controls ... grouped under a common name"), not what the page shows.
 */
const isControlGroup = (node: SnapshotNode): boolean => node.tag === 'fieldset';

/**
 * Kept text in a group of form controls (isControlGroup) is left out when other kept text lies
 * outside one: a shop's grid keeps its products' names and prices, not the filter facets beside
 * it ("Color: Beige (12)") nor each card's swatches ("Option: white"). When every kept block is in
 * one (a page whose content is a form), they stay.
 */
function dropControlGroups(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isControlGroup, 'controls', trace);
}

/**
 * Kept text in a filter panel (hints.ts, isFilterPanelHint) is left out of a shop's or a
 * catalogue's grid: the facets it narrows the grid by ("Pattern: Argyle", a list of every
 * graphics chip ever sold) are not what it shows, and WCXB's collection pages are the grid
 * "without the filter and navigation panels". Panels without a `<fieldset>` are the common case
 * (dropControlGroups takes those). Only on collections and listings: elsewhere the name goes to
 * the tabs a service page filters its sections by, which are its content.
 */
function dropFilterPanels(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isFilterPanelHint, 'filters', trace, PANEL_MAX_SHARE);
}

/**
 * Kept text in a site-wide announcement bar (hints.ts, isAnnouncementHint) is left out: the
 * offer of the week printed above every page of the site ("Free shipping on orders $75+", one
 * line per country in a rotating bar) is not what this page says.
 */
function dropAnnouncements(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isAnnouncementHint, 'announcement', trace, PANEL_MAX_SHARE);
}

/**
 * Whether a hidden text block is laid out beside the box that clips it: on the same band of the
 * page as the clipping box (an ancestor with `overflow` other than visible), but wholly left or
 * right of it. That is where a ticker, a carousel or a slider keeps its other slides; a collapsed
 * tab or accordion is not laid out, and a box clipped to no height is clipped from below.
 */
function offSlide(snapshot: PageSnapshot, b: TextBlock): boolean {
  if (!b.hidden || b.collapsed || b.rect.w <= 0 || b.rect.h <= 0) return false;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let x2 = Infinity;
  let y2 = Infinity;
  for (let node = snapshot.nodes[b.owner]; node; node = snapshot.nodes[node.parent]) {
    if (node.tag === 'body' || node.tag === 'html') break;
    if (node.kind === 'element' && node.style && node.style.overflow !== 'visible') {
      x1 = Math.max(x1, node.rect.x);
      y1 = Math.max(y1, node.rect.y);
      x2 = Math.min(x2, node.rect.x + node.rect.w);
      y2 = Math.min(y2, node.rect.y + node.rect.h);
    }
    if (node.parent < 0) break;
  }
  if (x1 === -Infinity) return false;
  const r = b.rect;
  return r.y < y2 && r.y + r.h > y1 && (r.x >= x2 || r.x + r.w <= x1);
}

/**
 * Kept hidden text on the off-screen slides of a ticker or carousel (offSlide) is left out: on an
 * article or a product page these are other stories scrolling by, or other products, and the
 * reader sees one slide at a time. (On a service page the slides are its testimonials and
 * features, content; the caller decides.)
 */
function dropOffSlides(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const slides = kept.filter((i) => offSlide(snapshot, at(blocks, i)));
  if (slides.length === 0 || slides.length === kept.length) return kept;
  const drop = new Set(slides);
  trace.push({ step: 'off-slide', blocks: slides.length, words: wordsOf(blocks, slides) });
  return kept.filter((i) => !drop.has(i));
}

/**
 * Kept hidden text that no kept visible text borders is left out of a thread: a run of hidden
 * blocks (in reading order) whose nearest visible block before it and after it are both left out,
 * or absent. A thread's posts are shown; the hidden text of its page is boilerplate (a consent
 * manager's purposes, a dialog's instructions, a closed menu) that scores as prose of its own, and
 * where the model reads the posts lukewarm (a long thread of short replies), the expected-F1 rule
 * keeps it with them. Hidden text beside kept text (a collapsed quote, a "read more" after a
 * post's visible start) stays, and so does all of it when every kept block is hidden.
 */
function dropDetachedHidden(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  if (kept.every((i) => at(blocks, i).hidden)) return kept;
  const keptSet = new Set(kept);
  const drop: number[] = [];
  for (let i = 0; i < blocks.length;) {
    if (!at(blocks, i).hidden) {
      i++;
      continue;
    }
    let end = i;
    while (end < blocks.length && at(blocks, end).hidden) end++;
    // the run's visible neighbours: blocks i - 1 and end (either may be out of range)
    const bordered = keptSet.has(i - 1) || keptSet.has(end);
    if (!bordered) for (let k = i; k < end; k++) if (keptSet.has(k)) drop.push(k);
    i = end;
  }
  if (drop.length === 0) return kept;
  const out = new Set(drop);
  trace.push({ step: 'detached-hidden', blocks: drop.length, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !out.has(i));
}

/**
 * An embedded post the story quotes (a tweet, an Instagram post: hints.ts, isEmbedHint) between
 * kept blocks is part of it: its visible text is kept, though the model scores its short lines,
 * hashtags and handles low. The embed's chrome (a link-only "View this post on Instagram", a
 * "Report" link) is not: text whose link share is above LINKED_SHARE stays out.
 */
function keepEmbeddedPosts(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  if (kept.length < 2) return kept;
  const keptSet = new Set(kept);
  const added: number[] = [];
  for (let i = at(kept, 0) + 1; i < last(kept); i++) {
    const b = at(blocks, i);
    if (keptSet.has(i) || b.hidden || b.linkChars > LINKED_SHARE * b.chars) continue;
    if (within(snapshot, b.owner, isEmbedHint)) added.push(i);
  }
  if (added.length === 0) return kept;
  trace.push({ step: 'embedded', blocks: added.length, words: wordsOf(blocks, added) });
  return [...kept, ...added].sort((a, b) => a - b);
}

/** Whether a text is set in capitals: nearly all of its letters upper case. */
function inCapitals(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  if (letters.length === 0) return false;
  let upper = 0;
  for (const c of letters) if (c !== c.toLowerCase()) upper++;
  return upper >= KICKER_CAPITALS_SHARE * letters.length;
}

/**
 * The site a host belongs to: its last two labels, or three under a country's second-level
 * domain (`news.example.co.uk` -> `example.co.uk`). An approximation of the public suffix list
 * that is enough to tell a site's own links from links out.
 */
function siteOf(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, '').split('.');
  const n = labels.length;
  const country = n >= 3 && (labels[n - 1] ?? '').length === 2 && (labels[n - 2] ?? '').length <= 3;
  return labels.slice(country ? -3 : -2).join('.');
}

/** Whether every link under the node leads to the site `home` (siteOf's; relative links against `base` do). */
function linksHome(snapshot: PageSnapshot, id: number, base: string, home: string): boolean {
  let links = 0;
  const elsewhere = someBelow(snapshot, id, (node) => {
    const href = node.tag === 'a' ? node.attrs?.href : undefined;
    if (href === undefined) return false;
    links++;
    try {
      return siteOf(new URL(href, base).hostname) !== home;
    } catch {
      return true;
    }
  });
  return !elsewhere && links > 0;
}

/**
 * A kicker between the paragraphs of a story is left out: a paragraph that is all link
 * (KICKER_LINK_SHARE), of KICKER_MIN_WORDS words or more, set in capitals (KICKER_CAPITALS_SHARE):
 * "WATCH: THE VOTE, LIVE", "CLICK HERE TO GET THE APP". News sites shout the headline of another story, or a call to act,
 * this way to set it apart from the sentences around it; the story's own text is in sentence case,
 * and a paragraph of it is seldom one link. Only links to the site's own pages: a link out in
 * capitals ("FULL RESULTS") leads to the story's source. Only between kept blocks, and only `<p>`:
 * headings, list items and table cells in capitals are the page's own labels.
 */
function dropKickers(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const base = snapshot.finalUrl || snapshot.url;
  if (kept.length < 3) return kept;
  let home: string;
  try {
    home = siteOf(new URL(base).hostname);
  } catch {
    // a page without an address of its own: no link can be told to stay on its site
    return kept;
  }
  const drop = kept.slice(1, -1).filter((i) => {
    const b = at(blocks, i);
    return !b.hidden && b.words >= KICKER_MIN_WORDS && at(snapshot.nodes, b.owner).tag === 'p' && b.linkChars >= KICKER_LINK_SHARE * b.chars && inCapitals(b.text)
      && linksHome(snapshot, b.owner, base, home);
  });
  if (drop.length === 0) return kept;
  const dropSet = new Set(drop);
  trace.push({ step: 'kickers', blocks: drop.length, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !dropSet.has(i));
}

/** The label of a line that points to another page: "Related:", "Also read -", "See also:". */
const RELATED_LABEL = /^(related( (articles?|posts?|stories|story|reading|content|guides?|links?|news))?|(also|further) read(ing)?|read (more|also|next|this)|see also|recommended( reading)?|don'?t miss|more on this( topic)?|you (may|might) also (like|enjoy|read))\s*[:\-–—|»>]/i;

/** The heading of a section of links to other pages. */
const RELATED_HEADING = /^(related( (articles?|posts?|stories|reading|content|guides?|resources|links|news|publications|topics|blogs?|products|videos))?|more (from|by|on|about)\b.*|(more|other|similar|recent|popular|latest) (articles|posts|stories|guides|reads|blogs?)( .*)?|you (may|might|will) also (like|enjoy|love|be interested|want to read).*|further reading|recommended (reading|articles|posts|for you)|read (more|next|also)|also read|(keep|continue) reading|explore more\b.*|what to read next)\s*:?$/i;

const isListItem = (node: SnapshotNode): boolean => node.tag === 'li';

/**
 * Pointers to other pages that a story's author or template puts in its text are left out: a line
 * that is a label and a link ("Related: How to ...", "Also read: ..."), and a section under a
 * heading such as "Related articles" or "More from the blog" whose lines are all links (give or
 * take a short lead-in, "You may also like these:"), up to the next kept heading. They name other
 * pages and say nothing of this one. A line must be mostly link text, so a paragraph that starts
 * "Related" and goes on in prose stays; a section only goes when every line of it is a link and
 * a heading or the end of the kept text closes it (a story that goes on after the links keeps
 * them: they may be its own list). Only on an article page: a reference page's "See also" or
 * "More on this topic" links are part of the documentation. When they are all the kept text,
 * they stay: the page is a list of links, whatever its type says.
 */
function dropRelatedLinks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  const linky = (b: TextBlock): boolean => b.linkChars >= RELATED_LINK_SHARE * b.chars;
  const isHeading = (b: TextBlock): boolean => HEADINGS.has(at(nodes, b.owner).tag ?? '');
  const drop = new Set<number>();
  let lines = 0;
  let sections = 0;
  for (let k = 0; k < kept.length; k++) {
    const i = at(kept, k);
    const b = at(blocks, i);
    if (b.hidden) continue;
    if (!isHeading(b) && b.words <= RELATED_LINE_MAX_WORDS && linky(b) && RELATED_LABEL.test(b.text)) {
      drop.add(i);
      lines++;
      continue;
    }
    if (!isHeading(b) || b.words > RELATED_HEADING_MAX_WORDS || !RELATED_HEADING.test(b.text)) continue;
    const section: number[] = [];
    let links = 0;
    let k2 = k + 1;
    for (; k2 < kept.length; k2++) {
      const c = at(blocks, at(kept, k2));
      if (isHeading(c)) break;
      if (linky(c)) links++;
      else if (c.words > RELATED_LEAD_MAX_WORDS || links > 0 || within(snapshot, c.owner, isListItem, 2)) break;
      section.push(at(kept, k2));
    }
    if (links === 0 || k2 < kept.length && !isHeading(at(blocks, at(kept, k2)))) continue;
    drop.add(i);
    for (const j of section) drop.add(j);
    sections++;
    k = k2 - 1;
  }
  if (drop.size === 0 || drop.size === kept.length) return kept;
  trace.push({ step: 'related-links', lines, sections, blocks: drop.size, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !drop.has(i));
}

/**
 * Lines that label the page around a story rather than say anything: an ad slot's label, a table
 * of contents' title, a reading time, the date of the last update or of publication (metadata
 * reports dates; as text they repeat it).
 */
const FURNITURE = [
  /^(advertisement|sponsored|ad)(\s*[-–—:|]\s*(story|article|page|content) continues below)?$/i,
  /^(table of contents|contents|in this (article|post|guide|story)|on this page|jump to( section)?)\s*:?$/i,
  /(^|[|·•]\s*)(\d+\s*(min|mins|minutes?)\.?\s*read|reading time\s*:?\s*\d+\s*(min|mins|minutes?))\.?$/i,
  /^(last )?(updated|published|modified|reviewed)( on| at)?\s*:?\s+(?=.*(\b\d{4}\b|\d{1,2}[/.-]\d{1,2}[/.-]\d{2}))(?!by\b)[\p{L}\p{N} ,./:-]+$/iu,
];

/**
 * Lines of page furniture in a story ({@link FURNITURE}) are left out: short (FURNITURE_MAX_WORDS)
 * lines whose whole text is one of them.
 */
function dropFurnitureLines(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const drop = kept.filter((i) => {
    const b = at(blocks, i);
    return b.words <= FURNITURE_MAX_WORDS && FURNITURE.some((re) => re.test(b.text));
  });
  if (drop.length === 0 || drop.length === kept.length) return kept;
  const dropSet = new Set(drop);
  trace.push({ step: 'furniture', blocks: drop.length, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !dropSet.has(i));
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
function continueStory(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], scores: ArrayLike<number>, trace: TraceEvent[]): number[] {
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  let container = lowestCommonAncestor(snapshot, kept.map((i) => at(blocks, i).owner));
  if (at(nodes, container).kind === 'text') container = at(nodes, container).parent;
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

/**
 * Element levels below the tail's parent that the kept text showing the tail continues the story
 * may sit at: a bare paragraph (1), a list's item or a quote's paragraph (2).
 */
const TAIL_TEXT_LEVELS = 2;

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

/** Levels of plain `<div>` wrappers (around a table, an embed) a tail's first element may open with. */
const TAIL_WRAPPER_LEVELS = 2;

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
function keepSplitStory(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], scores: ArrayLike<number>, trace: TraceEvent[]): number[] {
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
  if (added.size === 0) return kept;
  trace.push({ step: 'split-story', blocks: added.size, words: wordsOf(blocks, added) });
  return [...kept, ...added].sort((x, y) => x - y);
}

/**
 * A product page's own description is kept where the page shows it, whatever its score: a block
 * of at least DESCRIBED_MIN_WORDS words, DESCRIBED_MIN_SHARE of whose word pairs the page's meta
 * descriptions and structured-data descriptions repeat (see describedPairs). The model reads
 * such text by its look, and a description in a tab or a side column looks like page furniture;
 * the page's own statement of what it sells does not depend on the look. A second copy of kept
 * text is not added.
 */
function keepDescribed(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
  if (added.length === 0) return kept;
  trace.push({ step: 'described', blocks: added.length, words: wordsOf(blocks, added) });
  return [...kept, ...added].sort((x, y) => x - y);
}

/**
 * Headings of a shop's recommendation rails: other products the page suggests beside the one it
 * sells ("Customers who viewed this item also viewed", "Similar items", "You may also like",
 * "Frequently bought together"). English and the commonest shop languages' stock phrases.
 */
const RECOMMENDS = /\b(also (viewed|bought|purchased|liked?|love|need)|(customers|people|shoppers) who (viewed|bought|purchased)|bought together|recommended (for you|products|items)|more like this|similar (items|products|brands)|related (items|products)|(related|similar) to this (item|product)|(you|u) (may|might|will) (also )?(like|love|need|enjoy)|frequently (bought|purchased)|recently viewed|more from this (shop|seller|store)|sponsored (items|products)|complete the look|shop the look|pairs well with|(items|products) you may)\b|ähnliche (artikel|produkte)|das könnte (ihnen|dir) auch gefallen|vous (aimerez|pourriez aimer)|produits similaires|te puede interesar|productos (similares|relacionados)/i;

/**
 * A product page's recommendation rails are left out: a short kept line that names one
 * (RECOMMENDS, at most RECOMMENDS_MAX_WORDS words) and the kept text of the largest element it
 * opens (the element whose first kept text it is) that holds neither the page's `<h1>` nor all
 * the kept text. The cards under it are other products' names and prices; they look like the
 * product's own, and score so.
 */
function dropRecommended(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  // kept blocks are in reading order, so their owners' ids never decrease
  const owners = kept.map((i) => at(blocks, i).owner);
  const first = at(owners, 0);
  const lastOwner = last(owners);
  // made on the first rail heading: most product pages have none
  let ends: Int32Array | undefined;
  let h1Before: Int32Array | undefined;
  const drop = new Set<number>();
  let sections = 0;
  kept.forEach((i, j) => {
    const b = at(blocks, i);
    if (drop.has(i) || b.words > RECOMMENDS_MAX_WORDS || !RECOMMENDS.test(b.text)) return;
    ends ??= subtreeEnds(snapshot);
    h1Before ??= countBefore(nodes, (node) => node.tag === 'h1');
    let top = b.owner;
    let end = at(ends, top);
    for (let p = at(nodes, top).parent; p >= 0; p = at(nodes, p).parent) {
      const pEnd = at(ends, p);
      // kept text before the heading, all the kept text, or the product's name: not a rail's
      if ((j > 0 && at(owners, j - 1) >= p) || (first >= p && lastOwner <= pEnd) || at(h1Before, pEnd + 1) > at(h1Before, p)) break;
      top = p;
      end = pEnd;
    }
    let n = 0;
    for (let k = j; k < kept.length && at(owners, k) <= end; k++, n++) drop.add(at(kept, k));
    if (n > 0) sections++;
  });
  if (drop.size === 0 || drop.size === kept.length) return kept;
  trace.push({ step: 'recommended', sections, blocks: drop.size, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !drop.has(i));
}

/** Page types whose main content is one story, where teaser cards beside it are not content. */
const STORY_TYPES: ReadonlySet<PageType> = new Set(['article', 'listing', 'documentation']);

/** Page types whose main content is a grid of products or entries, narrowed by filter panels. */
const GRID_TYPES: ReadonlySet<PageType> = new Set(['collection', 'listing']);

/** Page types whose ticker and carousel slides are not content (see dropOffSlides). */
const SLIDE_FREE_TYPES: ReadonlySet<PageType> = new Set(['article', 'product']);

/**
 * Keeps the blocks that maximise the expected word F1, with scores calibrated by `power` (the
 * page type's, see models.ts), completes the slots of repeated `units` (the nearest repeated
 * sibling unit above each block, block-features.ts), and selects them. `pageType` decides the
 * rules that depend on what the page is: a product page's customer reviews are left out, a
 * thread's replies are not comments, and so on (see each rule).
 */
export function chooseContent(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: ArrayLike<number>, components: ArrayLike<number>, power = SELECTION_POWER, units?: readonly RepeatUnit[], pageType: PageType = 'article'): Choice {
  const trace: TraceEvent[] = [];
  let kept = keptBlocks(blocks, scores, power, trace);
  kept = completeRepeatedSlots(snapshot, blocks, kept, units, trace);
  if (GRID_TYPES.has(pageType)) kept = dropTemplateSlots(snapshot, blocks, kept, units, trace);
  kept = wholeUnits(snapshot, blocks, kept, trace);
  kept = wholeRows(snapshot, blocks, kept, trace);
  kept = dropRepeatedRuns(blocks, kept, trace, pageType === 'product');
  kept = dropQuotedRepeats(snapshot, blocks, kept, trace, pageType === 'forum');
  kept = dropLandmarkBlocks(snapshot, blocks, kept, trace);
  kept = dropSignatures(snapshot, blocks, kept, trace, pageType === 'product');
  kept = dropSymbolBlocks(snapshot, blocks, kept, trace, pageType === 'product');
  kept = dropControlGroups(snapshot, blocks, kept, trace);
  if (GRID_TYPES.has(pageType)) kept = dropFilterPanels(snapshot, blocks, kept, trace);
  kept = dropAnnouncements(snapshot, blocks, kept, trace);
  if (STORY_TYPES.has(pageType)) kept = dropTeaserArticles(snapshot, blocks, kept, trace);
  if (pageType !== 'forum') kept = dropComments(snapshot, blocks, kept, trace);
  if (STORY_TYPES.has(pageType)) kept = dropKickers(snapshot, blocks, kept, trace);
  if (pageType === 'article') kept = dropRelatedLinks(snapshot, blocks, kept, trace);
  if (pageType === 'article') kept = dropFurnitureLines(blocks, kept, trace);
  kept = keepEmbeddedPosts(snapshot, blocks, kept, trace);
  if (SLIDE_FREE_TYPES.has(pageType)) kept = dropOffSlides(snapshot, blocks, kept, trace);
  if (pageType === 'forum') kept = dropDetachedHidden(blocks, kept, trace);
  if (pageType === 'article') kept = keepSplitStory(snapshot, blocks, kept, scores, trace);
  kept = continueStory(snapshot, blocks, kept, scores, trace);
  if (pageType === 'product') kept = dropRecommended(snapshot, blocks, kept, trace);
  if (pageType === 'product') kept = keepDescribed(snapshot, blocks, kept, trace);
  const hidden = blocks.filter((b) => b.hidden).length;
  trace.push({ step: 'scored', blocks: blocks.length, hidden, kept: kept.length, power });
  if (kept.length === 0) {
    trace.push({ step: 'no-content', why: blocks.length === 0 ? 'the page shows no text' : `no text block scores ${MIN_BEST_SCORE} or more` });
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
  let container = lowestCommonAncestor(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner));
  if ((nodes[container] ?? outOfRange(container)).kind === 'text') container = (nodes[container] ?? outOfRange(container)).parent;
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

