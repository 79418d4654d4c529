/**
 * Invariants over recorded real-page snapshots (the fixture cases' `snapshot.json.gz`, gzip JSON
 * of a PageSnapshot), plus a timing print; finding none fails. `VISEG_SNAPSHOT_DIR` points the
 * test at a folder of `*.json.gz` snapshots instead.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { PAPER_WEIGHTS, segment, segmenter } from '../../../src/segment/index.js';
import { caseNames, casePath, ROOT } from '../helpers/fixture-cases.js';
import { checkInvariants, leaves } from './invariants.js';

const dir = process.env.VISEG_SNAPSHOT_DIR;
// named relative to the repository, so that test names are the same on every machine
const files = (dir ? fs.readdirSync(dir).filter((f) => f.endsWith('.json.gz')).sort().map((f) => path.join(dir, f)) : caseNames().map((s) => casePath(s, 'snapshot')))
  .map((f) => path.relative(ROOT, f));

function load(file: string): PageSnapshot {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(path.resolve(ROOT, file))).toString('utf8')) as PageSnapshot;
}

describe('segment on recorded snapshots', () => {
  it('finds recorded snapshots to run on', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: invariants hold, output is deterministic', (file) => {
    const snap = load(file);
    const t0 = performance.now();
    const tree = segment(snap);
    const ms = performance.now() - t0;
    expect(checkInvariants(snap, tree)).toEqual([]);
    expect(segment(snap)).toEqual(tree);
    // Granularity: a lower pdoc never gives more leaves.
    let prev = -1;
    for (const pdoc of [2, 5, 8, 11]) {
      const n = leaves(segment(snap, { pdoc }).root).length;
      expect(n).toBeGreaterThanOrEqual(prev);
      prev = n;
    }
    console.log(`${file}: ${snap.nodes.length} nodes, ${leaves(tree.root).length} leaves, ${tree.separators.length} separators, ${ms.toFixed(1)} ms`);
  });

  it.each(files)('%s: segmenting again under other weights reuses nothing that changes the tree', (file) => {
    const snap = load(file);
    const again = segmenter(snap);
    const variants = [
      undefined,
      { pdoc: 11, params: { weights: { background: 4, span: 4 } } },
      { pdoc: 11, params: { weights: { ...PAPER_WEIGHTS, distance: 0.5, line: 0, textBothSides: 0 } } },
      { pdoc: 5 },
    ];
    for (const o of variants) expect(again(o)).toEqual(segment(snap, o));
  });
});
