/** Small text helpers shared by the stages. */
import { outOfRange } from './at.js';

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

/** What countWords makes of a character. */
const CLASS_OTHER = 1, CLASS_SPACE = 2, CLASS_WORD = 3, CLASS_CJK = 4, CLASS_SEA = 5;

/** The countWords class of one character (a one- or two-unit string). */
function classOf(ch: string): number {
  if (SEA_CHAR.test(ch)) return CLASS_SEA;
  if (SPACE.test(ch)) return CLASS_SPACE;
  if (CJK_CHAR.test(ch)) return CLASS_CJK;
  if (WORD_CHAR.test(ch)) return CLASS_WORD;
  return CLASS_OTHER;
}

/**
 * classOf each UTF-16 code unit met so far (0: not yet), filled as characters come: four Unicode
 * property tests per character were most of the time countWords took on text that is not ASCII.
 */
const UNIT_CLASS = new Uint8Array(0x10000);

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
  // code point by code point (a lone surrogate is a character of its own, as a string iterator
  // has it), by index and through UNIT_CLASS: no string per character
  for (let i = 0; i < text.length; i++) {
    const start = i;
    const unit = text.charCodeAt(i);
    let cls: number;
    if (unit >= 0xd800 && unit <= 0xdbff && (text.codePointAt(i) ?? unit) > 0xffff) {
      cls = classOf(text.slice(i, i + 2));
      i++;
    } else {
      cls = UNIT_CLASS[unit] ?? outOfRange(unit);
      if (cls === 0) UNIT_CLASS[unit] = cls = classOf(String.fromCharCode(unit));
    }
    if (cls === CLASS_SEA) {
      if (sea < 0) sea = start;
      continue;
    }
    if (sea >= 0) {
      n += dictionaryWords(text.slice(sea, start));
      sea = -1;
      inToken = false;
    }
    if (cls === CLASS_SPACE) inToken = false;
    else if (cls === CLASS_CJK) {
      n++;
      inToken = false;
    } else if (cls === CLASS_WORD && !inToken) {
      n++;
      inToken = true;
    }
  }
  if (sea >= 0) n += dictionaryWords(text.slice(sea));
  return n;
}

/** Collapse white space runs to one space and trim. */
export function collapse(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** . ! ? and the CJK and Arabic full stops, question and exclamation marks: 。！？؟۔ */
function isSentenceEnd(c: number): boolean {
  return c === 0x2e || c === 0x21 || c === 0x3f || c === 0x3002 || c === 0xff01 || c === 0xff1f || c === 0x61f || c === 0x6d4;
}

/** What may follow a sentence end: white space, or a closing quote or bracket: " ' ” ’ ) ] */
function closesSentence(c: number): boolean {
  return isSpaceCode(c) || c === 0x22 || c === 0x27 || c === 0x201d || c === 0x2019 || c === 0x29 || c === 0x5d;
}

/**
 * Sentence-ending punctuation marks in the text (Latin, CJK and Arabic full stops) that end the
 * text or come before white space or a closing quote or bracket: the matches of
 * /[.!?。！？؟۔](?=\s|$|["'”’)\]])/gu, counted without making them (every block's text is counted).
 */
export function countSentenceEnds(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (isSentenceEnd(text.charCodeAt(i)) && (i + 1 === text.length || closesSentence(text.charCodeAt(i + 1)))) n++;
  }
  return n;
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

/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
