/**
 * Locating a Chromium/Chrome executable.
 *
 * Order (first hit wins):
 *  1. `browserPath` (the `--browser-path` flag)           → source 'flag'
 *  2. env `VISEG_BROWSER_PATH`                            → source 'env'
 *  3. a Playwright-managed Chromium (`chromium.executablePath()`; Playwright itself honours
 *     PLAYWRIGHT_BROWSERS_PATH, read from `process.env` when playwright-core computes its
 *     registry directory)                                 → source 'playwright'
 *  4. well-known system locations, then a `which`-style PATH lookup → source 'system'
 *
 * Headless runs (the default) prefer the headless shell at steps 3 and 4: Playwright's
 * `chromium-headless-shell` download next to its Chromium, Debian's `chromium-headless-shell`
 * package, Chrome for Testing's `chrome-headless-shell`. It is the same Blink without the
 * browser UI layer, and what `chromium.launch()` itself uses when headless; it costs less browser
 * CPU per page than full Chromium in headless mode.
 *
 * An explicit path (1 or 2) that does not exist is an error naming that path; it never falls
 * through to the next source silently. When nothing is found, {@link BrowserNotFoundError} says
 * what to install.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { BrowserNotFoundError, BrowserPathNotFoundError } from './errors.js';
import { at } from '../util/at.js';
import { playwright } from './playwright.js';

export type BrowserSource = 'flag' | 'env' | 'playwright' | 'system';

export interface FoundBrowser {
  path: string;
  source: BrowserSource;
}

export interface FindBrowserOptions {
  /** From `--browser-path`. */
  browserPath?: string;
  /** Environment to read `VISEG_BROWSER_PATH`, `PATH`, Windows folders from. Default `process.env`. */
  env?: NodeJS.ProcessEnv;
  /** Override the platform (tests). Default `process.platform`. */
  platform?: NodeJS.Platform;
  /**
   * Override the Playwright lookup (tests): a function returning the managed executable path,
   * or `null` to skip the Playwright step. Default: `chromium.executablePath()`.
   */
  playwrightExecutablePath?: (() => string | undefined) | null;
  /** Override the well-known system locations (tests). Default {@link systemBrowserPaths}. */
  systemPaths?: string[];
  /** Prefer a headless shell (steps 3 and 4). Default true; false for a headed browser. */
  headless?: boolean;
}

/** Executable names tried on PATH, in order. */
export const PATH_BROWSER_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable', 'chrome'];

/** Headless-shell names tried on PATH before {@link PATH_BROWSER_NAMES} when headless. */
export const PATH_HEADLESS_SHELL_NAMES = ['chromium-headless-shell', 'chrome-headless-shell'];

/** Well-known headless-shell locations (Debian/Ubuntu's `chromium-headless-shell` package). */
export function systemHeadlessShellPaths(platform: NodeJS.Platform = process.platform): string[] {
  return platform === 'linux' ? ['/usr/bin/chromium-headless-shell', '/usr/lib/chromium/chromium-headless-shell'] : [];
}

/**
 * The headless shell Playwright installs next to a managed Chromium, derived from the Chromium
 * path: `<registry>/chromium-<rev>/chrome-<platform>/chrome` →
 * `<registry>/chromium_headless_shell-<rev>/chrome-headless-shell-<platform>/chrome-headless-shell`.
 * Undefined when the path does not have that layout.
 */
export function playwrightHeadlessShellPath(chromiumPath: string, platform: NodeJS.Platform = process.platform): string | undefined {
  const p = platform === 'win32' ? path.win32 : path.posix;
  const parts = chromiumPath.split(platform === 'win32' ? /[\\/]/ : '/');
  const i = parts.findIndex((s) => /^chromium-\d+$/.test(s));
  const folder = parts[i + 1];
  if (i < 0 || !folder || !/^chrome-/.test(folder)) return undefined;
  const rev = at(parts, i).slice('chromium-'.length);
  const exe = platform === 'win32' ? 'chrome-headless-shell.exe' : 'chrome-headless-shell';
  const sep = platform === 'win32' ? '\\' : '/';
  const root = parts.slice(0, i).join(sep) || (parts[0] === '' ? sep : '');
  return p.join(root, `chromium_headless_shell-${rev}`, folder.replace(/^chrome-/, 'chrome-headless-shell-'), exe);
}

/** Well-known install locations of Chromium/Chrome for a platform, in preference order. */
export function systemBrowserPaths(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env): string[] {
  if (platform === 'darwin') {
    const home = env.HOME ?? '';
    const apps = [
      'Google Chrome.app/Contents/MacOS/Google Chrome',
      'Chromium.app/Contents/MacOS/Chromium',
      'Google Chrome Canary.app/Contents/MacOS/Google Chrome Canary',
    ];
    return [
      ...apps.map((a) => `/Applications/${a}`),
      ...(home ? apps.map((a) => `${home}/Applications/${a}`) : []),
    ];
  }
  if (platform === 'win32') {
    const roots = [env['PROGRAMFILES'], env['PROGRAMFILES(X86)'], env['LOCALAPPDATA']].filter(
      (r): r is string => !!r,
    );
    if (roots.length === 0) roots.push('C:\\Program Files', 'C:\\Program Files (x86)');
    const out: string[] = [];
    for (const r of roots) {
      out.push(path.win32.join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'));
      out.push(path.win32.join(r, 'Chromium', 'Application', 'chrome.exe'));
    }
    return out;
  }
  return [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/usr/local/bin/chromium',
    '/opt/google/chrome/chrome',
    '/snap/bin/chromium',
  ];
}

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function isExecutableFile(p: string, platform: NodeJS.Platform): boolean {
  if (!isFile(p)) return false;
  if (platform === 'win32') return true;
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `which`-style lookup of `names` on `env.PATH`. Returns the first executable hit. */
export function whichBrowser(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  names: readonly string[] = PATH_BROWSER_NAMES,
): string | undefined {
  const pathVar = env.PATH ?? env.Path ?? '';
  const sep = platform === 'win32' ? ';' : ':';
  const dirs = pathVar.split(sep).filter((d) => d.length > 0);
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter(Boolean) : [''];
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  for (const name of names) {
    for (const dir of dirs) {
      for (const ext of exts) {
        const candidate = join(dir, name + ext.toLowerCase());
        if (isExecutableFile(candidate, platform)) return candidate;
      }
    }
  }
  return undefined;
}

function defaultPlaywrightPath(): string | undefined {
  try {
    return playwright().chromium.executablePath();
  } catch {
    return undefined;
  }
}

function checkExplicit(p: string, via: string, source: BrowserSource, platform: NodeJS.Platform): FoundBrowser {
  const resolved = path.resolve(p);
  let st;
  try {
    st = statSync(resolved);
  } catch {
    throw new BrowserPathNotFoundError(p, via);
  }
  if (!st.isFile()) throw new BrowserPathNotFoundError(p, via, 'is not a file (give the path of the executable itself)');
  if (!isExecutableFile(resolved, platform)) throw new BrowserPathNotFoundError(p, via, 'is not executable');
  return { path: resolved, source };
}

/**
 * Find a Chromium/Chrome executable. Throws {@link BrowserPathNotFoundError} for a bad explicit
 * path and {@link BrowserNotFoundError} when nothing is found.
 */
export function findBrowser(opts: FindBrowserOptions = {}): FoundBrowser {
  const env = opts.env ?? process.env;
  const platform = opts.platform ?? process.platform;

  if (opts.browserPath) return checkExplicit(opts.browserPath, '--browser-path', 'flag', platform);
  const fromEnv = env.VISEG_BROWSER_PATH;
  if (fromEnv) return checkExplicit(fromEnv, 'VISEG_BROWSER_PATH', 'env', platform);

  const headless = opts.headless ?? true;

  const pw = opts.playwrightExecutablePath === undefined ? defaultPlaywrightPath : opts.playwrightExecutablePath;
  if (pw) {
    let p: string | undefined;
    try {
      p = pw();
    } catch {
      p = undefined; // e.g. unsupported platform
    }
    const shell = p && headless ? playwrightHeadlessShellPath(p, platform) : undefined;
    for (const c of [shell, p]) if (c && isExecutableFile(c, platform)) return { path: c, source: 'playwright' };
  }

  const system = opts.systemPaths ?? [...(headless ? systemHeadlessShellPaths(platform) : []), ...systemBrowserPaths(platform, env)];
  for (const p of system) {
    if (isExecutableFile(p, platform)) return { path: p, source: 'system' };
  }
  const onPath = whichBrowser(env, platform, headless ? [...PATH_HEADLESS_SHELL_NAMES, ...PATH_BROWSER_NAMES] : PATH_BROWSER_NAMES);
  if (onPath) return { path: onPath, source: 'system' };

  throw new BrowserNotFoundError();
}
