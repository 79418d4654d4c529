/**
 * `viseg check`, the pure part: compare an extraction with a site's expected.json (read by
 * expected.ts) and describe what failed; update.ts works out the `--update` rewrite. No browser,
 * no file system: everything here is unit-tested on plain values.
 *
 * Comparison rules:
 * - white space is collapsed (runs of white space → one space, trimmed) on both sides;
 * - every `contains` snippet must occur in the extracted text (case-sensitive): every page type
 *   but `other` has main content (a listing's is its cards, a thread's its posts);
 * - no `excludes` snippet may occur in the extracted text;
 * - `title` and `byline` match case-insensitively; `publishedTime` by its YYYY-MM-DD prefix;
 *   `null` in expected.json means "not checked";
 * - `type` must equal the record's `pageType`;
 * - with a `goldText`, the 4-gram shingle F1 (src/eval/score.ts) must be ≥ `minF1` (default 0.8).
 */
import { toText } from '../content/text.js';
import { scorePage } from '../eval/score.js';
import type { Analysis } from '../pipeline/analyze.js';
import type { ErrorInfo, ExtractRecord } from '../pipeline/record.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { DEFAULT_MIN_F1, type Expected, type ExpectedType } from './expected.js';
import { at } from '../util/at.js';

export { DEFAULT_MIN_F1, EXPECTED_TYPES, parseExpected, parseExpectedText, type Expected, type ExpectedFile, type ExpectedType } from './expected.js';

/** The fields of an extraction record the check looks at. */
export type CheckedRecord = Pick<ExtractRecord, 'ok' | 'text' | 'title' | 'byline' | 'publishedTime' | 'pageType' | 'mainBlock'> & {
  error?: ErrorInfo;
};

/** The checked fields of an analysis, as the record of a page with that analysis would carry them. */
export function checkedRecordOf(a: Analysis): CheckedRecord {
  return {
    ok: true, text: a.content.text, title: a.metadata.title, byline: a.metadata.byline, publishedTime: a.metadata.publishedTime,
    pageType: a.decision.pageType, mainBlock: a.decision.main ? { id: a.decision.main.id, rect: a.decision.main.rect, score: a.decision.main.score } : null,
  };
}

export interface CheckInput {
  record: CheckedRecord;
}

export type CheckedField = 'type' | 'title' | 'byline' | 'publishedTime';

export interface FieldMismatch {
  field: CheckedField;
  expected: string | null;
  actual: string | null;
}

export interface SiteComparison {
  pass: boolean;
  /** F1 against goldText, or null when there is no goldText (or no extraction). */
  f1: number | null;
  /** The threshold applied, or null when F1 is not checked. */
  minF1: number | null;
  /** `contains` snippets not found. */
  missed: string[];
  /** `excludes` snippets found. */
  leaked: string[];
  fields: FieldMismatch[];
  /** Site-level problems: extraction failed, expected.json missing or invalid, no index.html. */
  errors: string[];
}

/** The visible text of the whole rendered page (the `<body>` subtree, shadow roots and frames included). */
export function pageTextOf(snapshot: PageSnapshot): string {
  return snapshot.nodes.length ? toText(snapshot, { roots: [0], exclude: [] }) : '';
}

/** Collapse every run of white space to one space and trim. */
export function normalizeWs(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

/** The YYYY-MM-DD prefix of an ISO-ish date, or the trimmed string when it has none. */
export function datePrefix(s: string): string {
  const m = /^\s*(\d{4}-\d{2}-\d{2})/.exec(s);
  return m ? at(m, 1) : s.trim();
}

/** The text `contains` snippets are looked for in: the extracted main content (every page type but `other` has one). */
export function containsHaystack(_type: ExpectedType | null, input: CheckInput): string {
  return input.record.text;
}

function sameText(a: string, b: string): boolean {
  return normalizeWs(a).toLowerCase() === normalizeWs(b).toLowerCase();
}

/** Does `actual` satisfy the expected value of `field` (null expected → always)? */
export function fieldMatches(field: 'title' | 'byline' | 'publishedTime', expected: string | null, actual: string | null): boolean {
  if (expected === null) return true;
  if (actual === null) return false;
  if (field === 'publishedTime') return datePrefix(expected) === datePrefix(actual);
  return sameText(expected, actual);
}

/** Snippets of `snippets` that occur (white space collapsed) in `text`. */
function split(snippets: string[], text: string): { found: string[]; notFound: string[] } {
  const hay = normalizeWs(text);
  const found: string[] = [];
  const notFound: string[] = [];
  for (const s of snippets) (hay.includes(normalizeWs(s)) ? found : notFound).push(s);
  return { found, notFound };
}

/** A failed comparison for a site that could not be checked at all. */
export function failedComparison(error: string): SiteComparison {
  return { pass: false, f1: null, minF1: null, missed: [], leaked: [], fields: [], errors: [error] };
}

/** Compare one extraction with its expected.json. */
export function compareSite(expected: Expected, input: CheckInput): SiteComparison {
  const r = input.record;
  if (!r.ok) {
    const err = r.error ? `extraction failed: ${r.error.code}: ${r.error.message}` : 'extraction failed';
    return failedComparison(err);
  }
  const missed = split(expected.contains, containsHaystack(expected.type, input)).notFound;
  const leaked = split(expected.excludes, r.text).found;
  const fields: FieldMismatch[] = [];
  if (expected.type !== null) {
    if (r.pageType !== expected.type) fields.push({ field: 'type', expected: expected.type, actual: r.pageType });
  }
  for (const f of ['title', 'byline', 'publishedTime'] as const) {
    if (!fieldMatches(f, expected[f], r[f])) fields.push({ field: f, expected: expected[f], actual: r[f] });
  }
  let f1: number | null = null;
  let minF1: number | null = null;
  if (expected.goldText !== null) {
    minF1 = expected.minF1 ?? DEFAULT_MIN_F1;
    f1 = scorePage('site', expected.goldText, r.text).f1;
  }
  const f1Ok = f1 === null || minF1 === null || f1 >= minF1;
  return { pass: !missed.length && !leaked.length && !fields.length && f1Ok, f1, minF1, missed, leaked, fields, errors: [] };
}

/** True when the F1 check failed. */
export function f1Failed(c: SiteComparison): boolean {
  return c.f1 !== null && c.minF1 !== null && c.f1 < c.minF1;
}

/** Cut a long value for one-line display. */
export function clip(s: string, max = 100): string {
  const cps = Array.from(s);
  return cps.length <= max ? s : cps.slice(0, max - 1).join('') + '…';
}

/** A value quoted for one-line display (`null` as is). */
export function q(s: string | null): string {
  return s === null ? 'null' : JSON.stringify(clip(s));
}

/** One line per problem, for the table and the report. */
export function describeFailures(c: SiteComparison): string[] {
  const out: string[] = [...c.errors];
  for (const s of c.missed) out.push(`missed: ${q(s)}`);
  for (const s of c.leaked) out.push(`leaked: ${q(s)}`);
  for (const m of c.fields) {
    out.push(`${m.field}: expected ${q(m.expected)}, got ${q(m.actual)}`);
  }
  if (f1Failed(c)) out.push(`F1: ${c.f1!.toFixed(3)} < min ${c.minF1!.toFixed(3)}`);
  return out;
}

/** A short summary of what failed, for the table row. */
export function summarizeFailures(c: SiteComparison): string {
  const parts: string[] = [];
  if (c.errors.length) parts.push(c.errors.length === 1 ? at(at(c.errors, 0).split(':'), 0) : `${c.errors.length} errors`);
  if (c.missed.length) parts.push(`${c.missed.length} missed`);
  if (c.leaked.length) parts.push(`${c.leaked.length} leaked`);
  for (const m of c.fields) parts.push(m.field);
  if (f1Failed(c)) parts.push('F1 too low');
  return parts.join(', ');
}
