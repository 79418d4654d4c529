/**
 * What `loadPage` takes and returns. Types and constants only, so that the loader's parts and
 * callers can name them without pulling in the loader.
 */
import type { ScrollMode } from '../options.js';
import type { Warning } from './errors.js';

export type { ScrollMode };

/** Resolved options (their defaults are in src/options.ts, the `--timeout`... options). */
export interface LoadOptions {
  /** Hard deadline for the whole load. */
  timeoutMs: number;
  /**
   * End the load by this time (`Date.now()` scale) even when `timeoutMs` would allow longer: the
   * caller keeps the rest of its page deadline for the snapshot. A load cut short by it still
   * reports `timeoutMs` in its PAGE_TIMEOUT message.
   */
  endBy?: number;
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
  /** Windows the page opened (`window.open`, `target=_blank`), closed as they appeared. */
  popupsClosed: number;
  /** The page was still navigating by itself (a reload loop, a refresh) when loading stopped. */
  stillNavigating: boolean;
  /** Non-fatal oddities worth reporting. */
  warnings: Warning[];
}

/** {@link LoadOptions} with the scroll steps filled in. */
export type ResolvedLoadOptions = LoadOptions & { maxScrollSteps: number };
