/**
 * Waiting until a page is quiet: DOM mutations, requests in flight and self-navigations all
 * stopped for a while; the `--wait-for` selector; web fonts.
 */
import { race, sleep, within } from '../util/async.js';
import { PageTimeoutError, WaitForError, WaitForTimeoutError, warning } from './errors.js';
import { DEADLINE_MARGIN_MS, type LoadRun } from './load-run.js';
import { SINCE_LAST_MUTATION_EXPR } from './pagescripts.js';

const FONTS_MAX_MS = 2_000;
/**
 * The page's own clock bounds the wait: a page with no web font still loading answers `true` at
 * once however slow the renderer is to answer, so a busy machine cannot turn into a warning.
 */
const fontsReadyExpr = (ms: number): string =>
  `(document.fonts && document.fonts.ready ? Promise.race([document.fonts.ready.then(() => true), new Promise((r) => setTimeout(() => r(false), ${ms}))]) : true)`;

/**
 * Wait until DOM, network and navigations have been quiet for `quietMs`, at most `maxMs`.
 * Quiet is measured from the later of the last activity and the start of this settle, so
 * something scheduled shortly after `load` (or after scrolling) is still waited for.
 * Returns whether quiet was reached.
 */
export async function settle(run: LoadRun, quietMs: number, maxMs: number): Promise<boolean> {
  const { page, tracker } = run;
  const start = Date.now();
  const end = Math.min(start + maxMs, run.deadline - DEADLINE_MARGIN_MS);
  for (;;) {
    run.check();
    let sinceDom: number;
    try {
      // A page that keeps reloading can leave the probe waiting for a document that never stays:
      // no answer by the end of the window is activity too, not a hang until the deadline.
      const probe = page.evaluate(SINCE_LAST_MUTATION_EXPR);
      sinceDom = Number(await race(probe, Math.max(1, end - Date.now()), () => new Error('no answer')));
      if (!Number.isFinite(sinceDom)) sinceDom = 0;
    } catch {
      sinceDom = 0; // context destroyed by a navigation, or no answer: that is activity
    }
    run.check();
    const now = Date.now();
    const sinceNet = tracker.busyRequests(now) > 0 ? 0 : now - tracker.lastNetActivity;
    const sinceNav = tracker.pendingNav ? 0 : now - tracker.lastNavActivity;
    const quiet = Math.min(sinceDom, sinceNet, sinceNav, now - start);
    if (quiet >= quietMs) return true;
    if (now >= end) return false;
    // Sleep exactly until quiet could be reached (min 50 ms between polls).
    await sleep(Math.min(Math.max(quietMs - quiet, 50), end - now));
  }
}

/**
 * Wait for `document.fonts.ready`, at most 2 s of the page's time (less when the deadline is
 * near). A renderer that does not answer at all is held to the page's deadline.
 */
export async function waitForFonts(run: LoadRun): Promise<void> {
  const ms = Math.min(FONTS_MAX_MS, run.remaining());
  if (ms <= 0) return;
  let ready: unknown = true; // a navigation meanwhile destroys the context: nothing left to wait for
  const answered = await within(
    run.page.evaluate(fontsReadyExpr(ms)).then(
      (v) => (ready = v),
      () => (ready = true),
    ),
    run.remaining(),
  );
  if (!answered || ready === false) run.warnings.push(warning('FONTS_NOT_READY', `document.fonts.ready did not resolve within ${ms} ms.`));
  run.check();
}

/** How often {@link waitForSelector} looks for the selector. */
const SELECTOR_POLL_MS = 100;

/**
 * Wait for `selector` (CSS) to be in the document. Throws WaitForTimeoutError, WaitForError (an
 * invalid selector), or PageTimeoutError when the renderer stops answering (a page stuck in a
 * loop makes the selector time out too).
 *
 * It asks the page itself, once per {@link SELECTOR_POLL_MS}, rather than through Playwright's
 * `waitForSelector`, which never returns on a page that opened many windows.
 */
export async function waitForSelector(run: LoadRun, selector: string): Promise<void> {
  const t0 = Date.now();
  const end = Date.now() + Math.max(1, run.remaining() - 1100);
  const expr = `(() => { try { return !!document.querySelector(${JSON.stringify(selector)}); } catch (e) { return String(e && e.message || e); } })()`;
  for (;;) {
    run.check();
    let found: unknown = false;
    const answered = await within(
      run.page.evaluate(expr).then(
        (v) => (found = v),
        () => (found = false), // the page navigated meanwhile: look again in the new document
      ),
      Math.max(1000, end - Date.now()),
    );
    run.check();
    if (found === true) return;
    if (typeof found === 'string') throw new WaitForError(selector, found);
    if (!answered) throw new PageTimeoutError(run.o.timeoutMs, 'waitFor', run.url);
    if (Date.now() >= end) throw new WaitForTimeoutError(selector, Date.now() - t0);
    await sleep(SELECTOR_POLL_MS);
  }
}
