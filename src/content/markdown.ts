/**
 * Markdown from clean HTML with turndown: ATX headings, `-` bullets, fenced code with its
 * language, GFM tables (every table gets one; its first row is the header) and `~~strikethrough~~`.
 * `<` in text is backslash-escaped so page text can never turn into raw HTML. A link wrapping
 * blocks (a card) keeps its content but loses the link.
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { languageOf } from './attrs.js';

/** Private separators used while a table is assembled (stripped from text by cleanHtml). */
const CELL = '\u001F';
const ROW = '\u001E';
const CAPTION = '\u001D';

let service: TurndownService | undefined;

/**
 * Converts HTML (normally the output of `cleanHtml`) to Markdown. The turndown service is built
 * once, on first use, and reused.
 */
export function toMarkdown(html: string): string {
  if (html.trim() === '') return '';
  service ??= createService();
  return service.turndown(html).replace(/[ \t]+$/gm, '').trim();
}

/** Builds the configured turndown service. */
function createService(): TurndownService {
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    strongDelimiter: '**',
  });
  td.use(gfm);
  // Text that looks like HTML must stay text when the Markdown is rendered: escape `<`.
  const escapeMarkdown = td.escape.bind(td);
  td.escape = (text: string): string => escapeMarkdown(text).replace(/</g, '\\<');
  // Rules added later take precedence over gfm's and turndown's own.
  td.addRule('fencedPre', { filter: 'pre', replacement: fencedPre });
  td.addRule('strikethroughDouble', {
    filter: (node) => ['DEL', 'S', 'STRIKE'].includes(node.nodeName),
    replacement: (content) => (content.trim() === '' ? content : `~~${content}~~`),
  });
  td.addRule('blockLink', {
    filter: (node) => node.nodeName === 'A' && hasBlockDescendant(node),
    replacement: (content) => `\n\n${content}\n\n`,
  });
  td.addRule('listItemCompact', { filter: 'li', replacement: listItem });
  td.addRule('tableCellGfm', {
    filter: ['th', 'td'],
    replacement: (content, node) => CELL + cellText(content) + CELL.repeat(spanOf(node) - 1),
  });
  td.addRule('tableRowGfm', { filter: 'tr', replacement: (content) => ROW + content });
  td.addRule('tableSectionGfm', { filter: ['thead', 'tbody', 'tfoot'], replacement: (content) => content });
  td.addRule('tableCaptionGfm', { filter: 'caption', replacement: (content) => CAPTION + cellText(content) + CAPTION });
  td.addRule('tableGfm', { filter: 'table', replacement: gfmTable });
  return td;
}

/** `<pre>` (with or without `<code>`) as a fenced block; language from a `language-x` class. */
function fencedPre(_content: string, node: HTMLElement): string {
  const first = node.firstElementChild;
  const codeClass = first && first.nodeName === 'CODE' ? first.getAttribute('class') ?? undefined : undefined;
  const language = languageOf(node.getAttribute('class') ?? undefined) ?? languageOf(codeClass) ?? '';
  const code = (node.textContent ?? '').replace(/\n$/, '');
  if (code.trim() === '') return '';
  let size = 3;
  for (const m of code.matchAll(/^ {0,3}(`{3,})/gm)) size = Math.max(size, (m[1] as string).length + 1);
  const fence = '`'.repeat(size);
  return `\n\n${fence}${language}\n${code}\n${fence}\n\n`;
}

/** A list item with a one-space marker (`- x`, `1. x`); continuation lines indented to match. */
function listItem(content: string, node: HTMLElement, options: TurndownService.Options): string {
  let prefix = `${options.bulletListMarker ?? '-'} `;
  const parent = node.parentNode as HTMLElement | null;
  if (parent && parent.nodeName === 'OL') {
    const start = Number(parent.getAttribute('start') ?? '1');
    const index = Array.prototype.indexOf.call(parent.children, node);
    prefix = `${(Number.isFinite(start) ? start : 1) + index}. `;
  }
  const isParagraph = /\n$/.test(content);
  const body = content.replace(/^\n+/, '').replace(/\n+$/, '') + (isParagraph ? '\n' : '');
  const indented = body.replace(/\n/gm, `\n${' '.repeat(prefix.length)}`);
  return prefix + indented + (node.nextSibling ? '\n' : '');
}

const BLOCK_NAMES: ReadonlySet<string> = new Set([
  'P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'DL', 'TABLE', 'BLOCKQUOTE', 'PRE', 'FIGURE', 'HR',
]);

/**
 * True when the element holds block content. Such a link (a "card") cannot be one Markdown link,
 * so its content is emitted unlinked.
 */
function hasBlockDescendant(node: HTMLElement): boolean {
  for (const child of Array.from(node.children)) {
    if (BLOCK_NAMES.has(child.nodeName) || hasBlockDescendant(child as HTMLElement)) return true;
  }
  return false;
}

/** Cell content on one line with pipes escaped. */
function cellText(content: string): string {
  return content.replace(/\s*\n+\s*/g, ' ').replace(/\|/g, '\\|').trim();
}

/** colspan of a cell (1 when absent or invalid). */
function spanOf(node: HTMLElement): number {
  const n = Number(node.getAttribute('colspan') ?? '1');
  return Number.isInteger(n) && n > 1 && n <= 100 ? n : 1;
}

/** Assembles the marked-up rows into a GFM table (first row as header, rows padded). */
function gfmTable(content: string): string {
  let caption = '';
  const body = content.replace(new RegExp(`${CAPTION}([^${CAPTION}]*)${CAPTION}`, 'g'), (_m, text: string) => {
    if (caption === '') caption = text.trim();
    return '';
  });
  const rows = body
    .split(ROW)
    .filter((seg) => seg.includes(CELL))
    .map((seg) => seg.split(CELL).slice(1).map((c) => c.trim()));
  if (rows.length === 0) return caption === '' ? '' : `\n\n${caption}\n\n`;
  const cols = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const line = (cells: string[]): string => {
    const padded = [...cells, ...Array<string>(cols - cells.length).fill('')];
    return `| ${padded.join(' | ')} |`;
  };
  const lines = [line(rows[0] as string[]), line(Array<string>(cols).fill('---')), ...rows.slice(1).map(line)];
  return `\n\n${caption === '' ? '' : `${caption}\n\n`}${lines.join('\n')}\n\n`;
}
