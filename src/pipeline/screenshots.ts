/**
 * Annotated screenshots of a run's pages (`--screenshot-dir`): the raw full-page PNG is taken while
 * the page is still open (a page hook), the decision is drawn over it once the page is analysed,
 * and the file is named after the input and its place in the run. Used by `viseg extract` and by
 * the queue's workers, so both write the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { annotate, takeScreenshot } from '../annotate/index.js';
import type { PageHooks } from './page.js';
import type { PageResult } from './record.js';

/** File name for an input's screenshot in --screenshot-dir: its base name without HTML suffixes, made safe. */
export function screenshotName(label: string, index: number): string {
  const base = path.basename(label.replace(/[?#].*$/, '').replace(/\/+$/, '')) || `page-${index + 1}`;
  const stem = base.replace(/\.(x?html?)(\.gz)?$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return `${String(index + 1).padStart(4, '0')}-${stem || 'page'}.png`;
}

/** The page hook that takes the raw full-page screenshot (capped at `maxHeight` px). */
export function screenshotHook(maxHeight: number): PageHooks {
  return { afterSnapshot: (page, snapshot) => takeScreenshot(page, snapshot, { maxHeight }) };
}

/** Draw the decision over the raw screenshot and write it; failures become a warning on the record. */
export async function writeAnnotated(result: PageResult, target: string, maxHeight: number): Promise<void> {
  if (!result.screenshot || !result.tree || !result.decision || !result.snapshot) return;
  const t0 = performance.now();
  try {
    const png = await annotate(result.screenshot, result.tree, result.decision, { maxHeight, pageHeight: result.snapshot.document.height });
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, png);
  } catch (e) {
    result.record.warnings.push(`screenshot not written: ${(e as Error).message}`);
  }
  const t = result.record.timings;
  t.screenshot = Math.round(((t.screenshot ?? 0) + performance.now() - t0) * 10) / 10;
}
