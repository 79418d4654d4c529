/** `expect(page).toHaveMainContent(...)` from viseg/testing, as users would write it. */
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expect, visegMatchers } from '../../dist/testing/index.js';
import { expectedFor, settle } from './helpers.js';

test.describe('toHaveMainContent', () => {
  test('passes on an article with its snippets, word count and page type', async ({ page }) => {
    const e = expectedFor('news-sidebar');
    await page.goto('/news-sidebar/');
    await settle(page);
    await expect(page).toHaveMainContent({ contains: e.contains, excludes: e.excludes, minWords: 300, pageType: 'article' });
  });

  test('works with your own expect.extend(visegMatchers)', async ({ page }) => {
    const myExpect = baseExpect.extend(visegMatchers);
    await page.goto('/paywall-teaser/');
    await settle(page);
    await myExpect(page).toHaveMainContent({ contains: expectedFor('paywall-teaser').contains.slice(0, 2) });
    await myExpect(page).not.toHaveMainContent({ contains: ['Subscribe to continue reading and get unlimited access'] });
  });

  test('fails with a message naming what was missed, leaked or wrong', async ({ page }) => {
    await page.goto('/news-sidebar/');
    await settle(page);
    const err = await expect(page)
      .toHaveMainContent({ contains: ['A long road to a short vote', 'This sentence is nowhere on the page'], excludes: ['A long road'], minWords: 100_000, pageType: 'listing', timeout: 0 })
      .then(() => null, (e: Error) => e);
    expect(err).not.toBeNull();
    const msg = err!.message;
    expect(msg).toContain('toHaveMainContent');
    expect(msg).toContain('missed: "This sentence is nowhere on the page"');
    expect(msg).not.toContain('missed: "A long road to a short vote"');
    expect(msg).toContain('leaked: "A long road"');
    expect(msg).toMatch(/words: \d+ < minWords 100000/);
    expect(msg).toContain('pageType: expected "listing", got "article"');
  });

  test('.not passes when a condition does not hold and fails when all hold', async ({ page }) => {
    await page.goto('/news-sidebar/');
    await settle(page);
    await expect(page).not.toHaveMainContent({ contains: ['This sentence is nowhere on the page'] });
    await expect(page).not.toHaveMainContent({ excludes: ['A long road to a short vote'] });
    const err = await expect(page).not.toHaveMainContent({ contains: ['A long road to a short vote'], timeout: 0 }).then(() => null, (e: Error) => e);
    expect(err?.message).toContain('not to match');
  });

  test('waits for a client-rendered page to render its article', async ({ page }) => {
    const e = expectedFor('spa-article');
    await page.goto('/spa-article/'); // no waiting: the app renders after a timer and two fetches
    await expect(page).toHaveMainContent({ contains: e.contains.slice(0, 3), excludes: e.excludes, pageType: 'article' });
  });

  test('a listing: its teasers are the main content', async ({ page }) => {
    const e = expectedFor('home-listing');
    await page.goto('/home-listing/');
    await settle(page);
    await expect(page).toHaveMainContent({ pageType: 'listing', contains: e.contains });
  });

  test('rejects a receiver that is not a page', async () => {
    const err = await expect({} as unknown as Page).toHaveMainContent({}).then(() => null, (e: Error) => e);
    expect(err?.message).toMatch(/must be a Playwright Page/);
  });
});
