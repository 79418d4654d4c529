/**
 * A site's expected.json (`viseg check`): its zod schema, its type, and its one reader. Each key
 * is checked on its own, so one bad file reports every problem at once, and fails one site only.
 *
 *   { "type": a page type ("article", "forum", ...) | null,  null or absent: not checked
 *     "title", "byline", "publishedTime": string | null,  null or absent: not checked
 *     "contains", "excludes": [snippet, ...],             absent: none
 *     "goldText": string | null, "minF1": 0..1 }          minF1 defaults to DEFAULT_MIN_F1
 *
 * Unknown keys are allowed and kept (the raw object is rewritten by `--update` in its own order).
 */
import { z } from 'zod';
import { PAGE_TYPES, type PageType } from '../classify/types.js';
import type { SameType } from '../util/types.js';

export const EXPECTED_TYPES = PAGE_TYPES;
export type ExpectedType = PageType;

/** F1 threshold when expected.json has a goldText but no `minF1`. */
export const DEFAULT_MIN_F1 = 0.8;

const nullableString = (key: string) =>
  z.string({ error: `"${key}" must be a string or null` }).nullable().optional().transform((v) => v ?? null);

const snippets = (key: string) =>
  z
    .array(z.string(), { error: `"${key}" must be an array of strings` })
    .refine((list) => list.every((s) => s.replace(/\s+/gu, '') !== ''), { message: `"${key}" has an empty snippet` })
    .nullable()
    .optional()
    .transform((v) => v ?? []);

/** The keys viseg reads, one schema each (see {@link parseExpected} for how they are combined). */
export const expectedKeys = {
  type: z.enum(EXPECTED_TYPES, { error: `"type" must be one of ${EXPECTED_TYPES.join(', ')} or null` }).nullable().optional().transform((v) => v ?? null),
  title: nullableString('title'),
  byline: nullableString('byline'),
  publishedTime: nullableString('publishedTime'),
  contains: snippets('contains'),
  excludes: snippets('excludes'),
  goldText: nullableString('goldText'),
  minF1: z.number({ error: '"minF1" must be a number between 0 and 1' }).min(0, '"minF1" must be a number between 0 and 1').max(1, '"minF1" must be a number between 0 and 1').optional(),
};

export const expectedSchema = z.looseObject(expectedKeys);

/** A site's expected.json, validated. Unknown keys are kept in {@link ExpectedFile.raw}. */
export interface Expected {
  /** `null` (or absent): not checked. */
  type: ExpectedType | null;
  title: string | null;
  byline: string | null;
  publishedTime: string | null;
  contains: string[];
  excludes: string[];
  goldText: string | null;
  /** Absent: {@link DEFAULT_MIN_F1} when there is a goldText. */
  minF1?: number;
}

// Expected is written out above for its docs; this fails to compile when it and the keys' schemas
// (without the unknown keys the loose object keeps) describe different objects.
const KEYS_ARE_TYPE: SameType<z.output<z.ZodObject<typeof expectedKeys>>, Expected> = true;
void KEYS_ARE_TYPE;

export interface ExpectedFile {
  expected: Expected;
  /** The parsed JSON as it was (key order, unknown keys) for rewriting. */
  raw: Record<string, unknown>;
}

/**
 * Validate parsed expected.json content. Returns the problems as a string rather than throwing, so
 * one bad file fails one site.
 */
export function parseExpected(json: unknown): { ok: true; file: ExpectedFile } | { ok: false; error: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, error: 'expected.json must hold a JSON object' };
  const r = expectedSchema.safeParse(json);
  if (!r.success) {
    const problems = [...new Set(r.error.issues.map((i) => i.message))];
    return { ok: false, error: `expected.json: ${problems.join('; ')}` };
  }
  const { type, title, byline, publishedTime, contains, excludes, goldText, minF1 } = r.data;
  const expected: Expected = { type, title, byline, publishedTime, contains, excludes, goldText, ...(minF1 !== undefined ? { minF1 } : {}) };
  return { ok: true, file: { expected, raw: json as Record<string, unknown> } };
}

/** Parse the text of an expected.json file (JSON syntax errors included). */
export function parseExpectedText(text: string): { ok: true; file: ExpectedFile } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `expected.json is not valid JSON: ${(e as Error).message}` };
  }
  return parseExpected(json);
}
