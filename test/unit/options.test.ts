import { describe, expect, it } from 'vitest';
import { defaultConcurrency, OptionsError, resolveBrowserOptions, resolveExtractOptions } from '../../src/options.js';

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

  it('rejects unknown options, as JavaScript callers get no type check', () => {
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(OptionsError);
    expect(() => resolveExtractOptions({ timout: 5000 } as never)).toThrow(/timout/);
    expect(() => resolveBrowserOptions({ browserpath: '/x' } as never)).toThrow(/browserpath/);
  });
});
