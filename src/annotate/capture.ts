/**
 * The raw full-page screenshot, taken on the live page right after the snapshot (so the page has
 * settled and the pixels match the snapshot's geometry).
 *
 * One image pixel is one CSS pixel (`scale: 'css'`, whatever the device scale factor), so block
 * rects from the snapshot/segmentation map 1:1 onto the image. The image shows the document from
 * its top-left corner: {@link shownWidth} × `min(document.height, maxHeight)`.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { PageSnapshot } from '../snapshot/types.js';
import { at } from '../util/at.js';

export interface ScreenshotOptions {
  /** Cap for very tall pages (`--max-height`), in CSS px. */
  maxHeight: number;
}

/** Elements whose box is content a person looks at, like text. */
const MEDIA = new Set(['img', 'picture', 'video', 'canvas', 'svg', 'iframe', 'embed', 'object']);

/**
 * Content may reach past the viewport by this share of its area before the picture grows wider
 * than the viewport: a stray element (a menu parked off to the right, a 1 px tracker) does not
 * widen it; a wide table or a horizontally laid-out page does.
 */
export const OVERFLOW_SHARE = 0.01;

/**
 * The width of the document a screenshot shows, in CSS px. A document is often wider than the
 * viewport only because of something nobody sees (an off-screen menu, a carousel's parked slides,
 * an element with a negative margin): then the picture is the viewport's width. It is wider only
 * when more than {@link OVERFLOW_SHARE} of the visible text and media lies to the right of the
 * viewport, and then just wide enough to hold all but that share.
 */
export function shownWidth(snapshot: PageSnapshot): number {
  const docW = Math.max(1, Math.round(snapshot.document.width));
  const viewW = Math.max(1, Math.round(snapshot.viewport.width));
  if (docW <= viewW) return docW;
  const items: Array<{ x0: number; x1: number; h: number }> = [];
  let total = 0;
  for (const n of snapshot.nodes) {
    if (!n.visible || (n.kind !== 'text' && !MEDIA.has(n.tag))) continue;
    const x0 = Math.max(0, n.rect.x);
    const x1 = Math.min(docW, n.rect.x + n.rect.w);
    if (x1 <= x0 || n.rect.h <= 0) continue;
    items.push({ x0, x1, h: n.rect.h });
    total += (x1 - x0) * n.rect.h;
  }
  const beyond = (w: number) => items.reduce((s, it) => s + Math.max(0, it.x1 - Math.max(it.x0, w)) * it.h, 0);
  const allowed = total * OVERFLOW_SHARE;
  if (beyond(viewW) <= allowed) return viewW;
  // The area beyond w only shrinks as w grows: the narrowest right edge that leaves at most `allowed`.
  const edges = [...new Set(items.map((it) => Math.ceil(it.x1)).filter((x) => x > viewW))].sort((a, b) => a - b);
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (beyond(at(edges, mid)) <= allowed) hi = mid;
    else lo = mid + 1;
  }
  return Math.min(docW, edges[lo] ?? docW);
}

/** The image size {@link takeScreenshot} produces for a snapshot: {@link shownWidth}, cut at `maxHeight`. */
export function screenshotSize(snapshot: PageSnapshot, opts: ScreenshotOptions): { width: number; height: number } {
  const width = shownWidth(snapshot);
  const cap = Math.max(1, Math.floor(opts.maxHeight));
  const height = Math.max(1, Math.min(Math.round(snapshot.document.height), cap));
  return { width, height };
}

/**
 * Full-page PNG of the rendered document at device scale factor 1, {@link screenshotSize} big.
 *
 * Playwright (1.65) honours `clip` together with `fullPage`: the clip is trimmed to its own idea of
 * the full-page size (max of scroll/offset/client sizes of `<html>` and `<body>`). That can differ
 * from the snapshot's `document` size by a few pixels (e.g. `innerWidth` vs `clientWidth`), so the
 * result is checked and, if needed, padded with white or cropped to exactly the snapshot's size:
 * the image's width × height always equals `screenshotSize(snapshot, opts)`.
 */
export async function takeScreenshot(page: Page, snapshot: PageSnapshot, opts: ScreenshotOptions): Promise<Buffer> {
  const { width, height } = screenshotSize(snapshot, opts);
  const png = await page.screenshot({
    type: 'png',
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
    clip: { x: 0, y: 0, width, height },
  });
  return fitToSize(png, width, height);
}

/** Pad (white) or crop a PNG to exactly `width` × `height`; returns the input untouched when it fits. */
export async function fitToSize(png: Buffer, width: number, height: number): Promise<Buffer> {
  const meta = await sharp(png, { limitInputPixels: false }).metadata();
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w === width && h === height) return png;
  let img = sharp(png, { limitInputPixels: false });
  const cropW = Math.min(w, width);
  const cropH = Math.min(h, height);
  if (cropW < w || cropH < h) {
    img = sharp(await img.extract({ left: 0, top: 0, width: cropW, height: cropH }).png().toBuffer(), { limitInputPixels: false });
  }
  if (cropW < width || cropH < height) {
    img = img.extend({ top: 0, left: 0, right: width - cropW, bottom: height - cropH, background: { r: 255, g: 255, b: 255, alpha: 1 } });
  }
  return img.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}
