/** Small text helpers shared by the stages. */

/**
 * Han (the URO, Extensions A to I, compatibility ideographs), Hiragana, Katakana (with the
 * prolonged sound mark and half-width forms) and the ideographic iteration marks: scripts written
 * without spaces, where each character counts as one word.
 */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\uff70\u3005\u3006]/u;
/** Thai, Lao, Khmer and Myanmar: written without spaces between words; a dictionary finds the words. */
const SEA_CHAR = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACE = /\s/u;

let segmenter: Intl.Segmenter | null = null;

/** Words in a run of Thai/Lao/Khmer/Myanmar text, by ICU's dictionary word breaker (at least 1). */
function dictionaryWords(run: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let n = 0;
  for (const s of segmenter.segment(run)) if (s.isWordLike) n++;
  return Math.max(1, n);
}

/**
 * The one word count of viseg (segment statistics, classify's prose length, the record's
 * `wordCount`):
 *   - Latin, Cyrillic, Greek, Arabic, Hebrew, Hangul, ...: white-space separated tokens that hold
 *     a letter or a digit (Korean separates its words with spaces);
 *   - Han (every extension, so also CJK Extension B beyond the BMP), Hiragana, Katakana: each
 *     character is a word of its own;
 *   - Thai, Lao, Khmer, Myanmar: the words ICU's dictionary breaker finds in each run of them.
 * Punctuation and symbols alone are not words.
 */
export function countWords(text: string | undefined): number {
  if (!text) return 0;
  let n = 0;
  let inToken = false;
  /** Where the current run of Thai/Lao/Khmer/Myanmar characters began, -1 outside one. */
  let sea = -1;
  // code point by code point, by index: most text is ASCII, read without making a string per
  // character (a lone surrogate counts as a character of its own, as a string iterator has it)
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const size = code > 0xffff ? 2 : 1;
    if (code <= 0x7f) {
      // ASCII fast path: most text on most pages.
      if (sea >= 0) {
        n += dictionaryWords(text.slice(sea, i));
        sea = -1;
        inToken = false;
      }
      if (code === 32 || (code >= 9 && code <= 13)) inToken = false;
      else if (!inToken && ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122))) {
        n++;
        inToken = true;
      }
      i++;
      continue;
    }
    const ch = String.fromCodePoint(code);
    if (SEA_CHAR.test(ch)) {
      if (sea < 0) sea = i;
      i += size;
      continue;
    }
    if (sea >= 0) {
      n += dictionaryWords(text.slice(sea, i));
      sea = -1;
      inToken = false;
    }
    if (SPACE.test(ch)) inToken = false;
    else if (CJK_CHAR.test(ch)) {
      n++;
      inToken = false;
    } else if (!inToken && WORD_CHAR.test(ch)) {
      n++;
      inToken = true;
    }
    i += size;
  }
  if (sea >= 0) n += dictionaryWords(text.slice(sea));
  return n;
}

/** Collapse white space runs to one space and trim. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Sentence-ending punctuation marks in the text (Latin, CJK and Arabic full stops). */
export function countSentenceEnds(text: string): number {
  return text.match(/[.!?。！？؟۔](?=\s|$|["'”’)\]])/gu)?.length ?? 0;
}

/**
 * Characters (UTF-16 code units) of a text that are not white space as JavaScript's `\s` means
 * it, counted without building a string: classify counts them for every text of every block.
 */
export function nonSpaceChars(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (!isSpaceCode(text.charCodeAt(i))) n++;
  return n;
}

/**
 * Whether a UTF-16 code unit is white space as JavaScript's `\s` means it: tab to carriage
 * return, space, no-break space and Unicode's spaces.
 */
export function isSpaceCode(c: number): boolean {
  return (c >= 9 && c <= 13) || c === 32 || c === 160 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}
