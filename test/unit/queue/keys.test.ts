/** The queue's pure parts: job identity, settings, the record codec, reading a drain file back. */
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeRecord, decodeRecordJson, encodeRecord } from '../../../src/queue/codec.js';
import { jobSettings, targetOf } from '../../../src/queue/enqueue.js';
import { canonicalJson, displayUrl, indexKeys, inputKey, resolveLocation, settingsFingerprint } from '../../../src/queue/keys.js';
import { readCompleteLines } from '../../../src/queue/lines.js';
import { storedRecord } from '../../../src/queue/results.js';
import { emptyRecord } from '../../../src/pipeline/record.js';
import { OptionsError } from '../../../src/options.js';

describe('queue keys', () => {
  it('canonical JSON sorts keys at every depth and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[2,{"y":2,"z":1}]},"b":1}');
  });

  it('the same input with the same options is the same job; other options or inputs are other jobs', () => {
    const s = jobSettings({ timeout: 10_000 });
    const same = jobSettings({ settleMs: 500, timeout: 10_000, scroll: 'auto' }); // defaults spelled out
    expect(settingsFingerprint(same)).toBe(settingsFingerprint(s));
    const other = jobSettings({ timeout: 10_000, explain: true });
    expect(settingsFingerprint(other)).not.toBe(settingsFingerprint(s));
    const fp = settingsFingerprint(s);
    expect(inputKey('https://example.com/a', fp)).toBe(inputKey('https://example.com/a', fp));
    expect(inputKey('https://example.com/a', fp)).not.toBe(inputKey('https://example.com/b', fp));
    expect(inputKey('https://example.com/a', fp)).not.toBe(inputKey('https://example.com/a', settingsFingerprint(other)));
    expect(inputKey('x', fp)).toMatch(/^p[0-9a-f]{24}$/); // never an integer (BullMQ refuses those as ids)
  });

  it('job settings are validated like extract options, without the run-wide concurrency', () => {
    const s = jobSettings({ strategy: 'signals', screenshotDir: 'shots', maxHeight: 4000 });
    expect(s.extract.strategy).toBe('signals');
    expect(s.extract).not.toHaveProperty('concurrency');
    expect(s.extract).not.toHaveProperty('keepArtifacts');
    expect(s.screenshotDir).toBe(path.resolve('shots'));
    expect(() => jobSettings({ timeout: 5 })).toThrow(OptionsError);
    expect(() => jobSettings({ strategy: 'nope' })).toThrow(OptionsError);
    // a given page type is part of the settings, so the same page queued as another type is another job
    const product = jobSettings({ pageType: 'product' });
    expect(product.extract.pageType).toBe('product');
    expect(settingsFingerprint(product)).not.toBe(settingsFingerprint(jobSettings({})));
    expect(() => jobSettings({ pageType: 'product', strategy: 'signals' })).toThrow(/vips strategy only/);
  });

  it('targets: URLs normalised, files absolute', () => {
    expect(targetOf({ input: 'HTTPS://Example.com', kind: 'url', url: 'https://example.com/' })).toBe('https://example.com/');
    expect(targetOf({ input: 'a.html', kind: 'file', path: '/abs/a.html' })).toBe('/abs/a.html');
    expect(targetOf({ input: 'ftp://x', kind: 'url', error: { code: 'UNSUPPORTED_INPUT', message: '' } })).toBe('ftp://x');
  });

  it('locations: defaults, validation, passwords kept out of messages', () => {
    expect(resolveLocation({ redis: 'redis://h:1', queue: 'a.b-c_1' })).toEqual({ redis: 'redis://h:1', queue: 'a.b-c_1' });
    expect(() => resolveLocation({ redis: 'http://h' })).toThrow(OptionsError);
    expect(() => resolveLocation({ queue: 'a:b' })).toThrow(OptionsError);
    expect(displayUrl('redis://user:secret@h:6379/0')).toBe('redis://user:***@h:6379/0');
    expect(indexKeys('q').records).toBe('viseg:{q}:records');
  });
});

describe('queue record codec', () => {
  it('round-trips a record to the exact JSON extract writes, smaller', () => {
    const r = emptyRecord('page.html');
    r.ok = true;
    r.text = 'Überschrift — 标题 '.repeat(200);
    r.html = `<p>${r.text}</p>`;
    r.markdown = r.text;
    const blob = encodeRecord(r);
    expect(decodeRecordJson(blob)).toBe(JSON.stringify(r));
    expect(decodeRecord(blob)).toEqual(r);
    expect(blob.length).toBeLessThan(JSON.stringify(r).length / 10);
    expect(() => decodeRecordJson(Buffer.from([9, 1, 2]))).toThrow(/unknown record format/);
  });

  it('reads a stored value that is not a record as a clear error, and the results stream as an error record', () => {
    const bad = { ...emptyRecord('page.html'), timings: 'soon' };
    expect(() => decodeRecord(encodeRecord(bad as never))).toThrow(/a record in the queue is not a viseg record \(timings: /);
    const r = storedRecord(JSON.stringify(bad));
    expect(r.input).toBe('page.html');
    expect(r.ok).toBe(false);
    expect(r.error?.code).toBe('INTERNAL_ERROR');
    expect(r.error?.message).toMatch(/not a viseg record \(timings: /);
    expect(storedRecord('{"torn').error?.message).toMatch(/not JSON/);
    expect(storedRecord('{"torn').input).toBe('(unknown input)');
  });
});

describe('reading a drain file back', () => {
  it('gives the complete lines and cuts a torn last line off the file', () => {
    const f = path.join(mkdtempSync(path.join(tmpdir(), 'viseg-lines-')), 'out.jsonl');
    writeFileSync(f, '{"input":"a"}\n{"input":"b"}\n');
    expect(readCompleteLines(f)).toEqual(['{"input":"a"}', '{"input":"b"}']);
    appendFileSync(f, '{"inp');
    expect(readCompleteLines(f)).toEqual(['{"input":"a"}', '{"input":"b"}']);
    expect(readFileSync(f, 'utf8')).toBe('{"input":"a"}\n{"input":"b"}\n');
    writeFileSync(f, '');
    expect(readCompleteLines(f)).toEqual([]);
  });
});
