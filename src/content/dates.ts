/**
 * Deterministic date normalisation to ISO 8601. Nothing depends on the clock or the local time
 * zone: a given offset is kept (UTC becomes `Z`), a missing one stays missing.
 */

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12,
};

/** Offsets of common zone abbreviations (unambiguous ones only). */
const ZONES: Readonly<Record<string, string>> = {
  z: 'Z', utc: 'Z', gmt: 'Z', ut: 'Z',
  est: '-05:00', edt: '-04:00', cst: '-06:00', cdt: '-05:00', mst: '-07:00', mdt: '-06:00',
  pst: '-08:00', pdt: '-07:00', akst: '-09:00', akdt: '-08:00', hst: '-10:00',
  bst: '+01:00', cet: '+01:00', cest: '+02:00', eet: '+02:00', eest: '+03:00', wet: 'Z', west: '+01:00',
  msk: '+03:00', jst: '+09:00', kst: '+09:00', aest: '+10:00', aedt: '+11:00', nzst: '+12:00', nzdt: '+13:00',
};

const ZONE_RE = String.raw`(z|utc|gmt|ut|[a-z]{3,4}|(?:utc|gmt)?[+-]\d{1,2}(?::?\d{2})?)`;

const ISO_RE = new RegExp(
  String.raw`^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:(?:T|\s+|T\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*${ZONE_RE}?$`,
  'i',
);

/** `15.01.2024 [10:30[:00]]` (day first, dots: the European form). */
const DOTTED_RE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:,?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

const COMPACT_RE = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?)?(z|[+-]\d{4})?$/i;

const TIME_PART = String.raw`(?:,?\s*(?:at\s+|t)?(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*([ap]\.?m\.?)?)?`;
/** A weekday as written ("Sat", "Thurs.", "Sunday"), not a word that starts like one ("Monica"). */
export const WEEKDAY_NAME = String.raw`(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?)\.?`;

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * Letters of the Latin, Greek and Cyrillic scripts and combining marks: the edges of a word in
 * patterns that are not Unicode-aware (no u flag, so `\b` sees only ASCII letters).
 */
const LETTER = String.raw`a-zA-Z\u00C0-\u024F\u0300-\u036F\u0370-\u03FF\u0400-\u04FF`;

/**
 * A month by name or abbreviation ("Sep", "Sept.", "September"): three or more of its first
 * letters as a word of its own, so that names such as "Marco", "Octavia" or "Ómar" are not months.
 */
export const MONTH_NAME = String.raw`(?<![${LETTER}])(?:${MONTH_NAMES.map((m) => m.slice(0, 3) + [...m.slice(3)].reduceRight((rest, ch) => `(?:${ch}${rest})?`, '')).join('|')})(?![${LETTER}])\.?`;

/**
 * A word that starts with a month's first three letters: English month names, other languages'
 * ("Juni", "junio", "novembre"), and names such as "Marco" too, so it may only be read where a
 * day and a year stand beside it.
 */
export const MONTH_WORD = String.raw`(?<![${LETTER}])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[${LETTER}]*\.?`;

const WEEKDAY = String.raw`(?:${WEEKDAY_NAME},?\s+)?`;

/** A weekday before a numeric date ("Thu, 09/25/2025"), which NUMERIC_RE reads without it. */
const WEEKDAY_BEFORE_NUMERIC = new RegExp(String.raw`^${WEEKDAY}(?=\d{1,2}[/-])`, 'i');

/** `15 January 2024 [10:30[:00]] [zone]` and RFC 2822 (`Mon, 15 Jan 2024 10:30:00 +0000`). */
const DAY_MONTH_RE = new RegExp(
  String.raw`^${WEEKDAY}(\d{1,2})(?:st|nd|rd|th)?\.?\s+([a-z]{3,9})\.?,?\s+(\d{4})${TIME_PART}\s*${ZONE_RE}?$`,
  'i',
);

/** `January 15, 2024 [10:30 AM] [zone]`. */
const MONTH_DAY_RE = new RegExp(
  String.raw`^${WEEKDAY}([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})${TIME_PART}\s*${ZONE_RE}?$`,
  'i',
);

/** `2024 Jan 15 [10:30]` (year first, month by name). */
const YEAR_MONTH_RE = new RegExp(String.raw`^(\d{4})\s+([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?${TIME_PART}\s*${ZONE_RE}?$`, 'i');

/**
 * `01/15/2024 [10:30[:00] [AM] [zone]]` and `15-01-2024`: day and month in either order. A field
 * above 12 is the day; when both could be the month, the order is the page's (its language:
 * `DateOrder`), and without one the date is not read, since the US writes the month first and
 * most of the world the day.
 */
const NUMERIC_RE = new RegExp(String.raw`^(\d{1,2})([/-])(\d{1,2})\2(\d{4})(?:,?\s*-?\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*${ZONE_RE}?)?$`, 'i');

/** Which comes first in a numeric date such as 03/04/2025 whose fields could both be the month. */
export type DateOrder = 'month-first' | 'day-first';

/** Date and time parts before validation. */
interface Parts {
  year: string;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  fraction?: string;
  zone?: string;
}

/** `raw` as ISO 8601 (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]`), else `raw` trimmed. */
export function normalizeDate(raw: string, order?: DateOrder): string {
  return parseDate(raw, order) ?? raw.trim();
}

/**
 * `raw` as ISO 8601, or null when no supported format matches, a field is out of range, or a
 * numeric date could be read both ways and no `order` says which.
 */
export function parseDate(raw: string, order?: DateOrder): string | null {
  // a value quoted inside the attribute ("\"2024-01-15\""), a weekday before a numeric date, and
  // the zone's name after its offset (Go's default layout, as Hugo writes it: "+0000 UTC")
  const s = raw
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/^(["'])(.*)\1$/, '$2')
    .replace(WEEKDAY_BEFORE_NUMERIC, '')
    .replace(/([+-]\d{2}:?\d{2}) [a-z]{2,5}$/i, '$1');
  if (s === '') return null;
  let m = ISO_RE.exec(s);
  if (m) {
    return format({
      year: m[1] as string, month: Number(m[2]), day: Number(m[3]),
      hour: opt(m[4]), minute: opt(m[5]), second: opt(m[6]), fraction: m[7], zone: m[8],
    });
  }
  m = DOTTED_RE.exec(s);
  if (m) {
    return format({
      year: m[3] as string, month: Number(m[2]), day: Number(m[1]),
      hour: opt(m[4]), minute: opt(m[5]), second: opt(m[6]),
    });
  }
  m = COMPACT_RE.exec(s);
  if (m) {
    return format({
      year: m[1] as string, month: Number(m[2]), day: Number(m[3]),
      hour: opt(m[4]), minute: opt(m[5]), second: opt(m[6]), zone: m[7],
    });
  }
  m = DAY_MONTH_RE.exec(s);
  if (m) return textual(m[3] as string, m[2] as string, m[1] as string, m.slice(4));
  m = MONTH_DAY_RE.exec(s);
  if (m) return textual(m[3] as string, m[1] as string, m[2] as string, m.slice(4));
  m = YEAR_MONTH_RE.exec(s);
  if (m) return textual(m[1] as string, m[2] as string, m[3] as string, m.slice(4));
  m = NUMERIC_RE.exec(s);
  if (m) return numeric(Number(m[1]), Number(m[3]), m[4] as string, m.slice(5), order);
  return null;
}

/** Parses the pieces of a textual date (month by name, optional 12-hour clock). */
function textual(year: string, monthName: string, day: string, rest: Array<string | undefined>): string | null {
  const month = MONTHS[monthName.toLowerCase().slice(0, 3)];
  if (month === undefined || !monthMatches(monthName)) return null;
  const [h, min, sec, ampm, zone] = rest;
  const hour = clockHour(h, ampm);
  if (hour === null) return null;
  return format({ year, month, day: Number(day), hour, minute: opt(min), second: opt(sec), zone });
}

/** Parses a numeric date whose first two fields are the month and the day in either order. */
function numeric(a: number, b: number, year: string, rest: Array<string | undefined>, order: DateOrder | undefined): string | null {
  let dayFirst: boolean;
  if (a > 12 || b > 12 || a === b) dayFirst = a > 12;
  else if (order === undefined) return null;
  else dayFirst = order === 'day-first';
  const [month, day] = dayFirst ? [b, a] : [a, b];
  const [h, min, sec, ampm, zone] = rest;
  const hour = clockHour(h, ampm);
  if (hour === null) return null;
  return format({ year, month, day, hour, minute: opt(min), second: opt(sec), zone });
}

/**
 * The order a page writes numeric dates in, from its language tag: month first for English of
 * the US (or English with no region, as most such pages are American), day first for the rest
 * of the world; none for an unknown or undetermined language.
 */
export function dateOrderOf(lang: string | null): DateOrder | undefined {
  const [language, ...rest] = (lang ?? '').trim().toLowerCase().split(/[-_]/);
  if (language === undefined || !/^[a-z]{2,3}$/.test(language) || language === 'und') return undefined;
  if (language !== 'en') return 'day-first';
  const region = rest.find((t) => /^(?:[a-z]{2}|\d{3})$/.test(t));
  return region === undefined || region === 'us' ? 'month-first' : 'day-first';
}

/** The hour on a 24-hour clock, from a 12-hour one when `ampm` is given; null when out of range. */
function clockHour(h: string | undefined, ampm: string | undefined): number | undefined | null {
  const hour = opt(h);
  if (hour === undefined || ampm === undefined) return hour;
  if (hour < 1 || hour > 12) return null;
  return (hour % 12) + (ampm.toLowerCase().startsWith('p') ? 12 : 0);
}

/** True when `name` is a month name or a prefix of one of at least three letters. */
function monthMatches(name: string): boolean {
  const n = name.toLowerCase();
  return n.length >= 3 && MONTH_NAMES.some((f) => f.startsWith(n));
}

/** Validates the parts and writes them as ISO 8601; null when out of range or the zone is unknown. */
function format(p: Parts): string | null {
  if (p.month < 1 || p.month > 12 || p.day < 1 || p.day > daysInMonth(Number(p.year), p.month)) return null;
  const date = `${p.year}-${pad(p.month)}-${pad(p.day)}`;
  if (p.hour === undefined || p.minute === undefined) return date;
  const second = p.second ?? 0;
  if (p.hour > 23 || p.minute > 59 || second > 60) return null;
  const zone = p.zone === undefined ? '' : zoneOffset(p.zone);
  if (zone === null) return null;
  const fraction = p.fraction !== undefined ? `.${p.fraction}` : '';
  return `${date}T${pad(p.hour)}:${pad(p.minute)}:${pad(second)}${fraction}${zone}`;
}

/** `Z` or `±HH:MM` for a zone designator; null when unknown. */
function zoneOffset(zone: string): string | null {
  const z = zone.toLowerCase();
  const named = ZONES[z];
  if (named !== undefined) return named;
  const m = /^(?:utc|gmt)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(z);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? '0');
  if (hours > 14 || minutes > 59) return null;
  if (hours === 0 && minutes === 0) return 'Z';
  return `${m[1]}${pad(hours)}:${pad(minutes)}`;
}

/** Days in `month` (1-12) of `year`, Gregorian leap years. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Two-digit zero padding. */
function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** A matched number group, or undefined when the group did not take part. */
function opt(s: string | undefined): number | undefined {
  return s === undefined ? undefined : Number(s);
}
