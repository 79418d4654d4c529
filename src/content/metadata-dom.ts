/**
 * Metadata evidence from the DOM around the main content: the headline, a `<time datetime>` and a
 * date written as text, searched inside the content first and then close to its top edge (a
 * headline block often sits just above the selected body); and the search itself, which
 * byline-dom.ts uses for bylines.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';
import { LINE_SEPARATOR } from './byline.js';
import { WEEKDAY_NAME, parseDate } from './dates.js';
import type { DateOrder } from './dates.js';
import { toText } from './text.js';
import { DROPPED_TAGS, effectiveRoots, forEachSelected, isTextUsable, parentOf } from './tree.js';
import { cleanString } from './words.js';

/** Vertical extent of the selected content in document coordinates. */
export interface ContentBox {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** How far from the content top a candidate may sit. */
export interface Reach {
  /** px above the top edge (candidates outside the content only). */
  above: number;
  /** px below the top edge (candidates outside the content). */
  below: number;
  /** px below the top edge for candidates inside the content (default: `below`). */
  insideBelow?: number;
}

/** Top and bottom (document y), left and right edges of the selected roots, or null without roots. */
export function contentBox(snapshot: PageSnapshot, selection: ContentSelection): ContentBox | null {
  const roots = effectiveRoots(snapshot, selection)
    .map((id) => snapshot.nodes[id])
    .filter((n): n is SnapshotNode => n !== undefined);
  if (roots.length === 0) return null;
  return {
    top: roots.reduce((min, n) => Math.min(min, n.rect.y), Infinity),
    bottom: roots.reduce((max, n) => Math.max(max, n.rect.y + n.rect.h), -Infinity),
    left: roots.reduce((min, n) => Math.min(min, n.rect.x), Infinity),
    right: roots.reduce((max, n) => Math.max(max, n.rect.x + n.rect.w), -Infinity),
  };
}

/** True when the selected content lives in a (same-origin) frame: page-level metadata is the portal's. */
export function contentInFrame(snapshot: PageSnapshot, selection: ContentSelection): boolean {
  return effectiveRoots(snapshot, selection).some((id) => snapshot.nodes[id]?.inFrame === true);
}

/** Below the content's end, how far an author box or a dateline after the article is looked for (px). */
const AFTER_CONTENT = 800;

/**
 * Where the lines after an article sit (document y): the content's last fifth, at least 400 px
 * of it and no more than all of it, and AFTER_CONTENT below its end.
 */
export function endBand(box: ContentBox): { from: number; to: number } {
  return { from: Math.max(box.top, box.bottom - Math.max(400, (box.bottom - box.top) * 0.2)), to: box.bottom + AFTER_CONTENT };
}

/** True when the element overlaps the content's column (a sidebar beside it does not). */
export function inColumn(node: SnapshotNode, box: ContentBox): boolean {
  return node.rect.x + node.rect.w > box.left && node.rect.x < box.right;
}

/** How far below the content top a metadata line may sit: 400 px, or a fifth of a long content. */
export function topReach(box: ContentBox): Reach {
  return { above: 1200, below: Math.max(400, (box.bottom - box.top) * 0.2) };
}

/**
 * `nodeText` of a subtree that holds at most `maxChars` characters of text in at most
 * `maxNodes` nodes, else null without reading the rest: a per-element check that reads each
 * subtree whole would cost the square of the page's size on deeply nested markup. An element
 * with more children than twice the nodes left to count (white space between elements is not
 * counted) ends the walk before they are stacked, so one with a million children costs no more
 * than a small one, for each of its ancestors the check is asked about.
 */
export function shortText(snapshot: PageSnapshot, node: SnapshotNode, maxChars: number, maxNodes = maxChars): string | null {
  let chars = 0;
  let visited = 0;
  const stack = [node.id];
  while (stack.length > 0) {
    const n = snapshot.nodes[stack.pop() ?? -1];
    if (n === undefined) continue;
    if (n.kind === 'text') {
      // what nodeText reads: visible text; white space between elements costs nothing
      const t = isTextUsable(n) ? (n.text ?? '').trim() : '';
      if (t === '') continue;
      chars += t.length;
      if (chars > maxChars) return null;
    } else if (n.id === node.id || (n.visible && !DROPPED_TAGS.has(n.tag))) {
      if (n.children.length > 2 * (maxNodes - visited) + 1) return null;
      for (const c of n.children) stack.push(c);
    }
    if (++visited > maxNodes) return null;
  }
  return nodeText(snapshot, node);
}

/** Visible text of a subtree on one line (block boundaries become spaces). */
export function nodeText(snapshot: PageSnapshot, node: SnapshotNode): string {
  return toText(snapshot, { roots: [node.id], exclude: [] }).replace(/\s+/g, ' ').trim();
}

/**
 * The first value `read` gives for a node inside the selection whose top is at most
 * `reach.insideBelow` under the content top (pre-order, `inside` true), else for the node of the
 * whole page closest to the content top within `reach` (`inside` false).
 */
export function nearContentTop(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  reach: Reach,
  read: (node: SnapshotNode, inside: boolean) => string | null,
): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const insideBelow = reach.insideBelow ?? reach.below;
  let inside: string | null = null;
  forEachSelected(snapshot, selection, (node) => {
    if (inside === null && node.kind === 'element' && node.rect.y <= box.top + insideBelow) inside = read(node, true);
  });
  if (inside !== null) return inside;
  return closestValue(snapshot, box.top, box.top - reach.above, box.top + reach.below, (node) => read(node, false));
}

/**
 * The first value `read` gives for the elements whose top is between `from` and `to` (document
 * y), the closest to `anchor` first.
 */
export function closestValue(snapshot: PageSnapshot, anchor: number, from: number, to: number, read: (node: SnapshotNode) => string | null): string | null {
  let best: { value: string; dist: number } | null = null;
  for (const node of snapshot.nodes) {
    if (node.kind !== 'element') continue;
    const y = node.rect.y;
    if (y > to || y < from) continue;
    const dist = Math.abs(y - anchor);
    if (best !== null && dist >= best.dist) continue;
    const value = read(node);
    if (value !== null) best = { value, dist };
  }
  return best?.value ?? null;
}

/**
 * A heading's permalink marks at its end: Sphinx's "¶", "§", a link emoji, or a "#" after a space
 * (not "C#"). Matched on the last characters only: on a whole heading of a page's choosing, a
 * pattern anchored at the end is tried from every position.
 */
const PERMALINK_MARK = /(?:\s*(?:[¶§]|\u{1F517})\uFE0F?)+$|\s+#$/u;
const PERMALINK_TAIL = 32;

/** `text` without the permalink marks at its end. */
function withoutPermalink(text: string): string {
  const m = PERMALINK_MARK.exec(text.slice(-PERMALINK_TAIL));
  return m === null ? text : text.slice(0, text.length - m[0].length);
}

/** Longest `<h1>` read as a title, and the nodes read for it. */
const MAX_HEADING_CHARS = 500;

/** Text of the `<h1>` in the content or closest above it; an h1 equal to the site name (a logo) is skipped. */
export function findHeading(snapshot: PageSnapshot, selection: ContentSelection, siteName: string | null): string | null {
  const site = siteName?.toLowerCase();
  return nearContentTop(snapshot, selection, { above: 1000, below: 200, insideBelow: Infinity }, (node) => {
    if (node.tag !== 'h1') return null;
    const raw = shortText(snapshot, node, MAX_HEADING_CHARS);
    // without the permalink mark that documentation generators put after a heading ("Models¶")
    const text = raw === null ? null : cleanString(withoutPermalink(raw));
    return text !== null && text.toLowerCase() !== site ? text : null;
  });
}

/** The parseable `datetime` of a `<time>` near the top of the content (the dateline). */
export function findTimeNearTop(snapshot: PageSnapshot, selection: ContentSelection, order?: DateOrder): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  return nearContentTop(snapshot, selection, topReach(box), (node) => {
    if (node.tag !== 'time') return null;
    const raw = cleanString(node.attrs?.datetime);
    return raw !== null && parseDate(raw, order) !== null ? raw : null;
  });
}

/** Words before a dateline's date: "Published on", "Posted", "Updated:", "Last Updated :", "Last Modified:", "Post time:", "Date:". */
const DATELINE_PREFIX = /^(?:originally\s+)?(?:published|posted|updated|last\s+updated|modified|last\s+modified|post\s+time|dated?)\b\s*(?:on|at)?\s*:?\s*/i;

/** Years a written dateline can name ("9999" is a placeholder, not a date). */
const PLAUSIBLE_YEAR = /^(?:19|20)\d\d-/;

/** Longest text node read as a dateline: a date and a few words around it. */
const MAX_DATELINE_CHARS = 80;

/** Punctuation around a dateline's date ("· Dec 20, 2025 ·", "- December 19, 2025", "2025.12.17 |"). */
const DATELINE_MARKS = /^[\s·•|,–—-]+|[\s·•|,–—.-]+$/gu;

/** "on", "the" and a weekday before the date ("on Friday December 19, 2025", "on the 15/12/2025"). */
const DATELINE_LEAD = new RegExp(String.raw`^(?:on\s+)?(?:the\s+)?(?:${WEEKDAY_NAME},?\s+)?`, 'i');

/** A time, or "by", after the date ("at 11:00 AM", "@08:00PM", ", 09:14 PM", " 7:38:01 PM", "at 19:00 by"). */
const DATELINE_TAIL = /(?:,?\s*(?:at\s+|@\s*)?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?)?(?:\s+by)?$/i;

/** The date of one segment of a dateline, without the words, marks and time around it. */
function datelineDate(segment: string, order: DateOrder | undefined): string | null {
  const bare = segment.replace(DATELINE_MARKS, '').replace(DATELINE_PREFIX, '').replace(DATELINE_LEAD, '');
  const date = parseDate(bare, order) ?? parseDate(bare.replace(DATELINE_TAIL, ''), order);
  return date !== null && PLAUSIBLE_YEAR.test(date) ? date : null;
}

/**
 * The first date `read` finds in the element's own visible text nodes that are short enough to
 * be a dateline (white space collapsed).
 */
function ownDateline(snapshot: PageSnapshot, node: SnapshotNode, read: (text: string) => string | null): string | null {
  for (const c of node.children) {
    const child = snapshot.nodes[c];
    if (child?.kind !== 'text' || !child.visible) continue;
    const text = (child.text ?? '').replace(/\s+/g, ' ').trim();
    if (text === '' || text.length > MAX_DATELINE_CHARS) continue;
    const date = read(text);
    if (date !== null) return date;
  }
  return null;
}

/**
 * A dateline at the end of the content or just below it ("Posted on April 13, 2023" under the
 * text), for articles that give no date near their top: a text node that names the date with
 * "Posted", "Published", "Updated" and the like (a bare date there is as likely a comment's),
 * in the content's column, the closest to its end.
 */
export function findDatelineAtEnd(snapshot: PageSnapshot, selection: ContentSelection, order?: DateOrder): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const band = endBand(box);
  return closestValue(snapshot, box.bottom, band.from, band.to, (node) => {
    if (!node.visible || !inColumn(node, box)) return null;
    return ownDateline(snapshot, node, (text) => (DATELINE_PREFIX.test(text) ? datelineDate(text, order) : null));
  });
}

/**
 * A date written as text near the top of the content, as ISO 8601: a text node that is a date,
 * or a date after "Published on", "Updated:" and the like, or one segment of a line such as
 * "Jo Lee | Senior Writer | July 2, 2025". For pages that give the date no machine-readable form
 * (no JSON-LD, meta or `<time datetime>`). Above the content, not one in the site's masthead,
 * which prints today's date. Text nodes only, so the scan stays linear.
 */
export function findDatelineText(snapshot: PageSnapshot, selection: ContentSelection, order?: DateOrder): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  return nearContentTop(snapshot, selection, topReach(box), (node, inside) => {
    const date = ownDateline(snapshot, node, (text) => {
      for (const segment of text.split(LINE_SEPARATOR)) {
        const found = datelineDate(segment, order);
        if (found !== null) return found;
      }
      return null;
    });
    // a date in the site's masthead is today's, not the story's
    return date !== null && (inside || !inMasthead(snapshot, node)) ? date : null;
  });
}

/** Ancestors looked at to tell a masthead from a story's own header. */
const MAX_MASTHEAD_DEPTH = 40;

/** Nodes looked at for an h1 inside a header. */
const MAX_HEADER_NODES = 300;

/** True when an `<h1>` is among the first MAX_HEADER_NODES nodes below `node`. */
function holdsHeading(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  const stack = [...node.children];
  for (let visited = 0; stack.length > 0 && visited < MAX_HEADER_NODES; visited++) {
    const n = snapshot.nodes[stack.pop() ?? -1];
    if (n === undefined) continue;
    if (n.tag === 'h1') return true;
    for (const c of n.children) stack.push(c);
  }
  return false;
}

/**
 * True when the element sits in the site's header or navigation (`<nav>`, or a `<header>` or
 * role=banner that no `<article>` or `<main>` holds and that holds no h1), not in a story's own
 * header.
 */
function inMasthead(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  let masthead = false;
  let n: SnapshotNode | undefined = node;
  for (let depth = 0; n !== undefined && depth < MAX_MASTHEAD_DEPTH; depth++) {
    if (n.tag === 'article' || n.tag === 'main' || n.attrs?.role === 'main') return false;
    // a header that holds an h1 is a story's own (a theme's "entry-header" outside <article>)
    if (n.tag === 'header' && holdsHeading(snapshot, n)) return false;
    if (n.tag === 'nav' || n.tag === 'header' || n.attrs?.role === 'banner' || n.attrs?.role === 'navigation') masthead = true;
    n = parentOf(snapshot, n.id);
  }
  return masthead;
}

/** The first image in the content rendered at least `minWidth` px wide, as `read` resolves it. */
export function firstLargeImage(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  minWidth: number,
  read: (node: SnapshotNode) => string | null,
): string | null {
  const widths = new Map((snapshot.images ?? []).map((i) => [i.node, i.w]));
  let found: string | null = null;
  forEachSelected(snapshot, selection, (node) => {
    if (found !== null || node.tag !== 'img') return;
    if ((widths.get(node.id) ?? node.rect.w) >= minWidth) found = read(node);
  });
  return found;
}
