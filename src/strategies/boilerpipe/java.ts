/**
 * The few Java library behaviours boilerpipe's decisions depend on, reproduced exactly: which
 * characters are white space, `String.trim`, `String.split`, the `\b` word boundary of
 * java.util.regex (Java 17), and boilerpipe's UnicodeTokenizer built on them. A JavaScript
 * equivalent that differs on an edge (`trim()` also strips NBSP, `split` keeps trailing empty
 * strings, `\b` is ASCII-only) would change word counts, and so the decisions.
 */

/** `Character.isWhitespace`: space separators except the no-break ones, and the ASCII controls. */
export function isJavaWhitespace(c: number): boolean {
  if (c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f)) return true;
  if (c === 0xa0 || c === 0x2007 || c === 0x202f) return false;
  return c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x205f || c === 0x3000;
}

/** `String.trim`: strips every char <= U+0020 at both ends (and nothing else, not even NBSP). */
export function javaTrim(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 0x20) a++;
  while (b > a && s.charCodeAt(b - 1) <= 0x20) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/**
 * `String.split(regex)` (limit 0): the pieces between matches, trailing empty strings removed;
 * no match gives the whole string, even when it is empty. `re` must be global and must not match
 * the empty string.
 */
export function javaSplit(s: string, re: RegExp): string[] {
  const out: string[] = [];
  let index = 0;
  let matched = false;
  re.lastIndex = 0;
  for (let m = re.exec(s); m; m = re.exec(s)) {
    matched = true;
    out.push(s.slice(index, m.index));
    index = m.index + m[0].length;
  }
  if (!matched) return [s];
  out.push(s.slice(index));
  let n = out.length;
  while (n > 0 && out[n - 1] === '') n--;
  return out.slice(0, n);
}

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}]$/u;
const NON_SPACING_MARK = /^\p{Mn}$/u;

function codePointAt(s: string, i: number): number {
  return s.codePointAt(i)!;
}

/** `Character.codePointBefore`: the code point ending just before index i. */
function codePointBefore(s: string, i: number): number {
  const lo = s.charCodeAt(i - 1);
  if (lo >= 0xdc00 && lo <= 0xdfff && i >= 2) {
    const hi = s.charCodeAt(i - 2);
    if (hi >= 0xd800 && hi <= 0xdbff) return (hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000;
  }
  return lo;
}

/** java.util.regex's `isWord` for `\b` (without UNICODE_CHARACTER_CLASS): `_` or a letter or digit. */
function isJavaWordChar(c: number): boolean {
  return c === 0x5f || LETTER_OR_DIGIT.test(String.fromCodePoint(c));
}

function isNonSpacingMark(c: number): boolean {
  return NON_SPACING_MARK.test(String.fromCodePoint(c));
}

/** A non-spacing mark counts as a word char when it follows (through other marks) a letter or digit. */
function hasBaseCharacter(s: string, i: number): boolean {
  for (let x = i; x >= 0; x--) {
    const c = codePointAt(s, x);
    if (LETTER_OR_DIGIT.test(String.fromCodePoint(c))) return true;
    if (isNonSpacingMark(c)) continue;
    return false;
  }
  return false;
}

/** Java's `\b` at index i (0..length), as Pattern.Bound.check decides it in Java 17. */
export function isJavaWordBoundary(s: string, i: number): boolean {
  let left = false;
  if (i > 0) {
    const c = codePointBefore(s, i);
    left = isJavaWordChar(c) || (isNonSpacingMark(c) && hasBaseCharacter(s, i - 1));
  }
  let right = false;
  if (i < s.length) {
    const c = codePointAt(s, i);
    right = isJavaWordChar(c) || (isNonSpacingMark(c) && hasBaseCharacter(s, i));
  }
  return left !== right;
}

const INVISIBLE_SEPARATOR = '\u2063';
/** UnicodeTokenizer.PAT_NOT_WORD_BOUNDARY: these punctuation marks do not split a token. */
const NOT_WORD_BOUNDARY = /\u2063*(["'.,!@\-:;$?()/])\u2063*/gu;
const SPACES_AND_SEPARATORS = /[ \u2063]+/gu;
const SPACES = / +/gu;
/** Plain text cannot hold a word boundary: the fast path of the tokenizer. */
const ASCII_ONLY = /^[\x20-\x7e]*$/;

/**
 * boilerpipe's UnicodeTokenizer.tokenize: mark every `\b` word boundary, unmark the ones next to
 * `"'.,!@-:;$?()/` (so "don't", "e.g." and "3.5" stay one token), then split at spaces and marks.
 * "foo—bar" gives three tokens ("foo", "—", "bar"); "a+b" gives "a", "+", "b".
 */
export function tokenize(text: string): string[] {
  let marked = '';
  if (ASCII_ONLY.test(text)) {
    const word = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
    let prev = false;
    for (let i = 0; i < text.length; i++) {
      const w = word(text.charCodeAt(i));
      if (w !== prev) marked += INVISIBLE_SEPARATOR;
      marked += text[i];
      prev = w;
    }
    if (prev) marked += INVISIBLE_SEPARATOR;
  } else {
    for (let i = 0; i <= text.length; i++) {
      if (isJavaWordBoundary(text, i)) marked += INVISIBLE_SEPARATOR;
      if (i < text.length) marked += text[i];
    }
  }
  const joined = javaTrim(marked.replace(NOT_WORD_BOUNDARY, '$1').replace(SPACES_AND_SEPARATORS, ' '));
  return javaSplit(joined, SPACES);
}

/** BoilerpipeHTMLContentHandler.PAT_VALID_WORD_CHARACTER: a token with a letter or number is a word. */
const WORD_CHARACTER = /[\p{L}\p{Nd}\p{Nl}\p{No}]/u;

export function isWord(token: string): boolean {
  return WORD_CHARACTER.test(token);
}
