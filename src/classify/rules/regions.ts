/**
 * Rules that leave out kept text by the region of the page it sits in: the site's landmarks, panels
 * named as comments, filters, form controls or announcements, a carousel's other slides, hidden
 * text away from the kept text.
 */
import { someBelow, withinEach } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { AD_LABEL_MAX_CHARS, AD_NODES_PER_CHAR, AD_SLOT_MAX_CHARS, PANEL_MAX_SHARE } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { isAdSlotHint, isAdSlotLabel, isAnnouncementHint, isCommentsHint, isFilterPanelHint } from '../hints.js';
import { leaveOut, wordsOf } from './common.js';
import { at, outOfRange } from '../../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

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
export function dropLandmarkBlocks(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const inLandmark = kept.map((i) => siteLandmark(snapshot, (blocks[i] ?? outOfRange(i)).owner));
  if (inLandmark.every((l) => l >= 0) || inLandmark.every((l) => l < 0)) return kept;
  const out = kept.filter((_, j) => (inLandmark[j] ?? outOfRange(j)) < 0);
  const landmarks = new Set(inLandmark.filter((l) => l >= 0));
  trace.push({ step: 'landmark', blocks: kept.length - out.length, landmarks: landmarks.size });
  return out;
}

/**
 * The kept blocks inside an element that passes `test` (or whose ancestor does), left out when
 * other kept text lies outside every such element; when all or none of it is inside one, the
 * blocks stay. With `maxShare`, only while they are less than that share of the kept words: a
 * panel beside the content, not the content itself under a name that says otherwise. The trace's
 * `step` says which rule it was.
 */
function dropInside(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], test: (node: SnapshotNode) => boolean, step: 'comments' | 'controls' | 'filters' | 'announcement' | 'ad-slots', trace: TraceEvent[], maxShare?: number): number[] {
  const inside = withinEach(snapshot, kept.map((i) => at(blocks, i).owner), test);
  const panel = kept.filter((_, j) => at(inside, j));
  // (none or all of the kept blocks inside: leaveOut keeps them whatever their share)
  if (maxShare !== undefined && wordsOf(blocks, panel) >= maxShare * wordsOf(blocks, kept)) return kept;
  return leaveOut(blocks, kept, new Set(panel), trace, { step });
}

/**
 * Kept text in a reader comment section (hints.ts, isCommentsHint) is left out when other kept
 * text lies outside it: the readers' replies under a story or a post are not what it says
 * (Readability and trafilatura remove them too). Not on a thread, whose replies are its content
 * (the caller's choice), nor when every kept block is in one.
 */
export function dropComments(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isCommentsHint, 'comments', trace);
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
export function dropControlGroups(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
export function dropFilterPanels(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isFilterPanelHint, 'filters', trace, PANEL_MAX_SHARE);
}

/**
 * Kept text in a site-wide announcement bar (hints.ts, isAnnouncementHint) is left out: the
 * offer of the week printed above every page of the site ("Free shipping on orders $75+", one
 * line per country in a rotating bar) is not what this page says.
 */
export function dropAnnouncements(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  return dropInside(snapshot, blocks, kept, isAnnouncementHint, 'announcement', trace, PANEL_MAX_SHARE);
}

/**
 * The visible text of a subtree in document order, or null once it is longer than `maxChars`
 * characters or would take more than `maxNodes` nodes to read: what a short label or a short box
 * says, read without walking a long subtree. A node with more children than the nodes left to
 * read ends the walk at once, so a hostile page that hangs a million elements under one costs
 * no more than `maxNodes` steps.
 */
function shortVisibleText(snapshot: PageSnapshot, id: number, maxChars: number, maxNodes: number): string | null {
  let text = '';
  let left = maxNodes;
  const stack = [id];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const node = snapshot.nodes[top] ?? outOfRange(top);
    if (--left < 0) return null;
    if (node.kind === 'text') {
      // as rendered: an inline run's text nodes carry their own spaces ("Publi" + "cidad")
      if (node.visible) text += node.text ?? '';
      if (text.length > maxChars) return null;
      continue;
    }
    const kids = node.children;
    if (kids.length > left) return null;
    for (let c = kids.length - 1; c >= 0; c--) stack.push(kids[c] ?? outOfRange(c));
  }
  return text.trim();
}

/** Headings and links name content or lead to it: never an ad slot's label. */
const isHeadingOrLink = (node: SnapshotNode): boolean => node.tag === 'a' || /^h[1-6]$/.test(node.tag);

/**
 * A short box whose first line is an ad label alone ("Advertisement", "Anzeige"; hints.ts,
 * isAdSlotLabel), on a line of its own above the rest of the box's text: the slot a news page
 * prints between its sections, named by what it tells the reader rather than by attributes (a
 * `data-ad-unit` is not among those a snapshot keeps). The label must not be a heading or a link,
 * nor share its line with the text after it (`<em>Anzeige</em> by ...` is a sentence), and the
 * whole box must be short (AD_SLOT_MAX_CHARS): a story column that opens with an ad's label
 * before its own paragraphs is not the ad.
 */
function isLabelledAdSlot(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  if (node.kind !== 'element') return false;
  let label: SnapshotNode | undefined;
  for (const id of node.children) {
    const text = shortVisibleText(snapshot, id, AD_LABEL_MAX_CHARS, AD_NODES_PER_CHAR * AD_LABEL_MAX_CHARS);
    if (text === '') continue;
    const child = snapshot.nodes[id] ?? outOfRange(id);
    if (label) {
      if (child.rect.y + 1 < label.rect.y + label.rect.h) return false; // the label shares its line: a sentence
      return shortVisibleText(snapshot, node.id, AD_SLOT_MAX_CHARS, AD_NODES_PER_CHAR * AD_SLOT_MAX_CHARS) !== null;
    }
    if (text === null || !isAdSlotLabel(text) || someBelow(snapshot, id, isHeadingOrLink)) return false; // the child itself or within it
    label = child;
  }
  return false;
}

/**
 * Kept text in an ad slot (hints.ts, isAdSlotHint; or one labelled as such, isLabelledAdSlot) is
 * left out while it is less than PANEL_MAX_SHARE of the kept words: a sponsored row between a
 * thread's posts or a card in a grid scores like its neighbours, but it is the advertiser's text.
 * A page whose kept text is mostly inside such a name (its content in a wrapper named
 * `ad-container`) keeps it.
 */
export function dropAdSlots(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const isAdSlot = (node: SnapshotNode): boolean => isAdSlotHint(node) || isLabelledAdSlot(snapshot, node);
  return dropInside(snapshot, blocks, kept, isAdSlot, 'ad-slots', trace, PANEL_MAX_SHARE);
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
export function dropOffSlides(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const slides = kept.filter((i) => offSlide(snapshot, at(blocks, i)));
  return leaveOut(blocks, kept, new Set(slides), trace, { step: 'off-slide' });
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
export function dropDetachedHidden(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
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
  // never every kept block: the visible ones stay
  return leaveOut(blocks, kept, new Set(drop), trace, { step: 'detached-hidden' });
}
