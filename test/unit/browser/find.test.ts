import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserNotFoundError, BrowserPathNotFoundError } from '../../../src/browser/errors.js';
import { findBrowser, playwrightHeadlessShellPath, systemBrowserPaths, systemHeadlessShellPaths, whichBrowser } from '../../../src/browser/find.js';

let dir: string;
const exe = (name: string): string => {
  const p = path.join(dir, name);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, '#!/bin/sh\n');
  chmodSync(p, 0o755);
  return p;
};

// Every test isolates itself from the real machine: no Playwright lookup, no system paths, PATH
// limited to temp folders.
const none = { playwrightExecutablePath: null, systemPaths: [] as string[] };

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'viseg-find-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('findBrowser', () => {
  it('prefers the explicit flag over everything', () => {
    const flag = exe('flag/chrome');
    const env = exe('env/chrome');
    const r = findBrowser({ ...none, browserPath: flag, env: { VISEG_BROWSER_PATH: env } });
    expect(r).toEqual({ path: flag, source: 'flag' });
  });

  it('a missing explicit path is an error naming it (no silent fallback)', () => {
    const sys = exe('sys/chromium');
    const missing = path.join(dir, 'nope/chrome');
    expect(() => findBrowser({ browserPath: missing, env: {}, playwrightExecutablePath: null, systemPaths: [sys] })).toThrow(
      BrowserPathNotFoundError,
    );
    try {
      findBrowser({ browserPath: missing, env: {}, ...none });
    } catch (e) {
      expect((e as BrowserPathNotFoundError).code).toBe('BROWSER_PATH_NOT_FOUND');
      expect((e as Error).message).toContain(missing);
      expect((e as Error).message).toContain('--browser-path');
    }
  });

  it('a directory as explicit path is rejected', () => {
    expect(() => findBrowser({ ...none, browserPath: dir, env: {} })).toThrow(/not a file/);
  });

  it('uses VISEG_BROWSER_PATH next, and errors if it does not exist', () => {
    const env = exe('env2/chrome');
    expect(findBrowser({ ...none, env: { VISEG_BROWSER_PATH: env } })).toEqual({ path: env, source: 'env' });
    expect(() => findBrowser({ ...none, env: { VISEG_BROWSER_PATH: path.join(dir, 'gone') } })).toThrow(/VISEG_BROWSER_PATH/);
  });

  it('then a Playwright-managed Chromium if the file exists', () => {
    const pw = exe('ms-playwright/chromium-1/chrome-linux64/chrome');
    const sys = exe('sys2/chromium');
    expect(findBrowser({ env: {}, playwrightExecutablePath: () => pw, systemPaths: [sys] })).toEqual({
      path: pw,
      source: 'playwright',
    });
    // Not installed → falls through to the system.
    expect(
      findBrowser({ env: {}, playwrightExecutablePath: () => path.join(dir, 'ms-playwright/missing/chrome'), systemPaths: [sys] }),
    ).toEqual({ path: sys, source: 'system' });
    // Throwing lookup is tolerated too.
    expect(
      findBrowser({
        env: {},
        playwrightExecutablePath: () => {
          throw new Error('unsupported platform');
        },
        systemPaths: [sys],
      }).source,
    ).toBe('system');
  });

  it('then well-known system paths in order, skipping missing and non-executable ones', () => {
    const notExec = path.join(dir, 'sys3/noexec');
    mkdirSync(path.dirname(notExec), { recursive: true });
    writeFileSync(notExec, '');
    chmodSync(notExec, 0o644);
    const second = exe('sys3/google-chrome');
    const r = findBrowser({ env: {}, playwrightExecutablePath: null, systemPaths: [path.join(dir, 'missing'), notExec, second] });
    expect(r).toEqual({ path: second, source: 'system' });
  });

  it('then a which-style PATH lookup', () => {
    const binA = path.join(dir, 'binA');
    mkdirSync(binA, { recursive: true });
    const hit = exe('binB/google-chrome');
    const env = { PATH: [binA, path.dirname(hit)].join(':') };
    expect(findBrowser({ ...none, env })).toEqual({ path: hit, source: 'system' });
    expect(whichBrowser(env, 'linux')).toBe(hit);
    // chromium is preferred over google-chrome regardless of PATH order
    const chromium = exe('binC/chromium');
    expect(whichBrowser({ PATH: [path.dirname(hit), path.dirname(chromium)].join(':') }, 'linux')).toBe(chromium);
  });

  it('throws BrowserNotFoundError with install instructions when nothing is found', () => {
    let err: unknown;
    try {
      findBrowser({ ...none, env: { PATH: path.join(dir, 'empty') } });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(BrowserNotFoundError);
    const e = err as BrowserNotFoundError;
    expect(e.code).toBe('BROWSER_NOT_FOUND');
    expect(e.message).toContain('npx playwright install chromium');
    expect(e.message).toContain('apt-get install chromium');
    expect(e.message).toContain('--browser-path');
    expect(e.message).toContain('VISEG_BROWSER_PATH');
  });
});

describe('systemBrowserPaths', () => {
  it('lists the usual places per platform', () => {
    expect(systemBrowserPaths('linux', {})).toEqual(expect.arrayContaining(['/usr/bin/chromium', '/usr/bin/google-chrome', '/snap/bin/chromium']));
    expect(systemBrowserPaths('darwin', {})).toContain('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    expect(systemBrowserPaths('darwin', {})).toContain('/Applications/Chromium.app/Contents/MacOS/Chromium');
    const win = systemBrowserPaths('win32', { PROGRAMFILES: 'C:\\Program Files' });
    expect(win).toContain('C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
  });
});

describe('headless shell preference', () => {
  it('derives the Playwright headless shell from the managed Chromium path', () => {
    expect(playwrightHeadlessShellPath('/home/u/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome', 'linux')).toBe(
      '/home/u/.cache/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-linux64/chrome-headless-shell',
    );
    expect(
      playwrightHeadlessShellPath('/Users/u/Library/Caches/ms-playwright/chromium-1255/chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing', 'darwin'),
    ).toBe('/Users/u/Library/Caches/ms-playwright/chromium_headless_shell-1255/chrome-headless-shell-mac-arm64/chrome-headless-shell');
    expect(playwrightHeadlessShellPath('C:\\Users\\u\\AppData\\Local\\ms-playwright\\chromium-1255\\chrome-win64\\chrome.exe', 'win32')).toBe(
      'C:\\Users\\u\\AppData\\Local\\ms-playwright\\chromium_headless_shell-1255\\chrome-headless-shell-win64\\chrome-headless-shell.exe',
    );
    expect(playwrightHeadlessShellPath('/usr/bin/chromium', 'linux')).toBeUndefined();
  });

  it('prefers the Playwright headless shell when headless, the full Chromium when headed or when no shell is installed', () => {
    const full = exe('pw1/chromium-7/chrome-linux64/chrome');
    const shell = exe('pw1/chromium_headless_shell-7/chrome-headless-shell-linux64/chrome-headless-shell');
    const o = { env: {}, playwrightExecutablePath: () => full, systemPaths: [], platform: 'linux' as const };
    expect(findBrowser(o)).toEqual({ path: shell, source: 'playwright' });
    expect(findBrowser({ ...o, headless: false })).toEqual({ path: full, source: 'playwright' });
    const alone = exe('pw2/chromium-7/chrome-linux64/chrome');
    expect(findBrowser({ ...o, playwrightExecutablePath: () => alone })).toEqual({ path: alone, source: 'playwright' });
  });

  it('puts system headless shells first on Linux and looks for shell names first on PATH', () => {
    expect(systemHeadlessShellPaths('linux')[0]).toBe('/usr/bin/chromium-headless-shell');
    expect(systemHeadlessShellPaths('darwin')).toEqual([]);
    const chromium = exe('binD/chromium');
    const shell = exe('binE/chromium-headless-shell');
    const env = { PATH: [path.dirname(chromium), path.dirname(shell)].join(':') };
    expect(findBrowser({ ...none, env, platform: 'linux' })).toEqual({ path: shell, source: 'system' });
    expect(findBrowser({ ...none, env, platform: 'linux', headless: false })).toEqual({ path: chromium, source: 'system' });
  });
});
