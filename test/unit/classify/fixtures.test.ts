/**
 * The pure pipeline (segment -> classify -> content) on recorded snapshots of the fixture sites,
 * no browser: each site must pass the comparison `viseg check` makes with its expected.json
 * (page type, `contains` found, `excludes` left out, title/byline/date, F1 against goldText).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compareSite, describeFailures, parseExpectedText } from '../../../src/check/compare.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';

const root = path.resolve(__dirname, '../../..');
const snapDir = path.join(root, 'test/snapshots');
const sites = readdirSync(snapDir).filter((f) => f.endsWith('.json.gz')).map((f) => f.replace('.json.gz', '')).sort();

/**
 * Sites whose check is known to fail with the bundled models, and why (see docs/accuracy.md).
 * Their tests are expected to fail: one that starts to pass fails the run, so the list cannot go stale.
 */
const KNOWN_FAILURES: Record<string, { fails: string[]; why: string }> = JSON.parse(readFileSync(path.join(root, 'fixtures/sites/known-failures.json'), 'utf8')).sites;

const load = (site: string): PageSnapshot => JSON.parse(gunzipSync(readFileSync(path.join(snapDir, `${site}.json.gz`))).toString('utf8')) as PageSnapshot;

describe('recorded fixture snapshots', () => {
  it('has a snapshot for every fixture site', () => {
    const dirs = readdirSync(path.join(root, 'fixtures/sites'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(sites).toEqual(dirs);
    for (const s of Object.keys(KNOWN_FAILURES)) expect(dirs).toContain(s);
  });

  for (const site of sites) {
    const known = KNOWN_FAILURES[site];
    if (known) it.fails(`${site}: fails viseg check's comparison (known: ${known.why})`, () => check(site));
    else it(`${site}: passes viseg check's comparison`, () => check(site));
  }

  it('gives the same result for the same snapshot', () => {
    const snapshot = load('news-sidebar');
    const a = analyzeSnapshot(snapshot);
    const b = analyzeSnapshot(structuredClone(snapshot));
    expect(JSON.stringify(b.decision)).toBe(JSON.stringify(a.decision));
    expect(b.content).toEqual(a.content);
  });
});

function check(site: string): void {
  const parsed = parseExpectedText(readFileSync(path.join(root, 'fixtures/sites', site, 'expected.json'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  const a = analyzeSnapshot(load(site));
  const c = compareSite(parsed.file.expected, {
    record: {
      ok: true, text: a.content.text, title: a.metadata.title, byline: a.metadata.byline, publishedTime: a.metadata.publishedTime,
      pageType: a.decision.pageType, mainBlock: a.decision.main ? { id: a.decision.main.id, rect: a.decision.main.rect, score: a.decision.main.score } : null,
    },
  });
  expect(describeFailures(c)).toEqual([]);
  expect(a.decision.pageType === 'other' || a.decision.main !== null).toBe(true);
}
