/**
 * viseg's library API.
 *
 *   import { extract, createExtractor } from 'viseg';
 *   const r = await extract('https://example.com/story');        // URL, file path, { html, url }, or a Playwright Page
 *   console.log(r.record.text, r.record.mainBlock);
 *
 *   const extractor = await createExtractor();                   // one browser for many calls
 *   try { await extractor.extract({ html, url }); } finally { await extractor.close(); }
 *
 * Every stage after the browser is a pure function and is exported too:
 * `analyzeSnapshot(snapshot)`, `segmentSnapshot(snapshot)`, `classify(snapshot, tree)`, `buildContent(...)`.
 * Regression-check helpers (`compareSite`, `parseExpected`, ...) are on `viseg/check`.
 */
import type { Page } from 'playwright-core';
import { contentOptions, resolveExtractOptions, type BrowserOptions, type ExtractOptions } from './options.js';
import { analyzeSnapshot, type Analysis } from './pipeline/analyze.js';
import { createExtractor, extractFromPage, isPage, splitOptions, type ExtractInput } from './pipeline/extractor.js';
import type { PageResult } from './pipeline/record.js';
import { captureSnapshot } from './snapshot/capture.js';
import type { PageSnapshot } from './snapshot/types.js';

export type { ExtractOptions, BrowserOptions, Viewport } from './options.js';
export type { ExtractRecord, PageResult, Timings, ErrorInfo } from './pipeline/record.js';
export type { PageSnapshot, SnapshotNode, Rect, NodeStyle, PageMetadata } from './snapshot/types.js';
export type { Block, BlockTree, Separator, SegmentOptions } from './segment/types.js';
export type { Decision, BlockRecord, Role, PageType, BlockFeatures } from './classify/index.js';
export type { ContentSelection, ExtractedContent, ArticleMetadata } from './content/types.js';
export type { Analysis } from './pipeline/analyze.js';
export type { CapturedSnapshot, CaptureOptions } from './snapshot/capture.js';
export { SNAPSHOT_VERSION } from './snapshot/types.js';
export { parseSnapshot, SnapshotError } from './snapshot/schema.js';
export { decodeSnapshot, encodeSnapshot, readSnapshotFile } from './snapshot/file.js';
export { captureSnapshot } from './snapshot/capture.js';
export { segment as segmentSnapshot } from './segment/index.js';
export { classify } from './classify/index.js';
export { buildContent, extractMetadata } from './content/index.js';
export { analyzeSnapshot } from './pipeline/analyze.js';
export { createExtractor, Extractor, type ExtractInput, type HtmlInput } from './pipeline/extractor.js';
export { findBrowser, BrowserNotFoundError, VisegError } from './browser/index.js';
export { GIVEN_PAGE_TYPES, OptionsError, type GivenPageType } from './options.js';
export { STRATEGIES, STRATEGY_NAMES, getStrategy, type Strategy, type StrategyResult } from './strategies/index.js';

/**
 * Extract the main content of one input: a URL, a local HTML file path, `{ html, url }` (HTML you
 * already have, and the address it came from), or a Playwright `Page` (used as it is, without
 * navigating or changing it). Launches a browser for the call and closes it after; to extract
 * several pages, open one with {@link createExtractor}. Failures come back as
 * `record.ok === false` with `record.error`, except for bad options and a missing browser, which
 * throw (`OptionsError`, `BrowserNotFoundError`).
 */
export async function extract(input: ExtractInput | Page, options: ExtractOptions & BrowserOptions = {}): Promise<PageResult> {
  if (isPage(input)) return extractFromPage(input, resolveExtractOptions(splitOptions(options).extract));
  const extractor = await createExtractor(options);
  try {
    return await extractor.extract(input);
  } finally {
    await extractor.close();
  }
}

/** Extract many inputs with one browser, `concurrency` pages at a time; results in input order. */
export async function extractMany(inputs: ExtractInput[], options: ExtractOptions & BrowserOptions = {}): Promise<PageResult[]> {
  const extractor = await createExtractor(options);
  try {
    return await extractor.extractMany(inputs);
  } finally {
    await extractor.close();
  }
}

/**
 * The block tree and decision for one input (URL, path, `{ html, url }`, Page) or a recorded
 * snapshot (no browser then).
 */
export async function segment(input: ExtractInput | Page | PageSnapshot, options: ExtractOptions & BrowserOptions = {}): Promise<Analysis & { snapshot: PageSnapshot }> {
  const opts = resolveExtractOptions(splitOptions(options).extract);
  const analyze = (snapshot: PageSnapshot, baseUrl?: string) => ({ snapshot, ...analyzeSnapshot(snapshot, { ...contentOptions(opts), baseUrl }) });
  if (isPage(input)) return analyze((await captureSnapshot(input)).snapshot);
  // a recorded snapshot, as analyzeSnapshot takes it: its relative links resolve against baseUrl
  if (typeof input === 'object' && input !== null && 'nodes' in input) return analyze(input, opts.baseUrl);
  const extractor = await createExtractor(options);
  try {
    return await extractor.segment(input as ExtractInput | Page);
  } finally {
    await extractor.close();
  }
}

// --- Runs bigger than one machine: a Redis job queue (BullMQ) and workers (src/queue, docs/scale-out.md) ---
export { enqueue, runWorker, readResults, drainResults, queueStatus, clearQueue, QueueConnectionError, DrainedError } from './queue/index.js';
export type {
  EnqueueOptions, EnqueueResult, WorkerOptions, QueueWorker, WorkerStats, ResultsOptions, ResultsStream, DrainOptions, DrainResult, QueueStatus,
  WorkerInfo, QueueLocation,
} from './queue/index.js';
