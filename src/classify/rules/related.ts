/**
 * Rules that leave out kept text pointing to other pages, or labelling this one: teaser cards,
 * kickers, related links, page furniture, a shop's recommendation rails.
 */
import { closest, countBefore, someBelow, subtreeEnds, within } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import {
  RECOMMENDS_MAX_WORDS, RAIL_MAX_SHARE, HEADING_LEVELS, STORY_DOMINANCE, LINKED_SHARE, KICKER_LINK_SHARE, KICKER_CAPITALS_SHARE, KICKER_MIN_WORDS, RELATED_LINK_SHARE, RELATED_LINE_MAX_WORDS, RELATED_HEADING_MAX_WORDS, RELATED_LEAD_MAX_WORDS, FURNITURE_MAX_WORDS,
} from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { leaveOut, wordsOf } from './common.js';
import { at } from '../../util/at.js';

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** An `<article>` element. */
const isArticle = (node: SnapshotNode): boolean => node.kind === 'element' && node.tag === 'article';

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
export function dropTeaserArticles(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
  // no article holds kept words, or none holds enough more than the next to be the story
  if (most === 0 || most < STORY_DOMINANCE * second) return kept;
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
  // never every kept block: the story's stay
  return leaveOut(blocks, kept, drop, trace, { step: 'teasers', articles: cards.size });
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
export function dropKickers(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
  // never every kept block: the first and the last stay
  return leaveOut(blocks, kept, new Set(drop), trace, { step: 'kickers' });
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
export function dropRelatedLinks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
  return leaveOut(blocks, kept, drop, trace, { step: 'related-links', lines, sections });
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
export function dropFurnitureLines(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const drop = kept.filter((i) => {
    const b = at(blocks, i);
    return b.words <= FURNITURE_MAX_WORDS && FURNITURE.some((re) => re.test(b.text));
  });
  return leaveOut(blocks, kept, new Set(drop), trace, { step: 'furniture' });
}

/**
 * Headings of a shop's recommendation rails: other products the page suggests beside the one it
 * sells ("Customers who viewed this item also viewed", "Similar items", "You may also like",
 * "Frequently bought together"). English and the commonest shop languages' stock phrases.
 *
 * Not built from RELATED_HEADING's vocabulary, though both name "more of this" sections: each
 * reads its own kind of line, and their shared phrases differ in what they accept. This one finds
 * a phrase anywhere in a short line ("Customers also viewed these 12 items"); RELATED_HEADING
 * must match a heading whole, so that a section named "Related reading on tax law" stays. "You
 * may like" (also optional, "u", "need") and "recommended products" name a shop's rails; "you
 * may also be interested", "recommended reading" an article's. One source for both would widen
 * one of them or narrow the other.
 */
const RECOMMENDS = /\b(also (viewed|bought|purchased|liked?|love|need)|(customers|people|shoppers) who (viewed|bought|purchased)|bought together|recommended (for you|products|items)|more like this|similar (items|products|brands)|related (items|products)|(related|similar) to this (item|product)|(you|u) (may|might|will) (also )?(like|love|need|enjoy)|frequently (bought|purchased)|recently viewed|more from this (shop|seller|store)|sponsored (items|products)|complete the look|shop the look|pairs well with|(items|products) you may)\b|ähnliche (artikel|produkte)|das könnte (ihnen|dir) auch gefallen|vous (aimerez|pourriez aimer)|produits similaires|te puede interesar|productos (similares|relacionados)/i;

/** A section heading, the page's `<h1>` aside: what heads a rail, whether the model kept it or not. */
function isSectionHeading(node: SnapshotNode): boolean {
  return (HEADINGS.has(node.tag) && node.tag !== 'h1') || node.attrs?.role === 'heading';
}

/**
 * A shop page's recommendation rails are left out: a short line that names one (RECOMMENDS, at
 * most RECOMMENDS_MAX_WORDS words) and the kept text of the largest element it opens (no kept
 * text before it in the element) that holds neither the page's `<h1>` nor all the kept text. The
 * cards under it are other products' names and prices; they look like the page's own, and score
 * so. The line is a visible section heading (`<h2>`-`<h6>` or `role="heading"`, or a block of
 * one), kept or not (the model often drops a rail's heading and keeps its cards), or, with
 * `anyLine` (a product page, whose text has few other lines that use these words), any kept
 * line. Elsewhere only headings count: a catalogue's entry reads "Safety & Related Products", an
 * article's section "Related products and services". A rail under a heading the model did not
 * keep holds less than RAIL_MAX_SHARE of the kept words: such a heading above a page's own grid
 * (an empty "Recently viewed" strip over the results, with no `<h1>` to stop the climb) does not
 * take the grid with it. A kept heading's rail may be larger: a marketplace's item page keeps
 * screens of other sellers' cards under "People who viewed this item also viewed".
 */
export function dropRecommended(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[], anyLine: boolean): number[] {
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  // a kept block's owner is in reading order among the elements, but text that follows a child
  // element belongs to an ancestor, whose id is smaller: bounds are checked both ways
  const owners = kept.map((i) => at(blocks, i).owner);
  let lowest = Infinity;
  let highest = -Infinity;
  for (const owner of owners) {
    lowest = Math.min(lowest, owner);
    highest = Math.max(highest, owner);
  }
  // made on the first rail heading: most pages have none
  let ends: Int32Array | undefined;
  let h1Before: Int32Array | undefined;
  let keptWords: number | undefined;
  const drop = new Set<number>();
  let sections = 0;
  // j: the number of kept blocks before block i
  let j = 0;
  for (let i = 0; i < blocks.length; i++) {
    while (j < kept.length && at(kept, j) < i) j++;
    const b = at(blocks, i);
    if (drop.has(i) || b.words > RECOMMENDS_MAX_WORDS || !RECOMMENDS.test(b.text)) continue;
    const heading = !b.hidden && within(snapshot, b.owner, isSectionHeading, HEADING_LEVELS);
    if (!heading && !(anyLine && kept[j] === i)) continue;
    ends ??= subtreeEnds(snapshot);
    h1Before ??= countBefore(nodes, (node) => node.tag === 'h1');
    let top = b.owner;
    let end = at(ends, top);
    for (let p = at(nodes, top).parent; p >= 0; p = at(nodes, p).parent) {
      const pEnd = at(ends, p);
      const inP = (owner: number) => owner >= p && owner <= pEnd;
      // kept text before the heading, all the kept text, or the product's name: not a rail's
      if ((j > 0 && inP(at(owners, j - 1))) || (lowest >= p && highest <= pEnd) || at(h1Before, pEnd + 1) > at(h1Before, p)) break;
      top = p;
      end = pEnd;
    }
    const rail: number[] = [];
    for (let k = j; k < kept.length && at(owners, k) >= top && at(owners, k) <= end; k++) rail.push(at(kept, k));
    if (rail.length === 0 || rail.every((r) => drop.has(r))) continue;
    if (kept[j] !== i && wordsOf(blocks, rail) >= RAIL_MAX_SHARE * (keptWords ??= wordsOf(blocks, kept))) continue;
    for (const r of rail) drop.add(r);
    sections++;
  }
  return leaveOut(blocks, kept, drop, trace, { step: 'recommended', sections });
}
