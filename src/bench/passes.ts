/**
 * The two passes of `viseg bench` over the same pages, with the same concurrency:
 * - BARE: the pipeline's own tab set-up and tear-down (`withTab`: one reused tab per worker, see
 *   pipeline/tabs.ts) around `loadPage` (navigate, settle, scroll), nothing else;
 * - FULL: exactly what `viseg extract` runs (`runBatch` + `processInput`), optionally with a
 *   screenshot taken in the afterSnapshot hook and annotated (PNG discarded).
 */
import type { Page } from 'playwright-core';
import { annotate, takeScreenshot } from '../annotate/index.js';
import { loadPage, type ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { checkStatus, toErrorInfo, withTab, type PageHooks, type TabTimings } from '../pipeline/page.js';
import type { PageResult } from '../pipeline/record.js';
import type { Session } from '../pipeline/session.js';
import { loadOptionsFor, TabPool } from '../pipeline/tabs.js';
import type { PageSnapshot } from '../snapshot/types.js';
import type { PassMeter } from './meter.js';
import { at } from '../util/at.js';

/** Stage order in reports. `other` = total - the measured stages: context/page creation and close, input checks. */
export const FULL_STAGES = ['load', 'snapshot', 'segment', 'classify', 'content', 'screenshot', 'annotate', 'other', 'total'] as const;
export const BARE_STAGES = ['setup', 'navigate', 'settle', 'scroll', 'load', 'close', 'total'] as const;

export interface PassOptions {
  concurrency: number;
  /** Take and annotate a screenshot per page (full pass). */
  screenshot: boolean;
  maxHeight: number;
}

/** Run `fn(0..count-1)` with at most `n` at once, in index order of start. */
export async function runPool(n: number, count: number, fn: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await fn(next++);
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(n, count)) }, worker));
}

/** One input the way the pipeline renders it, minus snapshot and screenshot. */
async function bareOne(session: Session, input: ResolvedInput, opts: ResolvedExtractOptions, m: PassMeter, tabs: TabPool): Promise<void> {
  if (input.error || !input.url) {
    m.pageDone(false, input.error?.code ?? 'INPUT_NOT_FOUND', { url: input.url ?? input.input, message: input.error?.message ?? 'no URL' });
    return;
  }
  const url = input.url;
  const t0 = performance.now();
  const tab: TabTimings = { open: 0, close: 0 };
  try {
    const { loaded, ms } = await withTab(session, input, opts, tabs, async ({ page }) => {
      const t1 = performance.now();
      const loaded = await loadPage(page, url, loadOptionsFor(opts));
      return { loaded, ms: performance.now() - t1 };
    }, tab);
    checkStatus(loaded.status, url);
    const timings: Record<string, number> = { setup: tab.open, load: ms, ...loaded.timings, close: tab.close, total: performance.now() - t0 };
    for (const [k, v] of Object.entries(timings)) m.stages.add(k, v);
    m.pageDone(true);
  } catch (e) {
    const error = toErrorInfo(e, url);
    m.pageDone(false, error.code, { url, message: error.message });
  }
}

/** One round of the bare pass, measured into `m`; returns its wall seconds. */
export async function benchBare(session: Session, inputs: ResolvedInput[], opts: ResolvedExtractOptions, o: PassOptions, m: PassMeter): Promise<number> {
  m.start();
  // one tab per worker, as runBatch does
  const free = Array.from({ length: o.concurrency }, () => new TabPool());
  const all = [...free];
  try {
    await runPool(o.concurrency, inputs.length, async (i) => {
      const tabs = free.pop()!;
      try {
        await bareOne(session, at(inputs, i), opts, m, tabs);
      } finally {
        free.push(tabs);
      }
    });
  } finally {
    for (const t of all) m.addTabChanges(t.changes);
    await Promise.all(all.map((t) => t.close()));
  }
  return m.stop();
}

/** One round of the full pass, measured into `m`; returns its wall seconds. */
export async function benchFull(session: Session, inputs: ResolvedInput[], opts: ResolvedExtractOptions, o: PassOptions, m: PassMeter): Promise<number> {
  const hooks: PageHooks = o.screenshot
    ? { afterSnapshot: (page: Page, snapshot: PageSnapshot) => takeScreenshot(page, snapshot, { maxHeight: o.maxHeight }) }
    : {};
  m.start();
  const stats = await runBatch(session, inputs, opts, {
    concurrency: o.concurrency,
    hooks: () => hooks,
    onDone: (r) => {
      if (!r.record.ok) m.pageDone(false, r.record.error?.code ?? 'INTERNAL_ERROR', { url: r.record.url, message: r.record.error?.message ?? '' });
    },
    // In input order, like extract's writer; annotating here is what `extract --screenshot-dir` does.
    emit: async (r: PageResult) => {
      if (!r.record.ok) return;
      const t = r.record.timings;
      let annotateMs: number | undefined;
      if (o.screenshot && r.screenshot && r.tree && r.decision && r.snapshot) {
        const a0 = performance.now();
        try {
          await annotate(r.screenshot, r.tree, r.decision, { maxHeight: o.maxHeight, pageHeight: r.snapshot.document.height, snapshot: r.snapshot });
          annotateMs = performance.now() - a0;
        } catch {
          annotateMs = undefined; // an annotate failure is not a page failure; the stage just has no value
        }
      }
      for (const k of ['load', 'snapshot', 'segment', 'classify', 'content'] as const) m.stages.add(k, t[k]);
      const shot = t.screenshot;
      if (shot !== undefined || annotateMs !== undefined) m.stages.add('screenshot', (shot ?? 0) + (annotateMs ?? 0));
      m.stages.add('annotate', annotateMs);
      m.stages.add('other', t.total - t.load - t.snapshot - t.segment - t.classify - t.content - (shot ?? 0));
      m.stages.add('total', t.total + (annotateMs ?? 0));
      m.pageDone(true);
    },
  });
  m.addTabChanges(stats.tabChanges);
  return m.stop();
}

