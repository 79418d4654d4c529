/**
 * Loading a page until it is "done": navigated, settled (DOM and network quiet), optionally
 * waited for a selector, scrolled through once (to trigger lazy content), settled again, and a
 * navigation the page started by itself followed. The steps live in navigate.ts, settle.ts and
 * scroll.ts; what the page does meanwhile is watched by tracker.ts.
 *
 * HARD DEADLINE: `loadPage` returns or throws within `timeoutMs` (or by `endBy`), even when the
 * page's JavaScript never yields (`while(true){}`): then every `page.evaluate` hangs, so the whole
 * load is raced against a timer and a {@link PageTimeoutError} (code PAGE_TIMEOUT) is thrown on
 * expiry. The page is then unusable; the CALLER must dispose of it:
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
import type { Page } from 'playwright-core';
import { popupsClosedIn } from './context.js';
import { PageTimeoutError, warning } from './errors.js';
import { MAX_SCROLL_STEPS, type LoadOptions, type LoadResult } from './load-options.js';
import { LoadRun } from './load-run.js';
import { followNavigations, navigate } from './navigate.js';
import { LOAD_INIT_SCRIPTS } from './pagescripts.js';
import { documentHeight, scrollReason, scrollThrough } from './scroll.js';
import { settle, waitForFonts, waitForSelector } from './settle.js';
import { PageTracker } from './tracker.js';

export * from './load-options.js';
export { FETCH_BODY_GRACE_MS } from './tracker.js';
export { loadableScope } from './scroll.js';
export { holdNavigations } from './navigate.js';

const MAX_FOLLOW_NAVIGATIONS = 2;
/**
 * Scroll passes of one load at most: the first, and more while the page grows at its bottom (an
 * infinite feed). The passes share the load's scroll steps (`maxScrollSteps`) and its deadline.
 */
const MAX_SCROLL_ROUNDS = 4;

const recorderInstalled = new WeakSet<Page>();

/**
 * Navigate `page` to `url` and wait until it is ready for a snapshot. See the module comment for
 * the deadline contract. Throws PageTimeoutError (PAGE_TIMEOUT), NavigationError
 * (NAVIGATION_FAILED), WaitForTimeoutError (WAIT_FOR_TIMEOUT), WaitForError (WAIT_FOR_FAILED),
 * VisegError PAGE_CLOSED.
 */
export async function loadPage(page: Page, url: string, opts: LoadOptions): Promise<LoadResult> {
  const o = { ...opts, maxScrollSteps: opts.maxScrollSteps ?? MAX_SCROLL_STEPS };
  const start = Date.now();
  const deadline = Math.min(start + o.timeoutMs, o.endBy ?? Infinity);
  const tracker = new PageTracker(page);
  const run = new LoadRun(page, url, o, deadline, tracker);
  let timer: NodeJS.Timeout | undefined;
  const expiry = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      run.aborted = true;
      reject(new PageTimeoutError(o.timeoutMs, run.phase, url));
    }, deadline - start);
  });
  const work = runLoad(run);
  // After expiry the abandoned run may still reject (e.g. when the caller closes the page).
  work.catch(() => undefined);
  try {
    return await Promise.race([work, expiry]);
  } finally {
    clearTimeout(timer);
    run.aborted = true;
    tracker.dispose();
  }
}

async function runLoad(run: LoadRun): Promise<LoadResult> {
  const { page, o, tracker, warnings, timings } = run;
  const popupsBefore = popupsClosedIn(page.context());
  if (!recorderInstalled.has(page)) {
    for (const script of LOAD_INIT_SCRIPTS) await page.addInitScript(script); // idempotent if the context has them too
    recorderInstalled.add(page);
  }

  const loadFired = await navigate(run);

  const tSettle = Date.now();
  if (o.waitFor) {
    run.phase = 'waitFor';
    await waitForSelector(run, o.waitFor);
  }
  run.phase = 'settle';
  let settled = await settle(run, o.settleMs, o.maxSettleMs);
  if (!settled) warnings.push(warning('NOT_SETTLED', `The page did not become quiet (DOM and network) within ${o.maxSettleMs} ms.`));
  run.phase = 'fonts';
  await waitForFonts(run);
  timings.settle += Date.now() - tSettle;

  const reason = await scrollReason(run);
  let scrollSteps = 0;
  for (let round = 0; reason !== null && round < MAX_SCROLL_ROUNDS && scrollSteps < o.maxScrollSteps; round++) {
    run.phase = 'scroll';
    const scrolled = await scrollThrough(run, o.maxScrollSteps - scrollSteps);
    scrollSteps += scrolled.steps;
    if (!scrolled.activity) break;
    const tAfter = Date.now();
    run.phase = 'settle';
    // Short window; shorter still for a page that never became quiet before (tickers, carousels).
    const quietAfter = Math.max(100, Math.round(o.settleMs / 2));
    const maxAfter = Math.max(200, Math.round(o.maxSettleMs / 2));
    settled = await settle(run, quietAfter, settled ? maxAfter : Math.min(maxAfter, 4 * quietAfter));
    run.phase = 'fonts';
    await waitForFonts(run);
    timings.settle += Date.now() - tAfter;
    // An infinite feed appends its next page when its end comes into view. Scrolling again while
    // the page keeps growing takes it to where it stops, or to the round and step limits, so what
    // is captured does not depend on how far the feed got during one pass on a busy machine.
    if (!scrolled.atBottom || (await documentHeight(run)) <= scrolled.height) break;
  }

  settled = await followNavigations(run, settled, MAX_FOLLOW_NAVIGATIONS, async () => {
    run.phase = 'settle';
    const quiet = await settle(run, o.settleMs, o.maxSettleMs);
    await waitForFonts(run);
    return quiet;
  });
  const stillNavigating = !!tracker.pendingNav;
  if (stillNavigating) warnings.push(warning('STILL_NAVIGATING', 'The page was still navigating when loading stopped.'));
  if (!settled && reason !== null) warnings.push(warning('NOT_SETTLED', 'The page did not become quiet after scrolling.'));

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
    scrollReason: reason,
    popupsClosed: popupsClosedIn(page.context()) - popupsBefore,
    stillNavigating,
    warnings: [...warnings],
  };
}
