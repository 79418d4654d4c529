/**
 * `viseg check` end to end, on copies of two fixture sites in a temp folder. expected.json is
 * bootstrapped with `--update` from the current output, so these tests exercise the command
 * (exit codes, table, --json, report, --update diff) whatever the extractor's current quality.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, SITES_DIR } from './helpers.js';

const CLI = path.join(ROOT, 'dist/cli/main.js');
const SITES = ['news-sidebar', 'paywall-teaser'];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function viseg(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

test.describe('viseg check', () => {
  // several CLI runs per test, each launching a browser: generous on a busy CI machine
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let dir: string;
  /** `--json` output of an all-pass run, compared with a later one: output is deterministic. */
  let passingJson = '';

  test.beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'viseg-check-e2e-'));
    for (const s of SITES) {
      cpSync(path.join(SITES_DIR, s), path.join(dir, s), { recursive: true });
      rmSync(path.join(dir, s, 'expected.json'));
    }
  });
  test.afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('usage errors exit 2', async () => {
    expect((await viseg(['check', path.join(dir, 'nope')], dir)).code).toBe(2);
    const r = await viseg(['check', dir, '--update-gold'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--update-gold needs --update');
  });

  test('a missing expected.json fails and is not written', async () => {
    const r = await viseg(['check', dir, '--no-report', '-q'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/news-sidebar\s+FAIL/);
    expect(r.stdout).toContain('expected.json missing (run with --update to create it)');
    for (const s of SITES) expect(existsSync(path.join(dir, s, 'expected.json'))).toBe(false);
    expect(existsSync(path.join(dir, 'viseg-check-report.html'))).toBe(false);
  });

  test('--update creates expected.json; then every site passes, deterministically', async () => {
    const u = await viseg(['check', dir, '--update', '-q'], dir);
    expect(u.code, u.stdout + u.stderr).toBe(0);
    expect(u.stdout).toContain('news-sidebar:\n  + created expected.json\n  + contains "');
    const created = JSON.parse(readFileSync(path.join(dir, 'news-sidebar', 'expected.json'), 'utf8'));
    expect(Object.keys(created)).toEqual(['type', 'title', 'byline', 'publishedTime', 'contains', 'excludes', 'goldText']);
    expect(created.type).toBe('article');
    expect(created.contains.length).toBeGreaterThan(0);
    for (const s of created.contains) expect([...s].length).toBeLessThanOrEqual(80);
    expect(created.goldText).toBeNull();

    const a = await viseg(['check', dir, '--json', '-q'], dir);
    expect(a.code).toBe(0);
    passingJson = a.stdout;
    const j = JSON.parse(a.stdout);
    expect(j).toMatchObject({ ok: true, total: 2, passed: 2, failed: 0, report: null });
    expect(j.sites.map((s: { site: string }) => s.site)).toEqual(SITES);
    expect(existsSync(path.join(dir, 'viseg-check-report.html'))).toBe(false);
  });

  test('failures: table, --json, exit 1 and an HTML report with annotated screenshots', async () => {
    const file = path.join(dir, 'paywall-teaser', 'expected.json');
    const e = JSON.parse(readFileSync(file, 'utf8'));
    const present = e.contains[0] as string;
    e.contains.push('Zebras were not consulted about the insurance market');
    e.excludes.push(present);
    e.title = 'A different headline';
    writeFileSync(file, JSON.stringify(e, null, 2) + '\n');

    // a short page and a low screenshot cap keep the screenshot and its annotation cheap
    const t = await viseg(['check', dir, '-q', '--max-height', '600'], dir);
    expect(t.code).toBe(1);
    expect(t.stdout).not.toMatch(/\u001b\[/);
    expect(t.stdout).toMatch(/news-sidebar\s+pass/);
    expect(t.stdout).toMatch(/paywall-teaser\s+FAIL\s+-\s+1 missed, 1 leaked, title/);
    expect(t.stdout).toContain('    missed: "Zebras were not consulted about the insurance market"');
    expect(t.stdout).toContain(`    leaked: ${JSON.stringify(present)}`);
    expect(t.stdout).toContain('    title: expected "A different headline", got "');
    expect(t.stdout).toContain('2 sites: 1 passed, 1 failed');
    expect(t.stdout).toContain('report: viseg-check-report.html');
    const html = readFileSync(path.join(dir, 'viseg-check-report.html'), 'utf8');
    expect(html.match(/<article class="page"/g)).toHaveLength(1);
    expect(html).toContain('data:image/png;base64,');
    expect(html).toContain('<code>CHECK_FAILED</code>: missed: &quot;Zebras were not consulted');
    expect(html).not.toContain('Council approves six-mile greenway'); // passing sites are not in the report

    const report = path.join(dir, 'out', 'check.html');
    const j = await viseg(['check', dir, '--json', '--report', report, '-q', '--max-height', '600'], dir);
    expect(j.code).toBe(1);
    const o = JSON.parse(j.stdout);
    expect(o).toMatchObject({ ok: false, passed: 1, failed: 1, report });
    expect(o.sites[1]).toMatchObject({ site: 'paywall-teaser', pass: false, missed: ['Zebras were not consulted about the insurance market'], leaked: [present] });
    expect(o.sites[1].fields[0]).toMatchObject({ field: 'title', expected: 'A different headline' });
    expect(existsSync(report)).toBe(true);
  });

  test('--update repairs expected.json and prints the diff', async () => {
    const u = await viseg(['check', dir, '--update', '--no-report', '-q'], dir);
    expect(u.code, u.stdout).toBe(0);
    expect(u.stdout).toContain('paywall-teaser:\n');
    // the teaser's few paragraphs are all quoted already, so the slot is dropped rather than refilled
    expect(u.stdout).toContain('  - contains "Zebras were not consulted about the insurance market"\n');
    expect(u.stdout).toMatch(/ {2}- excludes ".*" \(now in the extracted text\)/);
    expect(u.stdout).toContain('  ~ title: "A different headline" -> "');
    expect(u.stdout).toContain('news-sidebar: unchanged');
    const again = await viseg(['check', dir, '--json', '-q'], dir);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(passingJson);
  });
});
