/**
 * Integration tests against a real Chromium (skipped when none is found). Pages are written to a
 * temp folder and served by the loopback file server under the offline policy, as for local inputs.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext } from '../../../src/browser/context.js';
import { PageTimeoutError, VisegError } from '../../../src/browser/errors.js';
import { launchBrowser, type LaunchedBrowser } from '../../../src/browser/launch.js';
import { closeQuietly } from '../../../src/util/async.js';
import { FETCH_BODY_GRACE_MS, loadPage, type LoadOptions } from '../../../src/browser/load.js';
import { LoadRun } from '../../../src/browser/load-run.js';
import { waitForFonts } from '../../../src/browser/settle.js';
import { PageTracker } from '../../../src/browser/tracker.js';
import { startFileServer, type FileServer } from '../../../src/browser/server.js';
import { networkPolicyOf } from '../../../src/browser/context.js';
import { FREEZE_ATTR, LAST_MUTATION_KEY } from '../../../src/browser/pagescripts.js';
import { resolveExtractOptions } from '../../../src/options.js';
import { loadOptionsFor } from '../../../src/pipeline/tabs.js';
import { CHROMIUM, haveChromium } from '../chromium.js';
import { at } from '../../../src/util/at.js';


const PAGES: Record<string, string> = {
  'late.html': `<!doctype html><title>late</title><body><p>early</p><script>
    addEventListener('load', () => setTimeout(() => {
      const p = document.createElement('p'); p.id = 'late'; p.textContent = 'late content'; document.body.append(p);
    }, 300));
  </script></body>`,
  'static.html': `<!doctype html><title>static</title><style>@keyframes spin{to{transform:rotate(1turn)}} .spin{animation:spin 1s infinite}</style>
    <body><div class="spin" id="spin">spinning</div><input autofocus><script>window.__parsed = performance.now();
    document.addEventListener('DOMContentLoaded', () => { window.__dcl = performance.now(); });</script></body>`,
  'adopt-replace.html': `<!doctype html><title>adopt</title><style>@keyframes spin{to{transform:rotate(1turn)}} .spin{animation:spin 1s infinite}</style>
    <script>const own = new CSSStyleSheet(); own.replaceSync('p { color: rgb(1, 2, 3) }'); document.adoptedStyleSheets = [own];</script>
    <body><div class="spin" id="spin">spinning</div><p>text</p></body>`,
  'busy.html': `<!doctype html><title>busy</title><body><p>busy</p><script>
    addEventListener('load', () => setTimeout(() => { while (true) {} }, 100));
  </script></body>`,
  'alert.html': `<!doctype html><title>alert</title><body><p>alert</p><script>
    alert('hello'); const ok = confirm('sure?'); document.body.dataset.confirm = String(ok);
  </script></body>`,
  'away.html': `<!doctype html><title>away</title><body><p>first</p><script>
    setTimeout(() => { location.href = 'arrived.html'; }, 200);
  </script></body>`,
  'leave.html': `<!doctype html><title>leave</title><body><p id="stay">stay</p><script>
    setTimeout(() => { location.href = 'https://example.invalid/'; }, 100);
  </script></body>`,
  'arrived.html': `<!doctype html><title>arrived</title><body><p id="arrived">second document</p></body>`,
  'external.html': `<!doctype html><title>external</title><body>
    <img src="http://example.invalid/x.png"><script src="https://cdn.example.invalid/lib.js"></script>
    <link rel="stylesheet" href="https://fonts.example.invalid/css">
    <p id="result">pending</p><script>
    fetch('http://10.255.255.1/').then(() => 'ok', (e) => 'failed').then((r) => { document.getElementById('result').textContent = r; });
  </script></body>`,
  'scoped.html': `<!doctype html><title>scoped</title><body>
    <p id="outside">pending</p><p id="inside">pending</p><p id="img">pending</p>
    <img id="rooted" src="/static/logo.png" onerror="document.getElementById('img').textContent = 'error'"><script>
    const show = (id) => (r) => { document.getElementById(id).textContent = r; };
    // root-relative: outside the page's mount, refused by the page policy (a rejection, no 404 round trip)
    fetch('/api/data').then((res) => 'status ' + res.status, () => 'refused').then(show('outside'));
    // relative, inside the mount: reaches the server (404: the file does not exist)
    fetch('missing.json').then((res) => res.text().then(() => 'status ' + res.status), () => 'refused').then(show('inside'));
  </script></body>`,
  'unread.html': `<!doctype html><title>unread</title><body><p id="a">pending</p><p id="b">pending</p><script>
    // Bodies that are never read: Chromium never reports these requests as finished.
    fetch('missing.json').then((res) => { if (!res.ok) document.getElementById('a').textContent = 'not ok'; });
    fetch('data.json').then((res) => { document.getElementById('b').textContent = 'status ' + res.status; });
  </script></body>`,
  'data.json': '{"a": 1}',
  'lazy.html': `<!doctype html><title>lazy</title><body style="margin:0">
    <div style="height:3000px">tall</div><div id="sentinel">sentinel</div><script>
    new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !document.getElementById('lazy')) {
        const p = document.createElement('p'); p.id = 'lazy'; p.textContent = 'lazy content'; document.body.append(p);
      }
    }).observe(document.getElementById('sentinel'));
  </script></body>`,
  'lazy-listener.html': `<!doctype html><title>lazy listener</title><body style="margin:0">
    <div style="height:3000px">tall</div><script>
    window.addEventListener('scroll', () => {
      if (window.scrollY > 1000 && !document.getElementById('more')) {
        const p = document.createElement('p'); p.id = 'more'; p.textContent = 'more stories'; document.body.append(p);
      }
    });
  </script></body>`,
  // An infinite feed: when its sentinel comes into view it fetches and appends one tall chunk,
  // at most `max` (?max=N, none: endless). It does not chain loads by itself: only scrolling to its
  // new end brings the next.
  'feed.html': `<!doctype html><title>feed</title><body style="margin:0">
    <div style="height:2000px">start</div><div id="feed"></div><div id="sentinel">sentinel</div><script>
    const max = Number(new URLSearchParams(location.search).get('max') || Infinity);
    let n = 0, busy = false;
    new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting) || busy || n >= max) return;
      busy = true;
      fetch('data.json').then(() => {
        const d = document.createElement('div'); d.className = 'chunk'; d.style.height = '1500px'; d.textContent = 'chunk ' + (++n);
        document.getElementById('feed').append(d);
        busy = false;
      });
    }).observe(document.getElementById('sentinel'));
  </script></body>`,
  'random.html': `<!doctype html><title>random</title><body><p id="r"></p><script>
    document.getElementById('r').textContent = [Math.random(), Math.random(), Math.random()].join(' ');
  </script></body>`,
  'tall.html': `<!doctype html><title>tall</title><body style="margin:0"><div style="height:3000px">tall</div>
    <p>nothing here reacts to scrolling</p></body>`,
  'lazy-offsite.html': `<!doctype html><title>lazy offsite</title><body style="margin:0"><div style="height:3000px">tall</div>
    <img loading="lazy" src="http://images.example.invalid/a.png" alt="a">
    <picture><source srcset="https://cdn.example.invalid/b.webp 1x, https://cdn.example.invalid/b2.webp 2x"><img loading="lazy" alt="b"></picture>
    <iframe loading="lazy" src="https://video.example.invalid/embed/1"></iframe></body>`,
  'lazy-elsewhere.html': `<!doctype html><title>lazy elsewhere</title><body style="margin:0"><div style="height:3000px">tall</div>
    <img loading="lazy" src="/static/a.png" alt="root-relative: outside the page's mount">
    <img loading="lazy" src="http://localhost/b.png" alt="another loopback server">
    <img loading="lazy" srcset="https://localhost:9/c.png 1x" alt="and its https twin"></body>`,
  'lazy-local.html': `<!doctype html><title>lazy local</title><body style="margin:0"><div style="height:3000px">tall</div>
    <img loading="lazy" src="http://images.example.invalid/a.png" alt="a">
    <img loading="lazy" srcset="http://images.example.invalid/b.png 1x, tall.html 2x" alt="b"></body>`,
  'error-loop.html': `<!doctype html><title>error loop</title><body>
    <img id="a" src="http://example.invalid/a.png" onerror="window.fails=(window.fails||0)+1; this.src='http://example.invalid/fallback-'+window.fails+'.png'">
    <img id="b" src="missing-local.png" onerror="this.src='missing-local.png?again'">
    <p>an image whose fallback fails too</p></body>`,
  'waitfor.html': `<!doctype html><title>waitfor</title><body><script>
    setTimeout(() => { const d = document.createElement('div'); d.className = 'ready'; document.body.append(d); }, 200);
  </script></body>`,
  'animate.html': `<!doctype html><title>animate</title><body><h1 id="fade">Fades in</h1><p id="slide">Slides in</p><i id="spin">*</i><script>
    document.getElementById('fade').animate([{ opacity: 0 }, { opacity: 1 }], { duration: 60000, fill: 'both' });
    document.getElementById('slide').animate({ transform: ['translateX(-300px)', 'none'] }, 45000);
    const spin = document.getElementById('spin').animate([{ opacity: 0.2 }, { opacity: 0.8 }], { duration: 1000, delay: 500, iterations: Infinity, fill: 'both' });
    document.body.dataset.after = spin instanceof Animation ? 'an Animation' : 'nothing';
  </script></body>`,
  'ticker.html': `<!doctype html><title>ticker</title><body><ul id="t"><li>one</li><li>two</li><li>three</li><li>four</li><li>five</li></ul><script>
    const t = document.getElementById('t');
    const next = () => { t.animate([{ opacity: 1 }, { opacity: 0.5 }], { duration: 60000 }).onfinish = () => { t.append(t.firstElementChild); next(); }; };
    next();
    const kept = Object.create({ fill: 'forwards' });
    kept.duration = 9000;
    document.body.dataset.fill = document.body.animate([{ opacity: 1 }, { opacity: 0.25 }], kept).effect.getComputedTiming().fill;
  </script></body>`,
  'charset.html': `<!doctype html><meta charset="iso-8859-1"><title>charset</title><body><p id="t">café ✓</p></body>`,
};

let dir: string;
let server: FileServer;
let launched: LaunchedBrowser;

async function withPage<T>(fn: (page: Page, context: BrowserContext) => Promise<T>, on: Pick<FileServer, 'origin'> = server): Promise<T> {
  const context = await newContext(launched.browser, { offline: true, allowOrigins: [on.origin] });
  const page = await context.newPage();
  try {
    return await fn(page, context);
  } finally {
    if (!(await closeQuietly(page, 2000))) await closeQuietly(context, 5000);
    await closeQuietly(context, 5000);
  }
}

const url = (name: string) => server.urlFor(path.join(dir, name));
/** The CLI's defaults (src/options.ts). */
const defaults: LoadOptions = loadOptionsFor(resolveExtractOptions({}));
const fast: LoadOptions = { ...defaults, settleMs: 300, maxSettleMs: 3000, timeoutMs: 10_000 };

describe.skipIf(!haveChromium)('loadPage in real Chromium', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'viseg-load-'));
    for (const [name, html] of Object.entries(PAGES)) writeFileSync(path.join(dir, name), html);
    server = await startFileServer();
    launched = await launchBrowser({ browserPath: CHROMIUM });
  });
  afterAll(async () => {
    await launched?.close();
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('describes the launched browser', () => {
    expect(launched.description).toMatch(/^Chromium \d+\./);
    expect(launched.browser.isConnected()).toBe(true);
  });

  it('waits for content inserted 300 ms after load', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('late.html'), { ...defaults, settleMs: 500 });
      expect(await page.locator('#late').count()).toBe(1);
      expect(r.status).toBe(200);
      expect(r.loadFired).toBe(true);
      expect(r.settled).toBe(true);
      expect(r.navigatedAway).toBe(false);
      expect(r.finalUrl).toBe(url('late.html'));
    });
  });

  it('settles a static page quickly; animations are frozen and do not count as mutations', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('static.html'), { ...fast, scroll: 'never' });
      // The infinite CSS animation must not keep it busy: quiet is reached before maxSettleMs.
      expect(r.settled).toBe(true);
      const style = await page.evaluate(() => {
        const cs = getComputedStyle(document.getElementById('spin')!);
        return { duration: cs.animationDuration, count: cs.animationIterationCount, caret: getComputedStyle(document.querySelector('input')!).caretColor };
      });
      // animations run to their end state at once (zero duration, one iteration)
      expect(style.duration).toBe('0s');
      expect(style.count).toBe('1');
      // Mutations are recorded from DOMContentLoaded on (the parser's insertions are not). The
      // freeze rules are a constructed sheet adopted at document start: no <style> element, no
      // mutation, no second restyle at DOMContentLoaded.
      const marks = await page.evaluate(
        ([key, attr]) => ({
          last: (window as unknown as Record<string, number>)[key!],
          parsed: (window as unknown as { __parsed: number }).__parsed,
          dcl: (window as unknown as { __dcl: number }).__dcl,
          styleElement: !!document.querySelector(`style[${attr}]`),
          adopted: document.adoptedStyleSheets.some((s) => [...s.cssRules].some((r) => r.cssText.includes('animation-duration: 0s'))),
        }),
        [LAST_MUTATION_KEY, FREEZE_ATTR],
      );
      expect(marks.adopted).toBe(true);
      expect(marks.styleElement).toBe(false);
      expect(marks.last).toBeGreaterThanOrEqual(marks.parsed);
      expect(marks.last).toBeLessThanOrEqual(marks.dcl);
      expect(style.caret).toBe('rgba(0, 0, 0, 0)');
    });
  });

  it('keeps animations frozen when the page replaces document.adoptedStyleSheets', async () => {
    await withPage(async (page) => {
      await loadPage(page, url('adopt-replace.html'), { ...fast, scroll: 'never' });
      const r = await page.evaluate(() => ({
        duration: getComputedStyle(document.getElementById('spin')!).animationDuration,
        own: getComputedStyle(document.querySelector('p')!).color,
        sheets: document.adoptedStyleSheets.length,
      }));
      expect(r).toEqual({ duration: '0s', own: 'rgb(1, 2, 3)', sheets: 2 });
    });
  });

  it('runs animations a script starts with element.animate() to their end at once, as CSS ones', async () => {
    await withPage(async (page) => {
      await loadPage(page, url('animate.html'), { ...fast, scroll: 'never' });
      const r = await page.evaluate(() => ({
        fade: getComputedStyle(document.getElementById('fade')!).opacity,
        slide: getComputedStyle(document.getElementById('slide')!).transform,
        spin: getComputedStyle(document.getElementById('spin')!).opacity,
        states: document.getAnimations().map((a) => a.playState),
        after: document.body.dataset.after,
      }));
      // fill 'both' holds the last frame; without a fill the element is back to its own style (and
      // its finished animation is no longer the document's)
      expect(r).toEqual({ fade: '1', slide: 'none', spin: '0.8', states: ['finished', 'finished'], after: 'an Animation' });
    });
  });

  it('lets a chain of animations that restart each other run at its own pace after the first few', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('ticker.html'), { ...fast, scroll: 'never' });
      // three instant rounds, then the page's own minute: the page settles, on the same rotation every time
      expect(r.settled).toBe(true);
      expect(await page.locator('#t li').allTextContents()).toEqual(['four', 'five', 'one', 'two', 'three']);
      // options the page inherits through a prototype are read as the page meant them
      expect(await page.evaluate(() => [document.body.dataset.fill, getComputedStyle(document.body).opacity])).toEqual(['forwards', '0.25']);
    });
  });

  it('serves valid UTF-8 with a stale meta charset correctly', async () => {
    await withPage(async (page) => {
      await loadPage(page, url('charset.html'), { ...fast, scroll: 'never' });
      expect(await page.textContent('#t')).toBe('café ✓');
    });
  });

  it("waits for web fonts by the page's clock: a renderer slow to answer is no missing font, fonts never ready are", async () => {
    await withPage(async (page) => {
      await loadPage(page, url('arrived.html'), { ...fast, scroll: 'never' });
      const fontsWarnings = async (): Promise<string[]> => {
        const tracker = new PageTracker(page);
        try {
          const run = new LoadRun(page, url('arrived.html'), { ...fast, maxScrollSteps: 0 }, Date.now() + 20_000, tracker);
          await waitForFonts(run);
          return run.warnings.map((w) => w.code);
        } finally {
          tracker.dispose();
        }
      };
      // The renderer answers only after 2.5 s, longer than the 2 s fonts wait, as on a loaded
      // machine; the page has no web font, so that is no warning (it was one, and made a record
      // differ between two runs of the same page).
      await page.evaluate(`setTimeout(() => { const t = Date.now(); while (Date.now() - t < 2500) {} }, 0)`);
      expect(await fontsWarnings()).toEqual([]);
      await page.evaluate(`Object.defineProperty(document.fonts, 'ready', { get: () => new Promise(() => {}) })`);
      expect(await fontsWarnings()).toEqual(['FONTS_NOT_READY']);
    });
  });

  it('returns PAGE_TIMEOUT for a page stuck in while(true) and the browser stays usable', async () => {
    const context = await newContext(launched.browser, { offline: true, allowOrigins: [server.origin] });
    const page = await context.newPage();
    // The deadline is a timer of this process: it must fire before one set 2 s after it, however
    // slow the machine (timers fire in order), while the renderer never answers again.
    let sentinelFired = false;
    const sentinel = setTimeout(() => (sentinelFired = true), 3000 + 2000);
    let err: unknown;
    try {
      await loadPage(page, url('busy.html'), { ...defaults, timeoutMs: 3000 });
    } catch (e) {
      err = e;
    }
    clearTimeout(sentinel);
    expect(err).toBeInstanceOf(PageTimeoutError);
    expect((err as PageTimeoutError).code).toBe('PAGE_TIMEOUT');
    expect(sentinelFired).toBe(false);
    if (!(await closeQuietly(page, 1000))) await closeQuietly(context, 5000);
    await closeQuietly(context, 5000);
    // A fresh context still works.
    await withPage(async (p2) => {
      await loadPage(p2, url('arrived.html'), { ...fast, scroll: 'never' });
      expect(await p2.textContent('#arrived')).toBe('second document');
    });
  });

  it('dismisses and records dialogs', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('alert.html'), { ...fast, scroll: 'never' });
      expect(r.dialogs).toEqual(['alert: hello', 'confirm: sure?']);
      expect(await page.evaluate(() => document.body.dataset.confirm)).toBe('false');
    });
  });

  it('detects a page that navigates itself away after load', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('away.html'), fast);
      expect(r.navigatedAway).toBe(true);
      expect(r.finalUrl).toBe(url('arrived.html'));
      expect(await page.textContent('#arrived')).toBe('second document');
    });
  });

  it('keeps the document when an offline page tries to navigate to another origin', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('leave.html'), { ...fast, scroll: 'never' });
      expect(r.navigatedAway).toBe(false);
      expect(r.finalUrl).toBe(url('leave.html'));
      expect(await page.textContent('#stay')).toBe('stay');
      expect(r.warnings.map((w) => `${w.code}: ${w.message}`).join('\n')).toContain('NAVIGATION_BLOCKED: The page tried to navigate to https://example.invalid/');
    });
  });

  it('confines a local page to its own mount: root-relative requests are refused in the renderer, relative ones reach the server', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('scoped.html'), { ...fast, scroll: 'never' });
      expect(r.settled).toBe(true);
      expect(await page.textContent('#outside')).toBe('refused');
      expect(await page.textContent('#inside')).toBe('status 404');
      expect(await page.textContent('#img')).toBe('error');
    });
  });

  it('settles when the page never reads a fetch() body', async () => {
    await withPage(async (page) => {
      // maxSettleMs well above the grace: quiet is reached although the bodies never finish
      const r = await loadPage(page, url('unread.html'), { ...fast, maxSettleMs: FETCH_BODY_GRACE_MS * 4, scroll: 'never' });
      expect(r.settled).toBe(true);
      expect(await page.textContent('#a')).toBe('not ok');
      expect(await page.textContent('#b')).toBe('status 200');
    });
  });

  it('waits for a fetch() body that arrives after its response headers', async () => {
    // The body comes 450 ms after the headers: longer than the 300 ms quiet window, well inside
    // FETCH_BODY_GRACE_MS.
    const slow = createServer((req, res) => {
      if (req.url === '/slow') {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.flushHeaders();
        setTimeout(() => res.end('slow body arrived'), 450);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(`<!doctype html><title>slow</title><body><p id="out">waiting</p><script>
        fetch('/slow').then((r) => r.text()).then((t) => { document.getElementById('out').textContent = t; });
      </script></body>`);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      await withPage(async (page) => {
        const r = await loadPage(page, origin + '/page', { ...fast, scroll: 'never' });
        expect(r.settled).toBe(true);
        expect(await page.textContent('#out')).toBe('slow body arrived');
      }, { origin });
    } finally {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });

  it('fails external requests at once when offline: refused by the page policy, or by the proxy without it', async () => {
    // Default server: HTML comes with a confining CSP, so the renderer refuses external requests.
    const res = await fetch(url('external.html'));
    const scope = url('external.html').replace(/[^/]*$/, '');
    expect(res.headers.get('content-security-policy')).toContain(`default-src ${scope} `);
    // A request left waiting for DNS or TCP (10.255.255.1 never answers) would keep the page busy
    // past maxSettleMs: settling proves nothing waited.
    await withPage(async (page) => {
      const r = await loadPage(page, url('external.html'), { ...fast, scroll: 'never' });
      expect(r.settled).toBe(true);
      expect(await page.textContent('#result')).toBe('failed');
    });
    // Without the CSP the refusing proxy is the backstop: the requests fail at once too, and are
    // recorded. Nothing waits for DNS/TCP timeouts (10.255.255.1 would hang).
    const open = await startFileServer({ confine: false });
    try {
      const u = open.urlFor(path.join(dir, 'external.html'));
      expect((await fetch(u)).headers.get('content-security-policy')).toBeNull();
      await withPage(async (page, context) => {
        const r = await loadPage(page, u, { ...fast, scroll: 'never' });
        expect(r.settled).toBe(true);
        expect(await page.textContent('#result')).toBe('failed');
        const blocked = networkPolicyOf(context)!.blocked;
        expect(blocked).toEqual(expect.arrayContaining(['http://example.invalid/x.png', 'http://10.255.255.1/']));
      }, open);
    } finally {
      await open.close();
    }
  });

  it('scrolls to trigger lazy content and returns to the top', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('lazy.html'), fast);
      expect(r.scrollSteps).toBeGreaterThan(1);
      expect(await page.locator('#lazy').count()).toBe(1);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  });

  it('scrolls an infinite feed again while it grows, to where it stops, within the round and step limits', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('feed.html') + '?max=3', fast);
      expect(await page.locator('.chunk').count()).toBe(3);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(r.scrollSteps).toBeLessThanOrEqual(30);
      // an endless feed: the load still ends, after four passes (the first and three more while it
      // grew), each of which brought at least one chunk, within the steps
      const endless = await loadPage(page, url('feed.html'), fast);
      expect(await page.locator('.chunk').count()).toBeGreaterThanOrEqual(4);
      expect(endless.scrollSteps).toBeLessThanOrEqual(30);
      // the passes share the steps: 6 in all take the 768 px viewport at most 4,608 px down, and
      // the n-th chunk needs the sentinel at 2,000 + 1,500 (n - 1) px in view, so at most 3 chunks
      // load, however fast each arrives (the endless feed above got 4 or more with 30 steps)
      const limited = await loadPage(page, url('feed.html'), { ...fast, maxScrollSteps: 6 });
      expect(limited.scrollSteps).toBeLessThanOrEqual(6);
      expect(await page.locator('.chunk').count()).toBeLessThanOrEqual(3);
    });
  });

  it('gives a page the same Math.random draws on every rendering', async () => {
    const draws: string[] = [];
    for (let i = 0; i < 2; i++) {
      await withPage(async (page) => {
        await loadPage(page, url('random.html'), { ...fast, scroll: 'never' });
        draws.push((await page.textContent('#r')) ?? '');
      });
    }
    const values = at(draws, 0).split(' ').map(Number);
    expect(values).toHaveLength(3);
    expect(new Set(values).size).toBe(3);
    for (const v of values) expect(v >= 0 && v < 1).toBe(true);
    expect(draws[1]).toBe(draws[0]);
  });

  it("scroll 'auto' scrolls a page with a scroll listener, and skips a page where nothing listens", async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('lazy-listener.html'), fast);
      expect(r.scrollReason).toBe('scroll listener');
      expect(await page.locator('#more').count()).toBe(1);
      const io = await loadPage(page, url('lazy.html'), fast);
      expect(io.scrollReason).toBe('IntersectionObserver');
      const t = await loadPage(page, url('tall.html'), fast);
      expect(t.scrollReason).toBeNull();
      expect(t.scrollSteps).toBe(0);
      const always = await loadPage(page, url('tall.html'), { ...fast, scroll: 'always' });
      expect(always.scrollReason).toBe('always');
      expect(always.scrollSteps).toBeGreaterThan(1);
      const never = await loadPage(page, url('lazy-listener.html'), { ...fast, scroll: 'never' });
      expect(never.scrollReason).toBeNull();
      expect(await page.locator('#more').count()).toBe(0);
    });
  });

  it("scroll 'auto' counts a lazy image or iframe only when it could load: offline, not one that only names other hosts", async () => {
    await withPage(async (page) => {
      const off = await loadPage(page, url('lazy-offsite.html'), fast);
      expect(off.scrollReason).toBeNull();
      expect(off.scrollSteps).toBe(0);
      // the file server's CSP confines a page to its own mount: root-relative and other loopback
      // URLs are refused in the renderer, so they are no reason to scroll either
      const elsewhere = await loadPage(page, url('lazy-elsewhere.html'), fast);
      expect(elsewhere.scrollReason).toBeNull();
      const local = await loadPage(page, url('lazy-local.html'), fast);
      expect(local.scrollReason).toBe('loading="lazy"');
      expect(local.scrollSteps).toBeGreaterThan(1);
    });
    // online, every lazy element counts (nothing leaves the machine: the file server's CSP still
    // refuses the other hosts in the renderer)
    const context = await newContext(launched.browser, {});
    try {
      const page = await context.newPage();
      const r = await loadPage(page, url('lazy-offsite.html'), fast);
      expect(r.scrollReason).toBe('loading="lazy"');
    } finally {
      await context.close();
    }
  });

  it('stops an image whose onerror fallback fails forever after two fallbacks', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('error-loop.html'), fast);
      expect(r.settled).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { fails: number }).fails)).toBe(2);
    });
  });

  it('waits for a selector, and reports WAIT_FOR_TIMEOUT when it never appears', async () => {
    await withPage(async (page) => {
      const r = await loadPage(page, url('waitfor.html'), { ...fast, scroll: 'never', waitFor: '.ready' });
      expect(r.settled).toBe(true);
      let err: unknown;
      try {
        await loadPage(page, url('static.html'), { ...fast, timeoutMs: 1500, scroll: 'never', waitFor: '.never' });
      } catch (e) {
        err = e;
      }
      expect((err as VisegError).code).toBe('WAIT_FOR_TIMEOUT');
    });
  });

  it('reports NAVIGATION_FAILED for an unreachable URL', async () => {
    await withPage(async (page) => {
      await expect(loadPage(page, 'http://example.invalid/', fast)).rejects.toMatchObject({
        code: 'NAVIGATION_FAILED',
        message: expect.stringContaining('offline'),
      });
    });
  });
});
