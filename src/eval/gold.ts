/**
 * Gold files, read as they are: a JSON map id -> {articleBody, ...} (article-bench, Readability's
 * test pages, WCXB with its pageType and with/without snippets) or id -> text.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { WordGold } from './words.js';

/**
 * One page of a gold file, or of predictions written like one: its text, or an object whose
 * `articleBody` is the text (other fields are kept; WCXB adds `pageType` and with/without snippets).
 */
const pageEntrySchema = z.union([
  z.string(),
  z.looseObject({
    articleBody: z.string().nullable().optional(),
    pageType: z.string().optional(),
    with: z.array(z.string()).optional(),
    without: z.array(z.string()).optional(),
  }),
]);

/** Page id -> text or {articleBody}: the gold files, and the predictions `viseg eval` reads as JSON. */
export const textMapSchema = z.record(z.string(), pageEntrySchema);
export type TextMap = z.output<typeof textMapSchema>;

/** A page's text in a {@link TextMap}. */
export function entryText(v: TextMap[string]): string {
  return typeof v === 'string' ? v : (v.articleBody ?? '');
}

/** The first problem zod found, with where it is. */
export function schemaProblem(e: z.ZodError): string {
  const i = e.issues[0];
  return i ? `${i.path.map(String).join('.') || 'top level'}: ${i.message}` : 'invalid';
}

export class GoldFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GoldFileError';
  }
}

export interface GoldFile {
  pages: Record<string, WordGold>;
  /** The file carries WCXB's extra fields (page types or snippets): the words metric applies. */
  wcxbLayout: boolean;
}

export function parseGold(raw: unknown, file = 'gold'): GoldFile {
  const r = textMapSchema.safeParse(raw);
  if (!r.success) throw new GoldFileError(`${file}: not a gold file (id -> {articleBody}): ${schemaProblem(r.error)}`);
  const pages: Record<string, WordGold> = {};
  let wcxbLayout = false;
  for (const [id, v] of Object.entries(r.data)) {
    if (typeof v === 'string') {
      pages[id] = { text: v };
      continue;
    }
    if (v.pageType !== undefined || v.with !== undefined || v.without !== undefined) wcxbLayout = true;
    pages[id] = { text: entryText(v), pageType: v.pageType, with: v.with, without: v.without };
  }
  return { pages, wcxbLayout };
}

export function readGoldFile(file: string): GoldFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new GoldFileError(`cannot read gold file ${file}: ${(e as Error).message}`);
  }
  return parseGold(raw, file);
}

/** Page ids listed one per line (blank lines ignored). */
export function readIds(file: string): string[] {
  return readFileSync(file, 'utf8').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
}
