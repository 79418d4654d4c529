/**
 * CONTENT stage: turns the selected part of a PageSnapshot into clean HTML, plain text, Markdown
 * and metadata. Everything here is a pure function of its inputs.
 */
import type { PageSnapshot } from '../snapshot/types.js';
import { cleanHtml } from './html.js';
import type { CleanHtmlOptions } from './html.js';
import { toMarkdown } from './markdown.js';
import { toText } from './text.js';
import type { ContentSelection, ExtractedContent } from './types.js';
import { countWords } from './words.js';

export type BuildContentOptions = CleanHtmlOptions;

/**
 * Builds the content outputs for `selection`: `html` (cleanHtml), `text` (toText, from the
 * snapshot directly, not from the HTML), `markdown` (toMarkdown of the HTML) and `wordCount`
 * (countWords of the text).
 */
export function buildContent(
  snapshot: PageSnapshot,
  selection: ContentSelection,
  options: BuildContentOptions = {},
): ExtractedContent {
  const html = cleanHtml(snapshot, selection, options);
  const text = toText(snapshot, selection);
  return { html, text, markdown: toMarkdown(html), wordCount: countWords(text) };
}

export { cleanHtml, toMarkdown, toText, countWords };
export type { CleanHtmlOptions };
export { extractMetadata } from './metadata.js';
export { normalizeDate, parseDate } from './dates.js';
export type { ArticleMetadata, ContentSelection, ExtractedContent } from './types.js';
