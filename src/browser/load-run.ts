/**
 * The state of one `loadPage` call, shared by its steps (navigate, settle, scroll, follow a
 * navigation): the page, the deadline, the tracker, timings and warnings, and the abort flag the
 * deadline timer sets.
 */
import type { Page } from 'playwright-core';
import { VisegError, type Warning } from './errors.js';
import type { LoadTimings, ResolvedLoadOptions } from './load-options.js';
import type { PageTracker } from './tracker.js';

/** Every inner wait ends this long before the deadline, so a slow-but-alive page returns a result. */
export const DEADLINE_MARGIN_MS = 250;

/** Thrown inside a load after its deadline expired; `loadPage` has rejected with PAGE_TIMEOUT by then. */
export class Aborted extends Error {}

export class LoadRun {
  aborted = false;
  /** The step under way, named in a PAGE_TIMEOUT message. */
  phase = 'navigate';
  readonly timings: LoadTimings = { navigate: 0, settle: 0, scroll: 0 };
  readonly started = Date.now();

  constructor(
    readonly page: Page,
    readonly url: string,
    readonly o: ResolvedLoadOptions,
    /** `Date.now()` by which the whole load ends. */
    readonly deadline: number,
    readonly tracker: PageTracker,
  ) {}

  get warnings(): Warning[] {
    return this.tracker.warnings;
  }

  /** ms left for waiting, keeping {@link DEADLINE_MARGIN_MS} in hand. */
  remaining(): number {
    return this.deadline - Date.now() - DEADLINE_MARGIN_MS;
  }

  /** Throws when the deadline expired or the page was closed meanwhile. */
  check(): void {
    if (this.aborted) throw new Aborted();
    if (this.page.isClosed()) throw new VisegError('PAGE_CLOSED', `The page was closed while loading ${this.url}.`);
  }
}

export function firstLine(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  return (m.split('\n')[0] ?? m).replace(/^\w+\.\w+: /, '');
}
