/**
 * Rules that leave out kept text said twice or saying nothing: quoted and repeated copies, posters'
 * signatures, lines of symbols.
 */
import { within, withinEach } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { REPEAT_MIN_WORDS, REPEAT_RUN_BLOCKS, REPEAT_LINE_MIN_WORDS } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { isReviewsHint, isSignatureHint } from '../hints.js';
import { leaveOut, textKey } from './common.js';
import { at, outOfRange } from '../../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** A quotation (`<blockquote>`, `<q>`). */
const isQuotation = (node: SnapshotNode): boolean => node.tag === 'blockquote' || node.tag === 'q';

/**
 * A kept quotation that repeats kept text word for word is left out: a reply quoting a post of
 * the same thread says it twice, and the reader came for it once. Only quotations: recipes,
 * schedules and step lists repeat their own lines on purpose, and those repeats are content.
 * On a thread (`thread`), a later copy of kept text outside quotations is left out too: a forum
 * prints a poster's signature under each of their posts, or a reply pastes the words it answers
 * without quoting markup; the first copy stays, and so does a copy in the same element as the
 * first (a page that repeats its own paragraph). Short texts ("Thanks!") stay.
 */
export function dropQuotedRepeats(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], thread = false): number[] {
  const quoted = withinEach(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner), isQuotation);
  const isQuote = new Map(kept.map((i, j) => [i, quoted[j] ?? outOfRange(j)]));
  const seen = new Set(kept.filter((i) => !isQuote.get(i)).map((i) => textKey((blocks[i] ?? outOfRange(i)))));
  // Texts outside quotations met so far, in reading order, with the parent element of the first:
  // on a thread, a second one in another element (another post) is a signature or a paste, and
  // one beside the first, in the same element, is the page's own repetition, as a refrain is.
  const own = new Map<string, number>();
  const repeats = new Set<number>();
  for (const i of kept) {
    const b = blocks[i] ?? outOfRange(i);
    if (b.words < REPEAT_MIN_WORDS) continue;
    const key = textKey(b);
    if (!isQuote.get(i)) {
      const parent = (snapshot.nodes[b.owner] ?? outOfRange(b.owner)).parent;
      const first = own.get(key);
      if (first === undefined) own.set(key, parent);
      else if (thread && first !== parent) repeats.add(i);
      continue;
    }
    if (seen.has(key)) repeats.add(i);
    else seen.add(key);
  }
  // never every kept block: the first copy of each text stays
  return leaveOut(blocks, kept, repeats, trace, { step: 'repeated' });
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
export function dropRepeatedRuns(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], lines = false): number[] {
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
  for (let j = 0; j < kept.length;) {
    if ((earlier[j] ?? outOfRange(j)) < 0) {
      j++;
      continue;
    }
    let end = j + 1;
    while (end < kept.length && (earlier[end] ?? outOfRange(end)) >= 0 && (earlier[end] ?? outOfRange(end)) === (earlier[end - 1] ?? outOfRange(end - 1)) + 1) end++;
    if (end - j >= REPEAT_RUN_BLOCKS || (lines && end - j === 1 && at(blocks, at(kept, j)).words >= REPEAT_LINE_MIN_WORDS)) {
      runs++;
      for (let x = j; x < end; x++) drop.add(kept[x] ?? outOfRange(x));
    }
    j = end;
  }
  // never every kept block: the first copy of each text stays
  return leaveOut(blocks, kept, drop, trace, { step: 'repeated-run', runs });
}

/**
 * Kept text in a poster's signature is left out when other kept text lies outside signatures: the
 * sign-off a forum prints under each post of its author ("If it ain't flat, it ain't finished")
 * is not what the post says. With `reviews` (a product page), so is kept text in an element named
 * customer reviews: buyers' opinions are not the product's description and specifications.
 */
export function dropSignatures(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], reviews = false): number[] {
  const named = (node: SnapshotNode): boolean => isSignatureHint(node) || (reviews && isReviewsHint(node));
  const signed = withinEach(snapshot, kept.map((i) => (blocks[i] ?? outOfRange(i)).owner), named);
  return leaveOut(blocks, kept, new Set(kept.filter((_, j) => signed[j] ?? outOfRange(j))), trace, { step: 'signature' });
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
export function dropSymbolBlocks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], machine = false): number[] {
  const out = kept.filter((i) => {
    const b = blocks[i] ?? outOfRange(i);
    if (machine && MACHINE_TEXT.test(b.text)) return false;
    return SAYS_SOMETHING.test(b.text) || within(snapshot, b.owner, isSymbolHome);
  });
  if (out.length === kept.length || out.length === 0) return kept;
  trace.push({ step: 'symbols', blocks: kept.length - out.length });
  return out;
}
