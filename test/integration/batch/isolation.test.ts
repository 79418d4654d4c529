/**
 * A batch worker reuses one tab from page to page (pipeline/tabs.ts); a page must never see what
 * an earlier page in that tab left behind: cookies, local and session storage, IndexedDB, or the
 * tab's `window.name`. Otherwise a page's text would depend on which pages ran before it in the
 * same worker, that is on concurrency and timing.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, readJsonl, runCli, tempDir } from './helpers.js';

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
    expect(reader!.text).toContain('What the reader found: session=null local=null cookie= name= idb= end.');
  }, 60_000);
});
