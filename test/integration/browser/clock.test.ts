/**
 * `--clock`: pages that print the date, count down to a deadline or stamp a frame read the clock
 * the option sets, on the first page of a tab and on a later one, and in a frame; the clock runs
 * on while the page loads; without the option pages read the real time.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from '../batch/helpers.js';
import { hostilePage } from './hostile-kit.js';
import { at } from '../../../src/util/at.js';

/** A loaded machine takes long to start a browser; nothing here waits on a clock otherwise. */
const SLOW = { killAfterMs: 150_000 };

const CLOCK_PAGE = hostilePage(
  'Order today',
  `const first = Date.now();
  show('today', new Date().toISOString().slice(0, 10));
  // the shop's cut-off, 30 s past the half hour so that the seconds a load takes never change the minute
  const left = Date.UTC(2026, 2, 14, 17, 30, 30) - Date.now();
  show('order within', Math.floor(left / 3600000) + ' h ' + Math.floor((left % 3600000) / 60000) + ' min');
  show('frame', new frames[0].Date().toISOString().slice(0, 10));
  show('intl', new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }).format());
  show('parts', new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long' }).formatToParts()[0].value);
  show('temporal', typeof Temporal === 'object' ? String(Temporal.Now.plainDateISO('UTC')) : 'no Temporal');
  show('modified', document.lastModified.slice(0, 10));
  wait(300).then(() => { show('runs', Date.now() - first >= 300); done(); });`,
  '',
  '<iframe srcdoc="<p>a frame</p>"></iframe>',
);

let dir: string;
let pages: string[];

beforeAll(() => {
  dir = tempDir('viseg-clock-');
  pages = ['a.html', 'b.html'].map((f) => path.join(dir, f));
  for (const p of pages) writeFileSync(p, CLOCK_PAGE);
});

describe.skipIf(!haveChromium)('--clock', () => {
  it('starts every page at the instant given, in one tab page after page and in frames, and lets it run', async () => {
    const out = path.join(dir, 'clock.jsonl');
    const run = await runCli(['extract', ...pages, '-q', '-c', '1', '--out', out, '--wait-for', '#attack-done', '--clock', '2026-03-14T08:00:00Z'], SLOW);
    expect(run.code, run.stderr).toBe(0);
    const results = parseJsonl(readFileSync(out, 'utf8'));
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r.text).toContain('[today => 2026-03-14] [order within => 9 h 30 min] [frame => 2026-03-14] [intl => 14/03/2026] [parts => March] [temporal => 2026-03-14] [modified => 03/14/2026] [runs => true]');
    }
    expect(at(results, 1).text).toBe(at(results, 0).text);
  }, 200_000);

  it('leaves the real time to pages without it', async () => {
    const out = path.join(dir, 'real.jsonl');
    const before = new Date().toISOString().slice(0, 10);
    const run = await runCli(['extract', at(pages, 0), '-q', '--out', out, '--wait-for', '#attack-done'], SLOW);
    const after = new Date().toISOString().slice(0, 10);
    expect(run.code, run.stderr).toBe(0);
    const [r] = parseJsonl(readFileSync(out, 'utf8'));
    const today = /\[today => (\d{4}-\d{2}-\d{2})\]/.exec(r!.text ?? '')?.[1];
    expect([before, after]).toContain(today);
  }, 200_000);

  it('refuses a time that would mean another instant on another machine', async () => {
    const run = await runCli(['extract', at(pages, 0), '-q', '--clock', '2026-03-14T08:00']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--clock must be an ISO 8601 date, or a date and time with Z or an offset');
  });
});
