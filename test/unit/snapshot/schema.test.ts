/** Snapshot files and expected.json files are read through their schemas. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseExpectedText } from '../../../src/check/expected.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { parseSnapshot, SnapshotError } from '../../../src/snapshot/schema.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { caseNames, casePath } from '../helpers/fixture-cases.js';
import { at } from '../../../src/util/at.js';

/** A case's snapshot.json.gz as plain JSON, not yet validated. */
const read = (site: string): unknown => JSON.parse(gunzipSync(readFileSync(casePath(site, 'snapshot'))).toString('utf8'));

describe('PageSnapshot schema', () => {
  const files = caseNames();

  it('accepts every recorded snapshot', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(() => parseSnapshot(read(f)), f).not.toThrow();
  });

  it('names the version it reads when a snapshot has another', () => {
    const s = read(at(files, 0)) as PageSnapshot;
    const newer = { ...s, version: 2 } as unknown as PageSnapshot;
    expect(() => parseSnapshot(newer)).toThrow(/snapshot version 2, but this viseg reads version 1/);
    expect(() => analyzeSnapshot(newer)).toThrow(SnapshotError);
    expect(() => analyzeSnapshot({ nodes: [] } as unknown as PageSnapshot)).toThrow(/not a viseg snapshot/);
  });

  it('rejects a snapshot whose nodes point outside it', () => {
    const s = read(at(files, 0)) as PageSnapshot;
    const nodes = s.nodes.map((n, i) => (i === 1 ? { ...n, children: [...n.children, s.nodes.length + 5] } : n));
    expect(() => parseSnapshot({ ...s, nodes })).toThrow(/nodes\.1\.children: child \d+ is not a node/);
    expect(() => parseSnapshot({ ...s, title: 3 })).toThrow(/title/);
  });

  it('rejects a snapshot whose parents loop, before a stage walks up the loop', () => {
    const s = read(at(files, 0)) as PageSnapshot;
    // node 1 is a child of node 0; make node 0 a child of node 1 as well
    const loop = s.nodes.map((n, i) => (i === 0 ? { ...n, parent: 1 } : n));
    expect(() => parseSnapshot({ ...s, nodes: loop })).toThrow(/nodes\.0\.parent: parent 1 does not come before node 0/);
    expect(() => analyzeSnapshot({ ...s, nodes: loop })).toThrow(SnapshotError);
    const self = s.nodes.map((n, i) => (i === 2 ? { ...n, parent: 2 } : n));
    expect(() => parseSnapshot({ ...s, nodes: self })).toThrow(/parent 2 does not come before node 2/);
    const back = s.nodes.map((n, i) => (i === 1 ? { ...n, children: [...n.children, 0] } : n));
    expect(() => parseSnapshot({ ...s, nodes: back })).toThrow(/nodes\.1\.children: child 0 does not come after node 1/);
  });
});

describe('expected.json schema', () => {
  it('accepts every fixture site', () => {
    const dirs = caseNames();
    expect(dirs.length).toBeGreaterThan(0);
    for (const d of dirs) {
      const r = parseExpectedText(readFileSync(casePath(d, 'expected'), 'utf8'));
      expect(r.ok ? '' : r.error, d).toBe('');
    }
  });
});
