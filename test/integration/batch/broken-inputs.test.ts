/**
 * A batch (--input-file) with broken inputs mixed in finishes, with exactly one record per input,
 * in input order: an error record for each broken input, ok records for the
 * rest, exit code 1.
 *
 * Documented behaviour checked here:
 * - missing file -> INPUT_NOT_FOUND; random bytes in a .html -> BINARY_INPUT; empty .html ->
 *   EMPTY_INPUT (all three without starting a page);
 * - `while (true) {}` after load -> PAGE_TIMEOUT after --timeout (the stuck renderer is disposed
 *   of with its context; later inputs are unaffected);
 * - alert() -> ok; each dialog is dismissed and noted as a warning `dialog dismissed: alert: ...`;
 * - a page that sets location.href to another local page 100 ms after load -> ok, and the record is
 *   the page it went to: finalUrl is the landing page, the text is the landing page's, and a
 *   warning `page navigated away to <url>` says so.
 *
 * Runs with -c 1: a page stuck in `while (true) {}` burns a whole core until its deadline, and on
 * a busy 2-core machine a page rendered next to it could miss the deadline too.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN, haveChromium, readJsonl, runCli, tempDir } from './helpers.js';
import { at } from '../../../src/util/at.js';

/**
 * The batch's --timeout: the stuck page takes all of it, so it is short, but every other page has
 * to load within it too, the first one with a cold browser, on a CI machine that may be running
 * other jobs (at load average 10 a cold first page took over 4 s).
 */
const TIMEOUT_MS = 10_000;

describe.skipIf(!haveChromium)('batch: broken inputs in a list', () => {
  it('gives one record per input, in order, errors for the broken ones, exit code 1', async () => {
    const dir = tempDir();
    const binary = path.join(dir, 'binary.html');
    const bytes = randomBytes(4096);
    bytes[17] = 0; // random bytes almost surely hold a NUL already; make sure
    writeFileSync(binary, bytes);
    const empty = path.join(dir, 'empty.html');
    writeFileSync(empty, '');
    const missing = path.join(dir, 'no-such-page.html');
    const b = (f: string) => path.join(BROKEN, f);
    const expected: Array<{ input: string; code?: string }> = [
      { input: b('article-a.html') },
      { input: missing, code: 'INPUT_NOT_FOUND' },
      { input: binary, code: 'BINARY_INPUT' },
      { input: b('alert.html') },
      { input: empty, code: 'EMPTY_INPUT' },
      { input: b('loop.html'), code: 'PAGE_TIMEOUT' },
      { input: b('navigate-away.html') },
      { input: b('article-b.html') },
    ];
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, '# broken inputs mixed in\n' + expected.map((e) => e.input).join('\n') + '\n');
    const out = path.join(dir, 'out.jsonl');

    const run = await runCli(['extract', '--input-file', list, '--timeout', String(TIMEOUT_MS), '-c', '1', '-q', '--out', out]);
    expect(run.code, run.stderr).toBe(1);
    const recs = readJsonl(out);
    expect(recs.map((r) => r.input)).toEqual(expected.map((e) => e.input));
    for (const [i, e] of expected.entries()) {
      const r = at(recs, i);
      if (e.code) {
        expect(r.ok, e.input).toBe(false);
        expect(r.error?.code, `${e.input}: ${r.error?.message}`).toBe(e.code);
        expect(r.text).toBe('');
      } else {
        expect(r.ok, `${e.input}: ${JSON.stringify(r.error)}`).toBe(true);
        expect(r.text.length, e.input).toBeGreaterThan(100);
      }
    }
    const byName = (f: string) => recs.find((r) => r.input === b(f))!;

    // the deadline holds: the stuck page's record comes out (runCli kills a run that hangs), and
    // it is this batch's deadline that ended it, in a phase after the page was opened
    const loop = byName('loop.html');
    expect(loop.error?.message).toMatch(new RegExp(`within ${TIMEOUT_MS} ms \\(stuck in phase: (?!open-page)[a-zA-Z-]+\\)`));

    const alert = byName('alert.html');
    expect(alert.warnings.find((w) => w.code === 'DIALOG_DISMISSED')?.message, JSON.stringify(alert.warnings)).toMatch(/alert: hello/);
    expect(alert.text).toContain('The article itself is ordinary');

    const away = byName('navigate-away.html');
    expect(away.finalUrl).toMatch(/\/landing\.html$/);
    expect(away.url).toMatch(/\/navigate-away\.html$/);
    expect(away.text).toContain('This is the landing page');
    expect(away.text).not.toContain('This text must not be what gets extracted');
    expect(away.warnings.find((w) => w.code === 'NAVIGATED_AWAY')?.message, JSON.stringify(away.warnings)).toMatch(/landing\.html$/);

    // the pages after the stuck one are fine
    expect(byName('article-b.html').text).toContain('four hundred species of moth');
  }, 120_000);
});
