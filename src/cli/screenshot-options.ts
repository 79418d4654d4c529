/** `--screenshot` / `--screenshot-dir`: take the raw full-page PNG while the page is still open. */
import path from 'node:path';
import type { ResolvedInput } from '../browser/index.js';
import { takeScreenshot } from '../annotate/capture.js';
import type { ResolvedExtractOptions } from '../options.js';
import type { PageHooks } from '../pipeline/page.js';

export interface ScreenshotCliOptions {
  screenshot?: string;
  screenshotDir?: string;
  maxHeight: number;
}

/** File name for an input's screenshot in --screenshot-dir: its base name without HTML suffixes, made safe. */
export function screenshotName(label: string, index: number): string {
  const base = path.basename(label.replace(/[?#].*$/, '').replace(/\/+$/, '')) || `page-${index + 1}`;
  const stem = base.replace(/\.(x?html?)(\.gz)?$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 120);
  return `${String(index + 1).padStart(4, '0')}-${stem || 'page'}.png`;
}

export function screenshotTarget(o: ScreenshotCliOptions, label: string, index: number): string | null {
  if (o.screenshot) return o.screenshot;
  if (o.screenshotDir) return path.join(o.screenshotDir, screenshotName(label, index));
  return null;
}

export function screenshotHooks(o: ScreenshotCliOptions, _input: ResolvedInput, index: number, label: string, _opts: ResolvedExtractOptions): PageHooks {
  if (!screenshotTarget(o, label, index)) return {};
  return { afterSnapshot: (page, snapshot) => takeScreenshot(page, snapshot, { maxHeight: o.maxHeight }) };
}
