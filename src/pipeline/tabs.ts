/**
 * A worker's browser tab, reused from page to page. A fresh context and tab per page costs a new
 * renderer process, about as much browser CPU again as an ordinary page itself. A page must never
 * see what an earlier one in the tab left: cookies, storage, the tab's `window.name`, a window it
 * opened (closed with it) (test/integration/batch/isolation.test.ts).
 * Between pages, either
 * - the tab goes to about:blank, so the old document and its timers are gone, and then its name,
 *   the context's cookies and the visited origins' storage are cleared; or, cheaper,
 * - when the next page is on another origin of the file server than the old one (the server
 *   spreads local files over several ports) and the browser keeps cookies per port: the old page
 *   is retired in place ({@link RETIRE_PAGE_EXPR}) and the tab goes straight to the next page.
 *   Whatever the old page still writes lands in its own origin, which is cleared at a later
 *   change of page, once it is gone. This spares each page a navigation to about:blank and the
 *   document the renderer makes for it.
 * A tab is dropped after an error or timeout, when the network policy changes, and every
 * `maxUses` pages, so memory stays flat.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { closeQuietly, networkPolicyFor, newContext, originOf, within, type ContextOptions, type LoadOptions, type ProxySettings, type ResolvedInput } from '../browser/index.js';
import { RETIRE_PAGE_EXPR } from '../browser/pagescripts.js';
import { portBoundCookies } from '../browser/port-cookies.js';
import { clockTime, type ResolvedExtractOptions } from '../options.js';
import { SNAPSHOT_INIT_SCRIPT } from '../snapshot/capture.js';

/** The context a tab is made with (`javaScript: false` for a recovery render, pipeline/recover.ts). */
export type TabSpec = Omit<ContextOptions, 'deviceScaleFactor'> & Required<Pick<ContextOptions, 'viewport' | 'offline' | 'allowOrigins'>>;

/** `--proxy http://user:pass@host:port` as Playwright takes it. */
export function proxySettings(proxy: string): ProxySettings {
  const u = new URL(proxy);
  return {
    server: `${u.protocol}//${u.host}`,
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
  };
}

/**
 * The tab an input is rendered in: local inputs are offline, with only the file server allowed;
 * URL inputs never reach the file server, and with `--offline` reach only their own origin. The
 * network options (headers, proxy, blocked requests) are for URL inputs: a local page gets none
 * of them, and its confinement does not depend on them. The User-Agent and the clock are every
 * page's.
 */
export function tabSpecFor(input: ResolvedInput, opts: ResolvedExtractOptions, serverOrigins: readonly string[]): TabSpec {
  const url = input.kind === 'url';
  return {
    viewport: opts.viewport,
    ...networkPolicyFor(input, { offline: opts.offline, serverOrigins, block: opts.block }),
    ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    ...(opts.clock ? { clock: clockTime(opts.clock) } : {}),
    ...(url && Object.keys(opts.headers).length ? { headers: opts.headers } : {}),
    ...(url && opts.proxy && !opts.offline ? { proxy: proxySettings(opts.proxy) } : {}),
  };
}

/** The `loadPage` options of the extract options. */
export function loadOptionsFor(opts: ResolvedExtractOptions): LoadOptions {
  return { timeoutMs: opts.timeout, settleMs: opts.settleMs, maxSettleMs: opts.maxSettleMs, waitFor: opts.waitFor, scroll: opts.scroll };
}

/**
 * A new context made to `spec` and a tab in it; the context is closed if the tab cannot open.
 * Its documents get the snapshot function at their start ({@link SNAPSHOT_INIT_SCRIPT}).
 */
export async function openTab(browser: Browser, spec: TabSpec): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, spec);
  try {
    await context.addInitScript(SNAPSHOT_INIT_SCRIPT);
    return { context, page: await context.newPage() };
  } catch (e) {
    await closeQuietly(context, 5000);
    throw e;
  }
}

interface Tab {
  key: string;
  context: BrowserContext;
  page: Page;
  uses: number;
  /** Origins whose storage must be cleared before a page on them. */
  origins: Set<string>;
  /** Origins of the document still open in the tab (what the last page visited). */
  open: Set<string>;
  browser: Browser;
  /** The tab's DevTools session for clearing storage, opened at the first clearing and kept. */
  cdp: CDPSession | null;
}

const RETIRE_TIMEOUT_MS = 2000;

/** How a reused tab went from page to page: straight to the next page, or through about:blank. */
export interface TabChanges {
  direct: number;
  blank: number;
}

export class TabPool {
  private tab: Tab | null = null;
  /** The last `release`, which a caller may have stopped waiting for: the next `acquire` waits. */
  private releasing: Promise<void> = Promise.resolve();
  readonly changes: TabChanges = { direct: 0, blank: 0 };

  constructor(private readonly maxUses = 50) {}

  /**
   * A clean tab for the next page: reused when the spec and browser are the same, else new.
   * `url`, the page about to be loaded, lets a reused tab skip about:blank when it is safe.
   */
  async acquire(browser: Browser, spec: TabSpec, url?: string): Promise<{ context: BrowserContext; page: Page }> {
    await this.releasing;
    const key = JSON.stringify(spec);
    const t = this.tab;
    if (t && t.key === key && t.browser === browser && t.uses < this.maxUses && !t.page.isClosed() && (await this.clean(t, spec, url))) {
      t.uses++;
      return { context: t.context, page: t.page };
    }
    await this.close();
    const { context, page } = await openTab(browser, spec);
    this.tab = { key, context, page, uses: 1, origins: new Set(), open: new Set(), browser, cdp: null };
    return { context, page };
  }

  /** After a page: remember what to clear (ok) or throw the tab away (failure, timeout). */
  release(ok: boolean, visitedUrl?: string): Promise<void> {
    this.releasing = this.releaseNow(ok, visitedUrl).catch(() => undefined);
    return this.releasing;
  }

  private async releaseNow(ok: boolean, visitedUrl?: string): Promise<void> {
    if (!this.tab) return;
    if (!ok) {
      await this.close();
      return;
    }
    // A window the page opened (`window.open`) would live on in the context, writing to its
    // origin's storage and cookies while later pages load: close it with the page.
    for (const p of this.tab.context.pages()) {
      if (p !== this.tab.page && !(await closeQuietly(p, 2000))) {
        await this.close();
        return;
      }
    }
    this.tab.open.clear();
    for (const u of [visitedUrl, this.tab.page.url()]) {
      const o = u ? originOf(u) : undefined;
      if (o) {
        this.tab.origins.add(o);
        this.tab.open.add(o);
      }
    }
  }

  /** Whether the tab may go straight from its open page to `url` (see the module comment). */
  private async direct(t: Tab, spec: TabSpec, url: string | undefined): Promise<boolean> {
    const next = url ? originOf(url) : undefined;
    if (!next || !spec.offline || !spec.allowOrigins.includes(next) || t.open.size === 0 || t.open.has(next)) return false;
    for (const o of t.open) if (!spec.allowOrigins.includes(o)) return false;
    return portBoundCookies(t.browser, spec.allowOrigins);
  }

  private async clean(t: Tab, spec: TabSpec, url: string | undefined): Promise<boolean> {
    try {
      // One DevTools session for the tab's life: attaching one per page costs both processes a
      // session set-up each time. It goes with the context.
      const cdp = (t.cdp ??= await t.context.newCDPSession(t.page));
      const direct = await this.direct(t, spec, url);
      let keep: Set<string>;
      if (direct) {
        let retired = false;
        const answered = await within(
          cdp.send('Runtime.evaluate', { expression: RETIRE_PAGE_EXPR, returnByValue: true }).then((r) => (retired = r.result?.value === true)),
          RETIRE_TIMEOUT_MS,
        );
        if (!answered || !retired) return false; // a page stuck in a loop: drop the tab
        keep = t.open; // still open: cleared at a later change of page
      } else {
        await t.page.goto('about:blank', { timeout: 5000 });
        keep = new Set();
      }
      this.changes[direct ? 'direct' : 'blank']++;
      const clear = [...t.origins].filter((o) => !keep.has(o));
      t.origins = new Set([...t.origins].filter((o) => keep.has(o)));
      t.open = new Set();
      await Promise.all([
        // The tab's name outlives its documents (same-site navigations keep it). Set through the
        // session rather than page.evaluate, which would first install Playwright's helper
        // script in this throwaway document. (RETIRE_PAGE_EXPR has emptied it already.)
        direct ? undefined : cdp.send('Runtime.evaluate', { expression: `window.name = ''` }),
        t.context.clearCookies(),
        ...clear.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
      ]);
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    const t = this.tab;
    this.tab = null;
    if (t) await closeQuietly(t.context, 5000);
  }
}
