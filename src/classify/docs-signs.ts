/**
 * Signs that a page is one page of a documentation site, for the page-type model. A docs page's
 * prose reads like an article's, and many carry og:type=article; what sets it apart is the site
 * around it, as documentation generators (Sphinx, Docusaurus, MkDocs, VitePress, GitBook) build
 * it:
 * - the manual's table of contents in a column at the left, lists of links;
 * - an "Edit this page" link, an "On this page" table of the page's own sections;
 * - a permalink on each section heading;
 * - inline code in the prose.
 * Each is a count or a flag; none decides anything alone (the fitted model weighs them).
 */
import type { PageSnapshot, Rect, SnapshotNode } from '../snapshot/types.js';
import { withoutFragment } from '../util/url.js';

/**
 * The whole text (or title) of a link that offers to edit the page's source: "Edit this page",
 * "Edit on GitHub", "Improve this doc". Anchored at both ends, so a headline that starts so
 * ("Improve your GitHub workflow") is not one.
 */
const EDIT_LINK = /^\s*(?:edit|improve|suggest (?:an )?edits? (?:to|on)|view (?:the )?source (?:of|on))\b.{0,20}\b(?:page|doc|docs|document|article|github|gitlab|source)\s*$/i;
/**
 * The whole text of the title of a page's table of its own sections, as documentation themes
 * write it. Not "Table of contents", "Contents" or "In this article": blogs' table-of-contents
 * plugins write those. On WCXB, "Table of contents" is on 13% of the articles and 26% of the
 * documentation pages, "On this page" on 1% and 15%.
 */
const TOC_TITLE = /^\s*(?:on this page|page contents|in this (?:page|section|topic|document|guide))\s*:?\s*$/i;
/** The longest text read as TOC_TITLE (a cheap test before the pattern). */
const TOC_TITLE_MAX = 40;
/**
 * Text of a heading's permalink: nothing, or a mark. Docusaurus fills the link with a zero-width
 * space and emoji carry a variation selector; neither is white space to `\s`.
 */
const PERMALINK_TEXT = /^(?:[#¶§🔗]|link|permalink|anchor)?$/iu;
const INVISIBLE_CHARS = /(?:[\s\u200b-\u200d\u2060]|\ufe0f)+/gu;
/** Elements of code; inline when not inside `<pre>` or other code. */
const CODE_TAGS = new Set(['code', 'kbd', 'samp', 'var', 'tt']);
const HEADINGS = new Set(['h2', 'h3', 'h4']);
/** How far up from a link to look for its list items, its column or its heading. */
const MAX_UP = 12;
/**
 * A column at the left: on the page (an off-canvas drawer is not), its centre in the left third
 * of the viewport, at most 40% of it wide and at least 250 px tall (a header's menu is wide and
 * short).
 */
const LEFT_SHARE = 1 / 3;
const COLUMN_MAX_WIDTH = 0.4;
const COLUMN_MIN_HEIGHT = 250;

function isLeftColumn(r: Rect, vw: number): boolean {
  return r.x >= 0 && r.x + r.w / 2 < vw * LEFT_SHARE && r.w <= vw * COLUMN_MAX_WIDTH && r.h >= COLUMN_MIN_HEIGHT;
}

/** Class tokens of the page's own entry in a table of contents (on the link or its item). */
const CURRENT = /(?:^|[\s_-])(?:active|current|selected)(?:$|[\s_-])/i;

export const DOCS_SIGN_NAMES = [
  'docs.treeLinks',
  'docs.treeCurrent',
  'docs.editLink',
  'docs.tocHeading',
  'docs.headingAnchors',
  'docs.inlineCode',
] as const;

function hasCurrentMark(node: SnapshotNode | undefined): boolean {
  return !!node && CURRENT.test(node.attrs?.class ?? '');
}

/** The addresses of the page itself: a permalink points at one of them. */
function ownAddresses(snapshot: PageSnapshot): Set<string> {
  const m = snapshot.metadata;
  return new Set([snapshot.url, snapshot.finalUrl, m.canonical, m.baseHref ?? ''].filter(Boolean).map(withoutFragment));
}

/** The signs, in DOCS_SIGN_NAMES order. */
export function docsSigns(snapshot: PageSnapshot): number[] {
  const nodes = snapshot.nodes;
  const vw = Math.max(1, snapshot.viewport.width);
  const own = ownAddresses(snapshot);
  let treeLinks = 0;
  let treeCurrent = 0;
  let editLink = 0;
  let headingAnchors = 0;
  for (const link of snapshot.links) {
    const node = nodes[link.node];
    if (!node) continue;
    const text = link.text.replace(INVISIBLE_CHARS, ' ').trim();
    // an icon button says what it does in its title or label only
    if (node.visible && [text, node.attrs?.title ?? '', node.attrs?.['aria-label'] ?? ''].some((t) => EDIT_LINK.test(t))) editLink = 1;
    // up the tree: the list items that hold the link, the column they stand in, or the heading
    // the link is the permalink of
    let items = 0;
    let current = hasCurrentMark(node);
    let inColumn = false;
    let heading: SnapshotNode | null = null;
    let p = node.parent;
    for (let up = 0; up < MAX_UP && p >= 0; up++) {
      const a = nodes[p];
      if (!a) break;
      if (a.tag === 'li') {
        items++;
        if (items === 1 && hasCurrentMark(a)) current = true;
      } else if (HEADINGS.has(a.tag)) heading = a;
      if (items > 0 && isLeftColumn(a.rect, vw)) inColumn = true;
      p = a.parent;
    }
    if (node.visible && inColumn) {
      treeLinks++;
      if (current) treeCurrent = 1;
    }
    // themes show a heading's permalink on hover only, so an invisible one counts too
    const hash = link.href.indexOf('#');
    if (heading && hash >= 0 && hash < link.href.length - 1 && PERMALINK_TEXT.test(text.replace(/\s+/g, '')) && own.has(withoutFragment(link.href))) {
      headingAnchors++;
    }
  }
  let tocHeading = 0;
  let inlineCode = 0;
  // nodes come in document order, parents first: whether each sits in code is known from its parent
  const inCode = new Uint8Array(nodes.length);
  for (const node of nodes) {
    const parent = nodes[node.parent];
    const parentInCode = parent !== undefined && (inCode[parent.id] === 1 || parent.tag === 'pre' || CODE_TAGS.has(parent.tag));
    if (parentInCode) inCode[node.id] = 1;
    if (!node.visible) continue;
    if (node.kind === 'text') {
      if (!tocHeading && node.text && node.text.length <= TOC_TITLE_MAX && TOC_TITLE.test(node.text)) tocHeading = 1;
    } else if (CODE_TAGS.has(node.tag) && !parentInCode) inlineCode++;
  }
  return [Math.log1p(treeLinks), treeCurrent, editLink, tocHeading, Math.log1p(headingAnchors), Math.log1p(inlineCode)];
}
