import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../src/pipeline/analyze.js';
import { readSnapshotFile } from '../../src/snapshot/file.js';
import { clockTime, defaultConcurrency, GIVEN_PAGE_TYPES, OptionsError, resolveBrowserOptions, resolveExtractOptions } from '../../src/options.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('extract options', () => {
  it('defaults the concurrency to 6 per core, between 6 and 16', () => {
    expect(defaultConcurrency(1)).toBe(6);
    expect(defaultConcurrency(2)).toBe(12);
    expect(defaultConcurrency(3)).toBe(16);
    expect(defaultConcurrency(64)).toBe(16);
    expect(resolveExtractOptions({}).concurrency).toBe(defaultConcurrency());
    expect(resolveExtractOptions({ concurrency: 1 }).concurrency).toBe(1);
  });

  it("takes scroll as a mode or a boolean (true = 'always', false = 'never'), default 'auto'", () => {
    expect(resolveExtractOptions({}).scroll).toBe('auto');
    expect(resolveExtractOptions({ scroll: true }).scroll).toBe('always');
    expect(resolveExtractOptions({ scroll: false }).scroll).toBe('never');
    expect(resolveExtractOptions({ scroll: 'never' }).scroll).toBe('never');
    expect(() => resolveExtractOptions({ scroll: 'sometimes' as never })).toThrow(OptionsError);
  });

  it('takes the viewport as { width, height } or as the CLI writes it, "WxH", and gives one shape', () => {
    expect(resolveExtractOptions({}).viewport).toEqual({ width: 1366, height: 768 });
    expect(resolveExtractOptions({ viewport: '1024x700' }).viewport).toEqual({ width: 1024, height: 700 });
    expect(resolveExtractOptions({ viewport: { width: 1024, height: 700 } }).viewport).toEqual({ width: 1024, height: 700 });
    expect(() => resolveExtractOptions({ viewport: '1024 by 700' as never })).toThrow(/^viewport must be \{ width, height \} in CSS px, or a string like "1366x768"/);
    expect(() => resolveExtractOptions({ viewport: { width: 100, height: 700 } })).toThrow(/viewport\.width/);
    expect(() => resolveExtractOptions({ viewport: { width: 1024, height: 700, scale: 2 } as never })).toThrow(/scale/);
  });

  it('takes a page type for the vips strategy, and refuses `other`, unknown types and other strategies', () => {
    expect(resolveExtractOptions({}).pageType).toBeUndefined();
    for (const t of GIVEN_PAGE_TYPES) expect(resolveExtractOptions({ pageType: t }).pageType).toBe(t);
    expect(() => resolveExtractOptions({ pageType: 'other' as never })).toThrow(/^pageType must be one of/);
    expect(() => resolveExtractOptions({ pageType: 'blog' as never })).toThrow(OptionsError);
    expect(resolveExtractOptions({ pageType: 'product', strategy: 'vips' }).pageType).toBe('product');
    expect(() => resolveExtractOptions({ pageType: 'product', strategy: 'ttr' })).toThrow(/^pageType is read by the vips strategy only: ttr has no rules by page type$/);
    // the pure stages check it as the library's entry does
    const snap = readSnapshotFile(path.join(ROOT, 'fixtures/sites/docs-br-code/snapshot.json.gz'));
    expect(() => analyzeSnapshot(snap, { pageType: 'documentation', strategy: 'signals' })).toThrow(/^pageType is read by the vips strategy only: signals/);
    expect(analyzeSnapshot(snap, { pageType: 'documentation' }).decision.pageType).toBe('documentation');
  });

  it('takes the clock as an ISO 8601 instant that means the same on every machine, and refuses other dates', () => {
    expect(resolveExtractOptions({}).clock).toBeUndefined();
    for (const ok of ['2026-01-01', '2026-01-01T09:00Z', '2026-01-01T09:00:00Z', '2026-01-01T09:00:00.250+01:00', '2028-02-29']) {
      expect(resolveExtractOptions({ clock: ok }).clock).toBe(ok);
    }
    expect(clockTime('2026-01-01T10:00:00+01:00')).toBe(Date.UTC(2026, 0, 1, 9));
    expect(clockTime('2026-01-01')).toBe(Date.UTC(2026, 0, 1));
    // local times depend on the machine's time zone; words and numbers are not instants here
    for (const bad of ['2026-01-01T09:00', '2026-01-01 09:00Z', 'tomorrow', '1767258000000', '']) {
      expect(() => resolveExtractOptions({ clock: bad })).toThrow(/^clock must be an ISO 8601 date, or a date and time with Z or an offset, like 2026-01-01T09:00:00Z$/);
    }
    for (const bad of ['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-01T25:00Z']) {
      expect(() => resolveExtractOptions({ clock: bad }), bad).toThrow(/^clock is not a day of the calendar or a time of day/);
    }
  });

  it("says what a header name or a browser switch that does not fit its pattern should be", () => {
    expect(() => resolveExtractOptions({ headers: { 'X Team': 'blue' } })).toThrow(/^headers\.X Team must be a valid header name$/);
    expect(() => resolveBrowserOptions({ browserArgs: ['no-sandbox'] })).toThrow(/^browserArgs\.0 must be a Chromium switch, starting with --$/);
  });

  it('rejects unknown options, as JavaScript callers get no type check', () => {
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(OptionsError);
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(/timout/);
    expect(() => resolveBrowserOptions({ browserpath: '/x' } as never)).toThrow(/browserpath/);
  });
});
