/** The generated files of a fixture case: their layout, the snapshot's round trip, known failures. */
import { describe, expect, it } from 'vitest';
import { compareSite, failedComparison, type Expected } from '../../../src/check/compare.js';
import { failureKinds, formatJson, parseKnownFailures } from '../../../src/check/fixture-case.js';
import { emptyRecord } from '../../../src/pipeline/record.js';
import { decodeSnapshot, encodeSnapshot } from '../../../src/snapshot/file.js';
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
    const bytes = encodeSnapshot(s, { gzip: true });
    expect(decodeSnapshot(bytes)).toEqual(s);
    expect(encodeSnapshot(s, { gzip: true }).equals(bytes)).toBe(true);
  });

  it('is read through the snapshot schema', () => {
    const s = caseSnapshot('paywall-teaser');
    expect(() => decodeSnapshot(encodeSnapshot({ ...s, version: 2 } as unknown as typeof s, { gzip: true }))).toThrow(/snapshot version 2/);
  });
});

describe('known failures', () => {
  const expected: Expected = {
    type: 'article', title: 'T', byline: null, publishedTime: null, contains: ['kept line'], excludes: ['ad line'], goldText: 'kept line and more words here', minF1: 0.99,
  };
  const record = { ...emptyRecord('x'), ok: true, pageType: 'listing' as const, title: 'T', text: 'ad line' };

  it('names each way a comparison fails, in one order', () => {
    expect(failureKinds(compareSite(expected, { record }))).toEqual(['missed', 'leaked', 'type', 'f1']);
    expect(failureKinds(compareSite(expected, { record: { ...record, pageType: 'article', text: 'kept line and more words here' } }))).toEqual([]);
    expect(failureKinds(failedComparison('extraction failed'))).toEqual(['error']);
  });

  it('reads known-failures.json with its kinds in that order, and says what is wrong with a bad one', () => {
    const ok = parseKnownFailures(JSON.stringify({ sites: { a: { fails: ['type', 'leaked'], live: [], why: 'w' } } }));
    expect(ok).toEqual({ a: { fails: ['leaked', 'type'], live: [], why: 'w' } });
    expect(() => parseKnownFailures('{')).toThrow(/not JSON/);
    expect(() => parseKnownFailures(JSON.stringify({ sites: { a: { fails: ['slow'], live: [], why: 'w' } } }))).toThrow(/sites\.a\.fails\.0/);
    expect(() => parseKnownFailures(JSON.stringify({ sites: { a: { fails: [], live: [], why: 'w' } } }))).toThrow(/at least one way/);
    // a page whose recording passes but whose live render fails
    expect(parseKnownFailures(JSON.stringify({ sites: { a: { fails: [], live: ['missed'], why: 'w' } } })).a).toEqual({ fails: [], live: ['missed'], why: 'w' });
  });
});
