/**
 * viseg's launch keeps Playwright's own Chromium features while adding its own (Chromium honours
 * only the last --enable-features), and the browser it launches keeps cookies per port, which the
 * tab pool relies on to skip about:blank (pipeline/tabs.ts). It keeps Chromium's navigation flooding
 * protection, which Playwright turns off.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumArgs, launchBrowser } from '../../../src/browser/launch.js';
import { portBoundCookies } from '../../../src/browser/port-cookies.js';
import { startFileServer } from '../../../src/browser/server.js';
import { CHROMIUM, haveChromium } from '../chromium.js';


/** Command lines of this process's children that are Chromium browser processes (Linux /proc). */
function childBrowserCommandLines(): string[][] {
  const out: string[][] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if (args.includes('--remote-debugging-pipe')) out.push(args);
    } catch {
      /* gone */
    }
  }
  return out;
}

describe.skipIf(!haveChromium || process.platform !== 'linux')('launch features and port-bound cookies', () => {
  it("the launched browser's last --enable-features keeps every feature Playwright enables, and adds port-bound cookies", async () => {
    const launched = await launchBrowser({ browserPath: CHROMIUM });
    try {
      // (Other test files running in this process may have launched browsers too: all through launchBrowser.)
      const lines = childBrowserCommandLines();
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) {
        const features = line.filter((a) => a.startsWith('--enable-features=')).map((a) => a.slice('--enable-features='.length).split(','));
        expect(features.length).toBeGreaterThan(1); // Playwright's own, then ours
        const effective = new Set(features.at(-1));
        for (const f of features.flat()) expect(effective, f).toContain(f);
        expect(effective).toContain('EnablePortBoundCookies');
        // Chromium's rate limit on a frame's pushState, replaceState and fragment navigations
        // stays on: Playwright turns it off, and a storm of them floods the browser process that
        // every page of the batch shares.
        expect(line).not.toContain('--disable-ipc-flooding-protection');
      }
    } finally {
      await launched.close();
    }
  }, 60_000);

  it('finds out whether a browser keeps cookies per port', async () => {
    const server = await startFileServer({ ports: 2 });
    const ours = await launchBrowser({ browserPath: CHROMIUM });
    const plain = await chromium.launch({ executablePath: CHROMIUM, args: chromiumArgs() });
    try {
      expect(await portBoundCookies(ours.browser, server.origins)).toBe(true);
      expect(await portBoundCookies(plain, server.origins)).toBe(false);
      expect(await portBoundCookies(ours.browser, [server.origin])).toBe(false); // one origin: nothing to tell apart
    } finally {
      await ours.close();
      await plain.close();
      await server.close();
    }
  }, 60_000);
});
