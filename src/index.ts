/**
 * viseg's library API.
 *
 *   import { extract } from 'viseg';
 *   const r = await extract('https://example.com/story');       // URL, file path, or a Playwright Page
 *   console.log(r.record.text, r.record.mainBlock);
 *
 * Every stage after the browser is a pure function and is exported too:
 * `analyzeSnapshot(snapshot)`, `segmentSnapshot(snapshot)`, `classify(snapshot, tree)`, `buildContent(...)`.
 */
import type { Page } from 'playwright-core';
import { resolveInputs } from './browser/index.js';
import { resolveBrowserOptions, resolveExtractOptions, type BrowserOptions, type ExtractOptions } from './options.js';
import { analyzeSnapshot, type Analysis } from './pipeline/analyze.js';
import { runBatch } from './pipeline/batch.js';
import { processInput } from './pipeline/page.js';
import { emptyRecord, type PageResult } from './pipeline/record.js';
import { Session } from './pipeline/session.js';
import { captureSnapshot } from './snapshot/capture.js';
import type { PageSnapshot } from './snapshot/types.js';

export type { ExtractOptions, BrowserOptions } from './options.js';
export type { ExtractRecord, PageResult, Timings, ErrorInfo } from './pipeline/record.js';
export type { PageSnapshot, SnapshotNode, Rect, NodeStyle, PageMetadata } from './snapshot/types.js';
export type { Block, BlockTree, Separator, SegmentOptions } from './segment/types.js';
export type { Decision, BlockRecord, Role, PageType, BlockFeatures } from './classify/index.js';
export type { ContentSelection, ExtractedContent, ArticleMetadata } from './content/types.js';
export type { Analysis } from './pipeline/analyze.js';
export { SNAPSHOT_VERSION } from './snapshot/types.js';
export { captureSnapshot } from './snapshot/capture.js';
export { segment as segmentSnapshot } from './segment/index.js';
export { classify } from './classify/index.js';
export { buildContent, extractMetadata } from './content/index.js';
export { analyzeSnapshot } from './pipeline/analyze.js';
export { Session } from './pipeline/session.js';
export { findBrowser, BrowserNotFoundError, VisegError } from './browser/index.js';
export { OptionsError } from './options.js';
export { STRATEGIES, STRATEGY_NAMES, getStrategy, type Strategy, type StrategyResult } from './strategies/index.js';

function isPage(x: unknown): x is Page {
  return typeof x === 'object' && x !== null && typeof (x as Page).evaluate === 'function' && typeof (x as Page).mainFrame === 'function';
}

/** Extract from an existing Playwright page, as it is now. Reads the document; never changes it. */
async function extractFromPage(page: Page, options: ExtractOptions): Promise<PageResult> {
  const opts = resolveExtractOptions(options);
  const t0 = performance.now();
  const snapshot = await captureSnapshot(page);
  delete (snapshot as { truncated?: boolean }).truncated;
  const t1 = performance.now();
  const a = analyzeSnapshot(snapshot, { pdoc: opts.pdoc, strategy: opts.strategy });
  const record = emptyRecord(page.url());
  Object.assign(record, {
    ok: true, url: page.url(), finalUrl: snapshot.finalUrl, title: a.metadata.title, byline: a.metadata.byline,
    publishedTime: a.metadata.publishedTime, siteName: a.metadata.siteName, lang: a.metadata.lang, leadImage: a.metadata.leadImage,
    excerpt: a.metadata.excerpt, wordCount: a.content.wordCount, pageType: a.strategy.pageType, strategy: a.strategy.name, text: a.content.text,
    html: a.content.html, markdown: a.content.markdown,
    mainBlock: a.decision.main && a.strategy.name === 'vips' ? { id: a.decision.main.id, rect: a.decision.main.rect, score: a.decision.main.score } : null,
    timings: { load: 0, snapshot: t1 - t0, ...a.timings, total: performance.now() - t0 },
  });
  if (opts.explain) record.decision = a.decision;
  return { record, snapshot, tree: a.tree, decision: a.decision };
}

/**
 * Extract the main content of one input: a URL, a local HTML file path, or a Playwright `Page`
 * (used as it is, without navigating or changing it). Failures come back as `record.ok === false`
 * with `record.error`, except for bad options and a missing browser, which throw.
 */
export async function extract(input: string | Page, options: ExtractOptions & BrowserOptions = {}): Promise<PageResult> {
  if (isPage(input)) return extractFromPage(input, options);
  const [result] = await extractMany([input], options);
  return result!;
}

/** Extract many inputs with one browser; results in input order. */
export async function extractMany(inputs: string[], options: ExtractOptions & BrowserOptions = {}): Promise<PageResult[]> {
  const { browserPath, wsEndpoint, cdpEndpoint, headless, browserArgs, ...rest } = options;
  const opts = resolveExtractOptions({ keepArtifacts: true, ...rest });
  const { browserArgs: extraArgs, ...launch } = resolveBrowserOptions({ browserPath, wsEndpoint, cdpEndpoint, headless, browserArgs });
  const session = await Session.open({ ...launch, extraArgs });
  try {
    const resolved = await resolveInputs(inputs, { server: session.server, ...(opts.root ? { root: opts.root } : {}) });
    const out: PageResult[] = [];
    await runBatch(session, resolved, opts, { concurrency: opts.concurrency, emit: (r) => void out.push(r) });
    return out;
  } finally {
    await session.close();
  }
}

/**
 * The block tree and decision for one input (URL, path, Page) or a recorded snapshot.
 */
export async function segment(input: string | Page | PageSnapshot, options: ExtractOptions & BrowserOptions = {}): Promise<Analysis & { snapshot: PageSnapshot }> {
  const opts = resolveExtractOptions(options);
  if (typeof input === 'object' && !isPage(input)) return { snapshot: input, ...analyzeSnapshot(input, { pdoc: opts.pdoc, strategy: opts.strategy }) };
  const r = await extract(input, { ...options, keepArtifacts: true });
  if (!r.snapshot) throw new Error(`${r.record.error?.code}: ${r.record.error?.message}`);
  return { snapshot: r.snapshot, ...analyzeSnapshot(r.snapshot, { pdoc: opts.pdoc, strategy: opts.strategy }) };
}

export { processInput, runBatch };

// --- `viseg check`: regression checks of extraction against fixture sites (src/check) ---
export { runCheck, discoverSites, compareSite, parseExpected, parseExpectedText, updateExpected, pickSnippets, pageTextOf } from './check/index.js';
export type { CheckRun, CheckRunOptions, SiteResult, Site, Expected, ExpectedFile, SiteComparison, FieldMismatch, Change, CheckInput } from './check/index.js';
