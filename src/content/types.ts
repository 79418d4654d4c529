export type { ContentSelection } from '../classify/types.js';

export interface ExtractedContent {
  /** Clean HTML: whitelisted tags and attributes, absolute URLs, no scripts, styles or handlers. */
  html: string;
  /** Plain text with block-aware line breaks (paragraphs separated by a blank line). */
  text: string;
  /** Markdown (turndown, GFM tables, fenced code). */
  markdown: string;
  wordCount: number;
}

export interface ArticleMetadata {
  title: string | null;
  byline: string | null;
  /** ISO 8601 when it could be parsed, else the raw string. */
  publishedTime: string | null;
  siteName: string | null;
  leadImage: string | null;
  lang: string | null;
  excerpt: string | null;
  wordCount: number;
}
