import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../src/pipeline/analyze.js';
import { readSnapshotFile } from '../../src/snapshot/file.js';
import { defaultConcurrency, GIVEN_PAGE_TYPES, OptionsError, resolveBrowserOptions, resolveExtractOptions } from '../../src/options.js';

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

  it('rejects unknown options, as JavaScript callers get no type check', () => {
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(OptionsError);
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(/timout/);
    expect(() => resolveBrowserOptions({ browserpath: '/x' } as never)).toThrow(/browserpath/);
  });
});
