/** Launch / connect paths against a real Chromium (skipped when none is found). */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BrowserLaunchError } from '../../../src/browser/errors.js';
import { chromiumArgs } from '../../../src/browser/launch.js';
import { launchBrowser } from '../../../src/browser/launch.js';
import { CHROMIUM, haveChromium } from '../chromium.js';
import { at } from '../../../src/util/at.js';


describe.skipIf(!haveChromium)('launchBrowser', () => {
  it('connects to a Playwright browser server over ws and only disconnects on close', async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM, args: chromiumArgs() });
    try {
      const b = await launchBrowser({ wsEndpoint: server.wsEndpoint() });
      expect(b.source).toBe('ws');
      expect(b.description).toContain(server.wsEndpoint());
      const page = await b.browser.newPage();
      await page.goto('data:text/html,<p>ws</p>');
      expect(await page.textContent('p')).toBe('ws');
      await b.close();
      await b.close(); // idempotent
      // The server is still up: a second client can connect.
      const again = await launchBrowser({ wsEndpoint: server.wsEndpoint() });
      await again.close();
    } finally {
      await server.close();
    }
  });

  it('connects over CDP', async () => {
    const profile = mkdtempSync(path.join(tmpdir(), 'viseg-cdp-'));
    const child = spawn(
      CHROMIUM,
      ['--headless', '--remote-debugging-port=0', `--user-data-dir=${profile}`, ...chromiumArgs(), 'about:blank'],
      // Own process group, so the zygote/utility children can be killed with it.
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    try {
      const ws = await new Promise<string>((resolve, reject) => {
        let buf = '';
        const timer = setTimeout(() => reject(new Error(`no DevTools endpoint: ${buf}`)), 15_000);
        child.stderr!.on('data', (d: Buffer) => {
          buf += d.toString();
          const m = /DevTools listening on (ws:\/\/\S+)/.exec(buf);
          if (m) {
            clearTimeout(timer);
            resolve(at(m, 1));
          }
        });
      });
      const b = await launchBrowser({ cdpEndpoint: ws });
      expect(b.source).toBe('cdp');
      const ctx = await b.browser.newContext();
      const page = await ctx.newPage();
      await page.goto('data:text/html,<p>cdp</p>');
      expect(await page.textContent('p')).toBe('cdp');
      await ctx.close();
      await b.close();
    } finally {
      if (child.exitCode === null && child.pid) {
        const exited = new Promise((r) => child.once('exit', r));
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group ended between the check and the kill; 'exit' comes all the same
        }
        await exited;
      }
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // a straggling child may still be writing; the temp profile is harmless
      }
    }
  });

  it('rejects a ws and a CDP endpoint together, and reports unreachable endpoints', async () => {
    await expect(launchBrowser({ wsEndpoint: 'ws://127.0.0.1:1/', cdpEndpoint: 'http://127.0.0.1:1' })).rejects.toBeInstanceOf(
      BrowserLaunchError,
    );
    await expect(launchBrowser({ cdpEndpoint: 'http://127.0.0.1:1', timeoutMs: 3000 })).rejects.toMatchObject({
      code: 'BROWSER_LAUNCH_FAILED',
    });
  });
});
