/**
 * Byline cleaning: the names of an author line without the words around them. Author lines carry
 * more than names: "By", "Written by", a date or a time glued to the name, a job title ("Keith
 * Barrow Senior Autos Reporter", "Contributor, Homenet"), the reviewer ("… Reviewed by Jo Lee"),
 * a forum's reputation badges, share buttons, the same name twice (JSON-LD on the article and on
 * the page). trafilatura's author normalisation and Readability's byline checks do the same kind
 * of work; the word lists here are English, as the pages' role words mostly are.
 */
import { MONTH_NAME, MONTH_WORD, WEEKDAY_NAME, parseDate } from './dates.js';

/** Separators inside a byline or dateline ("Jane Doe · March 3, 2024 · 4 min read"). */
export const LINE_SEPARATOR = /\s+[·•|]\s+|\s+[–—]\s+/;

/** Longest byline kept: a longer one is a paragraph that happened to be marked "author". */
const MAX_BYLINE_CHARS = 120;

/** Longest author line read: the patterns below never run over a page-sized text. */
const MAX_LINE_CHARS = 1000;

/** "By", "Written by:", "Author:", "Authors:" before the names. */
const PREFIX = /^(?:(?:(?:written|authored|posted|post|published|story|words|text|reporting|report|guide|recipe|article|review)\s+)?by\b|authors?\s*:)\s*:?\s*/i;

/** "By" in French, Spanish and Dutch ("Par", "Por", "Door"), and "Author" without a colon, before a capital: not "par exemple". */
const FOREIGN_BY = /^(?:[Pp]ar|[Pp]or|[Dd]oor|[Aa]uthor|AUTHOR)\s+(?=\p{Lu})/u;

/** The line without the "By" before its names. */
const withoutPrefix = (s: string): string => s.replace(PREFIX, '').replace(FOREIGN_BY, '');

/** True when a line starts as a byline does ("By", "Written by", "Author:"). */
export function startsAsByline(text: string): boolean {
  const line = text.trimStart();
  return PREFIX.test(line) || FOREIGN_BY.test(line);
}

/** The same words left at the end with no name after them ("Jun 2 Written By"), and the label of a date cut off after a name ("Last updated on", "Date:", "On"). */
const SUFFIX = /\s*(?:\b(?:written|authored|posted|published)\s+by|\b(?:last\s+|originally\s+)?(?:updated|published|posted|modified|created|released)(?:\s+(?:on|at))?|\bdated?(?=\s*:)|\bdated|(?:^|\s)(?:on|at))\s*:?\s*$/i;

/** Credits for other people after the author's ("Reviewed by", "Edited by", "Fact checked by"). */
const OTHER_CREDITS = /(?:^|\s+)(?:(?:medically|expert)\s+)?(?:reviewed|edited|fact[- ]?checked|illustrated|photographed|photos)\s+by\b.*$/i;

/** A template key left unfilled ("page.head.extra.author", "{{ author }}"). */
const TEMPLATE = /^[a-z0-9_-]+(?:\.[a-z0-9_-]+){3,}$|\{\{|\}\}|\$\{/i;

/** A relative time ("3 weeks ago", "a day ago"). */
const RELATIVE_TIME = String.raw`(?:\d+|an?)\s+(?:second|minute|hour|day|week|month|year)s?\s+ago`;

/** A segment that is only a relative time. */
const RELATIVE_TIME_ALONE = new RegExp(String.raw`^${RELATIVE_TIME}$`, 'i');

/** A date inside a name's line ("Pat Lowe 4 August 2010", "Yusra3/4/2025", "Ana de la Cruz 2022-11-23T08:10", "jamesw 1 year ago"). */
const DATE_INSIDE = new RegExp(
  [
    String.raw`(?<!\d)\d{1,2}(?:st|nd|rd|th)?\.?\s+${MONTH_WORD},?\s+\d{4}`,
    String.raw`${MONTH_WORD}\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}`,
    String.raw`(?<!\d)\d{4}[-/.]\d{1,2}[-/.]\d{1,2}`,
    String.raw`(?<!\d)\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}(?!\d)`,
    // a month's name between hyphens, in a Latin-script language ("04-ago-2021", "12-Mar-2024")
    String.raw`(?<!\d)\d{1,2}-[a-zà-öø-ÿ]{3,9}\.?-\d{4}(?!\d)`,
    // a relative time after a forum user's name ("jamesw 1 year ago")
    String.raw`\b${RELATIVE_TIME}\b`,
  ].join('|'),
  'i',
);

/** Reputation after a forum user name ("quillpen 4,7011818 gold badges5353 silver badges", "jo 14.6k2020 gold badges"). */
const BADGES = /\s+\d[\d,.]*(?:k[\d,.]*)?\s*(?:gold|silver|bronze)\s+badge/i;

/**
 * The weekday a date cut from the end of a name's line leaves ("changingtimes » Sat", "BeauHD on
 * Friday"): after a separator or "on" only, as "Lee Sun" is a name.
 */
const TRAILING_WEEKDAY = new RegExp(String.raw`(?:\s*[,»«|·•–—-]\s*|\s+on\s+)${WEEKDAY_NAME},?\s*$`, 'i');

/** A name in quotes ("\"David Kim\"", "“Ana Ruiz”"): each matched pair. */
const QUOTED = /["“„]([^"“”„]+)["”]/gu;

/** Share and follow buttons that follow the name in the same element. */
const BUTTONS = /\s+(?:subscribe|share|follow|copy link)\b/i;

/** Words that name a job rather than a person. */
const ROLE_WORDS = new Set([
  'writer', 'reporter', 'editor', 'correspondent', 'columnist', 'contributor', 'journalist', 'author',
  'founder', 'co-founder', 'cofounder', 'reviewer', 'expert', 'analyst', 'producer', 'blogger',
  'photographer', 'intern', 'ceo', 'cto', 'president', 'director', 'manager', 'consultant',
  'strategist', 'specialist', 'writers', 'reporters', 'editors', 'contributors', 'correspondents',
  'columnists', 'journalists', 'authors', 'technologist', 'engineer', 'scientist', 'researcher',
  'professor', 'lecturer', 'attorney', 'lawyer', 'counsel', 'fellow', 'officer', 'coordinator',
  'advisor', 'adviser', 'educator', 'educators',
]);

/** Words that qualify a job ("Senior", "Contributing", "Tech"). */
const ROLE_MODIFIERS = new Set([
  'senior', 'junior', 'former', 'deputy', 'lead', 'chief', 'associate', 'assistant', 'managing',
  'executive', 'contributing', 'freelance', 'guest', 'head', 'principal', 'staff', 'tech',
  'technology', 'news', 'sports', 'science', 'features', 'political', 'digital', 'content',
  'editorial', 'commerce', 'special', '&', 'and', 'of', 'at',
]);

/** A word as the role lists spell it ("&" stays "&"). */
const bare = (word: string): string => (word === '&' ? word : word.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''));

/** True for a line that is only a job ("Contributing Writer", "Associate Editor"). */
function isRoleOnly(words: readonly string[]): boolean {
  return words.some((w) => ROLE_WORDS.has(bare(w))) && words.every((w) => ROLE_WORDS.has(bare(w)) || ROLE_MODIFIERS.has(bare(w)));
}

/** Lower-case words that belong to names ("Ria van Dam", "Ana de la Cruz", "João dos Santos"). */
const NAME_PARTICLES: ReadonlySet<string> = new Set(['van', 'von', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'das', 'dos', 'du', 'la', 'le', 'bin', 'ibn', 'al', 'el', 'ten', 'ter', 'y']);

/** A particle comes before the surname, never last: "Top ten" is not a name. */
const endsWithParticle = (words: readonly string[]): boolean => NAME_PARTICLES.has(words.at(-1) ?? '');

/** True when every word could be part of a person's name: capitalised, an initial, or a particle. */
const looksLikeName = (words: readonly string[]): boolean => words.every((w) => /^\p{Lu}/u.test(w) || NAME_PARTICLES.has(w)) && !endsWithParticle(words);

/** A word of a name written out: two letters or more ("Jo", "J.K.", "Jr."), or an initial with its dot ("D."). */
const NAME_WORD = /^\p{Lu}(?:[\p{L}\p{M}'’.-]*[\p{L}\p{M}.]|\.)$/u;

/** Words in a person's name, at least and at most: "Jo Lee" to "Ana María de la Cruz". */
const NAME_WORDS = { min: 2, max: 5 } as const;

/**
 * True when a cleaned byline reads as one person's name: two to five words, each capitalised, an
 * initial or a particle, without digits. For bylines without a mark on the page, where a link or a
 * line could as well be "Sign up" or a brand.
 */
export function isPersonName(text: string): boolean {
  const words = text.split(' ');
  if (words.length < NAME_WORDS.min || words.length > NAME_WORDS.max || /\d/.test(text)) return false;
  return words.every((w) => NAME_WORD.test(w) || NAME_PARTICLES.has(w)) && !endsWithParticle(words) && !words.some((w) => ROLE_WORDS.has(bare(w)));
}

/**
 * A name without the job title written after it ("Keith Barrow Senior Autos Reporter" → "Keith
 * Barrow"): cut at the first role word, or further back at the modifiers before it, when at least
 * two name-like words stay ("Cityzine Contributor" and "Follow the author" stay whole). A role word
 * glued to the name ("BerntFounder") is split off first. Null when there was no job title.
 */
function withoutRole(name: string): string | null {
  const words = name.replace(/(\p{Ll})(\p{Lu}\p{Ll}+)/gu, (m: string, a: string, b: string) => (ROLE_WORDS.has(b.toLowerCase()) ? `${a} ${b}` : m)).split(' ');
  const role = words.findIndex((w, i) => i > 0 && ROLE_WORDS.has(bare(w)));
  if (role < 0) return null;
  let cut = role;
  for (let j = role - 1; j > 0; j--) {
    const w = words[j] ?? '';
    if (ROLE_MODIFIERS.has(bare(w))) cut = j;
    else if (!/^\p{Lu}/u.test(w)) break;
  }
  const kept = words.slice(0, cut);
  return kept.length >= 2 && looksLikeName(kept) ? kept.join(' ') : null;
}

/** `text` cut where `re` first matches, when there is a letter before the match. */
function cutAt(text: string, re: RegExp): string {
  const m = re.exec(text);
  return m !== null && /\p{L}/u.test(text.slice(0, m.index)) ? text.slice(0, m.index) : text;
}

/** A job in brackets after a name ("Jeff Callan (Data Analyst)"). */
const BRACKETED = /\s*\(([^()]*)\)/g;

/** One segment of a byline line: its names, without prefix, date, badges, buttons or job titles. */
function segmentNames(segment: string): string[] {
  let s = withoutPrefix(segment).replace(BRACKETED, (m: string, inner: string) => (inner.split(' ').some((w) => ROLE_WORDS.has(bare(w))) ? '' : m));
  const beforeDate = s;
  s = cutAt(s, DATE_INSIDE);
  if (s !== beforeDate) s = s.replace(TRAILING_WEEKDAY, '');
  for (const re of [BADGES, BUTTONS]) s = cutAt(s, re);
  s = s.replace(SUFFIX, '').replace(/[\s|,·•–—»«:-]+$/u, '').replace(/^[\s&,]+/u, '').replace(/\*+$/u, '').replace(QUOTED, '$1').trim();
  if (s === '' || isDateLike(s)) return [];
  const parts = s.split(/\s*[,;]\s*/).filter((p) => p !== '');
  // a job first ("Associate Editor, Gadgetline") makes the whole segment a job line
  if (isRoleOnly((parts[0] ?? '').split(' '))) return [];
  const names: string[] = [];
  for (const part of parts) {
    const words = part.split(' ');
    // after a job title, or from a part that names a job ("Bo Park, Privacy and Digital
    // Security Expert"), the rest of the segment describes the job
    if (names.length > 0 && words.some((w) => ROLE_WORDS.has(bare(w)))) break;
    const name = withoutRole(part);
    names.push(name ?? part);
    if (name !== null) break;
  }
  return names;
}

/**
 * Cleans a byline: drops "By" and its variants, other people's credits, date-like segments and
 * dates glued to a name ("· March 3, 2024", "· 4 min read"), badges, buttons, job titles and
 * repeated names. Null when nothing name-like is left, or when it is too long (a paragraph) or an
 * unfilled template key.
 */
export function cleanByline(raw: string): string | null {
  if (raw.length > MAX_LINE_CHARS) return null;
  const line = raw.replace(/\s+/g, ' ').trim().replace(OTHER_CREDITS, '').trim();
  if (TEMPLATE.test(line)) return null;
  const segments = line
    .split(LINE_SEPARATOR)
    .map((seg) => seg.trim())
    .filter((seg) => seg !== '' && !isDateLike(withoutPrefix(seg)))
    .map((seg) => distinct(segmentNames(seg)).join(', '))
    .filter((names) => names !== '');
  // the same names twice: once per JSON-LD object, or a name line and its link
  const s = distinct(segments).join(' · ');
  if (s === '' || s.length > MAX_BYLINE_CHARS || !/\p{L}/u.test(s)) return null;
  return s;
}

/** A name written surname first, as scholarly metadata often gives it ("Okafor, Ruth"). */
const SURNAME_FIRST = /^([^,]+?)\s*,\s*([^,]+)$/;

/** What follows a name after a comma without being its given name: a suffix, a degree, a company form. */
const NAME_SUFFIX = /^(?:jr|sr|ii|iii|iv|phd|md|esq|dvm|rn|mba|msc|bsc|ma|ba|inc|ltd|llc|co|corp|gmbh)$/i;

/** A Latin letter: only names in Latin script are written "Surname, Given" to be turned round. */
const LATIN = /[A-Za-z\u00C0-\u024F]/;

/**
 * "Okafor, Ruth" as "Ruth Okafor"; any other name as it is. Not turned round: a credential or
 * company form after the comma ("Ann Lee, Ph.D.", "Acme, Inc."), a whole name before it
 * ("Ruth Okafor, Ivan Petrov", "Ruth Okafor, MIT"), digits, names in other scripts.
 */
export function givenNameFirst(name: string): string {
  const m = SURNAME_FIRST.exec(name.trim());
  if (!m || /\d/.test(name)) return name;
  const [surname, given] = [m[1] ?? '', m[2] ?? ''];
  if (NAME_SUFFIX.test(given.replace(/\./g, '')) || !LATIN.test(surname) || !LATIN.test(given)) return name;
  const capitalised = surname.split(/\s+/).filter((w) => !NAME_PARTICLES.has(w.toLowerCase()));
  if (capitalised.length > 1) return name;
  return `${given} ${surname}`;
}

/**
 * A byline of several authors, each given on its own (one `citation_author` tag per author):
 * the cleaned names without repeats, all of them when they fit a byline, else as many as fit
 * with "et al." (the first alone when even that does not fit). Names that keep a comma ("Lee,
 * Jr.") are set apart with semicolons. Null when no name is left.
 */
export function joinAuthors(names: readonly string[]): string | null {
  const all = distinct(names.map(cleanByline).filter((n): n is string => n !== null));
  if (all.length === 0) return null;
  const sep = all.some((n) => n.includes(',')) ? '; ' : ', ';
  const joined = all.join(sep);
  if (joined.length <= MAX_BYLINE_CHARS) return joined;
  let k = 0;
  while (k < all.length && all.slice(0, k + 1).join(sep).length + ET_AL.length <= MAX_BYLINE_CHARS) k++;
  return k === 0 ? (all[0] as string) : all.slice(0, k).join(sep) + ET_AL;
}

const ET_AL = ' et al.';

/** The strings without later repeats, compared without case. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = v.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A weekday, or a day and month without the year ("Sat", "Jun 2", "2 June"). */
const DAY_ALONE = new RegExp(String.raw`^(?:${WEEKDAY_NAME}|${MONTH_NAME}\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+${MONTH_NAME})$`, 'i');

/** A segment that starts with a month and a day ("March 3, 2024 at 10:00"): a dateline, not a name. */
const DATE_FIRST = new RegExp(String.raw`^${MONTH_NAME}\s+\d{1,2}\b.*\d{4}`, 'i');

/** True for byline segments that are dates, times or reading times rather than names. */
function isDateLike(seg: string): boolean {
  if (parseDate(seg) !== null) return true;
  if (DAY_ALONE.test(seg)) return true;
  if (/^(?:updated|published|posted|last updated)\b/i.test(seg)) return true;
  if (/\b\d+\s*(?:min(?:ute)?s?|hours?|hrs?|days?)\b.*\b(?:read|ago)\b/i.test(seg)) return true;
  if (RELATIVE_TIME_ALONE.test(seg)) return true;
  return DATE_FIRST.test(seg) || /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}\b/.test(seg);
}
