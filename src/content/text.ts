/**
 * Plain text from the selected part of a snapshot, with line breaks where the layout breaks lines:
 * blank lines between paragraphs, headings and list items, newlines at other block boundaries and
 * table rows, tabs between table cells, `pre` text verbatim.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';
import { DROPPED_TAGS, collapseWhiteSpace, effectiveRoots, isLayoutTable, layoutOf, whiteSpaceOf } from './tree.js';
import type { LayoutKind, WhiteSpaceMode } from './tree.js';

/** Blocks separated from their neighbours by a blank line (other blocks get a single newline). */
const PARAGRAPH_TAGS: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'ul', 'ol', 'dl', 'menu',
  'figure', 'figcaption', 'table', 'caption', 'address', 'details', 'hgroup', 'hr',
]);

/** Table parts that turn into plain blocks inside a layout table. */
const TABLE_PART_TAGS: ReadonlySet<string> = new Set(['thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption']);

/**
 * Accumulates text, holding back separators (newlines, tab, space) until real text follows, so
 * there are never leading separators, doubled spaces or more than one blank line.
 */
export class TextWriter {
  private readonly parts: string[] = [];
  private last = '';
  private trailingNewlines = 0;
  private pendingBreak = 0;
  private pendingSep: '' | ' ' | '\t' = '';

  /** Asks for `n` newlines (1: line break, 2: blank line) before the next text. */
  breakLines(n: 1 | 2): void {
    if (this.parts.length > 0) this.pendingBreak = Math.max(this.pendingBreak, n);
  }

  /** A `<br>`: one more newline on top of what is pending (at most a blank line). */
  lineBreak(): void {
    if (this.parts.length > 0) this.pendingBreak = Math.min(2, this.pendingBreak + 1);
  }

  /** Asks for a space before the next text unless white space is already there. */
  softSpace(): void {
    if (this.parts.length > 0 && this.pendingSep === '') this.pendingSep = ' ';
  }

  /** Asks for a tab before the next text (between table cells), unless a line break comes first. */
  cellSeparator(): void {
    if (this.parts.length > 0) this.pendingSep = '\t';
  }

  /** Writes text from a text node under the given white-space mode. */
  write(raw: string, mode: WhiteSpaceMode): void {
    let text = collapseWhiteSpace(raw, mode);
    if (text === '') return;
    if (mode === 'collapse') {
      if (text.trim() === '') {
        if (this.parts.length > 0 && this.pendingBreak === 0 && !/\s/.test(this.last)) this.softSpace();
        return;
      }
      this.flush();
      if (this.parts.length === 0 || this.last === '\n') text = text.trimStart();
      else if (/[ \t]/.test(this.last)) text = text.replace(/^ /, '');
    } else {
      this.flush();
    }
    this.push(text);
  }

  /** The text written so far, normalised (no trailing spaces, at most one blank line in a row). */
  toString(): string {
    return this.parts
      .join('')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .replace(/^(?:[ \t]*\n)+/, '')
      .trimEnd();
  }

  /** Emits the pending separator before new text. */
  private flush(): void {
    if (this.parts.length > 0) {
      if (this.pendingBreak > 0) {
        this.trimTrailingSpaces();
        const need = this.pendingBreak - this.trailingNewlines;
        if (need > 0) this.push('\n'.repeat(need));
      } else if (this.pendingSep === '\t') {
        this.trimTrailingSpaces();
        if (this.last !== '\n') this.push('\t');
      } else if (this.pendingSep === ' ' && !/\s/.test(this.last)) {
        this.push(' ');
      }
    }
    this.pendingBreak = 0;
    this.pendingSep = '';
  }

  private push(s: string): void {
    this.parts.push(s);
    const nl = (/\n*$/.exec(s) as RegExpExecArray)[0].length;
    this.trailingNewlines = nl === s.length ? this.trailingNewlines + nl : nl;
    this.last = s.charAt(s.length - 1);
  }

  /** Removes spaces and tabs at the end of the output (never newlines). */
  private trimTrailingSpaces(): void {
    while (this.parts.length > 0) {
      const tail = this.parts[this.parts.length - 1] as string;
      const trimmed = tail.replace(/[ \t]+$/, '');
      if (trimmed === '') {
        this.parts.pop();
        continue;
      }
      this.parts[this.parts.length - 1] = trimmed;
      break;
    }
    const tail = this.parts[this.parts.length - 1] ?? '';
    this.last = tail.charAt(tail.length - 1);
    if (this.last !== '\n') this.trailingNewlines = 0;
  }
}

/**
 * Renders the selected subtrees as plain text. Each root is its own paragraph; excluded subtrees,
 * invisible text, images and dropped elements (scripts, form controls, media) give nothing.
 */
export function toText(snapshot: PageSnapshot, selection: ContentSelection): string {
  const writer = new TextWriter();
  const excluded = new Set(selection.exclude);
  for (const root of effectiveRoots(snapshot, selection)) {
    writer.breakLines(2);
    visit(snapshot, root, excluded, writer, false);
    writer.breakLines(2);
  }
  return writer.toString();
}

/** Writes node `id` and its subtree. `inLayoutTable`: the nearest table is a layout table. */
function visit(snapshot: PageSnapshot, id: number, excluded: Set<number>, w: TextWriter, inLayoutTable: boolean): void {
  const node = snapshot.nodes[id];
  if (!node || excluded.has(id)) return;
  if (node.kind === 'text') {
    if (node.visible) w.write(node.text ?? '', whiteSpaceOf(snapshot, snapshot.nodes[node.parent]));
    return;
  }
  if (DROPPED_TAGS.has(node.tag) || node.tag === 'img') return;
  if (node.tag === 'br') return w.lineBreak();
  if (node.tag === 'hr') return w.breakLines(2);
  let kind: LayoutKind = layoutOf(snapshot, node);
  if (kind === 'none') return;
  let layoutTable = inLayoutTable;
  if (node.tag === 'table') {
    layoutTable = isLayoutTable(snapshot, node);
    if (layoutTable) kind = 'block';
  } else if (inLayoutTable && TABLE_PART_TAGS.has(node.tag)) {
    kind = 'block';
  }
  const before = breakBefore(node, kind, layoutTable);
  if (before === 'tab') w.cellSeparator();
  else if (before === 'space') w.softSpace();
  else if (before !== 0) w.breakLines(before);
  for (const child of node.children) visit(snapshot, child, excluded, w, layoutTable);
  if (before === 'space') w.softSpace();
  else if (before === 1 || before === 2) w.breakLines(before);
}

/** What separates an element from its surroundings: newlines (0, 1, 2), a tab or a space. */
function breakBefore(node: SnapshotNode, kind: LayoutKind, layoutTable: boolean): 0 | 1 | 2 | 'tab' | 'space' {
  switch (kind) {
    case 'inline':
    case 'contents':
    case 'none':
      return 0;
    case 'inline-block':
      return 'space';
    case 'table-cell':
      return 'tab';
    case 'table-row':
    case 'table-group':
      return 1;
    case 'table':
    case 'table-caption':
    case 'list-item':
      return 2;
    case 'block':
      if (node.tag === 'table' && layoutTable) return 1;
      return PARAGRAPH_TAGS.has(node.tag) ? 2 : 1;
  }
}
