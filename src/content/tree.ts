/**
 * Shared helpers for walking the selected part of a PageSnapshot: which roots to visit,
 * which nodes to skip, and how an element lays out (inline, block, table parts).
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';

/**
 * Elements whose whole subtree never reaches the output (scripts, media, form controls, embeds).
 * Not `<noscript>`: a snapshot holds one only when its content was rendered (JavaScript off).
 */
export const DROPPED_TAGS: ReadonlySet<string> = new Set([
  'script', 'style', 'template', 'head', 'meta', 'link', 'title', 'base',
  'input', 'select', 'textarea', 'option', 'optgroup', 'datalist', 'output', 'progress', 'meter',
  'button', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'param',
  'svg', 'math', 'video', 'audio', 'canvas', 'map', 'area', 'source', 'track', 'dialog', 'slot',
  'wbr', 'rp',
]);

/** How an element takes part in layout, derived from its computed `display`. */
export type LayoutKind =
  | 'none'
  | 'contents'
  | 'inline'
  | 'inline-block'
  | 'block'
  | 'list-item'
  | 'table'
  | 'table-group'
  | 'table-row'
  | 'table-cell'
  | 'table-caption';

/** Tags that are block-level by default (used only when a node carries no computed style). */
const DEFAULT_BLOCK_TAGS: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'center', 'details', 'dialog', 'dd', 'dir',
  'div', 'dl', 'dt', 'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4',
  'h5', 'h6', 'header', 'hgroup', 'hr', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section',
  'summary', 'ul', 'legend', 'html',
]);

/** Default layout of table-ish and list tags (used only without computed style). */
const DEFAULT_SPECIAL: Readonly<Record<string, LayoutKind>> = {
  li: 'list-item',
  table: 'table',
  thead: 'table-group',
  tbody: 'table-group',
  tfoot: 'table-group',
  tr: 'table-row',
  td: 'table-cell',
  th: 'table-cell',
  caption: 'table-caption',
  col: 'none',
  colgroup: 'none',
};

/** Inline-by-nature tags: a floated one holding a letter or two is a drop cap, not a block. */
const DROP_CAP_TAGS: ReadonlySet<string> = new Set(['span', 'a', 'b', 'strong', 'em', 'i', 'small', 'big', 'font', 'abbr', 'mark']);

/** Maps a CSS `display` value (single or multi keyword) to a LayoutKind. */
export function layoutFromDisplay(display: string): LayoutKind {
  const d = display.trim().toLowerCase();
  if (d === 'none' || d === 'table-column' || d === 'table-column-group') return 'none';
  if (d === 'contents') return 'contents';
  if (d.includes('list-item')) return 'list-item';
  if (d === 'inline' || d === 'ruby' || d === 'ruby-base' || d === 'ruby-text' || d === 'inline flow' || d === 'ruby-base-container' || d === 'ruby-text-container') return 'inline';
  if (d.startsWith('inline')) return 'inline-block';
  if (d === 'table' || d === 'block table') return 'table';
  if (d === 'table-row') return 'table-row';
  if (d === 'table-cell') return 'table-cell';
  if (d === 'table-caption') return 'table-caption';
  if (d.startsWith('table-') && d.endsWith('-group')) return 'table-group';
  return 'block';
}

/**
 * The effective layout of an element: its computed display when present (with floated drop caps
 * treated as inline), else the HTML default for its tag.
 */
export function layoutOf(snapshot: PageSnapshot, node: SnapshotNode): LayoutKind {
  if (node.kind === 'text') return 'inline';
  const style = node.style;
  if (!style) {
    const special = DEFAULT_SPECIAL[node.tag];
    if (special) return special;
    return DEFAULT_BLOCK_TAGS.has(node.tag) ? 'block' : 'inline';
  }
  const kind = layoutFromDisplay(style.display);
  if (kind === 'block' && style.float !== 'none' && style.float !== '' && DROP_CAP_TAGS.has(node.tag)) {
    const text = subtreeText(snapshot, node.id).trim();
    if (text.length > 0 && text.length <= 2) return 'inline';
  }
  return kind;
}

/** True when the layout starts a new line (anything but inline, inline-block and contents). */
export function isBlockLayout(kind: LayoutKind): boolean {
  return kind !== 'inline' && kind !== 'inline-block' && kind !== 'contents' && kind !== 'none';
}

/** White-space handling of a text node: `collapse` (normal), `pre` (all kept), `pre-line` (newlines kept). */
export type WhiteSpaceMode = 'collapse' | 'pre' | 'pre-line';

/**
 * White-space mode for the text children of `element`, from its computed `white-space`
 * (inherited, so the parent's value is enough) or, without style, from a `<pre>` ancestor.
 */
export function whiteSpaceOf(snapshot: PageSnapshot, element: SnapshotNode | undefined): WhiteSpaceMode {
  if (!element) return 'collapse';
  const ws = element.style?.whiteSpace?.toLowerCase();
  if (ws !== undefined && ws !== '') {
    if (ws === 'pre' || ws === 'pre-wrap' || ws === 'break-spaces' || ws.startsWith('preserve')) return 'pre';
    if (ws === 'pre-line') return 'pre-line';
    return 'collapse';
  }
  return hasAncestorTag(snapshot, element.id, 'pre', true) ? 'pre' : 'collapse';
}

/** Collapses white space in `text` as CSS would for the given mode (ASCII white space only; NBSP kept). */
export function collapseWhiteSpace(text: string, mode: WhiteSpaceMode): string {
  if (mode === 'pre') return text.replace(/\r\n?/g, '\n');
  if (mode === 'pre-line') return text.replace(/\r\n?/g, '\n').replace(/[ \t\f]+/g, ' ').replace(/ ?\n ?/g, '\n');
  // a text whose white space is all single spaces is its own collapse (most are): no copy
  return /[\t\n\r\f]| {2}/.test(text) ? text.replace(/[ \t\n\r\f]+/g, ' ') : text;
}

/**
 * True when a text node's text should be used. Visible text always; invisible text only when it
 * is pure white space: the snapshot flags white-space-only nodes (the space between two
 * highlighted code tokens, say) as invisible, and dropping them would glue words together.
 */
export function isTextUsable(node: SnapshotNode, reveal?: ReadonlySet<number>): boolean {
  return node.visible || /^[ \t\n\r\f]*$/.test(node.text ?? '') || (reveal !== undefined && reveal.has(node.id));
}

/** True when node `id` (or, with `inclusive`, the node itself) has an ancestor with tag `tag`. */
export function hasAncestorTag(snapshot: PageSnapshot, id: number, tag: string, inclusive = false): boolean {
  let cur = inclusive ? snapshot.nodes[id] : parentOf(snapshot, id);
  for (let guard = 0; cur && guard < 10_000; guard++) {
    if (cur.tag === tag) return true;
    cur = parentOf(snapshot, cur.id);
  }
  return false;
}

/** The parent node, or undefined at the root. */
export function parentOf(snapshot: PageSnapshot, id: number): SnapshotNode | undefined {
  const node = snapshot.nodes[id];
  if (!node || node.parent < 0) return undefined;
  return snapshot.nodes[node.parent];
}

/** Concatenated text of the visible text nodes under `id` (no separators added). */
export function subtreeText(snapshot: PageSnapshot, id: number): string {
  let out = '';
  const stack = [id];
  while (stack.length > 0) {
    const node = snapshot.nodes[stack.pop() as number];
    if (!node) continue;
    if (node.kind === 'text') {
      if (node.visible) out += node.text ?? '';
      continue;
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as number);
  }
  return out;
}

/**
 * The selection's roots that are worth walking, in the given order: valid ids, not excluded,
 * not duplicated, and not inside another selected root (so no text is emitted twice).
 */
export function effectiveRoots(snapshot: PageSnapshot, selection: ContentSelection): number[] {
  const rootSet = new Set(selection.roots);
  const excluded = new Set(selection.exclude);
  const seen = new Set<number>();
  const out: number[] = [];
  for (const id of selection.roots) {
    if (seen.has(id) || !snapshot.nodes[id] || excluded.has(id)) continue;
    seen.add(id);
    let covered = false;
    let cur = parentOf(snapshot, id);
    for (let guard = 0; cur && guard < 10_000; guard++) {
      if (rootSet.has(cur.id) && cur.id !== id && !excluded.has(cur.id)) {
        covered = true;
        break;
      }
      cur = parentOf(snapshot, cur.id);
    }
    if (!covered) out.push(id);
  }
  return out;
}

/** The excluded ids as a Set. */
export function excludedSet(selection: ContentSelection): Set<number> {
  return new Set(selection.exclude);
}

/** Calls `visit` for every node under the effective roots (pre-order), skipping excluded subtrees. */
export function forEachSelected(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  visit: (node: SnapshotNode) => void,
): void {
  const excluded = excludedSet(selection);
  const stack: number[] = effectiveRoots(snapshot, selection).reverse();
  while (stack.length > 0) {
    const id = stack.pop() as number;
    const node = snapshot.nodes[id];
    if (!node || excluded.has(id)) continue;
    visit(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as number);
  }
}

/**
 * A table used for page layout rather than data: marked role=presentation/none, holding a nested
 * table, or never more than one cell per row. Its rows and cells are treated as plain blocks.
 */
export function isLayoutTable(snapshot: PageSnapshot, table: SnapshotNode): boolean {
  const role = table.attrs?.role?.toLowerCase();
  if (role === 'presentation' || role === 'none') return true;
  let maxCells = 0;
  const stack = [...table.children];
  while (stack.length > 0) {
    const node = snapshot.nodes[stack.pop() as number];
    if (!node || node.kind !== 'element') continue;
    if (node.tag === 'table') return true;
    if (node.tag === 'tr') {
      const cells = node.children.filter((c) => snapshot.nodes[c]?.tag === 'td' || snapshot.nodes[c]?.tag === 'th');
      maxCells = Math.max(maxCells, cells.length);
    }
    for (const c of node.children) stack.push(c);
  }
  return maxCells <= 1;
}
