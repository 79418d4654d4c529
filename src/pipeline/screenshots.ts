/**
 * Annotated screenshots of a run's pages (`--screenshot-dir`): the raw full-page PNG is taken while
 * the page is still open (a page hook), the decision is drawn over it once the page is analysed,
 * and the file is named after the input and its place in the run (`screenshotName`, which
 * `viseg report` uses to find the files again). Used by `viseg extract` and by the queue's
 * workers, so both write the same files and the same records.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { annotate, screenshotName, takeScreenshot } from '../annotate/index.js';
import { warning } from '../browser/index.js';
import type { PageHooks } from './page.js';
import type { PageResult } from './record.js';

export { screenshotName };

/** The page hook that takes the raw full-page screenshot (capped at `maxHeight` px). */
export function screenshotHook(maxHeight: number): PageHooks {
  return { afterSnapshot: (page, snapshot) => takeScreenshot(page, snapshot, { maxHeight }) };
}

/**
 * Draw the decision over the raw screenshot and write it; the record then names the file
 * (`record.screenshot`, read back by `viseg report`). `level`: the blocks outlined, the tree's leaves
 * (`fine`, the default) or the page's regions (`top`). Failures become a warning on the record.
 */
export async function writeAnnotated(result: PageResult, target: string, maxHeight: number, level?: 'top' | 'fine'): Promise<void> {
  if (!result.screenshot || !result.tree || !result.decision || !result.snapshot) return;
  const t0 = performance.now();
  try {
    const png = await annotate(result.screenshot, result.tree, result.decision, { maxHeight, pageHeight: result.snapshot.document.height, snapshot: result.snapshot, level });
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, png);
    result.record.screenshot = target;
  } catch (e) {
    result.record.warnings.push(warning('SCREENSHOT_FAILED', `screenshot not written: ${(e as Error).message}`));
  }
  const t = result.record.timings;
  t.screenshot = Math.round(((t.screenshot ?? 0) + performance.now() - t0) * 10) / 10;
}
