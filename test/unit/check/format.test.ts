import { describe, expect, it } from 'vitest';
import { compareSite, failedComparison, type CheckedRecord, type Expected } from '../../../src/check/compare.js';
import { formatDiff, formatTable, toJsonResult, useColor, type SiteRow } from '../../../src/check/format.js';
import { at } from '../../../src/util/at.js';

const record: CheckedRecord = {
  ok: true, text: 'Alpha beta gamma delta epsilon.\n\nZeta eta theta iota kappa.', title: 'T', byline: null, publishedTime: null,
  pageType: 'article', mainBlock: { id: '1-1', rect: { x: 0, y: 0, w: 1, h: 1 }, score: 1 },
};
const expected: Expected = { type: 'article', title: 'T', byline: null, publishedTime: null, contains: ['Alpha beta'], excludes: ['Zeta eta'], goldText: null };

const rows: SiteRow[] = [
  { site: 'a-site', comparison: compareSite({ ...expected, excludes: [], goldText: record.text }, { record }) },
  { site: 'broken-site', comparison: compareSite(expected, { record }) },
  { site: 'c', comparison: failedComparison('expected.json missing (run with --update to create it)') },
];

describe('formatTable', () => {
  it('prints one row per site, failures below, a summary; no escape codes without colour', () => {
    expect(formatTable(rows)).toBe([
      'SITE         RESULT  F1     DETAILS',
      'a-site       pass    1.000',
      'broken-site  FAIL    -      1 leaked',
      '    leaked: "Zeta eta"',
      'c            FAIL    -      expected.json missing (run with --update to create it)',
      '    expected.json missing (run with --update to create it)',
      '',
      '3 sites: 1 passed, 2 failed',
      '',
    ].join('\n'));
    expect(formatTable(rows)).not.toMatch(/\u001b/);
  });
  it('colours pass/FAIL only when asked', () => {
    const t = formatTable(rows, { color: true });
    expect(t).toContain('\u001b[32mpass  \u001b[0m');
    expect(t).toContain('\u001b[1;31mFAIL  \u001b[0m');
  });
});

describe('useColor', () => {
  it('only on a TTY, never with NO_COLOR (even empty) or TERM=dumb', () => {
    expect(useColor({ isTTY: true }, {})).toBe(true);
    expect(useColor({ isTTY: false }, {})).toBe(false);
    expect(useColor({}, {})).toBe(false);
    expect(useColor({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(useColor({ isTTY: true }, { NO_COLOR: '' })).toBe(false);
    expect(useColor({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
  });
});

describe('formatDiff', () => {
  it('lists changes per site', () => {
    expect(formatDiff([
      { ...at(rows, 0), changes: [] },
      { ...at(rows, 1), changes: [{ kind: 'excludes-removed', snippet: 'Zeta eta' }] },
      { ...at(rows, 2), changes: null, updateSkipped: 'extraction failed' },
    ])).toBe('a-site: unchanged\nbroken-site:\n  - excludes "Zeta eta" (now in the extracted text)\nc: not updated (extraction failed)\n');
  });
});

describe('toJsonResult', () => {
  it('summarises and lists every site', () => {
    const j = toJsonResult(rows, { dir: 'fixtures/sites', report: 'r.html', updated: false });
    expect(j).toMatchObject({ ok: false, dir: 'fixtures/sites', total: 3, passed: 1, failed: 2, report: 'r.html' });
    const sites = j.sites as Array<Record<string, unknown>>;
    expect(sites.map((s) => s.site)).toEqual(['a-site', 'broken-site', 'c']);
    expect(sites[0]).toEqual({ site: 'a-site', pass: true, f1: 1, minF1: 0.8, missed: [], leaked: [], fields: [], errors: [] });
    expect(at(sites, 1).leaked).toEqual(['Zeta eta']);
    expect('changes' in at(sites, 0)).toBe(false);
    const u = toJsonResult([{ ...at(rows, 0), changes: [] }], { dir: 'd', report: null, updated: true });
    expect(at((u.sites as Array<Record<string, unknown>>), 0).changes).toEqual([]);
  });
});
