/**
 * Loading a page until it is "done": navigated, settled (DOM and network quiet), optionally
 * waited for a selector, scrolled through once (to trigger lazy content), settled again.
 *
 * HARD DEADLINE: `loadPage` returns or throws within `timeoutMs`, even when the page's JavaScript
 * never yields (`while(true){}`): then every `page.evaluate` hangs, so the whole load is raced
 * against a timer and a {@link PageTimeoutError} (code PAGE_TIMEOUT) is thrown on expiry. The
 * page is then unusable; the CALLER must dispose of it:
 *
 *   // page.close({runBeforeUnload: false}) may itself hang on a busy renderer, so race it
 *   // with a timer and fall back to closing the whole context:
 *   if (!(await closeQuietly(page, 2000))) await closeQuietly(page.context(), 5000);
 *
 * Other pages/contexts of the same browser stay usable (each context has its own renderer).
 *
 * Settle detection needs the DOM mutation recorder, error loops the guard, and `scroll: 'auto'`
 * the scroll-hook counter (see pagescripts.ts). `loadPage` installs all three with
 * `page.addInitScript` (once per page); contexts made by `newContext` already have them.
 */
import {
  errors,
  type Browser,
  type BrowserContext,
  type Dialog,
  type Frame,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { contextPolicy, networkPolicyOf } from './context.js';
import { guardNavigations } from './network.js';
import { NavigationError, PageTimeoutError, VisegError, WaitForError, WaitForTimeoutError, warning, type Warning } from './errors.js';
import { LAST_MUTATION_KEY, LOAD_INIT_SCRIPTS, scrollReasonExpr, SINCE_LAST_MUTATION_EXPR, type LoadableScope } from './pagescripts.js';
import { mountPrefixOf } from './server.js';

/** Resolved options (their defaults are in src/options.ts, the `--timeout`... options). */
export interface LoadOptions {
  /** Hard deadline for the whole load. */
  timeoutMs: number;
  /** DOM and network must both be quiet this long. */
  settleMs: number;
  /** Give up waiting for quiet after this long (the page is used as it is). */
  maxSettleMs: number;
  /** CSS selector that must be attached to the DOM before settling (`--wait-for`). */
  waitFor?: string;
  /**
   * Scroll through the page once to trigger lazy loading: `'auto'` only when something in the
   * page reacts to scrolling (IntersectionObserver, scroll listeners, `loading="lazy"`),
   * `'always'`, `'never'`.
   */
  scroll: ScrollMode;
  /** At most this many viewport-height scroll steps. Default {@link MAX_SCROLL_STEPS}. */
  maxScrollSteps?: number;
}

export type ScrollMode = 'auto' | 'always' | 'never';

/** Viewport-height scroll steps of the scroll pass, unless `maxScrollSteps` says otherwise. */
export const MAX_SCROLL_STEPS = 30;

export interface LoadTimings {
  /** ms from goto until the load event (or until we stopped waiting for it). */
  navigate: number;
  /** ms spent waiting for the selector, settling and waiting for fonts. */
  settle: number;
  /** ms spent scrolling (including the pauses per step). */
  scroll: number;
}

export interface LoadResult {
  /** `page.url()` at the end (after redirects and self-navigations). */
  finalUrl: string;
  /** HTTP status of the main document shown at the end (null for data:/about: or no response). */
  status: number | null;
  timings: LoadTimings;
  /** The page replaced itself with another document at a different URL (JS/meta refresh). */
  navigatedAway: boolean;
  /** Cross-document navigations the page made by itself after the initial one (reloads included). */
  navigations: number;
  /** Dialogs dismissed, as `type: message` (e.g. `alert: hello`). At most 50 kept. */
  dialogs: string[];
  /** Whether the load event fired (false: we continued with the DOM as it was). */
  loadFired: boolean;
  /** Whether the last settle reached quiet (false: `maxSettleMs` or the deadline cut it short). */
  settled: boolean;
  /** Scroll steps taken. */
  scrollSteps: number;
  /** Why the page was scrolled (`'always'`, `'IntersectionObserver'`, ...), or null when it was not. */
  scrollReason: string | null;
  /** Non-fatal oddities worth reporting. */
  warnings: Warning[];
}

const MAX_DIALOGS = 50;
/** Every inner wait ends this long before the deadline, so a slow-but-alive page returns a result. */
const DEADLINE_MARGIN_MS = 250;
const FONTS_MAX_MS = 2_000;
const MAX_FOLLOW_NAVIGATIONS = 2;
/**
 * A fetch() whose body has not finished loading this long after its response arrived no longer
 * counts as in flight: Chromium never reports a body the page does not read as finished
 * (`if (!res.ok) return`), while a body the page reads finishes on its own.
 */
export const FETCH_BODY_GRACE_MS = 1_000;

/**
 * Where an offline page's sub-resources can load from. A page the file server serves from a mount
 * (an allowed origin, `/m/<n>/...`) is confined to that mount by the server's CSP; any other page
 * may load from the allowed origins and loopback (the offline proxy lets loopback through).
 */
export function loadableScope(allowOrigins: readonly string[], pageUrl: string): LoadableScope {
  try {
    const u = new URL(pageUrl.replace(/^https:/, 'http:'));
    const mount = allowOrigins.includes(u.origin) ? mountPrefixOf(u.pathname) : null;
    if (mount) return { prefixes: [u.origin + mount], loopback: false };
  } catch {
    /* not a URL (about:blank): the general case */
  }
  return { prefixes: allowOrigins.map((o) => o + '/'), loopback: true };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** Resolves to `true` if `p` settles in time (fulfilled or rejected), `false` on timeout. Never rejects. */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const guarded = p.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([guarded, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), Math.max(0, ms))))]);
  clearTimeout(timer);
  return result;
}

/**
 * Close a page, context or browser, but give up after `ms`. Never throws.
 * Returns true when the close finished in time. A page is closed without running beforeunload.
 */
export async function closeQuietly(target: Page | BrowserContext | Browser, ms: number): Promise<boolean> {
  let p: Promise<unknown>;
  try {
    p = 'mainFrame' in target ? target.close({ runBeforeUnload: false }) : target.close();
  } catch {
    return false;
  }
  let ok = false;
  const done = p.then(
    () => (ok = true),
    () => (ok = true), // already closed / target gone counts as closed
  );
  await within(done, ms);
  return ok;
}

function stripHash(u: string): string {
  const i = u.indexOf('#');
  return i >= 0 ? u.slice(0, i) : u;
}

function firstLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return (m.split('\n')[0] ?? m).replace(/^\w+\.\w+: /, '');
}

class Aborted extends Error {}

/** Listens to one page for the duration of a load: requests in flight, dialogs, self-navigations. */
class PageTracker {
  readonly inflight = new Set<Request>();
  /** When the response of each fetch() still in `inflight` arrived. */
  private readonly answeredAt = new Map<Request, number>();
  lastNetActivity = Date.now();
  lastNavActivity = 0;
  readonly dialogs: string[] = [];
  readonly warnings: Warning[] = [];
  gotoPending = false;
  private initialNavSeen = false;
  /** A page-initiated main-frame navigation request is under way (not yet committed or failed). */
  pendingNav: Request | null = null;
  /** Page-initiated main-frame navigations that committed. */
  navCommits = 0;
  navigatedAway = false;
  initialUrl: string | undefined;
  mainStatus: number | null = null;
  private readonly offs: Array<() => void> = [];

  constructor(private readonly page: Page) {
    const onRequest = (req: Request) => this.onRequest(req);
    const onFinished = (req: Request) => this.onRequestDone(req, null);
    const onFailed = (req: Request) => this.onRequestDone(req, req.failure()?.errorText ?? 'failed');
    const onResponse = (resp: Response) => {
      const req = resp.request();
      if (this.isMainNav(req)) this.mainStatus = resp.status();
      if (req.resourceType() === 'fetch' && this.inflight.has(req)) {
        this.lastNetActivity = Date.now();
        this.answeredAt.set(req, this.lastNetActivity);
      }
    };
    const onFrameNavigated = (frame: Frame) => this.onFrameNavigated(frame);
    const onDialog = (d: Dialog) => {
      if (this.dialogs.length < MAX_DIALOGS) this.dialogs.push(`${d.type()}: ${d.message()}`);
      d.dismiss().catch(() => undefined);
    };
    page.on('request', onRequest);
    page.on('requestfinished', onFinished);
    page.on('requestfailed', onFailed);
    page.on('response', onResponse);
    page.on('framenavigated', onFrameNavigated);
    page.on('dialog', onDialog);
    this.offs.push(
      () => page.off('request', onRequest),
      () => page.off('requestfinished', onFinished),
      () => page.off('requestfailed', onFailed),
      () => page.off('response', onResponse),
      () => page.off('framenavigated', onFrameNavigated),
      () => page.off('dialog', onDialog),
    );
  }

  private isMainNav(req: Request): boolean {
    try {
      return req.isNavigationRequest() && req.frame() === this.page.mainFrame();
    } catch {
      return false; // service-worker requests have no frame
    }
  }

  private onRequest(req: Request): void {
    const type = req.resourceType();
    if (type !== 'websocket' && type !== 'eventsource') {
      this.inflight.add(req);
      this.lastNetActivity = Date.now();
    }
    if (this.isMainNav(req) && !req.redirectedFrom()) {
      if (this.gotoPending && !this.initialNavSeen) {
        this.initialNavSeen = true;
      } else {
        this.pendingNav = req;
        this.lastNavActivity = Date.now();
      }
    }
  }

  private onRequestDone(req: Request, failure: string | null): void {
    this.answeredAt.delete(req);
    if (this.inflight.delete(req)) this.lastNetActivity = Date.now();
    if (failure !== null && this.pendingNav && (req === this.pendingNav || this.chainStart(req) === this.pendingNav)) {
      this.warnings.push(warning('NAVIGATION_BLOCKED', `The page tried to navigate to ${req.url()} (${failure}); stayed on the current document.`));
      this.pendingNav = null;
      this.lastNavActivity = Date.now();
    }
  }

  private chainStart(req: Request): Request {
    let r = req;
    for (let f = r.redirectedFrom(); f; f = r.redirectedFrom()) r = f;
    return r;
  }

  private onFrameNavigated(frame: Frame): void {
    if (frame !== this.page.mainFrame() || !this.pendingNav) return;
    this.pendingNav = null;
    this.navCommits++;
    this.lastNavActivity = Date.now();
    if (this.initialUrl !== undefined && stripHash(frame.url()) !== stripHash(this.initialUrl)) this.navigatedAway = true;
  }

  /**
   * Requests in flight: long-lived websocket/eventsource excluded, and a fetch() whose body is
   * still unfinished {@link FETCH_BODY_GRACE_MS} after its response arrived.
   */
  busyRequests(now = Date.now()): number {
    let n = this.inflight.size;
    for (const t of this.answeredAt.values()) if (now - t >= FETCH_BODY_GRACE_MS) n--;
    return n;
  }

  dispose(): void {
    for (const off of this.offs) off();
    this.offs.length = 0;
  }
}

const recorderInstalled = new WeakSet<Page>();
const guarded = new WeakSet<Page>();

/**
 * In-page: scroll down one viewport height at a time, one animation frame per step (enough for
 * IntersectionObserver-driven lazy loading to fire), up to `max` steps or the bottom. One round
 * trip for the whole pass; what the steps triggered is waited for by the settle that follows.
 */
const scrollPassExpr = (max: number, budgetMs: number): string => `(async () => {
  const se = document.scrollingElement || document.documentElement;
  const vh = window.innerHeight || (se && se.clientHeight) || 768;
  const frame = () => new Promise((resolve) => { const t = setTimeout(resolve, 50); requestAnimationFrame(() => { clearTimeout(t); resolve(); }); });
  const KEY = ${JSON.stringify(LAST_MUTATION_KEY)};
  const t0 = performance.now();
  let steps = 0, atBottom = false;
  while (steps < ${max} && performance.now() - t0 < ${budgetMs}) {
    const before = window.scrollY;
    window.scrollBy({ top: vh, left: 0, behavior: 'instant' });
    steps++;
    await frame();
    const height = Math.max(se ? se.scrollHeight : 0, document.body ? document.body.scrollHeight : 0);
    atBottom = window.scrollY + vh >= height - 2;
    if (atBottom || window.scrollY === before) break;
  }
  await frame();
  await new Promise((r) => setTimeout(r, 50));
  const last = window[KEY];
  return { steps, atBottom, mutated: typeof last === 'number' && last >= t0 };
})()`;

const SCROLL_TOP_EXPR = `window.scrollTo({ top: 0, left: 0, behavior: 'instant' })`;
const FONTS_READY_EXPR = `(document.fonts && document.fonts.ready ? document.fonts.ready.then(() => true) : true)`;

/**
 * Navigate `page` to `url` and wait until it is ready for a snapshot. See the module comment for
 * the deadline contract. Throws PageTimeoutError (PAGE_TIMEOUT), NavigationError
 * (NAVIGATION_FAILED), WaitForTimeoutError (WAIT_FOR_TIMEOUT), WaitForError (WAIT_FOR_FAILED),
 * VisegError PAGE_CLOSED.
 */
export async function loadPage(page: Page, url: string, opts: LoadOptions): Promise<LoadResult> {
  const o = { ...opts, maxScrollSteps: opts.maxScrollSteps ?? MAX_SCROLL_STEPS };
  const ctl = { aborted: false, phase: 'navigate' };
  const tracker = new PageTracker(page);
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctl.aborted = true;
      reject(new PageTimeoutError(o.timeoutMs, ctl.phase, url));
    }, o.timeoutMs);
  });
  const work = runLoad(page, url, o, Date.now() + o.timeoutMs, tracker, ctl);
  // After expiry the abandoned run may still reject (e.g. when the caller closes the page).
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
    ctl.aborted = true;
    tracker.dispose();
  }
}

async function runLoad(
  page: Page,
  url: string,
  o: Required<Omit<LoadOptions, 'waitFor' | 'scroll'>> & { waitFor?: string; scroll: ScrollMode },
  deadline: number,
  tracker: PageTracker,
  ctl: { aborted: boolean; phase: string },
): Promise<LoadResult> {
  const t0 = Date.now();
  const remaining = () => deadline - Date.now() - DEADLINE_MARGIN_MS;
  const check = () => {
    if (ctl.aborted) throw new Aborted();
    if (page.isClosed()) throw new VisegError('PAGE_CLOSED', `The page was closed while loading ${url}.`);
  };
  const timings: LoadTimings = { navigate: 0, settle: 0, scroll: 0 };
  const warnings = tracker.warnings;

  if (!recorderInstalled.has(page)) {
    for (const script of LOAD_INIT_SCRIPTS) await page.addInitScript(script); // idempotent if the context has them too
    recorderInstalled.add(page);
  }

  // ---- navigate ----
  ctl.phase = 'navigate';
  const policy = contextPolicy(page.context());
  if (policy && !guarded.has(page)) {
    guarded.add(page);
    await guardNavigations(page, policy, networkPolicyOf(page.context()));
  }
  let status: number | null = null;
  tracker.gotoPending = true;
  try {
    const resp = await page.goto(url, { waitUntil: 'commit', timeout: Math.max(1, remaining()) });
    status = resp?.status() ?? null;
  } catch (e) {
    check();
    if (e instanceof errors.TimeoutError) throw new PageTimeoutError(o.timeoutMs, 'navigate', url);
    const msg = firstLine(e);
    if (/interrupted by another navigation/i.test(msg)) {
      warnings.push(warning('NAVIGATION_INTERRUPTED', `Navigation was interrupted by another navigation: ${msg}`));
      tracker.navigatedAway = true;
    } else {
      const policy = networkPolicyOf(page.context());
      const blocked = policy?.blocked.some((b) => stripHash(b) === stripHash(url));
      const why = blocked ? 'blocked by the offline network policy' : msg;
      throw new NavigationError(url, `Could not load ${url}: ${why}`, { cause: e });
    }
  } finally {
    tracker.gotoPending = false;
  }
  check();
  tracker.initialUrl = tracker.navigatedAway ? url : page.url();
  tracker.mainStatus ??= status;

  // Wait for `load`, but keep time for settling: at most half the budget, and leave
  // min(30% of timeoutMs, maxSettleMs + 2 s) for what follows.
  const reserve = Math.min(o.timeoutMs * 0.3, o.maxSettleMs + 2000);
  const loadBudget = Math.max(0, Math.min(o.timeoutMs * 0.5, remaining() - reserve));
  let loadFired = true;
  try {
    await page.waitForLoadState('load', { timeout: Math.max(1, loadBudget) });
  } catch (e) {
    check();
    if (!(e instanceof errors.TimeoutError)) throw e;
    loadFired = false;
    warnings.push(warning('LOAD_EVENT_MISSING', `The load event did not fire within ${Math.round(loadBudget)} ms; continuing with the DOM as it is.`));
  }
  check();
  timings.navigate = Date.now() - t0;

  // ---- settle ----
  // Quiet is measured from the later of the last activity and the start of this settle, so
  // something scheduled shortly after `load` (or after scrolling) is still waited for.
  const settle = async (quietMs: number, maxMs: number): Promise<boolean> => {
    const start = Date.now();
    const end = Math.min(start + maxMs, deadline - DEADLINE_MARGIN_MS);
    for (;;) {
      check();
      let sinceDom: number;
      try {
        sinceDom = Number(await page.evaluate(SINCE_LAST_MUTATION_EXPR));
        if (!Number.isFinite(sinceDom)) sinceDom = 0;
      } catch {
        sinceDom = 0; // context destroyed by a navigation: that is activity
      }
      check();
      const now = Date.now();
      const sinceNet = tracker.busyRequests(now) > 0 ? 0 : now - tracker.lastNetActivity;
      const sinceNav = tracker.pendingNav ? 0 : now - tracker.lastNavActivity;
      const quiet = Math.min(sinceDom, sinceNet, sinceNav, now - start);
      if (quiet >= quietMs) return true;
      if (now >= end) return false;
      // Sleep exactly until quiet could be reached (min 50 ms between polls).
      await sleep(Math.min(Math.max(quietMs - quiet, 50), end - now));
    }
  };
  const fonts = async () => {
    const ms = Math.min(FONTS_MAX_MS, remaining());
    if (ms <= 0) return;
    if (!(await within(page.evaluate(FONTS_READY_EXPR), ms))) warnings.push(warning('FONTS_NOT_READY', `document.fonts.ready did not resolve within ${ms} ms.`));
    check();
  };

  const tSettle = Date.now();
  if (o.waitFor) {
    ctl.phase = 'waitFor';
    const budget = Math.max(1, remaining() - 300);
    try {
      await page.waitForSelector(o.waitFor, { state: 'attached', timeout: budget });
    } catch (e) {
      check();
      if (e instanceof errors.TimeoutError) {
        // A renderer stuck in a loop also makes waitForSelector time out: tell the two apart.
        const alive = await within(page.evaluate('1'), 250);
        check();
        if (!alive) throw new PageTimeoutError(o.timeoutMs, 'waitFor', url);
        throw new WaitForTimeoutError(o.waitFor, Date.now() - tSettle);
      }
      throw new WaitForError(o.waitFor, firstLine(e), { cause: e });
    }
    check();
  }

  ctl.phase = 'settle';
  let settled = await settle(o.settleMs, o.maxSettleMs);
  if (!settled) warnings.push(warning('NOT_SETTLED', `The page did not become quiet (DOM and network) within ${o.maxSettleMs} ms.`));
  ctl.phase = 'fonts';
  await fonts();
  timings.settle += Date.now() - tSettle;

  // ---- scroll ----
  let scrollSteps = 0;
  let scrollReason: string | null = null;
  if (o.scroll !== 'never' && o.maxScrollSteps > 0) {
    if (o.scroll === 'always') scrollReason = 'always';
    else {
      try {
        scrollReason = (await page.evaluate(scrollReasonExpr(policy?.offline ? loadableScope(policy.allowOrigins, page.url()) : null))) as string | null;
      } catch {
        scrollReason = 'unknown (the page navigated)';
      }
      check();
    }
  }
  if (scrollReason !== null) {
    ctl.phase = 'scroll';
    const tScroll = Date.now();
    let activity = true;
    const budget = Math.max(0, Math.min(5_000, remaining() - 1_000));
    if (budget < 100) warnings.push(warning('SCROLL_CUT_SHORT', 'Stopped scrolling early: the deadline is near.'));
    else {
      try {
        const r = (await page.evaluate(scrollPassExpr(o.maxScrollSteps, budget))) as { steps: number; atBottom: boolean; mutated: boolean };
        scrollSteps = r.steps;
        // nothing changed and nothing was requested while scrolling: no lazy content to wait for
        activity = r.mutated || tracker.busyRequests() > 0 || tracker.lastNetActivity >= tScroll || !!tracker.pendingNav;
        if (!r.atBottom && r.steps >= o.maxScrollSteps) warnings.push(warning('SCROLL_CUT_SHORT', `Stopped scrolling after ${o.maxScrollSteps} steps; the page may be longer.`));
      } catch {
        check(); // navigated away mid-scroll
      }
    }
    check();
    await page.evaluate(SCROLL_TOP_EXPR).catch(() => undefined);
    check();
    timings.scroll = Date.now() - tScroll;

    const tAfter = Date.now();
    if (activity) {
      ctl.phase = 'settle';
      // Short window; shorter still for a page that never became quiet before (tickers, carousels).
      const quietAfter = Math.max(100, Math.round(o.settleMs / 2));
      const maxAfter = Math.max(200, Math.round(o.maxSettleMs / 2));
      settled = await settle(quietAfter, settled ? maxAfter : Math.min(maxAfter, 4 * quietAfter));
      ctl.phase = 'fonts';
      await fonts();
    }
    timings.settle += Date.now() - tAfter;
  }

  // ---- follow a self-navigation that is still under way ----
  for (let i = 0; i < MAX_FOLLOW_NAVIGATIONS && tracker.pendingNav && remaining() > 500; i++) {
    const tFollow = Date.now();
    ctl.phase = 'follow-navigation';
    await within(page.waitForLoadState('load', { timeout: Math.max(1, remaining() - 500) }), remaining());
    check();
    ctl.phase = 'settle';
    settled = await settle(o.settleMs, o.maxSettleMs);
    await fonts();
    timings.settle += Date.now() - tFollow;
  }
  if (tracker.pendingNav) warnings.push(warning('STILL_NAVIGATING', 'The page was still navigating when loading stopped.'));
  if (!settled && scrollReason !== null) warnings.push(warning('NOT_SETTLED', 'The page did not become quiet after scrolling.'));

  return {
    finalUrl: page.url(),
    status: tracker.mainStatus,
    timings,
    navigatedAway: tracker.navigatedAway,
    navigations: tracker.navCommits,
    dialogs: [...tracker.dialogs],
    loadFired,
    settled,
    scrollSteps,
    scrollReason,
    warnings: [...warnings],
  };
}
