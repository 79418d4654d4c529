/**
 * Metadata evidence from the DOM around the main content: the headline, a byline element and a
 * `<time datetime>`, searched inside the content first and then close to its top edge (a headline
 * block often sits just above the selected body).
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';
import { isPersonName } from './byline.js';
import { parseDate } from './dates.js';
import { toText } from './text.js';
import { effectiveRoots, forEachSelected } from './tree.js';
import { cleanString } from './words.js';

/** Vertical extent of the selected content in document coordinates. */
export interface ContentBox {
  top: number;
  bottom: number;
}

/** How far from the content top a candidate may sit. */
interface Reach {
  /** px above the top edge (candidates outside the content only). */
  above: number;
  /** px below the top edge (candidates outside the content). */
  below: number;
  /** px below the top edge for candidates inside the content (default: `below`). */
  insideBelow?: number;
}

/** Top and bottom (document y) of the selected roots, or null without roots. */
export function contentBox(snapshot: PageSnapshot, selection: ContentSelection): ContentBox | null {
  const roots = effectiveRoots(snapshot, selection)
    .map((id) => snapshot.nodes[id])
    .filter((n): n is SnapshotNode => n !== undefined);
  if (roots.length === 0) return null;
  return {
    top: roots.reduce((min, n) => Math.min(min, n.rect.y), Infinity),
    bottom: roots.reduce((max, n) => Math.max(max, n.rect.y + n.rect.h), -Infinity),
  };
}

/** True when the selected content lives in a (same-origin) frame: page-level metadata is the portal's. */
export function contentInFrame(snapshot: PageSnapshot, selection: ContentSelection): boolean {
  return effectiveRoots(snapshot, selection).some((id) => snapshot.nodes[id]?.inFrame === true);
}

/** Visible text of a subtree on one line (block boundaries become spaces). */
export function nodeText(snapshot: PageSnapshot, node: SnapshotNode): string {
  return toText(snapshot, { roots: [node.id], exclude: [] }).replace(/\s+/g, ' ').trim();
}

/**
 * The first value `read` gives for a node inside the selection whose top is at most
 * `reach.insideBelow` under the content top (pre-order), else for the node of the whole page closest to the content
 * top within `reach`.
 */
export function nearContentTop(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  reach: Reach,
  read: (node: SnapshotNode) => string | null,
): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const insideBelow = reach.insideBelow ?? reach.below;
  let inside: string | null = null;
  forEachSelected(snapshot, selection, (node) => {
    if (inside === null && node.kind === 'element' && node.rect.y <= box.top + insideBelow) inside = read(node);
  });
  if (inside !== null) return inside;
  let best: { value: string; dist: number } | null = null;
  for (const node of snapshot.nodes) {
    if (node.kind !== 'element') continue;
    const y = node.rect.y;
    if (y > box.top + reach.below || y < box.top - reach.above) continue;
    const dist = Math.abs(y - box.top);
    if (best !== null && dist >= best.dist) continue;
    const value = read(node);
    if (value !== null) best = { value, dist };
  }
  return best?.value ?? null;
}

/** Text of the `<h1>` in the content or closest above it; an h1 equal to the site name (a logo) is skipped. */
export function findHeading(snapshot: PageSnapshot, selection: ContentSelection, siteName: string | null): string | null {
  const site = siteName?.toLowerCase();
  return nearContentTop(snapshot, selection, { above: 1000, below: 200, insideBelow: Infinity }, (node) => {
    if (node.tag !== 'h1') return null;
    const text = cleanString(nodeText(snapshot, node));
    return text !== null && text.toLowerCase() !== site ? text : null;
  });
}

/** True when the element is marked as an author/byline by rel, itemprop or class (bios and avatars excluded). */
export function isBylineMarked(node: SnapshotNode): boolean {
  const a = node.attrs;
  if (!a) return false;
  if (/\bauthor\b/i.test(a.rel ?? '')) return true;
  if (/author|byline/i.test(a.itemprop ?? '')) return true;
  const cls = a.class ?? '';
  return /author|byline/i.test(cls) && !/avatar|photo|image|img|thumb|bio|about/i.test(cls);
}

/** A byline element near the top of the content, its text passed through `clean`. */
export function findBylineElement(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  clean: (raw: string) => string | null,
): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const below = Math.max(400, (box.bottom - box.top) * 0.2);
  return nearContentTop(snapshot, selection, { above: 1200, below }, (node) => {
    if (!isBylineMarked(node)) return null;
    const names = nameElements(snapshot, node).map((n) => nodeText(snapshot, n)).filter((t) => t !== '');
    return (names.length > 0 ? clean(names.join(', ')) : null) ?? clean(nodeText(snapshot, node));
  });
}

/** A link to an author's page: /author/jo-lee, /authors/…, /contributors/…, /people/…, ?author=… */
const AUTHOR_PAGE = /\/(?:authors?|writers?|contributors?|columnists?|reporters?|producers?)\/[^/?#]+\/?(?:[?#]|$)|[?&]_?author=/i;

/** A short line that names its author: "By Jo Lee", "Written by Jo Lee" (the name capitalised). */
const BY_LINE = /^(?:(?:[Ww]ritten|[Pp]osted|[Ww]ords)\s+)?[Bb][Yy]\s*:?\s+\p{Lu}/u;

/** Longest text read as an unmarked byline: a name, or "By" and a name. */
const MAX_UNMARKED_CHARS = 80;

/**
 * A byline near the top of the content that no class or rel marks: a link to the author's page,
 * or a short line that starts "By" and a capitalised name; its text passed through `clean`, and
 * kept only when it reads as a person's name ("Sign up" and "YouTube" links are not).
 * Weaker evidence than a marked element (a teaser's author links to an author page too), so
 * metadata.ts reads it last.
 */
export function findUnmarkedByline(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  clean: (raw: string) => string | null,
): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const read = (node: SnapshotNode): string | null => {
    const page = node.tag === 'a' && AUTHOR_PAGE.test(node.attrs?.href ?? '');
    // the subtree's text is read only for a link to an author page or an element whose own
    // first words are "By": reading every element's would cost the square of the page's size
    if (!page && (node.children.length > 4 || !startsWithBy(snapshot, node))) return null;
    const text = nodeText(snapshot, node);
    if (text === '' || text.length > MAX_UNMARKED_CHARS || !(page || BY_LINE.test(text))) return null;
    const byline = clean(text);
    return byline !== null && isPersonName(byline) ? byline : null;
  };
  // a content of several stories (a listing's teaser cards) names several authors: none is the page's
  const names = new Set<string>();
  forEachSelected(snapshot, selection, (node) => {
    if (names.size > 1 || node.kind !== 'element') return;
    const name = read(node);
    if (name !== null) names.add(name.toLowerCase());
  });
  if (names.size > 1) return null;
  const below = Math.max(400, (box.bottom - box.top) * 0.2);
  return nearContentTop(snapshot, selection, { above: 1200, below }, read);
}

/** True when the element's first text of its own starts with "By" (or "Written by", …). */
function startsWithBy(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  for (const c of node.children) {
    const child = snapshot.nodes[c];
    if (child?.kind !== 'text' || (child.text ?? '').trim() === '') continue;
    return BY_WORD.test(child.text ?? '');
  }
  return false;
}

/** The words a "By" line starts with, in a text node of its own. */
const BY_WORD = /^\s*(?:(?:written|posted|words)\s+)?by\b/i;

/** Elements below a byline element that hold one name each: itemprop=name, rel=author, a "name" class. */
const NAME_CLASS = /(?:^|[\s_-])(?:author|byline)?[_-]?name(?:$|[\s_-])|(?:author|byline)name/i;

/** Descendants visited when looking for the names inside a byline element. */
const MAX_BYLINE_NODES = 200;

/**
 * The elements inside a byline element that each hold only a name ("By <a rel=author>Keith
 * Barrow</a> <span>Senior Autos Reporter</span>"), outermost first, none inside another; the job
 * titles, dates and buttons around them are left out.
 */
function nameElements(snapshot: PageSnapshot, byline: SnapshotNode): SnapshotNode[] {
  const found: SnapshotNode[] = [];
  const stack = [...byline.children].reverse();
  let visited = 0;
  while (stack.length > 0 && visited++ < MAX_BYLINE_NODES) {
    const node = snapshot.nodes[stack.pop() ?? -1];
    if (node === undefined || node.kind !== 'element' || !node.visible) continue;
    const a = node.attrs ?? {};
    if (/\bname\b/i.test(a.itemprop ?? '') || /\bauthor\b/i.test(a.rel ?? '') || NAME_CLASS.test(a.class ?? '')) found.push(node);
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] ?? -1);
  }
  return found;
}

/** The parseable `datetime` of a `<time>` near the top of the content (the dateline). */
export function findTimeNearTop(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const below = Math.max(400, (box.bottom - box.top) * 0.2);
  return nearContentTop(snapshot, selection, { above: 1200, below }, (node) => {
    if (node.tag !== 'time') return null;
    const raw = cleanString(node.attrs?.datetime);
    return raw !== null && parseDate(raw) !== null ? raw : null;
  });
}

/** Words before a dateline's date: "Published on", "Posted", "Updated:", "Last Updated :", "Post time:". */
const DATELINE_PREFIX = /^(?:(?:originally\s+)?(?:published|posted|updated|last\s+updated|modified|post\s+time|date)\b\s*(?:on|at)?\s*:?\s*)/i;

/** Years a written dateline can name ("9999" is a placeholder, not a date). */
const PLAUSIBLE_YEAR = /^(?:19|20)\d\d-/;

/** Longest text node read as a dateline: a date and a few words around it. */
const MAX_DATELINE_CHARS = 80;

/**
 * A date written as text near the top of the content, as ISO 8601: a text node that is a date,
 * or a date after "Published on", "Updated:" and the like, or one segment of a line such as
 * "Jo Lee | Senior Writer | July 2, 2025". For pages that give the date no machine-readable form
 * (no JSON-LD, meta or `<time datetime>`). Text nodes only, so the scan stays linear.
 */
export function findDatelineText(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const below = Math.max(400, (box.bottom - box.top) * 0.2);
  return nearContentTop(snapshot, selection, { above: 1200, below }, (node) => {
    for (const c of node.children) {
      const child = snapshot.nodes[c];
      if (child?.kind !== 'text' || !child.visible) continue;
      const text = (child.text ?? '').replace(/\s+/g, ' ').trim();
      if (text === '' || text.length > MAX_DATELINE_CHARS) continue;
      for (const segment of text.split(/\s+[|·•]\s+/)) {
        const date = parseDate(segment.replace(DATELINE_PREFIX, '').replace(/\.$/, ''));
        if (date !== null && PLAUSIBLE_YEAR.test(date)) return date;
      }
    }
    return null;
  });
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
