/**
 * The per-page deadline is hard (SECURITY.md): whatever a page does, it ends with a record, and a
 * page read beside hostile ones is read right. The hostile pages below each keep the browser busy
 * in their own way; some of them still get a record with content (the snapshot is taken of what
 * there is), the others PAGE_TIMEOUT, never anything else. Pages that reload themselves forever
 * get a result or their own code, not INTERNAL_ERROR.
 *
 * What shows the deadline held is events, not the clock: the run exits by itself with one record
 * per page, a page that can never finish (`while (true) {}`) has PAGE_TIMEOUT naming the
 * deadline and the phase it cut, and the ordinary pages read after the hostile ones are ok. A
 * deadline that did not fire would leave the run hanging until runCli kills it (its killAfterMs,
 * several times what the pages need), which fails the test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hostilePage } from '../browser/hostile-kit.js';
import { haveChromium, parseJsonl, runCli, tempDir } from './helpers.js';
import { outOfRange } from '../../../src/util/at.js';

/**
 * Long enough for a page to be opened and loaded on a busy machine: with a few seconds, every page
 * may time out before it is opened, and the test then checks nothing.
 */
const TIMEOUT = 20_000;

/** A PAGE_TIMEOUT record says which deadline cut it short, and in which phase. */
const TIMED_OUT = new RegExp(`did not finish loading within ${TIMEOUT} ms \\(stuck in phase: [a-zA-Z-]+\\)`);

const PAGES: Record<string, string> = {
  'pushstate.html': hostilePage('pushState storm', `done(); setInterval(() => { for (let i = 0; i < 2000; i++) history.pushState({ i }, '', '?s=' + i); }, 0);`),
  // a tab's first page pays for its context and renderer (several seconds on a loaded machine):
  // the ordinary page comes second in its worker, beside the storm
  'deep.html': `<!doctype html><title>Deep</title><body>${'<div>'.repeat(5000)}deep text${'</div>'.repeat(5000)}<p>A paragraph after the deep tree, long enough to be read as the content of the page by the extractor of viseg.</p></body>`,
  'ordinary.html': hostilePage('Ordinary page', `show('ordinary', 'fine'); done();`),
  'alerts.html': hostilePage('Alert loop', `done(); addEventListener('load', () => { for (let i = 0; ; i++) alert('again ' + i); });`),
  'iframes.html': hostilePage(
    'Five hundred frames',
    `done(); for (let i = 0; i < 500; i++) { const f = document.createElement('iframe');
      f.srcdoc = '<p>frame ' + i + '</p><script>let x = 0; setInterval(() => { for (let j = 0; j < 1e5; j++) x += j; }, 0);<\\/script>';
      document.body.append(f); }`,
  ),
  'fonts.html': hostilePage(
    'Font bomb',
    `done(); const css = []; for (let i = 0; i < 2000; i++) css.push('@font-face { font-family: f' + i + '; src: url(missing-' + i + '.woff2) }');
      const s = document.createElement('style'); s.textContent = css.join('\\n'); document.head.append(s);
      for (let i = 0; i < 2000; i++) { const e = document.createElement('span'); e.style.fontFamily = 'f' + i; e.textContent = 'x'; document.body.append(e); }`,
  ),
  'busy.html': hostilePage('Busy', `done(); addEventListener('load', () => setTimeout(() => { while (true) {} }, 50));`),
  'reload.html': hostilePage('Reload loop', `done(); setTimeout(() => location.reload(), 30);`),
  'refresh.html': hostilePage('Meta refresh to itself', `done();`, '<meta http-equiv="refresh" content="0">'),
  // read after every hostile page, beside the last of them
  'last.html': hostilePage('Last page', `show('ordinary', 'fine'); done();`),
};

describe.skipIf(!haveChromium)('batch: the per-page deadline holds against hostile pages', () => {
  it('ends every page with a record or PAGE_TIMEOUT, and reads the ordinary pages beside them', async () => {
    const dir = tempDir('viseg-deadline-');
    for (const [name, html] of Object.entries(PAGES)) writeFileSync(path.join(dir, name), html);
    const inputs = Object.keys(PAGES).map((n) => path.join(dir, n));
    const out = path.join(dir, 'out.jsonl');
    // two at a time, in the order above: each ordinary page runs beside hostile ones, in a tab that
    // is already open (on two cores, nine pages at once would leave an ordinary page no CPU at all,
    // which says nothing about viseg)
    const run = await runCli(['extract', ...inputs, '-c', '2', '-q', '--timeout', String(TIMEOUT), '--out', out], { killAfterMs: 170_000 });
    expect(run.signal).toBeNull();
    expect([0, 1]).toContain(run.code);
    const recs = new Map(parseJsonl(readFileSync(out, 'utf8')).map((r) => [path.basename(r.input), r]));
    expect([...recs.keys()]).toEqual(Object.keys(PAGES));
    for (const [name, r] of recs) {
      if (!r.ok) expect(['PAGE_TIMEOUT', 'NAVIGATION_LOOP', 'PAGE_CRASHED'], `${name}: ${JSON.stringify(r.error)}`).toContain(r.error!.code);
      if (r.error?.code === 'PAGE_TIMEOUT') expect(r.error.message, name).toMatch(TIMED_OUT);
    }
    // an endless loop never finishes: only the deadline can have ended it
    expect(recs.get('busy.html')!.error?.code).toBe('PAGE_TIMEOUT');
    // Beside the busy renderers a 5,000-deep tree may not finish its layout before the deadline
    // (PAGE_TIMEOUT); alone it is read (about 2 s).
    const deep = recs.get('deep.html')!;
    if (!deep.ok) expect(['PAGE_CRASHED', 'PAGE_TIMEOUT']).toContain(deep.error!.code);
    // Every page shares the browser process: no hostile page may keep it from reading the
    // ordinary pages (a pushState storm does unless Chromium's navigation flood protection is
    // on, see browser/launch.ts).
    for (const name of ['ordinary.html', 'last.html']) {
      const r = recs.get(name)!;
      expect(r.ok, `${name}: ${JSON.stringify(r.error)}`).toBe(true);
      expect(r.text).toContain('[ordinary => fine]');
    }
  }, 180_000);

  // Beside the pages above, which keep renderers busy (500 framed loops, an endless loop), a reload
  // loop may not commit a navigation before its deadline (PAGE_TIMEOUT, accepted above). On its
  // own it is read or named.
  it('gives reload loops and a refresh to itself a record of the document they ended on, or NAVIGATION_LOOP', async () => {
    const dir = tempDir('viseg-loops-');
    const names = ['reload.html', 'refresh.html', 'ordinary.html'];
    for (const name of names) writeFileSync(path.join(dir, name), (PAGES[name] ?? outOfRange(name)));
    const out = path.join(dir, 'out.jsonl');
    const run = await runCli(['extract', ...names.map((n) => path.join(dir, n)), '-c', '2', '-q', '--timeout', String(TIMEOUT), '--out', out], { killAfterMs: 150_000 });
    expect(run.signal).toBeNull();
    expect([0, 1]).toContain(run.code);
    const recs = new Map(parseJsonl(readFileSync(out, 'utf8')).map((r) => [path.basename(r.input), r]));
    for (const name of ['reload.html', 'refresh.html']) {
      const r = recs.get(name)!;
      if (r.ok) expect(r.text, name).toContain('[attack => done]');
      else expect(r.error!.code, `${name}: ${r.error!.message}`).toBe('NAVIGATION_LOOP');
    }
    expect(recs.get('ordinary.html')!.text).toContain('[ordinary => fine]');
  }, 180_000);

  it('gives a .gz that inflates to 1.5 GB an INPUT_TOO_LARGE record without stalling the pages beside it', async () => {
    const dir = tempDir('viseg-bomb-');
    // gzip members inflate one after the other: fifteen copies of 100 MB of markup make 1.5 GB
    // in about 1.5 MB, made in a second. Inflated in one blocking call, it would hold the process
    // past the other pages' deadline, and they would end with PAGE_TIMEOUT instead of their text.
    const member = gzipSync(Buffer.alloc(100 * 1024 * 1024, '<p>bomb</p>'), { level: 9 });
    writeFileSync(path.join(dir, 'bomb.html.gz'), Buffer.concat(Array.from({ length: 15 }, () => member)));
    writeFileSync(path.join(dir, 'a.html'), hostilePage('First', `show('page', 'a'); done();`));
    writeFileSync(path.join(dir, 'b.html'), hostilePage('Second', `show('page', 'b'); done();`));
    const inputs = ['a.html', 'bomb.html.gz', 'b.html'].map((n) => path.join(dir, n));
    const out = path.join(dir, 'out.jsonl');
    const run = await runCli(['extract', ...inputs, '-c', '3', '-q', '--timeout', String(TIMEOUT), '--out', out], { killAfterMs: 150_000 });
    expect(run.code).toBe(1);
    const [a, bomb, b] = parseJsonl(readFileSync(out, 'utf8'));
    expect(bomb!.error?.code).toBe('INPUT_TOO_LARGE');
    expect(bomb!.error?.message).toContain('100 MB');
    for (const r of [a!, b!]) expect(r.ok, JSON.stringify(r.error)).toBe(true);
    expect(a!.text).toContain('[page => a]');
    expect(b!.text).toContain('[page => b]');
  }, 180_000);
});
