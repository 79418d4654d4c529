/**
 * `viseg/testing`: Playwright Test helpers.
 *
 *   import { test } from '@playwright/test';
 *   import { expect } from 'viseg/testing';          // @playwright/test's expect + viseg's matchers
 *
 *   test('story page', async ({ page }) => {
 *     await page.goto('/story/42');
 *     await expect(page).toHaveMainContent({ contains: ['First paragraph'], excludes: ['Most read'], minWords: 150 });
 *   });
 *
 * or extend your own expect: `const expect = baseExpect.extend(visegMatchers)`.
 *
 * @playwright/test is not a dependency of viseg: it is referenced here as a type and loaded at run
 * time only when this entry is imported (and only if it is installed), so `import 'viseg'` never
 * needs it.
 */
import { createRequire } from 'node:module';
import type { Expect } from '@playwright/test';
import { visegMatchers, type VisegMatchers } from './matchers.js';

export {
  visegMatchers, toHaveMainContent, checkMainContent,
  type VisegMatchers, type MainContentExpectation, type MainContentActual, type MainContentResult, type MatcherStateLike,
} from './matchers.js';

type PlaywrightTest = typeof import('@playwright/test');

/** @playwright/test as installed next to viseg (the same module instance the test runner uses), or null. */
function loadPlaywrightTest(): PlaywrightTest | null {
  try {
    return createRequire(import.meta.url)('@playwright/test') as PlaywrightTest;
  } catch {
    return null;
  }
}

function missing(): Expect<VisegMatchers> {
  const fail = (): never => {
    throw new Error('viseg/testing: `expect` needs @playwright/test (npm i -D @playwright/test), or use expect.extend(visegMatchers) with your own expect');
  };
  return new Proxy(function () {}, { apply: fail, get: fail }) as unknown as Expect<VisegMatchers>;
}

const playwrightTest = loadPlaywrightTest();

/** @playwright/test's `expect`, extended with {@link visegMatchers}. */
export const expect: Expect<VisegMatchers> = playwrightTest ? playwrightTest.expect.extend(visegMatchers) : missing();
