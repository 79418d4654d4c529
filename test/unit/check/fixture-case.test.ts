/** The generated files of a fixture case: their layout, and the snapshot's round trip. */
import { describe, expect, it } from 'vitest';
import { decodeCaseSnapshot, encodeCaseSnapshot, formatJson } from '../../../src/check/fixture-case.js';
import { caseSnapshot } from '../helpers/fixture-cases.js';

describe('formatJson', () => {
  it('puts one member a line where members nest, and keeps flat values on one line', () => {
    expect(formatJson({ a: 1, rect: { x: 1, y: 2 }, ids: ['1', '2'], list: [{ id: 'b', n: 0 }], empty: [], none: null })).toBe(
      '{\n  "a": 1,\n  "rect": {"x":1,"y":2},\n  "ids": ["1","2"],\n  "list": [\n    {"id":"b","n":0}\n  ],\n  "empty": [],\n  "none": null\n}\n',
    );
  });

  it('is JSON that parses back to the value', () => {
    const v = { a: [[1, 2], [3]], b: { c: { d: 'é "q"' } }, u: undefined };
    expect(JSON.parse(formatJson(v))).toEqual({ a: [[1, 2], [3]], b: { c: { d: 'é "q"' } } });
  });
});

describe('snapshot.json.gz', () => {
  it('reads back what it wrote, the same bytes every time', () => {
    const s = caseSnapshot('paywall-teaser');
    const bytes = encodeCaseSnapshot(s);
    expect(decodeCaseSnapshot(bytes)).toEqual(s);
    expect(encodeCaseSnapshot(s).equals(bytes)).toBe(true);
  });

  it('is read through the snapshot schema', () => {
    const s = caseSnapshot('paywall-teaser');
    expect(() => decodeCaseSnapshot(encodeCaseSnapshot({ ...s, version: 2 } as unknown as typeof s))).toThrow(/snapshot version 2/);
  });
});
