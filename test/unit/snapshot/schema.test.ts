/** Snapshot files and expected.json files are read through their schemas. */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseExpectedText } from '../../../src/check/expected.js';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { parseSnapshot, SnapshotError } from '../../../src/snapshot/schema.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { caseNames, casePath } from '../helpers/fixture-cases.js';

/** A case's snapshot.json.gz as plain JSON, not yet validated. */
const read = (site: string): unknown => JSON.parse(gunzipSync(readFileSync(casePath(site, 'snapshot'))).toString('utf8'));

describe('PageSnapshot schema', () => {
  const files = caseNames();

  it('accepts every recorded snapshot', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(() => parseSnapshot(read(f)), f).not.toThrow();
  });

  it('names the version it reads when a snapshot has another', () => {
    const s = read(files[0]!) as PageSnapshot;
    const newer = { ...s, version: 2 } as unknown as PageSnapshot;
    expect(() => parseSnapshot(newer)).toThrow(/snapshot version 2, but this viseg reads version 1/);
    expect(() => analyzeSnapshot(newer)).toThrow(SnapshotError);
    expect(() => analyzeSnapshot({ nodes: [] } as unknown as PageSnapshot)).toThrow(/not a viseg snapshot/);
  });

  it('rejects a snapshot whose nodes point outside it', () => {
    const s = read(files[0]!) as PageSnapshot;
    const nodes = s.nodes.map((n, i) => (i === 1 ? { ...n, children: [...n.children, s.nodes.length + 5] } : n));
    expect(() => parseSnapshot({ ...s, nodes })).toThrow(/nodes\.1\.children: child \d+ is not a node/);
    expect(() => parseSnapshot({ ...s, title: 3 })).toThrow(/title/);
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
