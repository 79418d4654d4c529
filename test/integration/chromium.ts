/**
 * The Chromium the integration tests run, found by viseg's own discovery (src/browser/find.ts):
 * VISEG_TEST_BROWSER when set, else `--browser-path`'s order without the flag: VISEG_BROWSER_PATH,
 * a Playwright-managed Chromium, then the system's. It asks for the full browser, not the headless
 * shell: the suites launch it headless themselves, and compare against what it renders.
 *
 * With no browser the suites that need one are skipped, but only outside CI: when `CI` is set,
 * importing this module throws, so every suite that needs a browser fails and says why instead of
 * passing with nothing run. An explicit path that does not exist always throws.
 */
import { isVisegError } from '../../src/browser/errors.js';
import { findBrowser } from '../../src/browser/find.js';

/**
 * The browser's path, or undefined when there is none and that may skip the suites. Throws when
 * there is none in CI, and for an explicit path (VISEG_TEST_BROWSER, VISEG_BROWSER_PATH) that is
 * not an executable.
 */
export function locateTestBrowser(env: NodeJS.ProcessEnv = process.env, find: typeof findBrowser = findBrowser): string | undefined {
  if (env.VISEG_TEST_BROWSER) return find({ browserPath: env.VISEG_TEST_BROWSER, env, headless: false }).path;
  try {
    return find({ env, headless: false }).path;
  } catch (e) {
    if (!isVisegError(e, 'BROWSER_NOT_FOUND')) throw e;
    if (env.CI) {
      throw new Error(`CI is set and no Chromium was found, so the browser tests cannot run (they are skipped only outside CI): ${(e as Error).message}`);
    }
    return undefined;
  }
}

const found = locateTestBrowser();

/** The executable ('' when there is none, outside CI only: then {@link haveChromium} is false). */
export const CHROMIUM: string = found ?? '';
export const haveChromium = found !== undefined;
