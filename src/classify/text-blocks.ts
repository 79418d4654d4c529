/**
 * Text blocks: the atomic units of text on the rendered page (Kohlschütter's "text blocks").
 * A text block is a maximal run of inline content (text, links, emphasis) inside one line-break
 * element, cut at `<br>` and at every element whose computed display is not inline.
 */
import type { PageSnapshot, Rect, SnapshotNode } from '../snapshot/types.js';
import { countWords, nonSpaceChars } from '../util/text.js';
import { outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

export interface TextBlock {
  /** Position in reading (DOM) order. */
  index: number;
  /** The line-break element that holds this run. */
  owner: number;
  /** Visible text node ids in the run. */
  textNodes: number[];
  /** The run's text, each white-space run collapsed to one space, trimmed. */
  text: string;
  /** Non-space characters (UTF-16 code units) of the text. */
  chars: number;
  linkChars: number;
  words: number;
  /** Rendered line boxes. */
  lines: number;
  rect: Rect;
  /** Font size in px (largest text of the run's owner). */
  fontSize: number;
  fontWeight: number;
  /** Its text is not visible (only with `includeHidden`: every text node of the run is hidden). */
  hidden: boolean;
  /** Its text is not even rendered (a collapsed tab, accordion or `<details>`; see SnapshotNode.collapsed). */
  collapsed: boolean;
}

export interface TextBlockOptions {
  /**
   * Also cut hidden text into blocks of its own (never mixed with visible text): invisible text
   * that is laid out, and collapsed text that the page holds without rendering. Off by default.
   */
  includeHidden?: boolean;
}

const INLINE_DISPLAYS = new Set(['inline', 'ruby', 'ruby-text', 'contents']);

/** White space that collapsing changes: two in a row, or one that is not a space. */
const UNCOLLAPSED = /\s\s|[^\S ]/;

/** Whether an element flows inline (does not start a new line). `contents` counts as inline-transparent. */
export function isInline(node: SnapshotNode): boolean {
  if (node.kind === 'text') return true;
  if (node.tag === 'br') return false;
  const d = node.style?.display ?? 'inline';
  return INLINE_DISPLAYS.has(d);
}

/** Per-node facts the later passes need, computed in one pass over the pre-order array. */
export interface NodeIndex {
  /** True when the node is, or sits inside, an `<a href>`. */
  inLink: Uint8Array;
  /** Depth below the root. */
  depth: Int32Array;
}

export function indexNodes(snapshot: PageSnapshot): NodeIndex {
  const n = snapshot.nodes.length;
  const inLink = new Uint8Array(n);
  const depth = new Int32Array(n);
  for (const node of snapshot.nodes) {
    const p = node.parent;
    const parentLink = p >= 0 ? (inLink[p] ?? outOfRange(p)) : 0;
    inLink[node.id] = parentLink || (node.tag === 'a' && node.attrs?.href !== undefined ? 1 : 0);
    depth[node.id] = p >= 0 ? (depth[p] ?? outOfRange(p)) + 1 : 0;
  }
  return { inLink, depth };
}

function unionRect(a: Rect | null, b: Rect): Rect {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** Cut the snapshot into text blocks in reading order. */
export function buildTextBlocks(snapshot: PageSnapshot, index: NodeIndex = indexNodes(snapshot), options: TextBlockOptions = {}): TextBlock[] {
  const nodes = snapshot.nodes;
  const blocks: TextBlock[] = [];
  const includeHidden = options.includeHidden === true;
  let run: { owner: number; ids: number[]; hidden: boolean } | null = null;
  // Non-space characters of each text node met, counted once: they tell blank text apart, and a
  // run's characters are its nodes' (collapsing and trimming white space keeps every other one).
  const nonSpace = new Int32Array(nodes.length);

  const flush = (): void => {
    if (!run) return;
    const ids = run.ids;
    const owner = run.owner;
    const hidden = run.hidden;
    run = null;
    let text = '';
    let chars = 0;
    let linkChars = 0;
    let lines = 0;
    let rect: Rect | null = null;
    for (const id of ids) {
      const t = nodes[id] ?? outOfRange(id);
      text += t.text ?? '';
      const ns = nonSpace[id] ?? outOfRange(id);
      chars += ns;
      if (index.inLink[id]) linkChars += ns;
      lines = Math.max(lines, t.lines ?? 1);
      if ((t.visible || hidden) && ns > 0) rect = unionRect(rect, t.rect);
    }
    if (chars === 0 || !rect) return;
    // most runs hold no white space but single spaces: then trimming is all the collapse does
    const clean = (UNCOLLAPSED.test(text) ? text.replace(/\s+/g, ' ') : text).trim();
    const ownerNode = nodes[owner] ?? outOfRange(owner);
    // Lines: line boxes of the run, estimated from its height and the font size.
    const fs = ownerNode.style?.fontSize ?? 16;
    const estLines = Math.max(1, Math.round(rect.h / (fs * 1.25)));
    blocks.push({
      index: blocks.length,
      owner,
      textNodes: ids.filter((id) => (hidden || (nodes[id] ?? outOfRange(id)).visible) && (nonSpace[id] ?? outOfRange(id)) > 0),
      text: clean,
      chars,
      linkChars,
      words: countWords(clean),
      lines: Math.max(lines, estLines),
      rect,
      fontSize: fs,
      fontWeight: ownerNode.style?.fontWeight ?? 400,
      hidden,
      collapsed: hidden && ids.some((id) => (nodes[id] ?? outOfRange(id)).collapsed === true),
    });
  };

  // Iterative DFS over (node id, owner) pairs, kept in two parallel stacks; a marker (-1 - id)
  // flushes at the end of a block element.
  const stackIds: number[] = [snapshot.root];
  const stackOwners: number[] = [snapshot.root];
  while (stackIds.length) {
    const id = stackIds.pop()!;
    const owner = stackOwners.pop()!;
    if (id < 0) {
      flush();
      continue;
    }
    const node = nodes[id] ?? outOfRange(id);
    if (node.kind === 'text') {
      nonSpace[id] = nonSpaceChars(node.text ?? '');
      const blank = nonSpace[id] === 0;
      const hidden = !node.visible && !blank;
      if (hidden && !includeHidden) continue;
      const current = run as { owner: number; hidden: boolean } | null;
      // white space joins the run it is in; visible and hidden text never share a block
      if (!current || current.owner !== owner || (!blank && current.hidden !== hidden)) {
        flush();
        run = { owner, ids: [], hidden };
      }
      (run as { ids: number[] }).ids.push(id);
      continue;
    }
    if (node.tag === 'br') {
      flush();
      continue;
    }
    const inline = isInline(node) && id !== snapshot.root;
    const childOwner = inline ? owner : id;
    if (!inline) {
      flush();
      stackIds.push(-1 - id);
      stackOwners.push(id);
    }
    for (let i = node.children.length - 1; i >= 0; i--) {
      stackIds.push((node.children[i] ?? outOfRange(i)));
      stackOwners.push(childOwner);
    }
  }
  flush();
  return blocks;
}
