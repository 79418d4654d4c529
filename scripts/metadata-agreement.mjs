// How often the metadata viseg extracts (title, byline, publication date, site name, language)
// agrees with a dev set's expected values, for scripts/accuracy-doc.mjs.
//
// Each page of a snapshot folder is analysed with the bundled models. A field agrees when both
// values are equal once white space is collapsed and case ignored; dates agree on the day (the
// first 10 characters of ISO 8601). Pages whose expected value is empty count apart: there the
// only question is whether viseg gives a value anyway.
import path from 'node:path';
import { analyzeSnapshot } from '../dist/pipeline/analyze.js';
import { readSnapshotFile } from '../dist/snapshot/file.js';

const norm = (v) => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim().toLowerCase() : '');
const day = (v) => norm(v).slice(0, 10);

/**
 * `expected`: id -> { field: value or null } for the fields to compare. Returns, per field, the
 * pages with an expected value (`expected`), how many of them agree, get no value or another
 * value, and of the pages without one, how many get a value (`extra`).
 */
export function metadataAgreement(dir, expected, fields) {
  const out = Object.fromEntries(fields.map((f) => [f, { expected: 0, agree: 0, missing: 0, differ: 0, withoutExpected: 0, extra: 0 }]));
  for (const id of Object.keys(expected).sort()) {
    const got = analyzeSnapshot(readSnapshotFile(path.join(dir, `${id}.json.gz`))).metadata;
    for (const f of fields) {
      const same = f === 'publishedTime' ? day : norm;
      const want = same(expected[id][f]);
      const have = same(got[f]);
      const s = out[f];
      if (want === '') {
        s.withoutExpected++;
        if (have !== '') s.extra++;
      } else {
        s.expected++;
        if (have === want) s.agree++;
        else if (have === '') s.missing++;
        else s.differ++;
      }
    }
  }
  return out;
}
