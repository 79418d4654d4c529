/**
 * One input through the whole pipeline: check the input, load it in a fresh context, take the
 * snapshot (and optionally the screenshot), close the context, then run the pure stages.
 * Never throws: every failure becomes an error record.
 */
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { loadOptionsFor, openTab, tabSpecFor, TabPool, type TabSpec } from './tabs.js';
import {
  closeQuietly, holdNavigations, loadPage, PageTimeoutError, race, setCookies, VisegError, warning, within, type FileServer, type ResolvedInput,
  type Warning,
} from '../browser/index.js';
import { contentOptions, type ResolvedExtractOptions } from '../options.js';
import { capturePage, type Capture } from '../snapshot/capture.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { analyzeSnapshot } from './analyze.js';
import { inputLabel, publicBase, publicSnapshot, publicUrls, servedLocation, type PublicUrls } from './public-urls.js';
import { explainNetError } from './net-errors.js';
import { buildRecord, errorRecord, type ErrorInfo, type PageResult } from './record.js';
import { recoverContent, recoveryWarning, sourceTextChars, type Recovery } from './recover.js';
import type { Session } from './session.js';
import { at } from '../util/at.js';

export interface PageHooks {
  /** Called with the live page after the snapshot, before the context closes (screenshots). */
  afterSnapshot?: (page: Page, snapshot: PageSnapshot) => Promise<Buffer | undefined>;
}

/**
 * Check a local file before loading it: empty and binary files (and files past the size cap) are
 * errors, not pages. The server keeps the bytes read here to serve them: the file is read and
 * inflated once. The caller releases them with `server.release(path)`.
 */
async function checkLocalFile(server: FileServer, path: string): Promise<Buffer> {
  const bytes = await server.load(path);
  checkBytes(bytes, path);
  return bytes;
}

/** Whether the bytes decode to nothing but white space (as `String.prototype.trim` sees it). */
export function isBlank(bytes: Buffer): boolean {
  // Decoding would copy the whole page into a string to find its first character: look at the
  // bytes, and decode only when a non-ASCII byte comes first (a BOM, a no-break space).
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

/**
 * After the page's deadline, this long is left for closing its tab; then the record is out
 * regardless. The promise is `--timeout` plus 2 s for the whole page: the other 500 ms are for the
 * work around the close (the record, the next page's start) on a busy event loop.
 */
const CLOSE_GRACE_MS = 1500;

/** The record's error for `e`; Playwright's own errors are told apart by their messages. */
export function toErrorInfo(e: unknown, url = ''): ErrorInfo {
  if (e instanceof VisegError) return { code: e.code, message: explainNetError(e.message, url) };
  const msg = e instanceof Error ? e.message : String(e);
  const first = at(msg.split('\n'), 0);
  if (/Target crashed|Page crashed|renderer.*crash/i.test(msg)) return { code: 'PAGE_CRASHED', message: `The page's renderer crashed: ${first}` };
  if (/Target page, context or browser has been closed|Browser has been closed|browser has disconnected/i.test(msg)) {
    return { code: 'BROWSER_CRASHED', message: first };
  }
  if (/net::ERR_/.test(msg)) return { code: 'NAVIGATION_FAILED', message: explainNetError(first, url) };
  // "Target closed", "page was closed", "Session closed": the tab went away under the call
  if (/\b(?:target|page|session|context)(?: was| has been)? closed\b/i.test(msg)) return { code: 'PAGE_CLOSED', message: first };
  return { code: 'INTERNAL_ERROR', message: first };
}

/**
 * Whether `browser` is gone. A dying browser closes its pages a moment BEFORE it reports the
 * disconnect, so after an error that says the page, session or browser closed, wait briefly (at
 * most `ms`) for the disconnect.
 */
async function browserGone(browser: Browser, e: unknown, ms: number): Promise<boolean> {
  if (!browser.isConnected()) return true;
  const info = toErrorInfo(e);
  if (info.code !== 'PAGE_CLOSED' && info.code !== 'BROWSER_CRASHED' && info.code !== 'SESSION_CLOSED') return false;
  return new Promise<boolean>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      browser.off('disconnected', done);
      resolve(!browser.isConnected());
    };
    const timer = setTimeout(done, Math.min(2000, Math.max(0, ms)));
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

/** A page that rejects with PAGE_CRASHED when its renderer dies; `off()` stops watching. */
function whenCrashed(page: Page): { promise: Promise<never>; off: () => void } {
  let on: () => void = () => undefined;
  const promise = new Promise<never>((_, reject) => {
    on = () => reject(new VisegError('PAGE_CRASHED', `The page's renderer crashed (out of memory, or a document too deep or too large to lay out).`));
    page.once('crash', on);
  });
  promise.catch(() => undefined);
  return { promise, off: () => page.off('crash', on) };
}

/** How long opening and giving back a page's tab took (ms): `viseg bench` reports them. */
export interface TabTimings {
  open: number;
  close: number;
}

/** What a render step gets: the page in its tab, and what bounds its work. */
export interface TabRun {
  page: Page;
  /** The page's hard deadline (ms since the epoch). */
  deadline: number;
  /** Rejects when the browser disconnects (BROWSER_CRASHED) or the page's renderer dies (PAGE_CRASHED). */
  stopped: Promise<never>;
  browser: Browser;
  /** The context options the tab was made with. */
  spec: TabSpec;
  /** Further contexts the step opened (a recovery render): closed with the tab. */
  extra: BrowserContext[];
}

/**
 * The set-up and tear-down every render shares: open the input's tab (`tabs`, a worker's reused
 * one, or a fresh context), set the user's cookies for a URL input, run `step`, and give the tab
 * back, kept for the next page when `step` succeeded. Opening is bounded by the page's deadline
 * and by the browser's disconnect; an error while the browser dies becomes BROWSER_CRASHED (so
 * that it is retried). Closing waits at most {@link CLOSE_GRACE_MS} past the deadline.
 */
export async function withTab<T>(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, tabs: TabPool | undefined,
  step: (tab: TabRun) => Promise<T>, timings?: TabTimings, deadline: number = Date.now() + opts.timeout): Promise<T> {
  const t0 = performance.now();
  const { browser } = await session.browser();
  const spec = tabSpecFor(input, opts, session.server.origins);
  let context: BrowserContext | null = null;
  let ok = false;
  // Opening a context/tab has no timeout of its own, and `newPage()` can wait forever when the
  // browser dies meanwhile: bound it by the page's deadline and by the browser's disconnect.
  const gone = whenDisconnected(browser);
  let crashed: ReturnType<typeof whenCrashed> | null = null;
  let abandoned = false;
  const extra: BrowserContext[] = [];
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
    crashed = whenCrashed(page);
    const stopped = Promise.race([gone.promise, crashed.promise]);
    stopped.catch(() => undefined);
    // The tab's cookies were cleared after the last page: the user's go in again for this one.
    if (input.kind === 'url' && opts.cookies.length) {
      await race(setCookies(page, opts.cookies, input.url!), remaining(deadline), () => new PageTimeoutError(opts.timeout, 'open-page', input.url!));
    }
    if (timings) timings.open = performance.now() - t0;
    const value = await step({ page, deadline, stopped, browser, spec, extra });
    ok = true;
    return value;
  } catch (e) {
    // Pages in flight when the browser dies fail in several ways (PAGE_CLOSED from loadPage,
    // "Target closed", a timeout): all of them are a crash, so that the page is retried.
    if (await browserGone(browser, e, deadline + CLOSE_GRACE_MS - Date.now())) {
      throw new VisegError('BROWSER_CRASHED', `the browser crashed while rendering ${input.url}: ${toErrorInfo(e).message}`);
    }
    throw e;
  } finally {
    gone.off();
    crashed?.off();
    const t1 = performance.now();
    // Closing a stuck renderer can take long: the record does not wait past the grace period.
    const closing = Promise.all([
      tabs ? tabs.release(ok, input.url) : context ? closeQuietly(context, 5000) : undefined,
      ...extra.map((c) => closeQuietly(c, 5000)),
    ]);
    await within(closing, Math.max(0, deadline + CLOSE_GRACE_MS - Date.now()));
    if (timings) timings.close = performance.now() - t1;
  }
}

/** An HTTP error status of the document is an error record (the tab is still fine). */
export function checkStatus(status: number | null, url: string): void {
  if (status !== null && status >= 400) throw new VisegError('HTTP_ERROR', `HTTP ${status} for ${url}`);
}

const isContextGone = (e: unknown): boolean => /Execution context was destroyed|navigat/i.test(e instanceof Error ? e.message : String(e));

/**
 * The snapshot of a loaded page. Navigations are held first (a page in a reload loop or a refresh
 * keeps the document it has); one that was already under way can still replace the document
 * while it is read, and then the snapshot is taken again of the new one, until the deadline.
 * Throws NAVIGATION_LOOP when no document stayed long enough to be read.
 */
async function snapshotOf(page: Page, url: string, deadline: number, timeoutMs: number, warnings: Warning[]): Promise<Capture> {
  await holdNavigations(page);
  const timeout = () => new PageTimeoutError(timeoutMs, 'snapshot', url);
  const loop = () => new VisegError('NAVIGATION_LOOP', `${url} kept navigating by itself (a reload loop or a refresh); no document stayed long enough to be read.`);
  // A reload already under way when navigations were held can leave a capture waiting on a
  // document that is gone until the deadline: that is a loop too, not a slow page.
  let navigated = false;
  const onNavigated = (f: Frame) => {
    if (f === page.mainFrame()) navigated = true;
  };
  page.on('framenavigated', onNavigated);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        return await race(capturePage(page, { requestedUrl: url }), remaining(deadline), timeout);
      } catch (e) {
        if (e instanceof PageTimeoutError && navigated) throw loop();
        if (!isContextGone(e) || page.isClosed()) throw e;
        if (attempt >= 5 || remaining(deadline) < 200) throw loop();
        if (attempt === 1) {
          warnings.push(warning('NAVIGATED_WHILE_READ', 'The page navigated while it was being read (a reload loop or a refresh); the snapshot is of the document it ended on.'));
        }
        await within(page.waitForLoadState('domcontentloaded'), Math.min(1000, remaining(deadline)));
      }
    }
  } finally {
    page.off('framenavigated', onNavigated);
  }
}

interface Rendered {
  snapshot: PageSnapshot;
  recovery?: Recovery;
  screenshot?: Buffer;
  load: number;
  snap: number;
  shot: number;
  warnings: Warning[];
}

/**
 * `source`: the input's own bytes when viseg has them (local files, stdin), the yardstick of
 * what the document held (pipeline/recover.ts).
 */
async function render(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, hooks: PageHooks, deadline: number, tabs?: TabPool, source?: Buffer):
  Promise<Rendered> {
  const r = await withTab(session, input, opts, tabs, async ({ page, stopped, browser, spec, extra }) => {
    // The load ends early enough to leave the snapshot (and screenshot) their share of the deadline.
    const reserve = Math.min(opts.timeout * 0.3, hooks.afterSnapshot ? 5000 : 2000);
    const t0 = performance.now();
    const loaded = await Promise.race([loadPage(page, input.url!, { ...loadOptionsFor(opts), endBy: deadline - reserve }), stopped]);
    const t1 = performance.now();
    const warnings = [...loaded.warnings];
    const first = await Promise.race([snapshotOf(page, input.url!, deadline, opts.timeout, warnings), stopped]);
    const recovered = await Promise.race([
      recoverContent({
        page, url: input.url!, first, deadline: deadline - (hooks.afterSnapshot ? reserve / 2 : 0),
        ...(source ? { sourceChars: sourceTextChars(source.toString('utf8')) } : {}),
        capture: (p) => snapshotOf(p, input.url!, deadline, opts.timeout, []),
        openNoScript: () => openTab(browser, { ...spec, javaScript: false }),
        settleMs: opts.settleMs, timeoutMs: opts.timeout,
      }),
      stopped,
    ]);
    if (recovered) {
      if (recovered.context) extra.push(recovered.context);
      warnings.push(recoveryWarning(recovered.recovery));
    }
    const { snapshot, truncated } = recovered?.capture ?? first;
    // The screenshot is of the page the snapshot is of.
    const shotPage = recovered?.page ?? page;
    const t2 = performance.now();
    let screenshot: Buffer | undefined;
    if (hooks.afterSnapshot) {
      try {
        screenshot = await Promise.race([race(hooks.afterSnapshot(shotPage, snapshot), remaining(deadline), () => new PageTimeoutError(opts.timeout, 'screenshot', input.url!)), stopped]);
      } catch (e) {
        if (!(e instanceof PageTimeoutError)) throw e;
        warnings.push(warning('SCREENSHOT_FAILED', 'No screenshot: the page deadline came first.'));
      }
    }
    const t3 = performance.now();
    if (loaded.navigatedAway) warnings.push(warning('NAVIGATED_AWAY', `page navigated away to ${loaded.finalUrl}`));
    for (const d of loaded.dialogs) warnings.push(warning('DIALOG_DISMISSED', `dialog dismissed: ${d}`));
    if (loaded.popupsClosed > 0) warnings.push(warning('POPUPS_CLOSED', `windows the page opened were closed: ${loaded.popupsClosed}`));
    if (truncated) warnings.push(warning('SNAPSHOT_TRUNCATED', 'snapshot truncated: too many nodes'));
    return {
      status: loaded.status, snapshot, ...(recovered ? { recovery: recovered.recovery } : {}), ...(screenshot ? { screenshot } : {}),
      load: t1 - t0, snap: t2 - t1, shot: t3 - t2, warnings,
    };
  }, undefined, deadline);
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
  // The page's hard deadline: checks, load, snapshot and screenshot end by it, closing its tab
  // at most CLOSE_GRACE_MS later.
  const deadline = Date.now() + opts.timeout;
  const label = inputLabel(input);
  // The record names the page as the user did; a local page's server URL never leaves this function.
  const url = input.kind === 'url' ? (input.url ?? null) : input.kind === 'file' ? label : (opts.baseUrl ?? null);
  const served = input.kind !== 'url' && input.url ? servedLocation(input.url, session.server.origins) : null;
  let urls: PublicUrls | null = served ? publicUrls(served, input.kind === 'file' ? label : null, opts.baseUrl) : null;
  const held = input.kind === 'file' && input.path && !input.error ? input.path : null;
  try {
    if (input.error) throw new VisegError(input.error.code, input.error.message);
    const source = held ? await checkLocalFile(session.server, held) : input.kind === 'stdin' ? input.content : undefined;
    if (input.kind === 'stdin' && input.content) checkBytes(input.content, input.input === '-' ? 'stdin' : input.input);
    if (!input.url) throw new VisegError('INPUT_NOT_FOUND', `no URL for input ${input.input}`);
    let rendered;
    try {
      rendered = await render(session, input, opts, hooks, deadline, tabs, source);
    } catch (e) {
      // a crashed browser is restarted and the page retried once, with a deadline of its own
      if (toErrorInfo(e).code !== 'BROWSER_CRASHED') throw e;
      rendered = await render(session, input, opts, hooks, Date.now() + opts.timeout, tabs, source);
      rendered.warnings.push(warning('BROWSER_RESTARTED', 'browser crashed; page retried in a restarted browser'));
    }
    let { snapshot } = rendered;
    if (served) {
      urls = publicUrls(served, input.kind === 'file' ? label : null, publicBase(served, snapshot, opts.baseUrl));
      snapshot = publicSnapshot(snapshot, urls);
      const rewrite = urls.rewrite;
      rendered.warnings = rendered.warnings.map((w) => ({ ...w, message: rewrite(w.message) }));
    }
    const a = analyzeSnapshot(snapshot, contentOptions(opts));
    const record = buildRecord(label, a, {
      url, finalUrl: snapshot.finalUrl || null, warnings: rendered.warnings, load: rendered.load, snapshot: rendered.snap,
      ...(rendered.screenshot ? { screenshot: rendered.shot } : {}), ...(rendered.recovery ? { recovery: rendered.recovery } : {}), started,
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
  } finally {
    if (held) session.server.release(held);
  }
}
