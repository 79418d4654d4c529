import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compareByteOrder, isHtmlFileName, readInputList, resolveInputs } from '../../../src/browser/inputs.js';
import { startFileServer } from '../../../src/browser/server.js';
import { at } from '../../../src/util/at.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'viseg-inputs-'));
  const pages = path.join(dir, 'pages');
  mkdirSync(path.join(pages, 'sub'), { recursive: true });
  mkdirSync(path.join(pages, 'dir.html')); // a folder that looks like a page: skipped
  for (const n of ['b.html', 'B.htm', 'a.xhtml', 'é.html', 'z.txt', 'c.HTML', 'sub/deep.html', 'notes.md']) {
    writeFileSync(path.join(pages, n), '<p>x</p>');
  }
  writeFileSync(path.join(pages, 'd.html.gz'), gzipSync('<p>gz</p>'));
  mkdirSync(path.join(dir, 'empty'));
  writeFileSync(path.join(dir, 'one.html'), '<p>1</p>');
  writeFileSync(path.join(dir, 'data.json'), '{}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('isHtmlFileName / compareByteOrder', () => {
  it('recognises the supported suffixes case-insensitively', () => {
    for (const n of ['a.html', 'a.HTM', 'a.xhtml', 'a.html.gz', 'A.HTML.GZ']) expect(isHtmlFileName(n)).toBe(true);
    for (const n of ['a.txt', 'a.gz', '.html', 'html', 'a.html.bak']) expect(isHtmlFileName(n)).toBe(false);
  });
  it('orders by bytes (upper case before lower case, non-ASCII last)', () => {
    expect(['b', 'é', 'B', 'a'].sort(compareByteOrder)).toEqual(['B', 'a', 'b', 'é']);
  });
});

describe('resolveInputs', () => {
  it('passes http(s) URLs through and normalises them', async () => {
    const r = await resolveInputs(['https://Example.com', 'http://example.org/a?b=1#c']);
    expect(r).toEqual([
      { input: 'https://Example.com', kind: 'url', url: 'https://example.com/' },
      { input: 'http://example.org/a?b=1#c', kind: 'url', url: 'http://example.org/a?b=1#c' },
    ]);
  });

  it('expands a directory to its HTML files, non-recursive, byte-sorted', async () => {
    const pages = path.join(dir, 'pages');
    const r = await resolveInputs([pages]);
    expect(r.map((e) => path.basename(e.path!))).toEqual(['B.htm', 'a.xhtml', 'b.html', 'c.HTML', 'd.html.gz', 'é.html']);
    expect(r.every((e) => e.kind === 'file' && e.input === pages && !e.error)).toBe(true);
  });

  it('accepts single files (incl. .html.gz and file: URLs) with absolute paths', async () => {
    const gz = path.join(dir, 'pages', 'd.html.gz');
    const r = await resolveInputs([gz, pathToFileURL(path.join(dir, 'one.html')).href]);
    expect(r[0]).toEqual({ input: gz, kind: 'file', path: gz });
    expect(at(r, 1).path).toBe(path.join(dir, 'one.html'));
    expect(at(r, 1).error).toBeUndefined();
  });

  it('reports missing and unsupported inputs as entries and keeps going', async () => {
    const r = await resolveInputs([
      path.join(dir, 'missing.html'),
      path.join(dir, 'data.json'),
      path.join(dir, 'empty'),
      'ftp://example.com/x.html',
      'example.com',
      path.join(dir, 'one.html'),
    ]);
    expect(r.map((e) => e.error?.code ?? 'ok')).toEqual([
      'INPUT_NOT_FOUND',
      'UNSUPPORTED_INPUT',
      'EMPTY_DIRECTORY',
      'UNSUPPORTED_INPUT',
      'INPUT_NOT_FOUND',
      'ok',
    ]);
    expect(at(r, 0).error!.message).toContain('missing.html');
    expect(at(r, 4).error!.message).toContain('https://example.com');
  });

  it('reads stdin once for "-" and shares it', async () => {
    const stdin = vi.fn(async () => Buffer.from('<p>stdin</p>'));
    const r = await resolveInputs(['-', '-'], { stdin });
    expect(stdin).toHaveBeenCalledTimes(1);
    expect(r.map((e) => e.kind)).toEqual(['stdin', 'stdin']);
    expect(at(r, 0).content!.toString()).toBe('<p>stdin</p>');
    expect(at(r, 1).content).toBe(at(r, 0).content);
  });

  it('reports a failing stdin as an entry', async () => {
    const r = await resolveInputs(['-'], { stdin: async () => Promise.reject(new Error('boom')) });
    expect(at(r, 0).error?.code).toBe('STDIN_READ_FAILED');
  });

  it('fills in server URLs when given a server, under unguessable mount ids', async () => {
    const server = await startFileServer();
    try {
      const r = await resolveInputs([path.join(dir, 'one.html'), '-'], { server, stdin: async () => Buffer.from('<p>s</p>') });
      expect(at(r, 0).url).toMatch(new RegExp(`^${server.origin}/m/[A-Za-z0-9_-]{22}/one\\.html$`));
      expect(at(r, 1).url).toMatch(new RegExp(`^${server.origin}/d/[A-Za-z0-9_-]{22}/stdin\\.html$`));
      expect(await (await fetch(at(r, 1).url!)).text()).toBe('<p>s</p>');
    } finally {
      await server.close();
    }
  });

  it('inflates gzipped stdin once, and refuses one that inflates past the cap', async () => {
    const server = await startFileServer();
    try {
      const r = await resolveInputs(['-'], { server, stdin: async () => gzipSync('<p>gzipped stdin</p>') });
      expect(at(r, 0).error).toBeUndefined();
      expect(at(r, 0).content!.toString()).toBe('<p>gzipped stdin</p>');
      expect(await (await fetch(at(r, 0).url!)).text()).toBe('<p>gzipped stdin</p>');
      const bad = await resolveInputs(['-'], { stdin: async () => Buffer.concat([gzipSync('<p>x</p>').subarray(0, 12), Buffer.from('junk')]) });
      expect(at(bad, 0).error?.code).toBe('BINARY_INPUT');
    } finally {
      await server.close();
    }
  });

  it('serves a file beneath --root from the root folder, so that ../ assets resolve', async () => {
    const server = await startFileServer();
    try {
      const [inside, outside] = await resolveInputs([path.join(dir, 'pages', 'sub', 'deep.html'), path.join(dir, 'one.html')], {
        server,
        root: path.join(dir, 'pages'),
      });
      expect(inside!.url).toMatch(/\/m\/[A-Za-z0-9_-]{22}\/sub\/deep\.html$/);
      expect(await (await fetch(new URL('../b.html', inside!.url!))).text()).toBe('<p>x</p>');
      expect(outside!.url).toMatch(/\/m\/[A-Za-z0-9_-]{22}\/one\.html$/);
      expect(server.fileFor(inside!.url!)).toBe(path.join(dir, 'pages', 'sub', 'deep.html'));
    } finally {
      await server.close();
    }
  });
});

describe('readInputList', () => {
  it('skips comments and blank lines, trims, handles CRLF and BOM', async () => {
    const f = path.join(dir, 'list.txt');
    writeFileSync(f, '\uFEFF# my pages\r\nhttps://a.example/\r\n\r\n  page.html  \n   # indented comment\n-\n');
    expect(await readInputList(f)).toEqual(['https://a.example/', 'page.html', '-']);
  });
  it('throws when the list itself is missing', async () => {
    await expect(readInputList(path.join(dir, 'nope.txt'))).rejects.toThrow();
  });
});
