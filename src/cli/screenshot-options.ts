/** `--screenshot` / `--screenshot-dir`: take the raw full-page PNG while the page is still open. */
import path from 'node:path';
import { warning, type ResolvedInput } from '../browser/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { annotate, screenshotName, takeScreenshot } from '../annotate/index.js';
import type { PageResult } from '../pipeline/record.js';
import type { ResolvedExtractOptions } from '../options.js';
import type { PageHooks } from '../pipeline/page.js';

export interface ScreenshotCliOptions {
  screenshot?: string;
  screenshotDir?: string;
  maxHeight?: number;
}

export function screenshotTarget(o: ScreenshotCliOptions, label: string, index: number): string | null {
  if (o.screenshot) return o.screenshot;
  if (o.screenshotDir) return path.join(o.screenshotDir, screenshotName(label, index));
  return null;
}

export function screenshotHooks(o: ScreenshotCliOptions, _input: ResolvedInput, index: number, label: string, _opts: ResolvedExtractOptions, maxHeight: number): PageHooks {
  if (!screenshotTarget(o, label, index)) return {};
  return { afterSnapshot: (page, snapshot) => takeScreenshot(page, snapshot, { maxHeight }) };
}

export { screenshotName };

/**
 * Draw the decision over the raw screenshot and write it; the record then names the file
 * (`record.screenshot`, read back by `viseg report`). Failures become a warning on the record.
 */
export async function writeAnnotated(result: PageResult, target: string, maxHeight: number): Promise<void> {
  if (!result.screenshot || !result.tree || !result.decision || !result.snapshot) return;
  const t0 = performance.now();
  try {
    const png = await annotate(result.screenshot, result.tree, result.decision, { maxHeight, pageHeight: result.snapshot.document.height, snapshot: result.snapshot });
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, png);
    result.record.screenshot = target;
  } catch (e) {
    result.record.warnings.push(warning('SCREENSHOT_FAILED', `screenshot not written: ${(e as Error).message}`));
  }
  const t = result.record.timings;
  t.screenshot = Math.round(((t.screenshot ?? 0) + performance.now() - t0) * 10) / 10;
}
