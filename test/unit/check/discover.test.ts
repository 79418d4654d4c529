import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverSites } from '../../../src/check/run.js';
import { OptionsError } from '../../../src/options.js';
import { at } from '../../../src/util/at.js';

const dirs: string[] = [];
function tmp(): string {
  const d = mkdtempSync(path.join(tmpdir(), 'viseg-check-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function site(root: string, name: string, files: string[]): void {
  mkdirSync(path.join(root, name), { recursive: true });
  for (const f of files) writeFileSync(path.join(root, name, f), f === 'index.html' ? '<p>x</p>' : '{}');
}

describe('discoverSites', () => {
  it("finds subfolders with index.html or expected.json, sorted by bytes, skipping the rest", async () => {
    const root = tmp();
    site(root, 'b-site', ['index.html', 'expected.json']);
    site(root, 'A-site', ['index.html']);
    site(root, 'no-index', ['expected.json']);
    site(root, 'assets', ['logo.svg']);
    site(root, '.hidden', ['index.html']);
    writeFileSync(path.join(root, 'README.md'), '# x');
    const sites = await discoverSites(root);
    expect(sites.map((s) => s.name)).toEqual(['A-site', 'b-site', 'no-index']);
    expect(at(sites, 0).index).toBe(path.join(root, 'A-site', 'index.html'));
    expect(at(sites, 2).index).toBeNull();
    expect(at(sites, 1).expectedPath).toBe(path.join(root, 'b-site', 'expected.json'));
  });

  it('treats a folder holding index.html as one site', async () => {
    const root = tmp();
    site(root, 'one', ['index.html', 'expected.json']);
    const sites = await discoverSites(path.join(root, 'one'));
    expect(sites.map((s) => s.name)).toEqual(['one']);
  });

  it('usage errors: missing folder, a file, no sites', async () => {
    const root = tmp();
    await expect(discoverSites(path.join(root, 'nope'))).rejects.toBeInstanceOf(OptionsError);
    writeFileSync(path.join(root, 'f.txt'), 'x');
    await expect(discoverSites(path.join(root, 'f.txt'))).rejects.toThrow(/not a directory/);
    await expect(discoverSites(root)).rejects.toThrow(/no sites in/);
  });
});
