/**
 * The screenshot and report path as users run it, with the built CLI and a real browser: the
 * picture's size, the record naming its screenshot, and `viseg report` finding it from elsewhere
 * (and warning when it is gone).
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGEND_MARGIN } from '../../../src/annotate/overlay.js';
import { pageAreaOf } from '../../../src/annotate/png-area.js';
import { parseJsonl, runCli, SITES, tempDir } from '../batch/helpers.js';

// a generous page deadline: a loaded CI machine must not turn this test into a timing test
const FAST = ['--settle-ms', '200', '--timeout', '90000', '-q'];

describe('screenshots and the report, end to end', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('viseg-report-cli-');
    // a saved page with an element parked far to the right, as many saved pages have
    const html = readFileSync(path.join(SITES, 'news-sidebar/index.html'), 'utf8')
      .replace('</body>', '<div style="position:absolute; left:7000px; top:400px; width:125px">Skip to navigation</div></body>');
    mkdirSync(path.join(dir, 'pages'));
    mkdirSync(path.join(dir, 'out'));
    writeFileSync(path.join(dir, 'pages', 'wide.html'), html);
    copyFileSync(path.join(SITES, 'paywall-teaser/index.html'), path.join(dir, 'pages', 'blog.html'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes pictures as wide as the window, the records name them, and the report finds them from elsewhere', async () => {
    const run = await runCli(['extract', 'pages', '--explain', '--screenshot-dir', 'shots', '--max-height', '3000', '-o', 'out/results.jsonl', ...FAST], { cwd: dir, killAfterMs: 180_000 });
    const recs = parseJsonl(readFileSync(path.join(dir, 'out/results.jsonl'), 'utf8')) as Array<{ input: string; screenshot?: string }>;
    expect(run.code, JSON.stringify(recs.map((r) => [r.input, (r as { error?: unknown }).error]))).toBe(0);
    expect(recs.map((r) => [r.input, r.screenshot])).toEqual([
      ['pages/blog.html', path.join('shots', '0001-blog.png')],
      ['pages/wide.html', path.join('shots', '0002-wide.png')],
    ]);
    const wide = readFileSync(path.join(dir, 'shots/0002-wide.png'));
    expect(pageAreaOf(wide)).toEqual({ width: 1366, height: 3000 });
    expect((await sharp(wide).metadata()).width).toBe(1366 + LEGEND_MARGIN);

    // from inside out/, where the recorded relative path does not resolve as written
    const report = await runCli(['report', 'results.jsonl', '-o', 'report.html'], { cwd: path.join(dir, 'out'), killAfterMs: 60_000 });
    expect(report.code, report.stderr).toBe(0);
    expect(report.stderr).not.toContain('warning');
    const html = readFileSync(path.join(dir, 'out/report.html'), 'utf8');
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);

    // with the results moved along with their screenshots, and one screenshot lost on the way
    rmSync(path.join(dir, 'shots/0002-wide.png'));
    mkdirSync(path.join(dir, 'moved'));
    copyFileSync(path.join(dir, 'out/results.jsonl'), path.join(dir, 'moved/results.jsonl'));
    mkdirSync(path.join(dir, 'moved/shots'));
    copyFileSync(path.join(dir, 'shots/0001-blog.png'), path.join(dir, 'moved/shots/0001-blog.png'));
    const moved = await runCli(['report', path.join(dir, 'moved'), '-o', path.join(dir, 'moved/report.html')], { cwd: path.join(dir, 'pages'), killAfterMs: 60_000 });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stderr).toContain(`viseg: warning: page 2 (pages/wide.html): screenshot ${path.join('shots', '0002-wide.png')} not found`);
    const movedHtml = readFileSync(path.join(dir, 'moved/report.html'), 'utf8');
    expect(movedHtml.match(/<img src="data:image\/png;base64,/g)).toHaveLength(1);
    expect(movedHtml).toContain('screenshot not found: <code>shots/0002-wide.png</code>');
  }, 300_000);
});
