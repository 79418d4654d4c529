/**
 * One input through the whole pipeline: check the input, load it in a fresh context, take the
 * snapshot (and optionally the screenshot), close the context, then run the pure stages.
 * Never throws: every failure becomes an error record.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadOptionsFor, openTab, tabSpecFor, TabPool } from './tabs.js';
import { closeQuietly, loadPage, PageTimeoutError, VisegError, warning, type ResolvedInput, type Warning } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import { captureSnapshot } from '../snapshot/capture.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { analyzeSnapshot } from './analyze.js';
import { inputLabel, publicBase, publicSnapshot, publicUrls, servedLocation, type PublicUrls } from './public-urls.js';
import { explainNetError } from './net-errors.js';
import { buildRecord, errorRecord, type ErrorInfo, type PageResult } from './record.js';
import type { Session } from './session.js';

export interface PageHooks {
  /** Called with the live page after the snapshot, before the context closes (screenshots). */
  afterSnapshot?: (page: Page, snapshot: PageSnapshot) => Promise<Buffer | undefined>;
}

/** Check a local file before loading it: empty and binary files are errors, not pages. */
async function checkLocalFile(path: string): Promise<void> {
  let bytes: Buffer = await readFile(path);
  if (path.toLowerCase().endsWith('.gz')) {
    try {
      bytes = gunzipSync(bytes);
    } catch {
      throw new VisegError('BINARY_INPUT', `${path} is not valid gzip`);
    }
  }
  checkBytes(bytes, path);
}

/** Whether the bytes decode to nothing but white space (as `String.prototype.trim` sees it). */
export function isBlank(bytes: Buffer): boolean {
  // Decoding a whole page to find its first character costs about 0.7 ms per dev page: look at
  // the bytes, and decode only when a non-ASCII byte comes first (a BOM, a no-break space).
  for (const b of bytes) {
    if (b === 0x20 || (b >= 0x09 && b <= 0x0d)) continue;
    return b < 0x80 ? false : bytes.toString('utf8').trim() === '';
  }
  return true;
}

function checkBytes(bytes: Buffer, name: string): void {
  if (isBlank(bytes)) throw new VisegError('EMPTY_INPUT', `${name} is empty`);
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) throw new VisegError('BINARY_INPUT', `${name} is a binary file, not HTML`);
}

function remaining(deadline: number): number {
  return Math.max(0, deadline - Date.now());
}

async function race<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, rej) => (timer = setTimeout(() => rej(onTimeout()), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/** The record's error for `e`; Playwright's own errors are told apart by their messages. */
function toErrorInfo(e: unknown, url = ''): ErrorInfo {
  if (e instanceof VisegError) return { code: e.code, message: explainNetError(e.message, url) };
  const msg = e instanceof Error ? e.message : String(e);
  if (/Target page, context or browser has been closed|Browser has been closed|browser has disconnected/i.test(msg)) {
    return { code: 'BROWSER_CRASHED', message: msg.split('\n')[0]! };
  }
  if (/net::ERR_/.test(msg)) return { code: 'NAVIGATION_FAILED', message: explainNetError(msg.split('\n')[0]!, url) };
  return { code: 'INTERNAL_ERROR', message: msg.split('\n')[0]! };
}

/**
 * Whether `browser` is gone. A dying browser closes its pages a moment BEFORE it reports the
 * disconnect, so after an error that says "closed", wait briefly for the disconnect.
 */
async function browserGone(browser: Browser, e: unknown): Promise<boolean> {
  if (!browser.isConnected()) return true;
  const info = toErrorInfo(e);
  if (info.code !== 'PAGE_CLOSED' && info.code !== 'BROWSER_CRASHED' && !/closed/i.test(info.message)) return false;
  return new Promise<boolean>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      browser.off('disconnected', done);
      resolve(!browser.isConnected());
    };
    const timer = setTimeout(done, 2000);
    browser.on('disconnected', done);
  });
}

/** A promise that rejects with BROWSER_CRASHED when `browser` disconnects; `off()` stops watching. */
function whenDisconnected(browser: Browser): { promise: Promise<never>; off: () => void } {
  let on: () => void = () => undefined;
  const promise = new Promise<never>((_, reject) => {
    on = () => reject(new VisegError('BROWSER_CRASHED', 'the browser disconnected'));
    browser.once('disconnected', on);
  });
  promise.catch(() => undefined); // nobody may be listening any more
  return { promise, off: () => browser.off('disconnected', on) };
}

/** How long opening and giving back a page's tab took (ms): `viseg bench` reports them. */
export interface TabTimings {
  open: number;
  close: number;
}

/**
 * The set-up and tear-down every render shares: open the input's tab (`tabs`, a worker's reused
 * one, or a fresh context), run `step` on the page, and give the tab back, kept for the next page
 * when `step` succeeded. Opening is bounded by the page's deadline and by the browser's
 * disconnect; an error while the browser dies becomes BROWSER_CRASHED (so that it is retried).
 * `step` gets the page and the deadline (ms since the epoch).
 */
export async function withTab<T>(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, tabs: TabPool | undefined,
  step: (page: Page, deadline: number) => Promise<T>, timings?: TabTimings): Promise<T> {
  const deadline = Date.now() + opts.timeout;
  const t0 = performance.now();
  const { browser } = await session.browser();
  const spec = tabSpecFor(input, opts, session.server.origins);
  let context: BrowserContext | null = null;
  let ok = false;
  // Opening a context/tab has no timeout of its own, and `newPage()` can wait forever when the
  // browser dies meanwhile: bound it by the page's deadline and by the browser's disconnect.
  const gone = whenDisconnected(browser);
  let abandoned = false;
  try {
    const opening = tabs ? tabs.acquire(browser, spec, input.url) : openTab(browser, spec);
    if (!tabs) opening.then((r) => abandoned && void closeQuietly(r.context, 5000), () => undefined);
    let page: Page;
    try {
      ({ context, page } = await race(Promise.race([opening, gone.promise]), remaining(deadline),
        () => new PageTimeoutError(opts.timeout, 'open-page', input.url!)));
    } catch (e) {
      abandoned = true;
      throw e;
    }
    if (timings) timings.open = performance.now() - t0;
    const value = await step(page, deadline);
    ok = true;
    return value;
  } catch (e) {
    // Pages in flight when the browser dies fail in several ways (PAGE_CLOSED from loadPage,
    // "Target closed", a timeout): all of them are a crash, so that the page is retried.
    if (await browserGone(browser, e)) throw new VisegError('BROWSER_CRASHED', `the browser crashed while rendering ${input.url}: ${toErrorInfo(e).message}`);
    throw e;
  } finally {
    gone.off();
    const t1 = performance.now();
    if (tabs) await tabs.release(ok, input.url);
    else if (context) await closeQuietly(context, 5000);
    if (timings) timings.close = performance.now() - t1;
  }
}

/** An HTTP error status of the document is an error record (the tab is still fine). */
export function checkStatus(status: number | null, url: string): void {
  if (status !== null && status >= 400) throw new VisegError('HTTP_ERROR', `HTTP ${status} for ${url}`);
}

async function render(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, hooks: PageHooks, tabs?: TabPool):
  Promise<{ snapshot: PageSnapshot; screenshot?: Buffer; load: number; snap: number; shot: number; warnings: Warning[] }> {
  const r = await withTab(session, input, opts, tabs, async (page, deadline) => {
    const t0 = performance.now();
    const loaded = await loadPage(page, input.url!, loadOptionsFor(opts));
    const t1 = performance.now();
    const timeout = () => new PageTimeoutError(opts.timeout, 'snapshot', input.url!);
    const { snapshot, truncated } = await race(captureSnapshot(page, { requestedUrl: input.url! }), remaining(deadline) + 1000, timeout);
    const t2 = performance.now();
    const screenshot = hooks.afterSnapshot ? await race(hooks.afterSnapshot(page, snapshot), remaining(deadline) + 5000, timeout) : undefined;
    const t3 = performance.now();
    const warnings = [...loaded.warnings];
    if (loaded.navigatedAway) warnings.push(warning('NAVIGATED_AWAY', `page navigated away to ${loaded.finalUrl}`));
    for (const d of loaded.dialogs) warnings.push(warning('DIALOG_DISMISSED', `dialog dismissed: ${d}`));
    if (truncated) warnings.push(warning('SNAPSHOT_TRUNCATED', 'snapshot truncated: too many nodes'));
    return { status: loaded.status, snapshot, screenshot, load: t1 - t0, snap: t2 - t1, shot: t3 - t2, warnings };
  });
  checkStatus(r.status, input.url!);
  const { status: _s, ...rendered } = r;
  return rendered;
}

/**
 * `tabs`: a worker's tab pool to reuse one tab across pages (batch runs); without it each page
 * gets a fresh context.
 */
export async function processInput(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, hooks: PageHooks = {}, tabs?: TabPool): Promise<PageResult> {
  const started = performance.now();
  const label = inputLabel(input);
  // The record names the page as the user did; a local page's server URL never leaves this function.
  const url = input.kind === 'url' ? (input.url ?? null) : input.kind === 'file' ? label : (opts.baseUrl ?? null);
  const served = input.kind !== 'url' && input.url ? servedLocation(input.url, session.server.origins) : null;
  let urls: PublicUrls | null = served ? publicUrls(served, input.kind === 'file' ? label : null, opts.baseUrl) : null;
  try {
    if (input.error) throw new VisegError(input.error.code, input.error.message);
    if (input.kind === 'file' && input.path) await checkLocalFile(input.path);
    if (input.kind === 'stdin' && input.content) checkBytes(input.content, input.input === '-' ? 'stdin' : input.input);
    if (!input.url) throw new VisegError('INPUT_NOT_FOUND', `no URL for input ${input.input}`);
    let rendered;
    try {
      rendered = await render(session, input, opts, hooks, tabs);
    } catch (e) {
      // a crashed browser is restarted and the page retried once
      if (toErrorInfo(e).code !== 'BROWSER_CRASHED') throw e;
      rendered = await render(session, input, opts, hooks, tabs);
      rendered.warnings.push(warning('BROWSER_RESTARTED', 'browser crashed; page retried in a restarted browser'));
    }
    let { snapshot } = rendered;
    if (served) {
      urls = publicUrls(served, input.kind === 'file' ? label : null, publicBase(served, snapshot, opts.baseUrl));
      snapshot = publicSnapshot(snapshot, urls);
      const rewrite = urls.rewrite;
      rendered.warnings = rendered.warnings.map((w) => ({ ...w, message: rewrite(w.message) }));
    }
    const a = analyzeSnapshot(snapshot, { pdoc: opts.pdoc, strategy: opts.strategy });
    const record = buildRecord(label, a, {
      url, finalUrl: snapshot.finalUrl || null, warnings: rendered.warnings, load: rendered.load, snapshot: rendered.snap,
      ...(rendered.screenshot ? { screenshot: rendered.shot } : {}), started,
    }, opts);
    return {
      record,
      ...(opts.keepArtifacts || rendered.screenshot ? { snapshot, tree: a.tree, decision: a.decision } : {}),
      ...(rendered.screenshot ? { screenshot: rendered.screenshot } : {}),
    };
  } catch (e) {
    // a hint names host and port: only a URL input's (a local page's are the private server's)
    const error = toErrorInfo(e, input.kind === 'url' ? input.url : '');
    if (urls) error.message = urls.rewrite(error.message);
    return { record: errorRecord(label, url, error, started) };
  }
}