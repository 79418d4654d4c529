/** Which part of the snapshot is the main content. Produced by classify, consumed by content. */
export interface ContentSelection {
  /** Snapshot node ids whose subtrees form the main content, in reading order. */
  roots: number[];
  /** Node ids inside those subtrees to leave out, with their subtrees (ads, share bars, related links). */
  exclude: number[];
}

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
