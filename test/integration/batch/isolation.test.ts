/**
 * A batch worker reuses one tab from page to page (pipeline/tabs.ts); a page must never see what
 * an earlier page in that tab left behind: cookies, local and session storage, IndexedDB, or the
 * tab's `window.name`. Otherwise a page's text would depend on which pages ran before it in the
 * same worker, that is on concurrency and timing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loadPage, type FileServer } from '../../../src/browser/index.js';
import { resolveExtractOptions } from '../../../src/options.js';
import { Session } from '../../../src/pipeline/session.js';
import { loadOptionsFor, TabPool, type TabSpec } from '../../../src/pipeline/tabs.js';
import { CHROMIUM, haveChromium, readJsonl, runCli, tempDir } from './helpers.js';

const PROSE = '<p>The harbour office opened its records to the public this spring, and the ledgers show how the town traded through three centuries of storms, wars and changing fashions in cloth and grain.</p>'.repeat(4);

const WRITER = `<!doctype html><html><head><title>Writer</title></head><body><article><h1>Writer</h1>${PROSE}</article><script>
  sessionStorage.setItem('x', 'session-leak'); localStorage.setItem('x', 'local-leak');
  document.cookie = 'x=cookie-leak; path=/'; window.name = 'name-leak';
  indexedDB.open('leak-db', 1).onupgradeneeded = (e) => e.target.result.createObjectStore('s');
</script></body></html>`;

const READER = `<!doctype html><html><head><title>Reader</title></head><body><article><h1>Reader</h1><p id="found">What the reader found:</p>${PROSE}</article><script>
  addEventListener('load', async () => {
    const dbs = (await indexedDB.databases()).map((d) => d.name).join('+');
    document.getElementById('found').textContent += ' session=' + sessionStorage.getItem('x') + ' local=' + localStorage.getItem('x') +
      ' cookie=' + document.cookie + ' name=' + window.name + ' idb=' + dbs + ' end.';
  });
</script></body></html>`;

describe.skipIf(!haveChromium)('batch: pages in a reused tab do not see what earlier pages left', () => {
  it('clears cookies, storage, IndexedDB and window.name between pages', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'writer.html'), WRITER);
    writeFileSync(path.join(dir, 'reader.html'), READER);
    const out = path.join(dir, 'out.jsonl');
    // One worker: the reader is rendered in the tab the writer used.
    const r = await runCli(['extract', path.join(dir, 'writer.html'), path.join(dir, 'reader.html'), '-c', '1', '-q', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const [writer, reader] = readJsonl(out);
    expect(writer!.ok).toBe(true);
    expect(reader!.ok).toBe(true);
    expect(reader!.text).toContain(CLEAN);
  }, 60_000);
});

/** Keeps writing everything a page can leave behind, from a timer and on its way out. */
const BUSY_WRITER = `<!doctype html><html><head><title>Busy writer</title></head><body><article><h1>Busy writer</h1>${PROSE}</article><script>
  const leave = (how) => {
    sessionStorage.setItem('x', how); localStorage.setItem('x', how);
    document.cookie = 'x=' + how + '; path=/'; window.name = how;
  };
  setInterval(() => leave('timer'), 1);
  window.open('popup.html'); // a window of its own, which would go on writing
  addEventListener('pagehide', () => leave('pagehide'));
  addEventListener('unload', () => leave('unload'));
</script></body></html>`;

/** Reader pages in `dir` whose URLs are on another port of the file server than `url`, and on the same one. */
function readersBeside(server: FileServer, dir: string, url: string): { other: string; same: string } {
  let other: string | undefined;
  let same: string | undefined;
  for (let i = 0; i < 500 && !(other && same); i++) {
    const file = path.join(dir, `reader${i}.html`);
    const u = server.urlFor(file);
    const isSame = new URL(u).origin === new URL(url).origin;
    if (isSame ? same : other) continue;
    writeFileSync(file, READER);
    if (isSame) same = u;
    else other = u;
  }
  expect(other && same).toBeTruthy();
  return { other: other!, same: same! };
}

/** What a reader finds in a tab nothing leaked into. */
const CLEAN = 'What the reader found: session=null local=null cookie= name= idb= end.';

/**
 * Visits pages one after the other in one reused offline tab of `tabs`; returns the text of a
 * page's `#found` and the context the tab lives in.
 */
async function reusedTab(session: Session, tabs: TabPool): Promise<(url: string) => Promise<{ found: string; context: BrowserContext }>> {
  const { browser } = await session.browser();
  const spec: TabSpec = { viewport: { width: 1366, height: 768 }, offline: true, allowOrigins: [...session.server.origins] };
  return async (url) => {
    const { page, context } = await tabs.acquire(browser, spec, url);
    try {
      await loadPage(page, url, { ...loadOptionsFor(resolveExtractOptions({})), settleMs: 200 });
      return { found: String(await page.evaluate(`document.getElementById('found')?.textContent ?? ''`)), context };
    } finally {
      await tabs.release(true, url);
    }
  };
}

describe.skipIf(!haveChromium)('tab reuse without about:blank', () => {
  it('a page on another port of the file server sees nothing the busy page before it left, nor does one on the same port', async () => {
    const session = await Session.open({ browserPath: CHROMIUM });
    const tabs = new TabPool();
    try {
      const dir = tempDir();
      const server = session.server;
      const writer = path.join(dir, 'writer.html');
      writeFileSync(writer, BUSY_WRITER);
      writeFileSync(path.join(dir, 'popup.html'), `<!doctype html><title>Popup</title><p>Popup</p><script>
        setInterval(() => { localStorage.setItem('x', 'popup'); document.cookie = 'x=popup; path=/'; }, 1);
      </script>`);
      const w = server.urlFor(writer);
      // Readers on another origin than the writer's, and on the same one.
      const { other, same } = readersBeside(server, dir, w);
      const visitIn = await reusedTab(session, tabs);
      const visit = async (url: string): Promise<string> => (await visitIn(url)).found;

      const { context } = await visitIn(w);
      expect(context.pages()).toHaveLength(1); // the popup the writer opened is closed
      expect(await visit(other)).toBe(CLEAN);
      expect(tabs.changes).toEqual({ direct: 1, blank: 0 });
      await visit(w); // the writer's origin was cleared once the reader had replaced it
      expect(tabs.changes).toEqual({ direct: 2, blank: 0 });
      expect(await visit(same)).toBe(CLEAN);
      expect(tabs.changes).toEqual({ direct: 2, blank: 1 });
    } finally {
      await tabs.close();
      await session.close();
    }
  }, 60_000);
});

/**
 * Keeps window.name's original setter before anything can replace it, and writes the name with
 * it on its way out, after the tab has emptied the name.
 */
const NAME_KEEPER = `<!doctype html><html><head><title>Name keeper</title><script>
  const desc = Object.getOwnPropertyDescriptor(window, 'name') || Object.getOwnPropertyDescriptor(Window.prototype, 'name');
  const setName = desc.set.bind(window);
  addEventListener('pagehide', () => setName('pagehide-leak'));
  addEventListener('unload', () => setName('unload-leak'));
  addEventListener('beforeunload', () => setName('beforeunload-leak'));
</script></head><body><article><h1>Name keeper</h1>${PROSE}</article></body></html>`;

describe.skipIf(!haveChromium)('window.name across pages of a reused tab', () => {
  it('is empty for the next page whatever the page before did on its way out', async () => {
    const session = await Session.open({ browserPath: CHROMIUM });
    const tabs = new TabPool();
    try {
      const dir = tempDir();
      const server = session.server;
      const keeper = path.join(dir, 'keeper.html');
      writeFileSync(keeper, NAME_KEEPER);
      const k = server.urlFor(keeper);
      const { other, same } = readersBeside(server, dir, k);
      const visitIn = await reusedTab(session, tabs);
      const visit = async (url: string): Promise<string> => (await visitIn(url)).found;
      await visit(k);
      expect(await visit(other)).toBe(CLEAN); // straight from the keeper's page (another port)
      await visit(k);
      expect(await visit(same)).toBe(CLEAN); // through about:blank (the same port)
      expect(tabs.changes).toEqual({ direct: 2, blank: 1 });
    } finally {
      await tabs.close();
      await session.close();
    }
  }, 120_000);
});
