/**
 * The package as users get it: `npm pack`, then the tarball installed with `npm ci` into a fresh
 * ES module project and a fresh CommonJS Playwright project (like `npm init playwright` makes),
 * which run the library, `viseg/testing` and the README's matcher example against a page on a
 * loopback server.
 *
 * Offline: the consumers' lockfiles are written from this repository's package-lock.json, so
 * `npm ci --offline` takes every package from the npm cache that installing this repository
 * filled. Needs `npm run build` first (`npm test` does it).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, copyFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrowser } from '../../../src/browser/find.js';
import { outOfRange } from '../../../src/util/at.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STORY = path.join(ROOT, 'test/package/story.html');
const STORY_URL = 'https://news.example/story/42';

interface LockEntry {
  version?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [k: string]: unknown;
}

interface Pkg {
  name: string;
  version: string;
  license: string;
  bin: Record<string, string>;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, unknown>;
  scripts: Record<string, string>;
  files: string[];
}

const repoLock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const repoPkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Pkg;

/** Where npm would find `name` from the package at lock path `from` (node_modules lookup upwards). */
function lockPath(name: string, from: string): string | null {
  let base = from;
  for (;;) {
    const p = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (repoLock.packages[p]) return p;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i < 0 ? '' : base.slice(0, i);
  }
}

/**
 * A consumer project: package.json and package-lock.json naming the tarball and `extra` packages
 * (exact versions from this repository's lock), with the lock entries of everything they need.
 */
function writeConsumer(dir: string, tarball: { file: string; integrity: string }, type: 'module' | 'commonjs', extra: string[]): void {
  const packages: Record<string, LockEntry> = {};
  const visit = (p: string | null): void => {
    if (!p || packages[p]) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = (repoLock.packages[p] ?? outOfRange(p));
    packages[p] = entry;
    for (const n of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(lockPath(n, p));
  };
  for (const n of [...Object.keys(repoPkg.dependencies), ...extra]) visit(lockPath(n, ''));
  const spec = `file:${path.basename(tarball.file)}`;
  const dependencies = { viseg: spec, ...Object.fromEntries(extra.map((n) => [n, (repoLock.packages[`node_modules/${n}`] ?? outOfRange(`node_modules/${n}`)).version!])) };
  const pkg = { name: `consumer-${type}`, version: '1.0.0', private: true, ...(type === 'module' ? { type } : {}), dependencies };
  const lock = {
    name: pkg.name, version: pkg.version, lockfileVersion: 3, requires: true,
    packages: {
      '': { name: pkg.name, version: pkg.version, dependencies },
      'node_modules/viseg': {
        version: repoPkg.version, resolved: spec, integrity: tarball.integrity, license: repoPkg.license, dependencies: repoPkg.dependencies,
        bin: repoPkg.bin, engines: repoPkg.engines, peerDependencies: repoPkg.peerDependencies, peerDependenciesMeta: repoPkg.peerDependenciesMeta,
      },
      ...packages,
    },
  };
  mkdirSync(dir, { recursive: true });
  copyFileSync(tarball.file, path.join(dir, path.basename(tarball.file)));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock, null, 2));
}

async function npmCi(dir: string): Promise<void> {
  try {
    await run('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, timeout: 300_000 });
  } catch (e) {
    const err = e as { stderr?: string; message: string };
    throw new Error(`npm ci --offline failed in ${dir} (is the npm cache filled? \`npm ci\` in the repository fills it): ${err.stderr || err.message}`);
  }
}

/** The first ```ts block after the README heading `heading`. */
function readmeExample(heading: string): string {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const at = readme.indexOf(heading);
  expect(at, `README.md has a "${heading}" section`).toBeGreaterThanOrEqual(0);
  const m = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  expect(m, `README.md's "${heading}" section has a ts example`).not.toBeNull();
  return (m![1] ?? outOfRange(1));
}

function filesUnder(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p, base) : [path.relative(base, p)];
  });
}

describe('the packed package', () => {
  let tmp: string;
  let tarball: { file: string; integrity: string };
  let unpacked: string;
  let server: Server;
  let baseUrl: string;
  const browserPath = findBrowser().path;

  beforeAll(async () => {
    if (!existsSync(path.join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
    tmp = mkdtempSync(path.join(tmpdir(), 'viseg-pack-'));
    const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], { cwd: ROOT, timeout: 120_000 });
    const [packed] = JSON.parse(stdout) as Array<{ filename: string; integrity: string }>;
    tarball = { file: path.join(tmp, packed!.filename), integrity: packed!.integrity };
    unpacked = path.join(tmp, 'unpacked');
    mkdirSync(unpacked);
    await run('tar', ['-xzf', tarball.file, '-C', unpacked]);
    const story = readFileSync(STORY);
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(story);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('holds the build, the CommonJS entries and the licence, and no sources or tests', () => {
    const files = filesUnder(path.join(unpacked, 'package'));
    for (const f of ['LICENSE', 'README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/testing/index.js', 'dist/check/index.js', 'cjs/index.cjs', 'cjs/testing.cjs', 'cjs/check.cjs', 'dist/cli/main.js']) {
      expect(files, f).toContain(f);
    }
    expect(files.filter((f) => /^(src|test|fixtures|scripts)\//.test(f))).toEqual([]);
    expect(readFileSync(path.join(unpacked, 'package/LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('ships source maps that carry their sources', () => {
    const maps = filesUnder(path.join(unpacked, 'package')).filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(10);
    for (const m of maps) {
      const map = JSON.parse(readFileSync(path.join(unpacked, 'package', m), 'utf8')) as { sources: string[]; sourcesContent?: Array<string | null> };
      expect(map.sourcesContent?.length, m).toBe(map.sources.length);
      expect(map.sourcesContent!.every((s) => typeof s === 'string' && s.length > 0), m).toBe(true);
    }
  });

  it('leaves the command line executable after `npm run build`, in the checkout and in the tarball', () => {
    // npx links a checkout's bin once and sets its mode only then: a checkout cloned again at the
    // same path, or built again, must have an executable bin of its own
    expect(statSync(path.join(ROOT, 'dist/cli/main.js')).mode & 0o111).toBe(0o111);
    expect(statSync(path.join(unpacked, 'package/dist/cli/main.js')).mode & 0o111).toBe(0o111);
    expect(readFileSync(path.join(ROOT, 'dist/cli/main.js'), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it('runs no script on install, builds on pack, and states the Node versions', () => {
    const pkg = JSON.parse(readFileSync(path.join(unpacked, 'package/package.json'), 'utf8')) as Pkg;
    for (const s of ['prepare', 'preinstall', 'install', 'postinstall']) expect(pkg.scripts[s], s).toBeUndefined();
    expect(pkg.scripts.prepack).toContain('npm run build');
    expect(pkg.engines.node).toBe('>=20');
  });

  it('works in a fresh ES module project: extract({ html, url }), a reused extractor, strict options', async () => {
    const dir = path.join(tmp, 'esm');
    writeConsumer(dir, tarball, 'module', []);
    await npmCi(dir);
    writeFileSync(path.join(dir, 'story.html'), readFileSync(STORY));
    writeFileSync(path.join(dir, 'main.js'), `
import { readFileSync } from 'node:fs';
import { createExtractor, extract, OptionsError } from 'viseg';
import { visegMatchers } from 'viseg/testing';
import { compareSite } from 'viseg/check';

const out = { matchers: typeof visegMatchers.toHaveMainContent, check: typeof compareSite };
for (const bad of [{ bogus: 1 }, { viewport: '1366 by 768' }]) {
  try {
    await extract('story.html', bad);
    out[JSON.stringify(bad)] = 'accepted';
  } catch (e) {
    out[JSON.stringify(bad)] = (e instanceof OptionsError ? 'OptionsError: ' : 'other: ') + e.message;
  }
}
const extractor = await createExtractor({ viewport: '1280x800' });
try {
  const a = await extractor.extract({ html: readFileSync('story.html', 'utf8'), url: ${JSON.stringify(STORY_URL)} });
  const b = await extractor.extract('story.html', { viewport: { width: 1024, height: 700 } });
  out.html = { ok: a.record.ok, url: a.record.url, finalUrl: a.record.finalUrl, title: a.record.title, html: a.record.html, pageType: a.record.pageType };
  out.file = { ok: b.record.ok, input: b.record.input, words: b.record.wordCount };
} finally {
  await extractor.close();
}
console.log(JSON.stringify(out));
`);
    const { stdout } = await run(process.execPath, ['main.js'], { cwd: dir, timeout: 180_000, env: { ...process.env, VISEG_BROWSER_PATH: browserPath } });
    const out = JSON.parse(stdout) as Record<string, unknown> & { html: Record<string, unknown>; file: Record<string, unknown> };
    expect(out.matchers).toBe('function');
    expect(out.check).toBe('function');
    expect(out['{"bogus":1}']).toMatch(/^OptionsError: .*bogus/);
    expect(out['{"viewport":"1366 by 768"}']).toMatch(/^OptionsError: viewport must be .*1366x768/);
    expect(out.html).toMatchObject({ ok: true, url: STORY_URL, finalUrl: STORY_URL, title: 'Council approves the Riverside bridge repairs', pageType: 'article' });
    // relative links resolve against the URL given with the HTML, not the server that rendered it
    expect(out.html.html).toContain('href="https://news.example/news/bridge-history"');
    expect(out.html.html).not.toContain('127.0.0.1');
    expect(out.file).toMatchObject({ ok: true, input: 'story.html' });
    expect(out.file.words).toBeGreaterThan(200);
  }, 400_000);

  it("works in a fresh CommonJS Playwright project: require() and the README's matcher example", async () => {
    const dir = path.join(tmp, 'cjs');
    writeConsumer(dir, tarball, 'commonjs', ['@playwright/test']);
    await npmCi(dir);
    const required = await run(process.execPath, ['-e', `
const viseg = require('viseg');
const testing = require('viseg/testing');
const check = require('viseg/check');
console.log(JSON.stringify([typeof viseg.extract, typeof viseg.createExtractor, typeof testing.expect, typeof testing.visegMatchers.toHaveMainContent, typeof check.compareSite]));
`], { cwd: dir, timeout: 60_000 });
    expect(JSON.parse(required.stdout)).toEqual(['function', 'function', 'function', 'function', 'function']);
    expect(required.stderr).toBe('');

    // a Node.js that cannot require() ES modules gets a message that says what to do
    const old = await run(process.execPath, ['--no-experimental-require-module', '-e', "require('viseg/testing')"], { cwd: dir }).then(() => null, (e: { stderr: string }) => e);
    expect(old?.stderr).toContain("viseg/testing is an ES module, and this Node.js");
    expect(old?.stderr).toContain("await import('viseg/testing')");

    // the project `npm init playwright` writes: TypeScript config and tests, no "type" in package.json
    writeFileSync(path.join(dir, 'playwright.config.ts'), `import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: './tests',
  reporter: 'line',
  workers: 1,
  use: { baseURL: process.env.BASE_URL, launchOptions: { executablePath: process.env.BROWSER_PATH${process.getuid?.() === 0 ? ", args: ['--no-sandbox']" : ''} } },
});
`);
    mkdirSync(path.join(dir, 'tests'));
    writeFileSync(path.join(dir, 'tests/readme.spec.ts'), readmeExample('### Playwright Test matcher'));
    const pw = await run(process.execPath, [path.join(dir, 'node_modules/@playwright/test/cli.js'), 'test'], {
      cwd: dir, timeout: 300_000, env: { ...process.env, CI: '1', BASE_URL: baseUrl, BROWSER_PATH: browserPath },
    }).catch((e: { stdout: string; stderr: string }) => e);
    expect(`${pw.stdout}\n${pw.stderr}`).toMatch(/1 passed/);
  }, 600_000);
});
