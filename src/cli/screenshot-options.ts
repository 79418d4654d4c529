/** `--screenshot` / `--screenshot-dir`: take the raw full-page PNG while the page is still open. */
import path from 'node:path';
import type { ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import type { PageHooks } from '../pipeline/page.js';
import { screenshotHook, screenshotName } from '../pipeline/screenshots.js';

export { screenshotName, writeAnnotated } from '../pipeline/screenshots.js';

export interface ScreenshotCliOptions {
  screenshot?: string;
  screenshotDir?: string;
  maxHeight?: number;
  /** Blocks the screenshot outlines: `fine` (the tree's leaves, default) or `top` (the page's regions). */
  screenshotLevel?: 'top' | 'fine';
}

export function screenshotTarget(o: ScreenshotCliOptions, label: string, index: number): string | null {
  if (o.screenshot) return o.screenshot;
  if (o.screenshotDir) return path.join(o.screenshotDir, screenshotName(label, index));
  return null;
}

export function screenshotHooks(o: ScreenshotCliOptions, _input: ResolvedInput, index: number, label: string, _opts: ResolvedExtractOptions, maxHeight: number): PageHooks {
  if (!screenshotTarget(o, label, index)) return {};
  return screenshotHook(maxHeight);
}
