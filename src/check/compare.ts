/**
 * `viseg check`, the pure part: compare an extraction with a site's expected.json (read by
 * expected.ts), and work out the `--update` rewrite. No browser, no file system: everything here
 * is unit-tested on plain values.
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
import type { ExtractRecord } from '../pipeline/record.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { DEFAULT_MIN_F1, type Expected, type ExpectedFile, type ExpectedType } from './expected.js';
import { at } from '../util/at.js';

export { DEFAULT_MIN_F1, EXPECTED_TYPES, parseExpected, parseExpectedText, type Expected, type ExpectedFile, type ExpectedType } from './expected.js';

/** Longest snippet `--update` picks from the extracted text (characters). */
export const MAX_SNIPPET = 80;

/** Shortest paragraph `--update` picks a snippet from (characters, after white space collapse). */
export const MIN_SNIPPET = 20;

/** How many `contains` snippets a newly created expected.json gets. */
export const NEW_SNIPPETS = 3;

/** The fields of an extraction record the check looks at. */
export type CheckedRecord = Pick<ExtractRecord, 'ok' | 'text' | 'title' | 'byline' | 'publishedTime' | 'pageType' | 'mainBlock'> & {
  error?: { code: string; message: string };
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

// ---------------------------------------------------------------------------------------------
// --update

/**
 * Cut a snippet to at most `max` characters (code points) at a word boundary: the longest prefix
 * that ends before a space. Text without a usable space (CJK) is cut at `max` characters.
 */
export function trimSnippet(s: string, max = MAX_SNIPPET): string {
  const text = normalizeWs(s);
  const cps = Array.from(text);
  if (cps.length <= max) return text;
  const head = cps.slice(0, max + 1).join('');
  const cut = head.lastIndexOf(' ');
  if (cut >= 10) return head.slice(0, cut).trimEnd();
  return cps.slice(0, max).join('');
}

/** The extracted text's paragraphs (blank-line separated), white space collapsed, long enough to quote. */
export function paragraphs(text: string): string[] {
  return text.split(/\n[^\S\n]*\n/u).map(normalizeWs).filter((p) => Array.from(p).length >= MIN_SNIPPET);
}

/**
 * Snippets from the extracted text, in the order `--update` uses them: first, middle and last
 * paragraph, then the other paragraphs in reading order; each trimmed to {@link MAX_SNIPPET}.
 * Duplicates and snippets in `avoid` (compared white space collapsed) are skipped.
 */
export function pickSnippets(text: string, count: number, avoid: string[] = []): string[] {
  const paras = paragraphs(text);
  const n = paras.length;
  if (!n || count <= 0) return [];
  const order: number[] = [];
  for (const i of [0, Math.floor(n / 2), n - 1, ...paras.keys()]) if (!order.includes(i)) order.push(i);
  const seen = new Set(avoid.map(normalizeWs));
  const out: string[] = [];
  for (const i of order) {
    if (out.length >= count) break;
    const s = trimSnippet(at(paras, i));
    if (seen.has(s)) continue;
    seen.add(s);
    out.push(s);
  }
  return out;
}

export type Change =
  | { kind: 'created' }
  | { kind: 'contains-removed'; snippet: string }
  | { kind: 'contains-added'; snippet: string }
  | { kind: 'excludes-removed'; snippet: string }
  | { kind: 'field'; field: 'type' | 'title' | 'byline' | 'publishedTime'; from: string | null; to: string | null }
  | { kind: 'goldText'; fromChars: number | null; toChars: number | null };

export interface UpdateOptions {
  /** Replace goldText with the extracted text too. */
  updateGold?: boolean;
}

export interface UpdateResult {
  /** The new expected.json content (key order of the old file kept; unknown keys kept). */
  json: Record<string, unknown>;
  expected: Expected;
  changes: Change[];
}

/** The order of keys in a newly created expected.json. */
const KEY_ORDER = ['type', 'title', 'byline', 'publishedTime', 'contains', 'excludes', 'minF1', 'goldText'] as const;

/**
 * The `--update` rewrite of a site's expectations from the current output (the record must be ok):
 * - `contains`: snippets that still hold are kept in place; each one that no longer holds is
 *   replaced by a snippet picked from the extracted text ({@link pickSnippets});
 * - `excludes`: snippets still absent are kept, ones now present are dropped;
 * - `type`, `title`, `byline`, `publishedTime`: set from the record when they no longer match
 *   (a `null` — "not checked" — stays null); `publishedTime` is written as its YYYY-MM-DD prefix;
 * - `goldText`: unchanged unless `updateGold`;
 * - `minF1` and unknown keys: unchanged.
 * With `old === null` (no expected.json) a new one is made: the record's fields,
 * {@link NEW_SNIPPETS} `contains` snippets, no `excludes`, and goldText only with `updateGold`.
 */
export function updateExpected(old: ExpectedFile | null, input: CheckInput, opts: UpdateOptions = {}): UpdateResult {
  const r = input.record;
  const text = r.text;
  const changes: Change[] = [];
  const recType: ExpectedType | null = r.pageType;
  const dateOf = (v: string | null): string | null => (v === null ? null : datePrefix(v));

  if (!old) {
    const empty = recType === 'other';
    const expected: Expected = {
      type: recType,
      title: r.title === null ? null : normalizeWs(r.title),
      byline: r.byline === null ? null : normalizeWs(r.byline),
      publishedTime: dateOf(r.publishedTime),
      contains: empty ? [] : pickSnippets(text, NEW_SNIPPETS),
      excludes: [],
      goldText: opts.updateGold && text && !empty ? text : null,
    };
    changes.push({ kind: 'created' });
    for (const s of expected.contains) changes.push({ kind: 'contains-added', snippet: s });
    return { json: toJson(expected, null), expected, changes };
  }

  const prev = old.expected;
  const next: Expected = { ...prev, contains: [...prev.contains], excludes: [...prev.excludes] };

  // type first: it decides where `contains` snippets are looked for
  if (prev.type !== null && prev.type !== recType) {
    next.type = recType;
    changes.push({ kind: 'field', field: 'type', from: prev.type, to: recType });
  }
  for (const f of ['title', 'byline', 'publishedTime'] as const) {
    if (fieldMatches(f, prev[f], r[f])) continue;
    const to = f === 'publishedTime' ? dateOf(r[f]) : r[f] === null ? null : normalizeWs(r[f]);
    next[f] = to;
    changes.push({ kind: 'field', field: f, from: prev[f], to });
  }

  const hay = normalizeWs(containsHaystack(next.type, input));
  const keep = (s: string) => hay.includes(normalizeWs(s));
  const gone = prev.contains.filter((s) => !keep(s));
  if (gone.length) {
    const kept = prev.contains.filter(keep);
    const fresh = pickSnippets(text, gone.length, [...kept, ...prev.excludes]).filter((s) => hay.includes(normalizeWs(s)));
    // each missing snippet's slot takes the next fresh snippet; slots left over are dropped
    let k = 0;
    next.contains = [];
    for (const s of prev.contains) {
      if (keep(s)) next.contains.push(s);
      else {
        changes.push({ kind: 'contains-removed', snippet: s });
        if (k < fresh.length) {
          next.contains.push(at(fresh, k));
          changes.push({ kind: 'contains-added', snippet: at(fresh, k) });
          k++;
        }
      }
    }
  }

  const textN = normalizeWs(text);
  next.excludes = prev.excludes.filter((s) => {
    const present = textN.includes(normalizeWs(s));
    if (present) changes.push({ kind: 'excludes-removed', snippet: s });
    return !present;
  });

  if (opts.updateGold) {
    const gold = next.type === 'other' ? null : text || null;
    if (gold !== prev.goldText) {
      next.goldText = gold;
      changes.push({ kind: 'goldText', fromChars: prev.goldText === null ? null : prev.goldText.length, toChars: gold === null ? null : gold.length });
    }
  }

  return { json: changes.length ? toJson(next, old.raw) : old.raw, expected: next, changes };
}

/** `expected` as JSON, in `raw`'s key order (new keys in {@link KEY_ORDER}), unknown keys of `raw` kept. */
function toJson(expected: Expected, raw: Record<string, unknown> | null): Record<string, unknown> {
  const values: Record<string, unknown> = {
    type: expected.type,
    title: expected.title,
    byline: expected.byline,
    publishedTime: expected.publishedTime,
    contains: expected.contains,
    excludes: expected.excludes,
    goldText: expected.goldText,
  };
  if (expected.minF1 !== undefined) values.minF1 = expected.minF1;
  const out: Record<string, unknown> = {};
  if (raw) {
    for (const k of Object.keys(raw)) out[k] = k in values ? values[k] : raw[k];
  }
  for (const k of KEY_ORDER) if (!(k in out) && k in values) out[k] = values[k];
  return out;
}

/** expected.json text as written: two-space indent, trailing newline (as build_expected.py writes it). */
export function serializeExpected(json: Record<string, unknown>): string {
  return JSON.stringify(json, null, 2) + '\n';
}

/** Cut a long value for one-line display. */
export function clip(s: string, max = 100): string {
  const cps = Array.from(s);
  return cps.length <= max ? s : cps.slice(0, max - 1).join('') + '…';
}

function q(s: string | null): string {
  return s === null ? 'null' : JSON.stringify(clip(s));
}

/** One line per change, for the `--update` diff. */
export function describeChanges(changes: Change[]): string[] {
  return changes.map((c) => {
    switch (c.kind) {
      case 'created': return '+ created expected.json';
      case 'contains-removed': return `- contains ${q(c.snippet)}`;
      case 'contains-added': return `+ contains ${q(c.snippet)}`;
      case 'excludes-removed': return `- excludes ${q(c.snippet)} (now in the extracted text)`;
      case 'field': return `~ ${c.field}: ${q(c.from)} -> ${q(c.to)}`;
      case 'goldText': return `~ goldText: ${c.fromChars === null ? 'null' : `${c.fromChars} chars`} -> ${c.toChars === null ? 'null' : `${c.toChars} chars`}`;
    }
  });
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
