/**
 * The scroll pass of a load: whether a page needs one (`scroll: 'auto'`), and going through the
 * page one viewport at a time so that lazy content loads.
 */
import { contextPolicy } from './context.js';
import { warning } from './errors.js';
import type { LoadRun } from './load-run.js';
import { mountPrefixOf } from './mounts.js';
import { LAST_MUTATION_KEY, scrollReasonExpr, type LoadableScope } from './pagescripts.js';

/**
 * Where an offline page's sub-resources can load from. A page the file server serves from a mount
 * (an allowed origin, `/m/<id>/...`) is confined to that mount by the server's CSP; any other page
 * may load from the allowed origins (the offline proxy refuses the rest, loopback included).
 */
export function loadableScope(allowOrigins: readonly string[], pageUrl: string): LoadableScope {
  try {
    const u = new URL(pageUrl.replace(/^https:/, 'http:'));
    const mount = allowOrigins.includes(u.origin) ? mountPrefixOf(u.pathname) : null;
    if (mount) return { prefixes: [u.origin + mount] };
  } catch {
    /* not a URL (about:blank): the general case */
  }
  return { prefixes: allowOrigins.map((o) => o + '/') };
}

/**
 * In-page: the document's scroll height now. The pass records it at its last step and the loader
 * reads it again after settling: one expression, so that "the page grew" compares like with like.
 */
const HEIGHT_EXPR = `Math.max((document.scrollingElement || document.documentElement || {}).scrollHeight || 0, document.body ? document.body.scrollHeight : 0)`;

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
  let steps = 0, atBottom = false, height = 0;
  while (steps < ${max} && performance.now() - t0 < ${budgetMs}) {
    const before = window.scrollY;
    window.scrollBy({ top: vh, left: 0, behavior: 'instant' });
    steps++;
    await frame();
    height = ${HEIGHT_EXPR};
    atBottom = window.scrollY + vh >= height - 2;
    if (atBottom || window.scrollY === before) break;
  }
  await frame();
  await new Promise((r) => setTimeout(r, 50));
  const last = window[KEY];
  return { steps, atBottom, height, mutated: typeof last === 'number' && last >= t0 };
})()`;

/**
 * Back to the top, then one animation frame: the browser fires `scroll` events at the next frame,
 * so without it the snapshot could be taken before the page's scroll handlers saw the top (a
 * table of contents' scroll-spy would then mark a heading further down, or not, depending on timing).
 */
const SCROLL_TOP_EXPR = `new Promise((resolve) => {
  window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  const t = setTimeout(resolve, 500);
  requestAnimationFrame(() => setTimeout(() => { clearTimeout(t); resolve(); }, 0));
})`;

/** Why the page should be scrolled (`'always'`, `'IntersectionObserver'`, ...), or null. */
export async function scrollReason(run: LoadRun): Promise<string | null> {
  const { o, page } = run;
  if (o.scroll === 'never' || o.maxScrollSteps <= 0) return null;
  if (o.scroll === 'always') return 'always';
  const policy = contextPolicy(page.context());
  let reason: string | null;
  try {
    reason = (await page.evaluate(scrollReasonExpr(policy?.offline ? loadableScope(policy.allowOrigins, page.url()) : null))) as string | null;
  } catch {
    reason = 'unknown (the page navigated)';
  }
  run.check();
  return reason;
}

export interface ScrollOutcome {
  steps: number;
  /** Something changed or was requested while scrolling: worth settling again. */
  activity: boolean;
  /** The pass reached the bottom of the page. */
  atBottom: boolean;
  /** The document's height when the pass took its last step (0 when it did not run). */
  height: number;
}

/**
 * Scroll through the page, at most `maxSteps` viewport steps, and back to the top. The steps
 * taken add to the load's scroll timing.
 */
export async function scrollThrough(run: LoadRun, maxSteps: number): Promise<ScrollOutcome> {
  const { page, tracker } = run;
  const tScroll = Date.now();
  const out: ScrollOutcome = { steps: 0, activity: true, atBottom: false, height: 0 };
  const budget = Math.max(0, Math.min(5_000, run.remaining() - 1_000));
  if (budget < 100) run.warnings.push(warning('SCROLL_CUT_SHORT', 'Stopped scrolling early: the deadline is near.'));
  else {
    try {
      const r = (await page.evaluate(scrollPassExpr(maxSteps, budget))) as { steps: number; atBottom: boolean; height: number; mutated: boolean };
      out.steps = r.steps;
      out.atBottom = r.atBottom;
      out.height = r.height;
      // nothing changed and nothing was requested while scrolling: no lazy content to wait for
      out.activity = r.mutated || tracker.busyRequests() > 0 || tracker.lastNetActivity >= tScroll || !!tracker.pendingNav;
      if (!r.atBottom && r.steps >= maxSteps) run.warnings.push(warning('SCROLL_CUT_SHORT', `Stopped scrolling after ${run.o.maxScrollSteps} steps; the page may be longer.`));
    } catch {
      run.check(); // navigated away mid-scroll
    }
  }
  run.check();
  await page.evaluate(SCROLL_TOP_EXPR).catch(() => undefined);
  run.check();
  run.timings.scroll += Date.now() - tScroll;
  return out;
}

/** The document's scroll height now, or 0 when the page cannot tell (it navigated). */
export async function documentHeight(run: LoadRun): Promise<number> {
  const h = (await run.page.evaluate(HEIGHT_EXPR).catch(() => 0)) as number;
  run.check();
  return typeof h === 'number' ? h : 0;
}
