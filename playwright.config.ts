/**
 * Playwright Test: end-to-end tests against the fixture sites, with a system Chromium (no
 * Playwright-managed browser download needed). Build first: the tests and the fixture server use
 * dist/ (`npm run build && npx playwright test`).
 *
 * Browser: VISEG_BROWSER_PATH, else what viseg's own finder (dist/browser/find.js) finds, else
 * Playwright's default. Fixture server: test/e2e/serve-fixtures.mjs on 127.0.0.1, on a free port it
 * picks itself and announces on stdout (Playwright copies the port into VISEG_FIXTURES_PORT, which
 * the test workers then read). VISEG_FIXTURES_PORT set beforehand names the port instead, and a
 * server already listening there is reused outside CI.
 */
import { cpus } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Set before the run: the user's port. Unset: the fixture server picks a free one, and the
 * webServer plugin sets VISEG_FIXTURES_PORT from its announcement before the workers start, so in a
 * worker (which loads this file again) it is always set.
 */
const FIXED_PORT = process.env.VISEG_FIXTURES_PORT;
const PORT = Number(FIXED_PORT || 0);

async function findSystemBrowser(): Promise<string | undefined> {
  try {
    const { findBrowser } = await import('./dist/browser/find.js');
    return findBrowser().path;
  } catch {
    return undefined; // not built yet, or no browser: let Playwright report it
  }
}

const executablePath = process.env.VISEG_BROWSER_PATH || (await findSystemBrowser());

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: Math.max(2, Math.floor(cpus().length / 2)),
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['github'], ['list']] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1366, height: 768 },
    launchOptions: {
      executablePath,
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    },
  },
  webServer: FIXED_PORT
    ? {
        command: `node test/e2e/serve-fixtures.mjs --port ${PORT}`,
        url: `http://127.0.0.1:${PORT}/`,
        reuseExistingServer: !process.env.CI,
        timeout: 15_000,
        stdout: 'ignore',
        stderr: 'pipe',
      }
    : {
        command: 'node test/e2e/serve-fixtures.mjs --port 0',
        // the named group becomes process.env.VISEG_FIXTURES_PORT
        wait: { stdout: /serving .* at http:\/\/127\.0\.0\.1:(?<viseg_fixtures_port>\d+)\// },
        timeout: 15_000,
        stdout: 'ignore',
        stderr: 'pipe',
      },
});
