/**
 * The pure pipeline (segment -> classify -> content) on the recorded snapshots of the fixture
 * cases (fixtures/sites/<case>/snapshot.json.gz), no browser. For each case:
 * - the analysis gives expected.md and expected-decision.json exactly (a change of segmentation,
 *   classification or content shows as a diff of those files: `npm run fixtures:expected`
 *   regenerates them, review with `git diff fixtures/sites`);
 * - the comparison `viseg check` makes with expected.json passes (page type, `contains` found,
 *   `excludes` left out, title/byline/date, F1 against goldText), unless known-failures.json lists
 *   the case.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedRecordOf, compareSite, describeFailures, parseExpectedText } from '../../../src/check/compare.js';
import { CASE_FILES, caseExpectations, failureKinds, parseKnownFailures } from '../../../src/check/fixture-case.js';
import { analyzeSnapshot, type Analysis } from '../../../src/pipeline/analyze.js';
import { caseNames, casePath, caseSnapshot, SITES_DIR } from '../helpers/fixture-cases.js';

const sites = caseNames();

/**
 * Cases whose check is known to fail with the bundled models, how, and why (see docs/accuracy.md).
 * Their comparison must fail in exactly the listed ways: one that starts to pass, or fails another
 * way as well, fails the run, so the list cannot go stale.
 */
const KNOWN_FAILURES = parseKnownFailures(readFileSync(path.join(SITES_DIR, 'known-failures.json'), 'utf8'));

/** One analysis per case, shared by its tests (the analysis is a pure function of the snapshot). */
const analyses = new Map<string, Analysis>();
const analysisOf = (site: string): Analysis => {
  let a = analyses.get(site);
  if (!a) analyses.set(site, (a = analyzeSnapshot(caseSnapshot(site))));
  return a;
};

const REGENERATE = 'the analysis of the recorded snapshot changed: if the change is intended, run `npm run fixtures:expected` and review `git diff fixtures/sites`';

describe('fixture cases', () => {
  it('every case folder holds its page, expectations and recordings', () => {
    expect(sites.length).toBeGreaterThan(0);
    for (const site of sites) {
      for (const f of Object.keys(CASE_FILES) as Array<keyof typeof CASE_FILES>) {
        expect(() => readFileSync(casePath(site, f)), `${site}/${CASE_FILES[f]}`).not.toThrow();
      }
    }
    for (const s of Object.keys(KNOWN_FAILURES)) expect(sites).toContain(s);
  });

  for (const site of sites) {
    it(`${site}: the recorded snapshot gives expected.md and expected-decision.json`, () => {
      const e = caseExpectations(analysisOf(site));
      expect(e.markdown, REGENERATE).toBe(readFileSync(casePath(site, 'markdown'), 'utf8'));
      expect(e.decision, REGENERATE).toBe(readFileSync(casePath(site, 'decision'), 'utf8'));
    });

    const known = KNOWN_FAILURES[site];
    if (known && known.fails.length > 0) it(`${site}: fails viseg check's comparison the known way: ${known.fails.join(', ')} (${known.why})`, () => check(site, known.fails));
    else it(`${site}: passes viseg check's comparison`, () => check(site, []));
  }

  it('gives the same result for the same snapshot', () => {
    const snapshot = caseSnapshot('news-sidebar');
    const a = analyzeSnapshot(snapshot);
    const b = analyzeSnapshot(structuredClone(snapshot));
    expect(JSON.stringify(b.decision)).toBe(JSON.stringify(a.decision));
    expect(b.content).toEqual(a.content);
  });
});

/** The comparison `viseg check` makes fails in exactly the ways `fails` lists (none: it passes). */
function check(site: string, fails: string[]): void {
  const parsed = parseExpectedText(readFileSync(casePath(site, 'expected'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error);
  const a = analysisOf(site);
  const c = compareSite(parsed.file.expected, { record: checkedRecordOf(a) });
  if (!fails.length) expect(describeFailures(c)).toEqual([]);
  else expect(failureKinds(c), describeFailures(c).join('\n')).toEqual(fails);
  expect(a.decision.pageType === 'other' || a.decision.main !== null).toBe(true);
}
