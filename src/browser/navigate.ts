/**
 * The navigation steps of a load: going to the URL (under the context's navigation guard) until
 * the load event, and following a navigation the page started by itself.
 */
import type { Page } from 'playwright-core';
import { within } from '../util/async.js';
import { withoutFragment } from '../util/url.js';
import { contextPolicy, networkPolicyOf } from './context.js';
import { NavigationError, PageTimeoutError, warning } from './errors.js';
import { firstLine, type LoadRun } from './load-run.js';
import { mountPrefixOf } from './mounts.js';
import { guardNavigations, needsGuard, originOf, type NavigationGuard } from './network.js';
import { playwright } from './playwright.js';
import { workerClockReady } from './worker-clock.js';

const guards = new WeakMap<Page, Promise<NavigationGuard>>();

/** The page's navigation guard, installed on first use (null for a page of a context viseg did not make). */
function guardOf(page: Page): Promise<NavigationGuard> | null {
  const policy = contextPolicy(page.context());
  if (!policy) return null;
  let g = guards.get(page);
  if (!g) {
    g = guardNavigations(page, policy, networkPolicyOf(page.context()));
    guards.set(page, g);
  }
  return g;
}

/** Set the page's guard up for loading `url`: its scope, and navigations no longer held. */
async function guardFor(page: Page, url: string): Promise<void> {
  const policy = contextPolicy(page.context());
  if (!policy || (!needsGuard(policy) && !guards.has(page))) return;
  const guard = await guardOf(page)!;
  // A local page's documents stay in its own mount, on whichever port of the file server.
  const origin = originOf(url);
  guard.scope = policy.offline && origin && policy.allowOrigins.includes(origin) ? mountPrefixOf(new URL(url).pathname) : null;
  guard.held = false;
}

/**
 * From now until the next `loadPage`, the page may not load another document: a reload loop or a
 * refresh keeps the document it has while it is read. Resolves false for a page of a context viseg
 * did not make (nothing to hold with).
 */
export async function holdNavigations(page: Page): Promise<boolean> {
  const g = guardOf(page);
  if (!g) return false;
  (await g).held = true;
  return true;
}

/** Navigate and wait for the load event (within its share of the budget). Returns whether it fired. */
export async function navigate(run: LoadRun): Promise<boolean> {
  const { page, url, o, tracker, warnings } = run;
  const t0 = Date.now();
  run.phase = 'navigate';
  await guardFor(page, url);
  // before the page's first document can start a worker (bounded; without it workers keep the real clock)
  await workerClockReady(page);
  let status: number | null = null;
  tracker.gotoPending = true;
  try {
    const resp = await page.goto(url, { waitUntil: 'commit', timeout: Math.max(1, run.remaining()) });
    status = resp?.status() ?? null;
  } catch (e) {
    run.check();
    if (e instanceof playwright().errors.TimeoutError) throw new PageTimeoutError(o.timeoutMs, 'navigate', url);
    const msg = firstLine(e);
    if (/interrupted by another navigation/i.test(msg)) {
      warnings.push(warning('NAVIGATION_INTERRUPTED', `Navigation was interrupted by another navigation: ${msg}`));
      tracker.navigatedAway = true;
    } else {
      const blocked = networkPolicyOf(page.context())?.blocked.some((b) => withoutFragment(b) === withoutFragment(url));
      const why = blocked ? 'blocked by the offline network policy' : msg;
      throw new NavigationError(url, `Could not load ${url}: ${why}`, { cause: e });
    }
  } finally {
    tracker.gotoPending = false;
  }
  run.check();
  tracker.initialUrl = tracker.navigatedAway ? url : page.url();
  tracker.mainStatus ??= status;

  // Wait for `load`, but keep time for settling: at most half the budget, and leave
  // min(30% of the budget, maxSettleMs + 2 s) for what follows.
  const budget = run.deadline - run.started;
  const reserve = Math.min(budget * 0.3, o.maxSettleMs + 2000);
  const loadBudget = Math.max(0, Math.min(budget * 0.5, run.remaining() - reserve));
  let loadFired = true;
  try {
    await page.waitForLoadState('load', { timeout: Math.max(1, loadBudget) });
  } catch (e) {
    run.check();
    if (!(e instanceof playwright().errors.TimeoutError)) throw e;
    loadFired = false;
    warnings.push(warning('LOAD_EVENT_MISSING', `The load event did not fire within ${Math.round(loadBudget)} ms; continuing with the DOM as it is.`));
  }
  run.check();
  run.timings.navigate = Date.now() - t0;
  return loadFired;
}

/**
 * Wait for the load event of a navigation the page started by itself (a redirect by script, a
 * meta refresh), then let `settleAgain` settle the new document. At most `max` in a row.
 * Returns the last settle's outcome, or `settled` when there was nothing to follow.
 */
export async function followNavigations(run: LoadRun, settled: boolean, max: number, settleAgain: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < max && run.tracker.pendingNav && run.remaining() > 500; i++) {
    const t0 = Date.now();
    run.phase = 'follow-navigation';
    await within(run.page.waitForLoadState('load', { timeout: Math.max(1, run.remaining() - 500) }), run.remaining());
    run.check();
    settled = await settleAgain();
    run.timings.settle += Date.now() - t0;
  }
  return settled;
}
