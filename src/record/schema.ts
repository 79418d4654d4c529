/**
 * The extraction record: what `viseg extract` writes, one JSON object per input (a JSONL line),
 * and what `--resume`, `viseg report` and `viseg eval` read back. This schema is its definition:
 * the TypeScript type is derived from it, and every reader validates with it.
 */
import { z } from 'zod';
import { PAGE_TYPES } from '../classify/types.js';
import { ERROR_CODES, WARNING_CODES } from '../browser/errors.js';
import type { Decision } from '../classify/index.js';

const rect = z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() });

/** Milliseconds per stage. */
export const timingsSchema = z.object({
  load: z.number(),
  snapshot: z.number(),
  segment: z.number(),
  classify: z.number(),
  content: z.number(),
  screenshot: z.number().optional(),
  total: z.number(),
});

export const warningSchema = z.object({
  code: z.enum(WARNING_CODES),
  message: z.string(),
});

export const errorInfoSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
});

/**
 * The decision record (`--explain`) is classify's own type; a record read back is checked for the
 * parts readers use (the page type, the main block, every block's id, box, role and score).
 * A block's `role` is its role in the top-level view and `fineRole` its role in the fine view
 * (they differ for a top-level block that is not split further: classify/roles.ts); records
 * written before the fine role existed have only `role`, which then serves both views.
 */
const decisionShape = z.looseObject({
  pageType: z.enum(PAGE_TYPES),
  main: z.looseObject({ id: z.string(), rect, score: z.number(), blockIds: z.array(z.string()) }).nullable(),
  reason: z.string(),
  blocks: z.array(z.looseObject({ id: z.string(), rect, role: z.string(), fineRole: z.string().optional(), score: z.number() })),
});

/**
 * How a page's content was recovered when its scripts had hidden or destroyed it offline
 * (pipeline/recover.ts; warning CONTENT_RECOVERED).
 */
export const recoverySchema = z.object({
  /** `lift-hide`: a whole-page hide was lifted; `no-script`: rendered again with JavaScript off. */
  method: z.enum(['lift-hide', 'no-script']),
  /** Characters of text the document held: in its source, or at DOMContentLoaded if more. */
  documentChars: z.number().int(),
  /** Characters of visible text the settled page showed. */
  shownChars: z.number().int(),
  /** Characters of visible text after the recovery. */
  recoveredChars: z.number().int(),
  /** The elements shown again (`html.async-hide: opacity 0`), for `lift-hide`. */
  lifted: z.array(z.string()).optional(),
});

export type Recovery = z.output<typeof recoverySchema>;

/**
 * Records written before the fine role existed have one role for both views: read back, their
 * blocks' `fineRole` is their `role`, so every reader sees both.
 */
const decision = z
  .custom<Decision & { recovery?: Recovery }>((v) => decisionShape.safeParse(v).success, { message: 'not a viseg decision record' })
  .transform((d) => {
    for (const b of d.blocks) b.fineRole ??= b.role;
    return d;
  });

export const extractRecordSchema = z.object({
  /** The input as the user named it (a path, `dir/file` for a file found in a folder, a URL, `-`). */
  input: z.string(),
  ok: z.boolean(),
  /**
   * The page as the user named it: the URL, the file's path; for stdin the `--base-url` or null.
   * Never viseg's private file server.
   */
  url: z.string().nullable(),
  /**
   * Where the page ended: the URL after redirects; for a local page its public URL (`--base-url`,
   * canonical, og:url or `<base>`) or else its path. Null when not loaded (or stdin without one).
   */
  finalUrl: z.string().nullable(),
  title: z.string().nullable(),
  byline: z.string().nullable(),
  /** ISO 8601 when it could be parsed, else as the page wrote it. */
  publishedTime: z.string().nullable(),
  siteName: z.string().nullable(),
  lang: z.string().nullable(),
  leadImage: z.string().nullable(),
  excerpt: z.string().nullable(),
  wordCount: z.number().int().min(0),
  pageType: z.enum(PAGE_TYPES).nullable(),
  /** The strategy that chose the content (`vips` unless `--strategy` said otherwise). */
  strategy: z.string(),
  text: z.string(),
  html: z.string(),
  markdown: z.string(),
  mainBlock: z.object({ id: z.string(), rect, score: z.number() }).nullable(),
  timings: timingsSchema,
  /** Things that went less than right on a page that still has a result. */
  warnings: z.array(warningSchema),
  error: errorInfoSchema.optional(),
  /**
   * The annotated screenshot written for this input (`--screenshot`, `--screenshot-dir`), as the
   * path was given (relative to the directory viseg ran in, unless absolute).
   */
  screenshot: z.string().optional(),
  /**
   * Present when the page's scripts had hidden or destroyed its content and viseg recovered it
   * (warning CONTENT_RECOVERED): how, and how much text before and after.
   */
  recovery: recoverySchema.optional(),
  /** With `--explain`: the decision record (with `recovery` when there was one). */
  decision: decision.optional(),
});

/** One result per input: what `viseg extract --jsonl` prints, one line each. */
export type ExtractRecord = z.output<typeof extractRecordSchema>;
export type Timings = z.output<typeof timingsSchema>;
export type ErrorInfo = z.output<typeof errorInfoSchema>;

/** A parsed JSON value as a record, or the reason it is not one. */
export function parseRecord(value: unknown): { ok: true; record: ExtractRecord } | { ok: false; error: string } {
  const r = extractRecordSchema.safeParse(value);
  if (r.success) return { ok: true, record: r.data };
  const first = r.error.issues[0];
  const where = first && first.path.length ? `${first.path.map(String).join('.')}: ` : '';
  return { ok: false, error: `not a viseg record (${where}${first?.message ?? 'invalid'})` };
}
