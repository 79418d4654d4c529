/**
 * The recorded snapshots of the fixture cases (fixtures/sites/<case>/snapshot.json.gz) cannot
 * drift from the browser stage (load, in-page capture, public URLs): every case is rendered again,
 * in one browser, by the function scripts/record-fixtures.mjs records with, and must give its
 * recorded snapshot exactly.
 *
 * Nothing is normalised: a snapshot holds no time or duration, and its URLs are relative to the
 * page (the file server's port never reaches it). What can legitimately differ is the page's own
 * state when a script of the page races the loader on a busy machine: a lazy image may not have
 * been swapped in when a scroll pass outran the page's IntersectionObserver. (lazy-feed's feed
 * does not race: the loader scrolls again while the page grows, to where the feed stops.) So a
 * case that differs is rendered twice more and fails only if no rendering matches: a change to
 * the capture differs every time.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCases } from '../../../src/check/record-case.js';
import { Session } from '../../../src/pipeline/session.js';
import { caseNames, casePath, ROOT, SITES_REL } from '../../unit/helpers/fixture-cases.js';

const ATTEMPTS = 3;

/** Up to `max` paths where `a` and `b` differ, with both values (cut short). */
function differences(a: unknown, b: unknown, max = 8, at = '', out: string[] = []): string[] {
  if (out.length >= max) return out;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${at || '.'}: ${JSON.stringify(a)?.slice(0, 120)} (recorded) vs ${JSON.stringify(b)?.slice(0, 120)} (now)`);
    return out;
  }
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], max, `${at}.${k}`, out);
  }
  return out;
}

describe('recorded fixture snapshots', () => {
  let session: Session;
  beforeAll(async () => {
    session = await Session.open({});
  });
  afterAll(async () => {
    await session?.close();
  });

  it('match a fresh rendering of their page', { timeout: 240_000 }, async () => {
    const sites = caseNames();
    expect(sites.length).toBeGreaterThan(0);
    // as written, not through the schema: a field the schema does not know must differ too
    const recorded = new Map<string, unknown>(sites.map((s) => [s, JSON.parse(gunzipSync(readFileSync(casePath(s, 'snapshot'))).toString('utf8'))]));
    let todo = sites;
    const problems = new Map<string, string[]>();
    for (let attempt = 1; attempt <= ATTEMPTS && todo.length; attempt++) {
      const rendered = await renderCases(session, ROOT, SITES_REL, todo);
      todo = [];
      for (const r of rendered) {
        const diff = r.snapshot ? differences(recorded.get(r.site), JSON.parse(JSON.stringify(r.snapshot))) : [`not rendered: ${r.error}`];
        if (diff.length) {
          todo.push(r.site);
          problems.set(r.site, diff);
        } else problems.delete(r.site);
      }
    }
    const report = [...problems].map(([site, diff]) => `${site} (differs in ${ATTEMPTS} renderings; if the change is intended, run npm run fixtures:record -- ${site}):\n  ${diff.join('\n  ')}`);
    expect(report).toEqual([]);
  });
});
