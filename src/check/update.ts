/**
 * `viseg check --update`, the pure part: rewrite a site's expected.json from the current output,
 * keeping what still holds, and describe the changes for the diff. No browser, no file system.
 */
import type { Expected, ExpectedFile, ExpectedType } from './expected.js';
import { containsHaystack, datePrefix, fieldMatches, normalizeWs, q, type CheckInput } from './compare.js';
import { at } from '../util/at.js';

/** Longest snippet `--update` picks from the extracted text (characters). */
export const MAX_SNIPPET = 80;

/** Shortest paragraph `--update` picks a snippet from (characters, after white space collapse). */
export const MIN_SNIPPET = 20;

/** How many `contains` snippets a newly created expected.json gets. */
export const NEW_SNIPPETS = 3;

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
