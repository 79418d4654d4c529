/**
 * The raw full-page screenshot, taken on the live page right after the snapshot (so the page has
 * settled and the pixels match the snapshot's geometry).
 *
 * One image pixel is one CSS pixel (`scale: 'css'`, whatever the device scale factor), so block
 * rects from the snapshot/segmentation map 1:1 onto the image. The image covers the document from
 * its top-left corner: `document.width` × `min(document.height, maxHeight)`.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import type { PageSnapshot } from '../snapshot/types.js';

export interface ScreenshotOptions {
  /** Cap for very tall pages (`--max-height`), in CSS px. */
  maxHeight: number;
}

/** The image size {@link takeScreenshot} produces for a snapshot: the document, cut at `maxHeight`. */
export function screenshotSize(snapshot: PageSnapshot, opts: ScreenshotOptions): { width: number; height: number } {
  const width = Math.max(1, Math.round(snapshot.document.width));
  const cap = Math.max(1, Math.floor(opts.maxHeight));
  const height = Math.max(1, Math.min(Math.round(snapshot.document.height), cap));
  return { width, height };
}

/**
 * Full-page PNG of the rendered document at device scale factor 1, cut at `opts.maxHeight`.
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
