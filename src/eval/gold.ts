/**
 * Gold files, read as they are: a JSON map id -> {articleBody, ...} (article-bench, Readability's
 * test pages, WCXB with its pageType and with/without snippets) or id -> text.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { WordGold } from './words.js';

const goldEntrySchema = z.union([
  z.string(),
  z.object({
    articleBody: z.string().nullable().optional(),
    pageType: z.string().optional(),
    with: z.array(z.string()).optional(),
    without: z.array(z.string()).optional(),
  }).passthrough(),
]);

const goldFileSchema = z.record(z.string(), goldEntrySchema);

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
  const r = goldFileSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new GoldFileError(`${file}: not a gold file (id -> {articleBody}): ${i ? `${i.path.join('.')}: ${i.message}` : 'invalid'}`);
  }
  const pages: Record<string, WordGold> = {};
  let wcxbLayout = false;
  for (const [id, v] of Object.entries(r.data)) {
    if (typeof v === 'string') {
      pages[id] = { text: v };
      continue;
    }
    if (v.pageType !== undefined || v.with !== undefined || v.without !== undefined) wcxbLayout = true;
    pages[id] = { text: v.articleBody ?? '', pageType: v.pageType, with: v.with, without: v.without };
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
