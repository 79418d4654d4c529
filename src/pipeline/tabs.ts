/**
 * A worker's browser tab, reused from page to page. A fresh context and tab per page costs a new
 * renderer process (measured: ~2.3 s of browser CPU per dev page against ~1.1 s when the tab is
 * reused). Between pages the tab goes to about:blank (the old document and its timers are gone),
 * its `window.name` is reset, and the context's cookies and the pages' storage are cleared, so a
 * page never sees what an earlier one left (test/integration/batch/isolation.test.ts). A tab is
 * dropped after an error or timeout, when the network policy changes, and every `maxUses` pages,
 * so memory stays flat.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { closeQuietly, newContext, type LoadOptions, type ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import { SNAPSHOT_INIT_SCRIPT } from '../snapshot/capture.js';

export interface TabSpec {
  viewport: { width: number; height: number };
  offline: boolean;
  allowOrigins: string[];
}

/** The tab an input is rendered in: local inputs are offline, with only the file server allowed. */
export function tabSpecFor(input: ResolvedInput, opts: ResolvedExtractOptions, serverOrigin: string): TabSpec {
  const local = input.kind !== 'url';
  return {
    viewport: { width: opts.viewportWidth, height: opts.viewportHeight },
    offline: local || opts.offline,
    allowOrigins: local ? [serverOrigin] : [],
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
  /** Origins whose storage must be cleared before the next page. */
  origins: Set<string>;
  browser: unknown;
  /** The tab's DevTools session for clearing storage, opened at the first clearing and kept. */
  cdp: CDPSession | null;
}

export class TabPool {
  private tab: Tab | null = null;

  constructor(private readonly maxUses = 50) {}

  /** A clean tab for the next page: reused when the spec and browser are the same, else new. */
  async acquire(browser: Browser, spec: TabSpec): Promise<{ context: BrowserContext; page: Page }> {
    const key = JSON.stringify(spec);
    const t = this.tab;
    if (t && t.key === key && t.browser === browser && t.uses < this.maxUses && !t.page.isClosed() && (await this.clean(t))) {
      t.uses++;
      return { context: t.context, page: t.page };
    }
    await this.close();
    const { context, page } = await openTab(browser, spec);
    this.tab = { key, context, page, uses: 1, origins: new Set(), browser, cdp: null };
    return { context, page };
  }

  /** After a page: remember what to clear (ok) or throw the tab away (failure, timeout). */
  async release(ok: boolean, visitedUrl?: string): Promise<void> {
    if (!this.tab) return;
    if (!ok) {
      await this.close();
      return;
    }
    for (const u of [visitedUrl, this.tab.page.url()]) {
      try {
        const o = u ? new URL(u).origin : 'null';
        if (o !== 'null') this.tab.origins.add(o);
      } catch {
        /* not a URL */
      }
    }
  }

  private async clean(t: Tab): Promise<boolean> {
    try {
      await t.page.goto('about:blank', { timeout: 5000 });
      // One DevTools session for the tab's life: attaching one per page costs both processes a
      // session set-up each time. It goes with the context.
      const cdp = (t.cdp ??= await t.context.newCDPSession(t.page));
      const origins = [...t.origins];
      t.origins.clear();
      await Promise.all([
        // The tab's name outlives its documents (same-site navigations keep it). Set through the
        // session rather than page.evaluate, which would first install Playwright's helper
        // script in this throwaway document.
        cdp.send('Runtime.evaluate', { expression: `window.name = ''` }),
        t.context.clearCookies(),
        ...origins.map((origin) => cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' })),
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
