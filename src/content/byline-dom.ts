/**
 * Bylines in the DOM around the main content: an element marked as the author's (rel, itemprop,
 * class), and, weaker, a link to an author's page or a "By …" line that nothing marks.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';
import { cleanByline, isPersonName, startsAsByline } from './byline.js';
import { closestValue, contentBox, endBand, inColumn, nearContentTop, shortText, topReach } from './metadata-dom.js';
import { effectiveRoots, forEachSelected } from './tree.js';

/** Longest text read from a marked byline element (cleanByline reads no more), and its nodes. */
const MAX_MARKED_CHARS = 1000;
const MAX_MARKED_NODES = 300;

/** True when the element is marked as an author/byline by rel, itemprop or class (bios and avatars excluded). */
export function isBylineMarked(node: SnapshotNode): boolean {
  const a = node.attrs;
  if (!a) return false;
  if (/\bauthor\b/i.test(a.rel ?? '')) return true;
  if (/author|byline/i.test(a.itemprop ?? '')) return true;
  const cls = a.class ?? '';
  return /author|byline/i.test(cls) && !/avatar|photo|image|img|thumb|bio|about/i.test(cls);
}

/** A byline element near the top of the content, its text cleaned (cleanByline). */
export function findBylineElement(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  return nearContentTop(snapshot, selection, topReach(box), (node) => (isBylineMarked(node) ? markedByline(snapshot, node) : null));
}

/** A marked byline element's names (its name elements', else its whole text), cleaned. */
function markedByline(snapshot: PageSnapshot, node: SnapshotNode): string | null {
  const names = nameElements(snapshot, node)
    .map((n) => shortText(snapshot, n, MAX_MARKED_CHARS, MAX_MARKED_NODES))
    .filter((t): t is string => t !== null && t !== '');
  const whole = (): string | null => {
    const text = shortText(snapshot, node, MAX_MARKED_CHARS, MAX_MARKED_NODES);
    return text === null ? null : cleanByline(text);
  };
  return (names.length > 0 ? cleanByline(names.join(', ')) : null) ?? whole();
}

/**
 * Words of class and id names that mark other people's posts and names: comments, reviews,
 * related or recommended stories, more posts, trending lists. Whole words of the names
 * ("comment-author", "related-posts"), so that "category-reviews" on the article or Next.js's
 * "__next" wrapper do not count.
 */
const OTHER_POSTS = /^(?:comments?|repl(?:y|ies)|review(?:s|ed|ers?)?|related|recommend(?:ed|ations?)?|teasers?|more|popular|trending)$/i;

/** The same for the sections around the element, where story cards sit too ("post-card__author" is a teaser's). */
const OTHER_POSTS_AROUND = /^(?:cards?)$/i;

/** Ancestors looked at for a section of other people's posts. */
const OTHER_POSTS_DEPTH = 8;

/** Elements whose names are someone else's: a quotation and its source, a figure's credit. */
const QUOTING_TAGS: ReadonlySet<string> = new Set(['blockquote', 'q', 'cite', 'figure', 'figcaption']);

/**
 * A marked byline element in an author box at the end of the content or just below it ("Written
 * by Hunter Dukes" with a bio), for articles that name their author nowhere near the top. The
 * closest to the content's end, in the content's column; not one inside comments, reviews,
 * related stories, a quotation, an aside or a navigation, nor in a footer outside the content,
 * where the names are other people's.
 */
export function findAuthorBoxBelow(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  const roots = new Set(effectiveRoots(snapshot, selection));
  const band = endBand(box);
  return closestValue(snapshot, box.bottom, band.from, band.to, (node) => {
    if (!node.visible || !isBylineMarked(node) || !inColumn(node, box)) return null;
    return amongOtherPosts(snapshot, node, roots) ? null : markedByline(snapshot, node);
  });
}

/** Whole words of an element's class and id names. */
const nameWords = (n: SnapshotNode): string[] => `${n.attrs?.class ?? ''} ${n.attrs?.id ?? ''}`.split(/[\s_-]+/);

/**
 * True when the element or one of its near ancestors up to the content's root holds other
 * people's posts or names (OTHER_POSTS, a quotation, an aside, a navigation, a footer outside the
 * content).
 */
function amongOtherPosts(snapshot: PageSnapshot, node: SnapshotNode, roots: ReadonlySet<number>): boolean {
  let n: SnapshotNode | undefined = node;
  let footer = false;
  for (let k = 0; n !== undefined && k <= OTHER_POSTS_DEPTH; k++) {
    // the content's root and what holds it describe the whole article, not the box
    if (roots.has(n.id)) return false;
    if (QUOTING_TAGS.has(n.tag) || n.tag === 'aside' || n.tag === 'nav') return true;
    const words = nameWords(n);
    if (words.some((word) => OTHER_POSTS.test(word)) || (k > 0 && words.some((word) => OTHER_POSTS_AROUND.test(word)))) return true;
    if (n.tag === 'footer') footer = true;
    n = n.parent >= 0 ? snapshot.nodes[n.parent] : undefined;
  }
  // a footer outside the content is the page's or a teaser's; the article's own footer (met
  // before its root) holds its author box
  return footer;
}

/**
 * Words of class names that forum software gives the poster's name in a post's user card:
 * vBulletin's "bigusername", XenForo's and phpBB's "username", Flarum's "PostUser-name",
 * "poster". Whole words, as nameWords splits them; not "user" or "member" alone, which also name
 * menus and profile boxes.
 */
const USER_NAME = /^(?:(?:big)?username|poster|postuser|postauthor)$/i;

/** Longest user name read, in characters, nodes and words: a name, not a user card's whole text. */
const MAX_USER_NAME = { chars: 60, nodes: 20, words: 3 } as const;

/**
 * The thread starter's user name: the first post's user card, nearest the content's top. For
 * threads whose posts mark their authors only as forum software does (no rel=author, no author
 * class).
 */
export function findThreadStarter(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  return nearContentTop(snapshot, selection, topReach(box), (node) => {
    if (!node.visible || !nameWords(node).some((w) => USER_NAME.test(w))) return null;
    const text = shortText(snapshot, node, MAX_USER_NAME.chars, MAX_USER_NAME.nodes);
    const name = text === null || text === '' ? null : cleanByline(text);
    return name !== null && name.split(' ').length <= MAX_USER_NAME.words ? name : null;
  });
}

/** A link to an author's page: /author/jo-lee, /authors/…, /contributors/…, /producers/…, ?author=… */
const AUTHOR_PAGE = /\/(?:authors?|writers?|contributors?|columnists?|reporters?|producers?)\/[^/?#]+\/?(?:[?#]|$)|[?&]_?author=/i;

/** Longest text read as an unmarked byline: a name, or "By" and a name. */
const MAX_UNMARKED_CHARS = 80;

/** Nodes read in an unmarked byline candidate: a line of a few elements. */
const MAX_UNMARKED_NODES = 40;

/**
 * A byline near the top of the content that no class or rel marks: a link to the author's page,
 * or a short line that starts "By"; its text cleaned, and kept only when it reads
 * as a person's name ("Sign up" and "YouTube" links are not). Weaker evidence than a marked
 * element (a teaser's author links to an author page too), so metadata.ts reads it last, and a
 * content that names two or more such authors is several stories (a listing's teasers) and gives
 * none.
 */
export function findUnmarkedByline(snapshot: PageSnapshot, selection: ContentSelection): string | null {
  const box = contentBox(snapshot, selection);
  if (box === null) return null;
  // each element read once: the scan of the content and the search near its top meet the same ones
  const seen = new Map<number, string | null>();
  const read = (node: SnapshotNode): string | null => {
    const known = seen.get(node.id);
    if (known !== undefined) return known;
    let value: string | null = null;
    if ((node.tag === 'a' && AUTHOR_PAGE.test(node.attrs?.href ?? '')) || startsWithBy(snapshot, node)) {
      const text = shortText(snapshot, node, MAX_UNMARKED_CHARS, MAX_UNMARKED_NODES);
      const byline = text === null || text === '' ? null : cleanByline(text);
      value = byline !== null && isPersonName(byline) ? byline : null;
    }
    seen.set(node.id, value);
    return value;
  };
  const names = new Set<string>();
  forEachSelected(snapshot, selection, (node) => {
    if (names.size > 1 || node.kind !== 'element') return;
    const name = read(node);
    if (name !== null) names.add(name.toLowerCase());
  });
  if (names.size > 1) return null;
  return nearContentTop(snapshot, selection, topReach(box), read);
}

/** True when the element's first text of its own starts with "By" (or "Written by", …). */
function startsWithBy(snapshot: PageSnapshot, node: SnapshotNode): boolean {
  for (const c of node.children) {
    const child = snapshot.nodes[c];
    if (child?.kind !== 'text' || (child.text ?? '').trim() === '') continue;
    return startsAsByline(child.text ?? '');
  }
  return false;
}

/**
 * Classes of an element that holds one author's whole name: "name", "author-name",
 * "byline__name", "authorName", hCard's "fn"; not the parts of a name ("given-name").
 */
const NAME_CLASS = /(?:^|\s)fn(?:$|\s)|(?:^|[\s_-])(?<!(?:given|family|first|last|middle|sur)[_-]?)(?:author|byline)?[_-]?name(?:$|[\s_-])|(?:author|byline)name/i;

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
