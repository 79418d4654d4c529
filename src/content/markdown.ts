/**
 * Markdown from clean HTML with turndown: ATX headings, `-` bullets, fenced code with its
 * language, GFM tables (every table gets one; its first row is the header) and `~~strikethrough~~`.
 * A link wrapping blocks (a card) keeps its content but loses the link.
 *
 * Page text can never become live HTML when the Markdown is rendered (by any CommonMark renderer,
 * with raw HTML allowed):
 * - in text, `<` is written `&lt;` (no raw HTML, HTML blocks or autolinks; a backslash would not
 *   do: marked's bare-URL autolinks take `http://x/\` with them and leave the `<` bare), and an `&`
 *   that starts an entity is written `&amp;` (`&lt;` in the page stays those four characters);
 * - code spans and fenced blocks use a backtick run longer than any in their content, so they
 *   always close where they should; in a table cell, code that holds a `|` becomes escaped text,
 *   since renderers split cells on pipes before they see code spans;
 * - link and image destinations are the URL parser's output with `(`, `)`, `<`, `>`, `\`, `|`,
 *   backticks and white space percent-encoded, and an `&` that starts a character reference too
 *   (renderers or the browser decode them: `javascript&#58;` must not become `javascript:`; marked
 *   ignores a backslash before `&`); only http(s), mailto, tel, ftp
 *   and relative links, and http(s), relative and raster data: images, are written;
 * - image alt text is escaped like text (commonmark.js copies raw HTML in alt text unescaped into
 *   the `alt` attribute); titles are never written;
 * - control characters are removed first (they are escape sequences for terminals, and three of
 *   them are this module's private table separators).
 */
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { languageOf } from './attrs.js';
import { safeUrl } from './url.js';

/** Private separators used while a table is assembled (controls are removed from the input first). */
const CELL = '\u001F';
const ROW = '\u001E';
const CAPTION = '\u001D';

/**
 * C0 controls but tab and line ends, DEL, C1 controls; and two noncharacters (never in text) this
 * module uses to mark parentheses in text, which are escaped inside link text only.
 */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFDD0\uFDD1]/g;
const OPEN = '\uFDD0';
const CLOSE = '\uFDD1';

let service: TurndownService | undefined;

/**
 * Converts HTML (normally the output of `cleanHtml`) to Markdown. The turndown service is built
 * once, on first use, and reused.
 */
export function toMarkdown(html: string): string {
  const input = html.replace(CONTROLS, '').replace(/\r\n?/g, '\n');
  if (input.trim() === '') return '';
  service ??= createService();
  return service.turndown(input).replace(/[ \t]+$/gm, '').replace(/\uFDD0/g, '(').replace(/\uFDD1/g, ')').trim();
}

/** An `&` that would start a character reference (`&amp;`, `&#60;`, `&#x3c;`). */
const ENTITY_START = /&(?=#[0-9]{1,7};|#[xX][0-9a-fA-F]{1,6};|[A-Za-z][A-Za-z0-9]{1,31};)/g;

/**
 * An `&` that a renderer or the browser could decode in a link destination or an `href`/`src`
 * attribute: before `#` (numeric references need no `;` in attributes: `javascript&#58alert`) or
 * before a named reference with its `;` (`&colon;`). `?a=1&b=2` is left alone.
 */
const DESTINATION_ENTITY = /&(?=#|[A-Za-z][A-Za-z0-9]{1,31};)/g;

/**
 * Text with a character that turndown's escapes might change (a backslash, `*`, a backtick,
 * brackets or `_` anywhere; `-`, `+`, `=`, `#`, `>`, `~` or a digit first) or escapeMore's (`&`,
 * `<`, `~`, parentheses). Most text nodes have none: they are left as they are, without the
 * eighteen replacements.
 */
const MAY_ESCAPE = /[\\*`[\]_&<~()]|^[-+=#>~\d]/;

/** Extra escapes for text, after turndown's own (which never escapes `<` or `&`). */
function escapeMore(text: string): string {
  return text
    .replace(ENTITY_START, '&amp;')
    .replace(/</g, '&lt;')
    // a tilde fence may be indented by up to three spaces
    .replace(/^( {0,3})~~~/gm, '$1\\~~~')
    // marked reads `\[x\](javascript:...)` in link text as a link or image: parentheses in
    // text are marked here and backslash-escaped inside link text (see the safeLink rule)
    .replace(/\(/g, OPEN)
    .replace(/\)/g, CLOSE);
}

/** Characters escaped in image alt text (everything that can start inline markup). */
const ALT_SPECIAL = /[\\`*_[\]()>!~]/g;

export function escapeAlt(alt: string): string {
  return alt.replace(/\s+/g, ' ').trim().replace(ALT_SPECIAL, '\\$&').replace(ENTITY_START, '&amp;').replace(/</g, '&lt;');
}

/**
 * A link or image destination: safe for `kind`, in a form no CommonMark parser reads differently
 * (see the module comment). Null when the URL is not allowed.
 */
export function markdownDestination(raw: string | null, kind: 'link' | 'image'): string | null {
  if (raw === null) return null;
  const url = safeUrl(raw, undefined, kind);
  if (url === null) return null;
  return url
    .replace(/[\s()<>\\|`\u0000-\u001f\u007f]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'))
    .replace(DESTINATION_ENTITY, '%26');
}

function inTableCell(node: Node): boolean {
  for (let p = node.parentNode; p; p = p.parentNode) if (p.nodeName === 'TD' || p.nodeName === 'TH') return true;
  return false;
}

/**
 * `code` as an inline code span, on one line; the backtick run is longer than any inside it.
 * Null when it cannot be one safely: in a table cell with a `|` in it.
 */
function codeSpan(code: string, cell: boolean): string | null {
  const content = code.replace(/\n/g, ' ');
  if (content.trim() === '') return '';
  if (cell && content.includes('|')) return null;
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  // one space on each side is stripped by the renderer when both are there: pad when the content
  // starts or ends with a backtick, or with a space on both ends
  const pad = /^`|`$/.test(content) || (/^ /.test(content) && / $/.test(content)) ? ' ' : '';
  return fence + pad + content + pad + fence;
}

/** Elements whose text is struck through (a rule filter, asked of every element). */
const STRIKE_NAMES: ReadonlySet<string> = new Set(['DEL', 'S', 'STRIKE']);

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
  const escapeMarkdown = td.escape.bind(td);
  td.escape = (text: string): string => (MAY_ESCAPE.test(text) ? escapeMore(escapeMarkdown(text)) : text);
  // Rules added later take precedence over gfm's and turndown's own.
  td.addRule('fencedPre', { filter: 'pre', replacement: (_c, node) => fencedPre(node as HTMLElement, td) });
  td.addRule('codeSpan', {
    filter: (node) => node.nodeName === 'CODE' || node.nodeName === 'KBD' || node.nodeName === 'SAMP',
    replacement: (_c, node) => {
      const text = node.textContent ?? '';
      return codeSpan(text, inTableCell(node)) ?? td.escape(text.replace(/\s+/g, ' '));
    },
  });
  td.addRule('safeLink', {
    filter: (node) => node.nodeName === 'A' && !hasBlockDescendant(node as HTMLElement),
    replacement: (content, node) => {
      const href = markdownDestination((node as HTMLElement).getAttribute('href'), 'link');
      return href === null || content.trim() === '' ? content : `[${content.replace(/\uFDD0/g, '\\(').replace(/\uFDD1/g, '\\)')}](${href})`;
    },
  });
  td.addRule('safeImage', {
    filter: 'img',
    replacement: (_c, node) => {
      const src = markdownDestination((node as HTMLElement).getAttribute('src'), 'image');
      return src === null ? '' : `![${escapeAlt((node as HTMLElement).getAttribute('alt') ?? '')}](${src})`;
    },
  });
  td.addRule('strikethroughDouble', {
    filter: (node) => STRIKE_NAMES.has(node.nodeName),
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

/**
 * `<pre>` (with or without `<code>`) as a fenced block; language from a `language-x` class. In a
 * table cell, where no block fits, an inline code span (or escaped text).
 */
function fencedPre(node: HTMLElement, td: TurndownService): string {
  const first = node.firstElementChild;
  const codeClass = first && first.nodeName === 'CODE' ? first.getAttribute('class') ?? undefined : undefined;
  const language = languageOf(node.getAttribute('class') ?? undefined) ?? languageOf(codeClass) ?? '';
  const code = (node.textContent ?? '').replace(/\n$/, '');
  if (code.trim() === '') return '';
  if (inTableCell(node)) return ` ${codeSpan(code, true) ?? td.escape(code.replace(/\s+/g, ' '))} `;
  let longest = 2;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
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
