/**
 * Starting (or connecting to) Chromium.
 *
 * - default: find a local executable ({@link findBrowser}) and `chromium.launch()` it with
 *   flags that make rendering quiet and reproducible ({@link chromiumArgs});
 * - `wsEndpoint`: `chromium.connect(ws)` to a Playwright browser server (`launchServer()` /
 *   `npx playwright run-server`);
 * - `cdpEndpoint`: `chromium.connectOverCDP(url)` to a Chrome started with
 *   `--remote-debugging-port` (lower fidelity than a Playwright server, but works with any Chrome).
 *
 * `close()` of a connected browser only disconnects; it never kills a browser it did not start.
 */
import type { Browser } from 'playwright-core';
import { BrowserLaunchError } from './errors.js';
import { findBrowser, type BrowserSource } from './find.js';
import { playwright } from './playwright.js';
import { within } from '../util/async.js';

export interface LaunchOptions {
  /** `--browser-path`. */
  browserPath?: string;
  /** Connect to a Playwright browser server (`ws://...`) instead of launching. */
  wsEndpoint?: string;
  /** Connect over the Chrome DevTools Protocol (`http://127.0.0.1:9222` or `ws://...`). */
  cdpEndpoint?: string;
  /** Default true. */
  headless?: boolean;
  /** Environment for the browser lookup (`VISEG_BROWSER_PATH`, `PATH`). Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Launch / connect timeout. Default 30000 ms. */
  timeoutMs?: number;
  /** Extra Chromium command-line switches appended after {@link chromiumArgs}. */
  extraArgs?: string[];
  /**
   * Let Playwright close the launched browser on SIGINT/SIGTERM/SIGHUP (and exit on SIGINT).
   * Default true; false for a process that handles its signals itself (`viseg worker` finishes
   * its pages in flight first).
   */
  handleSignals?: boolean;
}

export interface LaunchedBrowser {
  browser: Browser;
  /** Close (launched) or disconnect (connected). Bounded: never hangs longer than ~10 s. Idempotent. */
  close(): Promise<void>;
  /** Human-readable, e.g. `Chromium 139.0.7258.5 (/usr/bin/chromium, system)`. */
  description: string;
  /** Where the browser came from. */
  source: BrowserSource | 'ws' | 'cdp';
}

/**
 * Switches that keep Chromium from doing background work and make rendering deterministic, and
 * one that keeps pages off the network behind viseg's back: WebRTC may use no UDP that does not
 * go through the proxy (that is, none: STUN and TURN over UDP bypass both the proxy and the CSP).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--hide-scrollbars',
  '--mute-audio',
  '--font-render-hinting=none',
  '--force-color-profile=srgb',
];

/** {@link CHROMIUM_ARGS}, plus `--no-sandbox` when running as root (Chromium refuses to start otherwise). */
export function chromiumArgs(isRoot: boolean = process.getuid?.() === 0): string[] {
  return isRoot ? [...CHROMIUM_ARGS, '--no-sandbox'] : [...CHROMIUM_ARGS];
}

/**
 * Chromium features viseg turns on. `EnablePortBoundCookies`: a cookie belongs to the port that
 * set it, like storage does, so pages on different ports of the file server cannot see each
 * other's cookies (what lets a tab skip the about:blank step, see pipeline/tabs.ts).
 */
export const ENABLED_FEATURES: readonly string[] = ['EnablePortBoundCookies'];

/**
 * What Playwright (the pinned playwright-core) passes in its own `--enable-features`
 * (server/chromium/chromiumSwitches.ts). Chromium keeps only the last `--enable-features` switch,
 * so ours repeats these; test/integration/browser/port-cookies.test.ts checks the launched
 * browser's command line.
 */
export function playwrightEnabledFeatures(env: NodeJS.ProcessEnv = process.env): string[] {
  return [env.PLAYWRIGHT_LEGACY_SCREENSHOT ? '' : 'CDPScreenshotNewSurface', 'SkipListAccountsWithoutGaiaCookies'].filter(Boolean);
}

/**
 * `args` with every `--enable-features` switch merged into one, last, that also carries
 * Playwright's features and `features`.
 */
export function withEnabledFeatures(args: readonly string[], features: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  const PREFIX = '--enable-features=';
  const given = args.filter((a) => a.startsWith(PREFIX)).flatMap((a) => a.slice(PREFIX.length).split(','));
  const all = [...new Set([...playwrightEnabledFeatures(env), ...features, ...given].map((f) => f.trim()).filter(Boolean))];
  return [...args.filter((a) => !a.startsWith(PREFIX)), PREFIX + all.join(',')];
}

/**
 * Playwright switches viseg leaves out. `--disable-ipc-flooding-protection` turns off Chromium's
 * limit of 200 `pushState` / `replaceState` / fragment navigations per frame in 10 s: without it a
 * page's `pushState` storm keeps the browser process, which every tab shares, busy committing
 * history entries, and the other pages of the batch wait for it until their deadline.
 */
export const IGNORED_DEFAULT_ARGS: readonly string[] = ['--disable-ipc-flooding-protection'];

const CLOSE_TIMEOUT_MS = 10_000;

function boundedClose(browser: Browser): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      await within(browser.close(), CLOSE_TIMEOUT_MS, { unref: true });
    })();
    return closing;
  };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Launch a local Chromium, or connect to a remote one. Errors are {@link BrowserLaunchError} / find errors. */
export async function launchBrowser(opts: LaunchOptions = {}): Promise<LaunchedBrowser> {
  const timeout = opts.timeoutMs ?? 30_000;
  if (opts.wsEndpoint && opts.cdpEndpoint) {
    throw new BrowserLaunchError('Give either a Playwright server endpoint (ws) or a CDP endpoint, not both.');
  }
  if (opts.wsEndpoint) {
    let browser: Browser;
    try {
      browser = await playwright().chromium.connect(opts.wsEndpoint, { timeout });
    } catch (e) {
      throw new BrowserLaunchError(`Could not connect to the Playwright browser server at ${opts.wsEndpoint}: ${message(e)}`, { cause: e });
    }
    return {
      browser,
      close: boundedClose(browser),
      description: `Chromium ${browser.version()} (Playwright server ${opts.wsEndpoint})`,
      source: 'ws',
    };
  }
  if (opts.cdpEndpoint) {
    let browser: Browser;
    try {
      browser = await playwright().chromium.connectOverCDP(opts.cdpEndpoint, { timeout });
    } catch (e) {
      throw new BrowserLaunchError(`Could not connect over CDP to ${opts.cdpEndpoint}: ${message(e)}`, { cause: e });
    }
    return {
      browser,
      close: boundedClose(browser),
      description: `Chromium ${browser.version()} (CDP ${opts.cdpEndpoint})`,
      source: 'cdp',
    };
  }

  const found = findBrowser({ browserPath: opts.browserPath, env: opts.env, headless: opts.headless ?? true });
  let browser: Browser;
  try {
    browser = await playwright().chromium.launch({
      executablePath: found.path,
      headless: opts.headless ?? true,
      args: withEnabledFeatures([...chromiumArgs(), ...(opts.extraArgs ?? [])], ENABLED_FEATURES),
      ignoreDefaultArgs: [...IGNORED_DEFAULT_ARGS],
      timeout,
      ...(opts.handleSignals === false ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {}),
    });
  } catch (e) {
    throw new BrowserLaunchError(
      `Could not start ${found.path} (found via ${found.source}): ${message(e).split('\n')[0]}\n` +
        'If shared libraries are missing, `npx playwright install-deps chromium` (or your package manager) installs them; ' +
        'use --browser-path to pick another browser.',
      { cause: e },
    );
  }
  return {
    browser,
    close: boundedClose(browser),
    description: `Chromium ${browser.version()} (${found.path}, ${found.source})`,
    source: found.source,
  };
}
