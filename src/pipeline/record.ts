/**
 * The record of one input (`ExtractRecord`, one JSONL line) and the one place that builds it from
 * an analysis, for the CLI's pages and the library's `extract(page)` alike.
 */
import type { Decision } from '../classify/index.js';
import { DEFAULT_STRATEGY } from '../options.js';
import type { ErrorInfo, ExtractRecord } from '../record/schema.js';
import type { BlockTree } from '../segment/types.js';
import type { Warning } from '../browser/errors.js';
import type { PageSnapshot } from '../snapshot/types.js';
import type { Analysis } from './analyze.js';
import type { Recovery } from './recover.js';

export type { ExtractRecord, Timings, ErrorInfo } from '../record/schema.js';

/** What the library returns for one page: the record plus, on request, the artifacts. */
export interface PageResult {
  record: ExtractRecord;
  snapshot?: PageSnapshot;
  tree?: BlockTree;
  decision?: Decision;
  /** PNG bytes of the raw full-page screenshot (when a screenshot was asked for). */
  screenshot?: Buffer;
}

export function emptyRecord(input: string): ExtractRecord {
  return {
    input, ok: false, url: null, finalUrl: null, title: null, byline: null, publishedTime: null, siteName: null,
    lang: null, leadImage: null, excerpt: null, wordCount: 0, pageType: null, strategy: DEFAULT_STRATEGY, text: '', html: '', markdown: '',
    mainBlock: null, timings: { load: 0, snapshot: 0, segment: 0, classify: 0, content: 0, total: 0 }, warnings: [],
  };
}

/** What the page itself contributed, besides its snapshot: where it was, what happened, how long it took. */
export interface PageFacts {
  /** The URL asked for (null for HTML given as text without a URL). */
  url: string | null;
  finalUrl: string | null;
  warnings: Warning[];
  /** Milliseconds spent before the pure stages (load, snapshot, screenshot). */
  load: number;
  snapshot: number;
  screenshot?: number;
  /** `performance.now()` when work on this input started; `total` is measured from it. */
  started: number;
  /** How the page's content was recovered, when its scripts had hidden it (pipeline/recover.ts). */
  recovery?: Recovery;
}

/** Milliseconds to one decimal: timings are for people, and the records stay short. */
export function roundMs(x: number): number {
  return Math.round(x * 10) / 10;
}

/**
 * The record of a successful analysis. `mainBlock` is the VIPS decision's main block, and only
 * when VIPS chose the content (another `--strategy` picks nodes, not a block).
 */
export function buildRecord(input: string, a: Analysis, page: PageFacts, options: { explain: boolean }): ExtractRecord {
  const main = a.decision.main;
  const record: ExtractRecord = {
    ...emptyRecord(input),
    ok: true,
    url: page.url,
    finalUrl: page.finalUrl,
    title: a.metadata.title,
    byline: a.metadata.byline,
    publishedTime: a.metadata.publishedTime,
    siteName: a.metadata.siteName,
    lang: a.metadata.lang,
    leadImage: a.metadata.leadImage,
    excerpt: a.metadata.excerpt,
    wordCount: a.content.wordCount,
    pageType: a.strategy.pageType,
    strategy: a.strategy.name,
    text: a.content.text,
    html: a.content.html,
    markdown: a.content.markdown,
    mainBlock: main && a.strategy.name === 'vips' ? { id: main.id, rect: main.rect, score: main.score } : null,
    timings: {
      load: roundMs(page.load), snapshot: roundMs(page.snapshot), segment: roundMs(a.timings.segment), classify: roundMs(a.timings.classify),
      content: roundMs(a.timings.content), ...(page.screenshot !== undefined ? { screenshot: roundMs(page.screenshot) } : {}),
      total: roundMs(performance.now() - page.started),
    },
    warnings: page.warnings,
  };
  if (page.recovery) record.recovery = page.recovery;
  if (options.explain) record.decision = page.recovery ? { ...a.decision, recovery: page.recovery } : a.decision;
  return record;
}

/** The record of an input that failed: what is known (the input, its URL) and why it failed. */
export function errorRecord(input: string, url: string | null, error: ErrorInfo, started: number): ExtractRecord {
  const record = emptyRecord(input);
  record.url = url;
  record.error = error;
  record.timings.total = roundMs(performance.now() - started);
  return record;
}
