/** Word counting and excerpt cutting that respect CJK text. */

/** The one word count of viseg (segment, classify and the record's `wordCount` agree). */
export { countWords } from '../util/text.js';

/**
 * `text` with white space collapsed, cut to at most `max` characters (code points) at a word
 * boundary when there is one in the last 40 %, with `…` appended when it was cut.
 */
export function cutAtWord(text: string, max = 300): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= head.length * 0.6 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** Collapses white space and trims; null for empty results. */
export function cleanString(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = value.replace(/\s+/g, ' ').trim();
  return s === '' ? null : s;
}
