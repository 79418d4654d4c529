#!/usr/bin/env node
/**
 * Record the fixture cases of fixtures/sites (see its README): render each site's index.html with
 * viseg's own browser stage (the one `viseg snapshot` and `viseg check` use) and write its
 * snapshot.json.gz, then write expected.md and expected-decision.json from that snapshot with the
 * pure stages (src/check/fixture-case.ts).
 *
 *   npm run fixtures:record [-- <site> ...]     render, then regenerate (needs a browser)
 *   npm run fixtures:expected [-- <site> ...]   regenerate from the recorded snapshots (no browser)
 *
 * Without site names: every site. Both npm scripts build first (the script runs dist/). Prints one
 * line per site saying which files changed; review them with `git diff fixtures/sites`. Exits 1
 * when a site could not be rendered (its files are left as they were).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compareByteOrder } from '../dist/browser/index.js';
import { caseExpectations, CASE_FILES } from '../dist/check/fixture-case.js';
import { decodeSnapshot, encodeSnapshot } from '../dist/snapshot/file.js';
import { renderCases } from '../dist/check/record-case.js';
import { analyzeSnapshot } from '../dist/pipeline/analyze.js';
import { Session } from '../dist/pipeline/session.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITES = 'fixtures/sites';

const args = process.argv.slice(2);
const expectedOnly = args.includes('--expected-only');
const named = args.filter((a) => !a.startsWith('--'));
const unknown = args.filter((a) => a.startsWith('--') && a !== '--expected-only');
if (unknown.length) {
  console.error(`unknown option ${unknown[0]}\nusage: node scripts/record-fixtures.mjs [--expected-only] [site ...]`);
  process.exit(2);
}

process.chdir(ROOT);
const all = readdirSync(SITES)
  .filter((n) => !n.startsWith('.') && statSync(path.join(SITES, n)).isDirectory() && existsSync(path.join(SITES, n, CASE_FILES.page)))
  .sort(compareByteOrder);
for (const n of named) {
  if (!all.includes(n)) {
    console.error(`no fixture site ${n} (sites: ${all.join(', ')})`);
    process.exit(2);
  }
}
const sites = named.length ? all.filter((s) => named.includes(s)) : all;

/** Write `bytes` to `file` unless it already holds them; true when written. */
function update(file, bytes) {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'utf8');
  if (existsSync(file) && readFileSync(file).equals(buf)) return false;
  writeFileSync(file, buf);
  return true;
}

const changed = new Map(sites.map((s) => [s, []]));
const failed = new Set();

if (!expectedOnly) {
  const session = await Session.open({});
  try {
    for (const r of await renderCases(session, ROOT, SITES, sites)) {
      for (const w of r.warnings) console.error(`${r.site}: warning ${w.code}: ${w.message}`);
      if (!r.snapshot) {
        failed.add(r.site);
        console.error(`${r.site}: not rendered: ${r.error}`);
      } else if (update(path.join(SITES, r.site, CASE_FILES.snapshot), encodeSnapshot(r.snapshot, { gzip: true }))) changed.get(r.site).push(CASE_FILES.snapshot);
    }
  } finally {
    await session.close();
  }
}

for (const site of sites) {
  if (failed.has(site)) continue;
  const dir = path.join(SITES, site);
  const file = path.join(dir, CASE_FILES.snapshot);
  if (!existsSync(file)) {
    failed.add(site);
    console.error(`${site}: no ${CASE_FILES.snapshot}; record it with npm run fixtures:record -- ${site}`);
    continue;
  }
  const e = caseExpectations(analyzeSnapshot(decodeSnapshot(readFileSync(file))));
  if (update(path.join(dir, CASE_FILES.markdown), e.markdown)) changed.get(site).push(CASE_FILES.markdown);
  if (update(path.join(dir, CASE_FILES.decision), e.decision)) changed.get(site).push(CASE_FILES.decision);
}

for (const site of sites) {
  if (failed.has(site)) console.log(`${site}: FAILED`);
  else console.log(`${site}: ${changed.get(site).length ? `wrote ${changed.get(site).join(', ')}` : 'unchanged'}`);
}
process.exitCode = failed.size ? 1 : 0;
