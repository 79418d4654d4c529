/**
 * takeScreenshot + annotate on a real page in Chromium: the PNG is the document's size (cut at
 * the cap; as wide as the viewport unless the content is wider) at 1 px per CSS px even on a 2x
 * device, and the main border lands around the reported rect.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeScreenshot } from '../../../src/annotate/capture.js';
import { hexToRgb, MAIN_COLOUR } from '../../../src/annotate/colours.js';
import { annotate } from '../../../src/annotate/draw.js';
import { LEGEND_MARGIN } from '../../../src/annotate/overlay.js';
import { pageAreaOf } from '../../../src/annotate/png-area.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { captureSnapshot } from '../../../src/snapshot/capture.js';
import { pixel, rawPixels } from '../../unit/annotate/fake.js';
import { haveChromium, launch } from './helpers.js';

const PARA = 'The committee met on Tuesday to discuss the proposal in detail, and after a long debate the members agreed that the plan needed more work before it could be put to a vote. ';
const ARTICLE = `<!doctype html><html><head><title>Test article</title><style>
  body { margin: 0; font: 16px/1.5 sans-serif; }
  header { height: 80px; background: #eee; } nav a { margin-right: 12px; }
  .wrap { display: flex; gap: 24px; padding: 16px; } article { width: 640px; } aside { width: 240px; }
  footer { height: 120px; background: #333; color: #fff; }
</style></head><body>
<header><nav><a href="#a">Home</a><a href="#b">World</a><a href="#c">Sport</a><a href="#d">About</a></nav></header>
<div class="wrap"><article><h1>Committee sends the plan back</h1>
${Array.from({ length: 14 }, () => `<p>${PARA.repeat(3)}</p>`).join('\n')}
</article><aside><h3>Most read</h3><ul>${Array.from({ length: 8 }, (_, i) => `<li><a href="#r${i}">Story number ${i}</a></li>`).join('')}</ul></aside></div>
<footer>Copyright</footer></body></html>`;

describe.skipIf(!haveChromium)('takeScreenshot (Chromium)', () => {
  let browser: Browser;
  let context: BrowserContext;
  beforeAll(async () => {
    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1000, height: 700 }, deviceScaleFactor: 2 });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('is the document size at 1x, cut at maxHeight, and annotates around the reported rect', async () => {
    const page = await context.newPage();
    await page.setContent(ARTICLE);
    const { snapshot } = await captureSnapshot(page);
    expect(snapshot.document.height).toBeGreaterThan(1500);

    const full = await takeScreenshot(page, snapshot, { maxHeight: 16000 });
    const m = await sharp(full).metadata();
    expect([m.width, m.height]).toEqual([snapshot.document.width, snapshot.document.height]);

    const cut = await takeScreenshot(page, snapshot, { maxHeight: 1200 });
    const mc = await sharp(cut).metadata();
    expect([mc.width, mc.height]).toEqual([snapshot.document.width, 1200]);

    const { tree, decision } = analyzeSnapshot(snapshot);
    expect(decision.main).not.toBeNull();
    const out = await annotate(full, tree, decision, { maxHeight: 16000, pageHeight: snapshot.document.height, snapshot });
    const img = await rawPixels(out);
    expect([img.width, img.height]).toEqual([m.width! + LEGEND_MARGIN, m.height]);
    expect(pageAreaOf(out)).toEqual({ width: m.width, height: m.height });
    const r = decision.main!.rect;
    const main = hexToRgb(MAIN_COLOUR);
    for (let t = 0.05; t < 1; t += 0.1) {
      expect(pixel(img, r.x - 1, Math.round(r.y + t * r.h))).toEqual(main);
      expect(pixel(img, r.x + r.w, Math.round(r.y + t * r.h))).toEqual(main);
      expect(pixel(img, Math.round(r.x + t * r.w), r.y + r.h)).toEqual(main);
    }
    await page.close();
  });

  it('is the viewport wide when a stray element makes the document wider', async () => {
    const page = await context.newPage();
    await page.setContent(ARTICLE.replace('<footer>', '<div style="position:absolute; left:6000px; top:300px; width:125px">Skip to content</div><footer>'));
    const { snapshot } = await captureSnapshot(page);
    expect(snapshot.document.width).toBeGreaterThan(6000);
    const png = await takeScreenshot(page, snapshot, { maxHeight: 1000 });
    expect((await sharp(png).metadata()).width).toBe(snapshot.viewport.width);
    await page.close();
  });

  it('is as wide as content that really is wider than the viewport', async () => {
    const page = await context.newPage();
    const row = `<tr>${Array.from({ length: 14 }, (_, i) => `<td>Column ${i} holds a long value</td>`).join('')}</tr>`;
    await page.setContent(ARTICLE.replace('<footer>', `<table style="width:2400px">${row.repeat(40)}</table><footer>`));
    const { snapshot } = await captureSnapshot(page);
    const png = await takeScreenshot(page, snapshot, { maxHeight: 16000 });
    const w = (await sharp(png).metadata()).width!;
    expect(w).toBeGreaterThan(snapshot.viewport.width);
    expect(w).toBeLessThanOrEqual(snapshot.document.width);
    expect(w).toBeGreaterThan(2300);
    await page.close();
  });
});
