import { describe, expect, it } from 'vitest';
import { defaultConcurrency, OptionsError, resolveExtractOptions } from '../../src/options.js';

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
});
