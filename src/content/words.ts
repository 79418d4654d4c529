/** Word counting and excerpt cutting that respect CJK text. */

/** One CJK character counts as one word: Han, Hiragana, Katakana (and the prolonged-sound mark), Hangul. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]/gu;

/** A token counts as a word when it holds a letter or a digit. */
const WORDISH = /[\p{L}\p{N}]/u;

/**
 * Number of words in `text`: white-space separated tokens holding a letter or digit, with each
 * CJK character (Han, Hiragana, Katakana, Hangul) counted as a word of its own.
 */
export function countWords(text: string): number {
  let count = 0;
  const rest = text.replace(CJK_CHAR, () => {
    count++;
    return ' ';
  });
  for (const token of rest.split(/\s+/)) {
    if (token !== '' && WORDISH.test(token)) count++;
  }
  return count;
}

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
