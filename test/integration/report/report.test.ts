/**
 * The HTML report in a real Chromium: written to a temp folder, opened from file:// with every
 * network request aborted (and none made), the overlay answers hovering with a tooltip, and a
 * `<script>` in a record's title does not run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotate } from '../../../src/annotate/draw.js';
import { LEGEND_MARGIN } from '../../../src/annotate/overlay.js';
import { writeReport, type ReportEntry } from '../../../src/report/index.js';
import { blankPng, fakePage, fakeRecord } from '../../unit/annotate/fake.js';
import { haveChromium, launch } from './helpers.js';

const EVIL = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';

describe.skipIf(!haveChromium)('HTML report in Chromium', () => {
  let dir: string;
  let file: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const routed: string[] = [];
  const requests: string[] = [];
  const errors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'viseg-report-it-'));
    file = path.join(dir, 'report.html');
    const { tree, decision } = fakePage();
    const shot = await annotate(await blankPng(800, 600), tree, decision, { maxHeight: 16000, pageHeight: 600 });
    const entries: ReportEntry[] = [
      { record: fakeRecord(1, { title: EVIL, text: `${EVIL} and https://evil.example/x\n\ntext of 1-2-1, the article itself`, decision }), screenshot: shot, blocks: decision.blocks },
      { record: { ...fakeRecord(2), ok: false, mainBlock: null, error: { code: 'NAVIGATION_FAILED', message: EVIL } } },
    ];
    await writeReport(entries, file, { title: `report ${EVIL}` });

    browser = await launch();
    context = await browser.newContext({ viewport: { width: 1300, height: 900 } });
    const self = pathToFileURL(file).href;
    // everything but the report itself (routing sees file:// navigations too) is aborted and recorded
    await context.route('**/*', (route) => {
      if (route.request().url() === self) return route.continue();
      routed.push(route.request().url());
      return route.abort();
    });
    page = await context.newPage();
    page.on('request', (r) => requests.push(r.url()));
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(pathToFileURL(file).href);
    await page.waitForLoadState('load');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('makes no network request at all', async () => {
    // give late requests (lazy images, favicons) a chance
    await page.waitForTimeout(300);
    expect(routed).toEqual([]);
    const url = pathToFileURL(file).href;
    expect(requests.filter((u) => u !== url && !u.startsWith('data:'))).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows the screenshot and escapes the title', async () => {
    const ok = await page.evaluate((LEGEND_MARGIN) => {
      const img = document.querySelector<HTMLImageElement>('#page-1 .shot img');
      return img ? img.complete && img.naturalWidth === 800 + LEGEND_MARGIN && img.naturalHeight === 600 : false;
    }, LEGEND_MARGIN);
    expect(ok).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#page-1 h2').textContent()).toContain('<script>window.__pwned = 1</script>');
    expect(await page.title()).toContain('<script>');
    expect(await page.locator('script').count()).toBe(2);
  });

  it('shows a tooltip with the block id and role on hover', async () => {
    const block = page.locator('#page-1 .blk[data-id="1-2-2"]');
    await block.hover();
    const tip = page.locator('#viseg-tooltip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    const text = (await tip.textContent()) ?? '';
    expect(text).toContain('1-2-2');
    expect(text).toContain('sidebar');
    expect(text).toContain('score 1.25');
    expect(text).toContain('linkDensity');

    // the overlay sits over the block's area of the displayed image
    const [imgBox, blkBox] = await Promise.all([page.locator('#page-1 .shot img').boundingBox(), block.boundingBox()]);
    const k = imgBox!.width / (800 + LEGEND_MARGIN);
    expect(blkBox!.x - imgBox!.x).toBeCloseTo(600 * k, 0);
    expect(blkBox!.y - imgBox!.y).toBeCloseTo(120 * k, 0);
    expect(blkBox!.width).toBeCloseTo(180 * k, 0);

    // another block replaces the content; click pins; Escape hides
    await page.locator('#page-1 .blk[data-id="1-2-1"]').hover();
    expect(await tip.textContent()).toContain('main');
    await page.locator('#page-1 .blk[data-id="1-2-1"]').click();
    await page.mouse.move(5, 5);
    expect(await tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toContain('1-2-1');
    await page.keyboard.press('Escape');
    expect(await tip.isVisible()).toBe(false);
  });

  it('links a block to its passage in the text and back', async () => {
    const seg = page.locator('#page-1 .seg');
    await expect.poll(() => seg.count()).toBe(1);
    expect(await seg.textContent()).toContain('text of 1-2-1, the article itself');
    // the passage's tag shows the block: scrolled to, outlined, its tooltip pinned
    await page.locator('#page-1 .to-block').click();
    const block = page.locator('#page-1 .blk[data-id="1-2-1"]');
    expect(await block.getAttribute('class')).toContain('focus');
    expect(await page.locator('#viseg-tooltip').textContent()).toContain('1-2-1');
    await page.keyboard.press('Escape');
    // and the block leads back to its passage
    await page.locator('#page-1 .blk[data-id="1-2-2"]').click();
    expect(await seg.getAttribute('class')).not.toContain('focus');
    await page.keyboard.press('Escape');
    await block.click();
    expect(await seg.getAttribute('class')).toContain('focus');
    await page.keyboard.press('Escape');
  });

  it('zooms, and highlights the blocks of a role on request', async () => {
    const shot = page.locator('#shot-0');
    const fit = (await shot.boundingBox())!.width;
    await page.locator('#page-1 [data-zoom="1"]').click();
    expect(Math.round((await shot.boundingBox())!.width)).toBe(800 + LEGEND_MARGIN);
    await page.locator('#page-1 [data-zoom="in"]').click();
    expect(Math.round((await shot.boundingBox())!.width)).toBe(Math.round((800 + LEGEND_MARGIN) * 1.25));
    expect(await page.locator('#page-1 .zoom-level').textContent()).toBe('125%');
    await page.locator('#page-1 [data-zoom="fit"]').click();
    expect((await shot.boundingBox())!.width).toBeCloseTo(fit, 0);

    const sidebar = page.locator('#page-1 .blk[data-id="1-2-2"]');
    expect(await sidebar.getAttribute('class')).not.toContain('shown');
    await page.locator('#page-1 .role-toggle[data-role="sidebar"]').check();
    expect(await sidebar.getAttribute('class')).toContain('shown');
    expect(await page.locator('#page-1 .blk[data-id="1-1"]').getAttribute('class')).not.toContain('shown');
    await page.locator('#page-1 .role-toggle[data-role="sidebar"]').uncheck();
    expect(await sidebar.getAttribute('class')).not.toContain('shown');
  });

  it('lists the failure with its code in the summary', async () => {
    expect(await page.locator('.summary').textContent()).toContain('NAVIGATION_FAILED');
    expect(await page.locator('#page-2 .error').textContent()).toContain('<script>');
  });
});
