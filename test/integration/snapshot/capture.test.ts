/**
 * captureSnapshot with and without the snapshot function installed at document start
 * (SNAPSHOT_INIT_SCRIPT): the same snapshot either way, and pages cannot replace the function.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSnapshot, SNAPSHOT_INIT_SCRIPT } from '../../../src/snapshot/capture.js';
import { parseSnapshot } from '../../../src/snapshot/schema.js';
import { haveChromium, launch } from '../report/helpers.js';

const PAGE = `<!doctype html><html lang="en"><head><title>Two ways</title><meta name="description" content="d"></head>
<body style="margin:0;font:16px sans-serif"><header><a href="/home">Home</a></header>
<article><h1>A heading</h1><p style="color:#333">First paragraph of the article, long enough to matter.</p>
<p>Second <b>bold</b> paragraph <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="10" alt="dot"></p>
<iframe srcdoc="<p>inside a frame</p>" style="width:300px;height:60px;border:0"></iframe></article>
<div style="display:none">hidden</div><script>
  // a page that tries to take the snapshot function over
  for (const k of Object.getOwnPropertyNames(window)) if (k.startsWith('__viseg_snapshot')) { try { window[k] = () => 'hijacked'; } catch (e) {} }
</script></body></html>`;

describe.skipIf(!haveChromium)('captureSnapshot (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function snapshotIn(install: boolean) {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    try {
      if (install) await context.addInitScript(SNAPSHOT_INIT_SCRIPT);
      const page = await context.newPage();
      await page.setContent(PAGE);
      await page.waitForFunction(() => document.querySelector('iframe')?.contentDocument?.body?.textContent?.includes('inside'));
      const installed = await page.evaluate(() => Object.getOwnPropertyNames(window).filter((k) => k.startsWith('__viseg_snapshot')).map((k) => typeof (window as unknown as Record<string, unknown>)[k]));
      const frameHasIt = await page.evaluate(() => Object.getOwnPropertyNames(document.querySelector('iframe')!.contentWindow!).some((k) => k.startsWith('__viseg_snapshot')));
      const { snapshot, truncated } = await captureSnapshot(page, { requestedUrl: 'about:test' });
      return { installed, frameHasIt, snapshot, truncated };
    } finally {
      await context.close();
    }
  }

  it('installed at document start or evaluated from source, the snapshot is the same', async () => {
    const withFn = await snapshotIn(true);
    const without = await snapshotIn(false);
    expect(withFn.installed).toEqual(['function']); // the page's assignment did not replace it
    expect(withFn.frameHasIt).toBe(true);
    expect(without.installed).toEqual([]);
    expect(withFn.snapshot.nodes.some((n) => n.kind === 'text' && n.text?.includes('inside a frame'))).toBe(true);
    expect(withFn.snapshot.nodes.length).toBeGreaterThan(10);
    expect(JSON.stringify(withFn.snapshot)).toBe(JSON.stringify(without.snapshot));
    // whether it stopped at maxNodes travels beside the snapshot, never in it
    expect([withFn.truncated, without.truncated]).toEqual([false, false]);
    expect('truncated' in withFn.snapshot).toBe(false);
  });

  it('a page whose scripts give arrays and objects a toJSON (Prototype.js 1.6, as on saved pages of its time) still snapshots, and keeps its methods', async () => {
    // Prototype.js up to 1.6 made arrays serialise to a string; the snapshot's rows then came
    // back as strings and unpacking failed with "Cannot read properties of undefined (reading '0')".
    const body = '<body style="margin:0"><h1>Hello</h1><p>Some text for a paragraph of the page.</p></body>';
    const hostile = `<!doctype html><html><head><title>t</title><script>
      Array.prototype.toJSON = function () { return '[' + this.length + ' items]'; };
      Object.prototype.toJSON = function () { return 'an object'; };
      JSON.stringify = function () { return '"replaced"'; };
    </script></head>${body}</html>`;
    const plain = `<!doctype html><html><head><title>t</title></head>${body}</html>`;
    const take = async (html: string, install: boolean) => {
      const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
      try {
        if (install) await context.addInitScript(SNAPSHOT_INIT_SCRIPT);
        const page = await context.newPage();
        await page.setContent(html);
        const { snapshot } = await captureSnapshot(page, { requestedUrl: 'about:test' });
        const kept = await page.evaluate(() => [typeof (Array.prototype as unknown as { toJSON?: unknown }).toJSON, typeof (Object.prototype as unknown as { toJSON?: unknown }).toJSON]);
        return { snapshot, kept };
      } finally {
        await context.close();
      }
    };
    const good = await take(plain, true);
    const hostileRun = await take(hostile, true);
    expect(hostileRun.kept).toEqual(['function', 'function']);
    expect(hostileRun.snapshot.nodes.map((n) => [n.tag, n.text ?? '', n.rect])).toEqual(good.snapshot.nodes.map((n) => [n.tag, n.text ?? '', n.rect]));
    // Evaluated from source (no init script), JSON.stringify is the page's: the toJSON methods are
    // still set aside, and the page's replacement of JSON.stringify is what remains to fail on.
    const lateArrays = hostile.replace("JSON.stringify = function () { return '\"replaced\"'; };", '');
    const late = await take(lateArrays, false);
    expect(late.snapshot.nodes.map((n) => [n.tag, n.text ?? ''])).toEqual(good.snapshot.nodes.map((n) => [n.tag, n.text ?? '']));
  });

  it('keeps every value of a repeated meta key, leaves "__proto__" out, and the snapshot reads back the same', async () => {
    const html = `<!doctype html><html><head><title>t</title>
      <meta name="citation_author" content="Okafor, Ruth"><meta name="citation_author" content="Ivan Petrov">
      <meta name="citation_author" content="Okafor, Ruth"><meta name="__proto__" content="a"><meta name="__proto__" content="b">
      <meta name="description" content="same"><meta name="description" content="same">
      <meta name="constructor" content="c"><meta name="long" content="x"><meta name="long" content="${'y'.repeat(5000)}">
      ${Array.from({ length: 80 }, (_, i) => `<meta name="k${i}" content="a"><meta name="k${i}" content="b">`).join('')}
      </head><body><p>Text of a page.</p></body></html>`;
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    try {
      const page = await context.newPage();
      await page.setContent(html);
      const { snapshot } = await captureSnapshot(page, { requestedUrl: 'about:test' });
      // the snapshot as captured and as read back from its JSON are the same
      const parsed = parseSnapshot(JSON.parse(JSON.stringify(snapshot)));
      expect(parsed.metadata).toEqual(snapshot.metadata);
      const all = parsed.metadata.metaAll ?? {};
      expect(all['citation_author']).toEqual(['Okafor, Ruth', 'Ivan Petrov']);
      expect(Object.getPrototypeOf(all)).toBe(Object.prototype);
      expect(parsed.metadata.meta['citation_author']).toBe('Okafor, Ruth');
      expect(parsed.metadata.meta['constructor']).toBe('c');
      // bounded, whatever the page repeats: 64 keys, values cut at 300 characters
      expect(Object.keys(all)).toHaveLength(64);
      expect(Object.keys(all).slice(0, 3)).toEqual(['citation_author', 'long', 'k0']);
      expect(all['long']).toEqual(['x', 'y'.repeat(300)]);
    } finally {
      await context.close();
    }
  });
});
