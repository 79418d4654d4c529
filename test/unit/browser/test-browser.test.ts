/** The integration tests' browser lookup: a missing browser skips them outside CI and fails them in CI. */
import { describe, expect, it } from 'vitest';
import { BrowserNotFoundError, BrowserPathNotFoundError } from '../../../src/browser/errors.js';
import type { findBrowser } from '../../../src/browser/find.js';
import { locateTestBrowser } from '../../integration/chromium.js';

const nothing: typeof findBrowser = () => {
  throw new BrowserNotFoundError();
};

describe('locateTestBrowser', () => {
  it('fails in CI when no browser is found, and says why', () => {
    expect(() => locateTestBrowser({ CI: 'true' }, nothing)).toThrow(/CI is set and no Chromium was found.*No Chromium found/s);
  });

  it('lets the suites skip outside CI when no browser is found', () => {
    expect(locateTestBrowser({}, nothing)).toBeUndefined();
  });

  it('asks viseg’s finder for the full browser, and an explicit path that does not exist fails even outside CI', () => {
    const asked: Parameters<typeof findBrowser>[0][] = [];
    const found: typeof findBrowser = (o) => {
      asked.push(o);
      return { path: '/opt/chromium/chrome', source: 'system' };
    };
    expect(locateTestBrowser({ PATH: '/bin' }, found)).toBe('/opt/chromium/chrome');
    expect(asked).toEqual([{ env: { PATH: '/bin' }, headless: false }]);
    const missing: typeof findBrowser = (o) => {
      throw new BrowserPathNotFoundError(o?.browserPath ?? '?', 'VISEG_TEST_BROWSER');
    };
    expect(() => locateTestBrowser({ VISEG_TEST_BROWSER: '/nope/chrome' }, missing)).toThrow(/\/nope\/chrome/);
    expect(() => locateTestBrowser({ VISEG_BROWSER_PATH: '/nope/chrome' }, missing)).toThrow(BrowserPathNotFoundError);
  });
});
