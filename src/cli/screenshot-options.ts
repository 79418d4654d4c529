/** `--screenshot` / `--screenshot-dir`: take the raw full-page PNG while the page is still open. */
import path from 'node:path';
import type { ResolvedInput } from '../browser/index.js';
import { mkdir, writeFile } from 'node:fs/promises';
import { annotate, takeScreenshot } from '../annotate/index.js';
import type { PageResult } from '../pipeline/record.js';
import type { ResolvedExtractOptions } from '../options.js';
import type { PageHooks } from '../pipeline/page.js';

export interface ScreenshotCliOptions {
  screenshot?: string;
  screenshotDir?: string;
  maxHeight: number;
  /** Blocks the screenshot outlines: `fine` (the tree's leaves, default) or `top` (the page's regions). */
  screenshotLevel?: 'top' | 'fine';
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

/** Draw the decision over the raw screenshot and write it; failures become a warning on the record. */
export async function writeAnnotated(result: PageResult, target: string, maxHeight: number, level?: 'top' | 'fine'): Promise<void> {
  if (!result.screenshot || !result.tree || !result.decision || !result.snapshot) return;
  const t0 = performance.now();
  try {
    const png = await annotate(result.screenshot, result.tree, result.decision, { maxHeight, pageHeight: result.snapshot.document.height, level });
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, png);
  } catch (e) {
    result.record.warnings.push(`screenshot not written: ${(e as Error).message}`);
  }
  const t = result.record.timings;
  t.screenshot = Math.round(((t.screenshot ?? 0) + performance.now() - t0) * 10) / 10;
}
