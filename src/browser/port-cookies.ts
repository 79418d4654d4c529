/**
 * Whether a browser keeps cookies per port, as it keeps storage per origin. Chromium does with its
 * `EnablePortBoundCookies` feature, which viseg's own launch turns on (launch.ts); a remote browser
 * or another build may not. Without it, pages on two ports of the file server share cookies, and a
 * reused tab must go through about:blank between them (pipeline/tabs.ts).
 *
 * Found out once per browser, by doing what a page would: set a cookie on one port, look for it on
 * another.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { closeQuietly } from '../util/async.js';
import { at } from '../util/at.js';

const known = new WeakMap<Browser, Promise<boolean>>();

const PROBE_COOKIE = 'viseg_port_probe';

/** True when `browser` keeps a cookie set on `origins[0]` from a page on `origins[1]`. Cached per browser. */
export function portBoundCookies(browser: Browser, origins: readonly string[]): Promise<boolean> {
  if (origins.length < 2) return Promise.resolve(false);
  let answer = known.get(browser);
  if (!answer) {
    answer = probe(browser, at(origins, 0), at(origins, 1));
    known.set(browser, answer);
  }
  return answer;
}

async function probe(browser: Browser, a: string, b: string): Promise<boolean> {
  let context: BrowserContext | undefined;
  try {
    context = await browser.newContext();
    const page = await context.newPage();
    // Any document on the origin will do: the file server answers `/` with a plain-text 404.
    await page.goto(`${a}/`, { timeout: 5_000 });
    const here = String(await page.evaluate(`(document.cookie = '${PROBE_COOKIE}=1; path=/', document.cookie)`));
    await page.goto(`${b}/`, { timeout: 5_000 });
    const there = String(await page.evaluate('document.cookie'));
    return here.includes(`${PROBE_COOKIE}=1`) && !there.includes(PROBE_COOKIE);
  } catch {
    return false;
  } finally {
    if (context) await closeQuietly(context, 5000);
  }
}
