/** The snapshot file: one writer, one reader that validates, plain or gzipped. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeSnapshot, encodeSnapshot, isGzipName, readSnapshotFile } from '../../../src/snapshot/file.js';
import { SnapshotError } from '../../../src/snapshot/schema.js';
import { caseSnapshot } from '../helpers/fixture-cases.js';

const dir = mkdtempSync(path.join(tmpdir(), 'viseg-snapfile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const snap = caseSnapshot('paywall-teaser');

describe('snapshot files', () => {
  it('reads back plain, indented and gzipped files, whatever their names say', () => {
    for (const [name, bytes] of [
      ['a.json', encodeSnapshot(snap, { gzip: false })],
      ['b.json', encodeSnapshot(snap, { gzip: false, indent: 2 })],
      ['c.json.gz', encodeSnapshot(snap, { gzip: true })],
      ['gzipped-but-named.json', encodeSnapshot(snap, { gzip: true })],
    ] as const) {
      writeFileSync(path.join(dir, name), bytes);
      expect(readSnapshotFile(path.join(dir, name)), name).toEqual(snap);
    }
  });

  it('keeps every field a node can have, collapsed content included', () => {
    const withCollapsed = structuredClone(snap);
    const node = withCollapsed.nodes.find((n) => n.kind === 'element' && n.id !== withCollapsed.root)!;
    Object.assign(node, { visible: false, collapsed: true, inShadow: true, inFrame: true });
    expect(decodeSnapshot(encodeSnapshot(withCollapsed, { gzip: true }))).toEqual(withCollapsed);
  });

  it('writes the same bytes for the same snapshot', () => {
    expect(encodeSnapshot(snap, { gzip: true }).equals(encodeSnapshot(structuredClone(snap), { gzip: true }))).toBe(true);
    expect(encodeSnapshot(snap, { gzip: false }).toString('utf8').endsWith('}\n')).toBe(true);
  });

  it('escapes the controls and line separators a page put in its text, as every JSON output does', () => {
    const hostile = structuredClone(snap);
    hostile.title = 'a\u009b2Jb\u2028c\u007f';
    const text = encodeSnapshot(hostile, { gzip: false }).toString('utf8');
    expect(text).not.toMatch(/[\u007f-\u009f\u2028\u2029]/);
    expect(text).toContain('a\\u009b2Jb\\u2028c\\u007f');
    expect(decodeSnapshot(Buffer.from(text))).toEqual(hostile);
  });

  it('names gzip by the .gz suffix in any case', () => {
    expect([isGzipName('x.json.gz'), isGzipName('X.JSON.GZ'), isGzipName('x.json'), isGzipName('gz')]).toEqual([true, true, false, false]);
  });

  it('refuses what is not a snapshot of this version, saying why', () => {
    const bad: Array<[Uint8Array, RegExp]> = [
      [Buffer.from('<html>'), /not JSON/],
      [Buffer.from([0x1f, 0x8b, 1, 2, 3]), /not a viseg snapshot/],
      [gzipSync('[1,2]'), /not a viseg snapshot/],
      [Buffer.from(JSON.stringify({ ...snap, version: 99 })), /snapshot version 99/],
      [Buffer.from(JSON.stringify({ ...snap, nodes: [{ id: 0 }] })), /not a valid viseg snapshot: nodes\.0/],
      [Buffer.from(JSON.stringify({ ...snap, root: 10 ** 6 })), /root/],
    ];
    for (const [bytes, why] of bad) {
      expect(() => decodeSnapshot(bytes)).toThrow(SnapshotError);
      expect(() => decodeSnapshot(bytes)).toThrow(why);
    }
  });
});
