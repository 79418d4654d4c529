/**
 * Plain text from the selected part of a snapshot, with line breaks where the layout breaks lines:
 * blank lines between paragraphs, headings and list items, newlines at other block boundaries and
 * table rows, tabs between table cells, `pre` text verbatim.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import type { ContentSelection } from './types.js';
import { DROPPED_TAGS, collapseWhiteSpace, effectiveRoots, isLayoutTable, isTextUsable, layoutOf, whiteSpaceOf } from './tree.js';
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
 * invisible text (white space excepted, see isTextUsable), images and dropped elements (scripts,
 * form controls, media) give nothing.
 * The walk is iterative, so any DOM depth is fine.
 */
export function toText(snapshot: PageSnapshot, selection: ContentSelection): string {
  const writer = new TextWriter();
  const excluded = new Set(selection.exclude);
  const reveal = new Set(selection.reveal ?? []);
  for (const root of effectiveRoots(snapshot, selection)) {
    writer.breakLines(2);
    walk(snapshot, root, excluded, reveal, writer);
    writer.breakLines(2);
  }
  return writer.toString();
}

/** A walk step: visit a node, or emit the separator that closes an element. */
type Step = { id: number; inLayoutTable: boolean } | { close: 1 | 2 | 'space' };

/** Writes the subtree of `root` (pre-order, with closing separators) without recursion. */
function walk(snapshot: PageSnapshot, root: number, excluded: Set<number>, reveal: ReadonlySet<number>, w: TextWriter): void {
  const stack: Step[] = [{ id: root, inLayoutTable: false }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    if ('close' in step) {
      if (step.close === 'space') w.softSpace();
      else w.breakLines(step.close);
      continue;
    }
    const node = snapshot.nodes[step.id];
    if (!node || excluded.has(step.id)) continue;
    if (node.kind === 'text') {
      if (isTextUsable(node, reveal)) w.write(node.text ?? '', whiteSpaceOf(snapshot, snapshot.nodes[node.parent]));
      continue;
    }
    if (DROPPED_TAGS.has(node.tag) || node.tag === 'img') continue;
    if (node.tag === 'br') {
      w.lineBreak();
      continue;
    }
    if (node.tag === 'hr') {
      w.breakLines(2);
      continue;
    }
    let kind: LayoutKind = layoutOf(snapshot, node);
    if (kind === 'none') continue;
    let layoutTable = step.inLayoutTable;
    if (node.tag === 'table') {
      layoutTable = isLayoutTable(snapshot, node);
      if (layoutTable) kind = 'block';
    } else if (step.inLayoutTable && TABLE_PART_TAGS.has(node.tag)) {
      kind = 'block';
    }
    const sep = breakBefore(node, kind, layoutTable);
    if (sep === 'tab') w.cellSeparator();
    else if (sep === 'space') w.softSpace();
    else if (sep !== 0) w.breakLines(sep);
    if (sep === 'space' || sep === 1 || sep === 2) stack.push({ close: sep });
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push({ id: node.children[i] as number, inLayoutTable: layoutTable });
    }
  }
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
