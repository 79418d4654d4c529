/**
 * `--resume` and the output file: inputs match however they are spelled, `--retry-failed` replaces
 * error records, and a file that stops growing (a full disk, here a file size limit) never holds
 * a torn line; the run says so and a resume finishes the work.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumArgs } from '../../../src/browser/launch.js';
import { CHROMIUM, haveChromium, page, prose, tempDir, viseg, visegInShell, writeFiles } from './run.js';

const FAST = ['--settle-ms', '100', '--max-settle-ms', '2000', '-c', '1'];

function records(file: string): Array<{ input: string; ok: boolean; error?: { code: string } }> {
  const text = readFileSync(file, 'utf8');
  expect(text === '' || text.endsWith('\n'), 'the file ends with a whole line').toBe(true);
  return text.split('\n').filter((l) => l).map((l) => JSON.parse(l));
}

describe.skipIf(!haveChromium)('extract --resume', () => {
  const dir = tempDir('viseg-resume-');
  const noBrowser = ['--browser-path', path.join(dir, 'no-such-chrome')];

  beforeAll(() => {
    writeFiles(dir, { 'pages/a.html': page('Page A', prose('a')), 'pages/b.html': '', 'pages/c.html': page('Page C', prose('c')) });
  });

  it('matches inputs by what they resolve to, and retries error records with --retry-failed', async () => {
    const out = path.join(dir, 'out.jsonl');
    const first = await viseg(['extract', 'pages', '-o', 'out.jsonl', ...FAST], { cwd: dir });
    expect(first.code, first.stderr).toBe(1);
    expect(records(out).map((r) => [r.input, r.ok])).toEqual([['pages/a.html', true], ['pages/b.html', false], ['pages/c.html', true]]);

    // the same folder spelled another way: nothing to do, so no browser is needed
    const again = await viseg(['extract', path.join(dir, 'pages'), '-o', out, '--resume', ...FAST, ...noBrowser], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('resumed: 3 of 3 inputs already recorded');
    expect(records(out)).toHaveLength(3);

    // the broken page is fixed: --retry-failed renders it again and replaces its error record
    writeFileSync(path.join(dir, 'pages/b.html'), page('Page B', prose('b')));
    const retry = await viseg(['extract', `./pages/`, '-o', out, '--retry-failed', ...FAST], { cwd: dir });
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stderr).toContain('resumed: 2 of 3 inputs already recorded, 1 error record to retry');
    const recs = records(out);
    expect(recs.map((r) => r.ok)).toEqual([true, true, true]);
    expect(recs.map((r) => path.basename(r.input))).toEqual(['a.html', 'c.html', 'b.html']);
  }, 300_000);

  it('a file that cannot grow keeps whole records only; the run fails cleanly and a resume finishes', async () => {
    const big = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`big/p${i}.html`, page(`Big ${i}`, prose(`big page ${i}`, 40))]));
    writeFiles(dir, big);
    const out = path.join(dir, 'big.jsonl');
    // 128 blocks of 512 bytes: a record here is about 25 KB, so the limit falls inside one. The
    // limit would stop Chromium too: it runs outside, as a browser server viseg connects to.
    const server = await chromium.launchServer({ executablePath: CHROMIUM, args: chromiumArgs() });
    let limited;
    try {
      limited = await visegInShell("trap '' XFSZ; ulimit -f 128", ['extract', path.join(dir, 'big'), '-o', out, '--ws-endpoint', server.wsEndpoint(), ...FAST]);
    } finally {
      await server.close();
    }
    expect(limited.code, limited.stderr).toBe(1);
    expect(limited.stderr).toMatch(/viseg: cannot write .*big\.jsonl: .*(too large|EFBIG).*; the file ends with the last whole record/i);
    const kept = records(out);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(6);
    expect(readFileSync(out).length).toBeLessThanOrEqual(128 * 512);

    const resumed = await viseg(['extract', path.join(dir, 'big'), '-o', out, '--resume', ...FAST]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(records(out).map((r) => path.basename(r.input))).toEqual(['p0.html', 'p1.html', 'p2.html', 'p3.html', 'p4.html', 'p5.html']);
  }, 300_000);
});
