import { describe, expect, it } from 'vitest';
import { ENABLED_FEATURES, playwrightEnabledFeatures, withEnabledFeatures } from '../../../src/browser/launch.js';

describe('withEnabledFeatures', () => {
  const env = {};
  it("puts Playwright's features, ours and the user's into one last --enable-features", () => {
    const args = withEnabledFeatures(['--a', '--enable-features=UserOne,UserTwo', '--b', '--enable-features=UserThree'], ['Ours'], env);
    expect(args.slice(0, 2)).toEqual(['--a', '--b']);
    expect(args.filter((a) => a.startsWith('--enable-features='))).toHaveLength(1);
    expect(args.at(-1)).toBe(`--enable-features=${[...playwrightEnabledFeatures(env), 'Ours', 'UserOne', 'UserTwo', 'UserThree'].join(',')}`);
  });
  it('names each feature once and drops empty names', () => {
    expect(withEnabledFeatures(['--enable-features=Ours,,EnablePortBoundCookies'], ['Ours', ...ENABLED_FEATURES], env).at(-1)).toBe(
      `--enable-features=${[...playwrightEnabledFeatures(env), 'Ours', 'EnablePortBoundCookies'].join(',')}`,
    );
  });
  it("follows Playwright's PLAYWRIGHT_LEGACY_SCREENSHOT", () => {
    expect(playwrightEnabledFeatures({})).toContain('CDPScreenshotNewSurface');
    expect(playwrightEnabledFeatures({ PLAYWRIGHT_LEGACY_SCREENSHOT: '1' })).not.toContain('CDPScreenshotNewSurface');
  });
});
