import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeFor, isValidUtf8, mountPrefixOf, startFileServer, type FileServer } from '../../../src/browser/server.js';

let dir: string;
let server: FileServer;
let base: string;

/** Raw GET that does not normalise `..` (fetch/URL would). */
function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'viseg-server-'));
  const site = path.join(dir, 'site');
  mkdirSync(path.join(site, 'assets'), { recursive: true });
  mkdirSync(path.join(site, 'withindex'), { recursive: true });
  mkdirSync(path.join(site, 'noindex'), { recursive: true });
  writeFileSync(path.join(site, 'page.html'), '<!doctype html><meta charset="iso-8859-1"><p>café ✓</p>');
  writeFileSync(path.join(site, 'latin1.html'), Buffer.from('<!doctype html><meta charset="iso-8859-1"><p>caf\xe9</p>', 'latin1'));
  writeFileSync(path.join(site, 'packed.html.gz'), gzipSync('<!doctype html><p>gzipped ✓</p>'));
  writeFileSync(path.join(site, 'assets', 'a.css'), 'p{color:red}');
  writeFileSync(path.join(site, 'assets', 'a.js'), 'console.log(1)');
  writeFileSync(path.join(site, 'assets', 'a.mjs'), 'export {}');
  writeFileSync(path.join(site, 'assets', 'a.json'), '{}');
  writeFileSync(path.join(site, 'assets', 'a.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(site, 'assets', 'a.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(path.join(site, 'assets', 'a.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
  writeFileSync(path.join(site, 'assets', 'my file.txt'), 'spaced');
  writeFileSync(path.join(site, 'withindex', 'index.html'), '<p>index</p>');
  writeFileSync(path.join(dir, 'secret.txt'), 'secret');
  symlinkSync(path.join(site, 'assets', 'a.css'), path.join(site, 'link.css'));
  server = await startFileServer();
  base = server.mount(site);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startFileServer', () => {
  it('binds to 127.0.0.1 and mounts folders under /m/<n>/ (same folder → same URL)', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(base).toMatch(new RegExp(`^${server.origin}/m/\\d+/$`));
    expect(server.mount(path.join(dir, 'site'))).toBe(base);
    expect(server.mount(dir)).not.toBe(base);
    expect(server.urlFor(path.join(dir, 'site', 'page.html'))).toBe(`${base}page.html`);
  });

  it.each([
    ['assets/a.css', 'text/css; charset=utf-8'],
    ['assets/a.js', 'text/javascript; charset=utf-8'],
    ['assets/a.mjs', 'text/javascript; charset=utf-8'],
    ['assets/a.json', 'application/json; charset=utf-8'],
    ['assets/a.svg', 'image/svg+xml; charset=utf-8'],
    ['assets/a.png', 'image/png'],
    ['assets/a.woff2', 'font/woff2'],
    ['assets/my%20file.txt', 'text/plain; charset=utf-8'],
    ['link.css', 'text/css; charset=utf-8'],
  ])('serves %s as %s with no-store', async (p, type) => {
    const res = await fetch(base + p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(type);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('serves valid UTF-8 HTML with charset=utf-8 even when its meta says iso-8859-1', async () => {
    const res = await fetch(base + 'page.html');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('café ✓');
  });

  it('serves non-UTF-8 HTML without a charset so the page meta decides', async () => {
    const res = await fetch(base + 'latin1.html');
    expect(res.headers.get('content-type')).toBe('text/html');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.includes(0xe9)).toBe(true);
  });

  it('sends HTML (files and in-memory documents) with a CSP confining sub-resources to its own mount', async () => {
    const want = (scope: string) => `default-src ${scope} ${scope.replace('http:', 'https:')} data: blob: 'unsafe-inline' 'unsafe-eval'`;
    expect(base).toMatch(/\/m\/\d+\/$/);
    for (const u of [base + 'page.html', base + 'packed.html.gz', base + 'withindex/']) {
      expect((await fetch(u)).headers.get('content-security-policy'), u).toBe(want(base));
    }
    const doc = server.addDocument('<p>doc</p>');
    expect((await fetch(doc)).headers.get('content-security-policy')).toBe(want(doc.slice(0, doc.lastIndexOf('/') + 1)));
    for (const a of ['a.css', 'a.js', 'a.png']) expect((await fetch(base + 'assets/' + a)).headers.get('content-security-policy'), a).toBeNull();
    const open = await startFileServer({ confine: false });
    try {
      expect((await fetch(open.urlFor(path.join(dir, 'site', 'page.html')))).headers.get('content-security-policy')).toBeNull();
    } finally {
      await open.close();
    }
  });

  it('gunzips .html.gz and serves it as HTML', async () => {
    const res = await fetch(base + 'packed.html.gz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('<!doctype html><p>gzipped ✓</p>');
  });

  it('returns 404 for missing files, directories without index, unknown mounts', async () => {
    expect((await fetch(base + 'missing.html')).status).toBe(404);
    expect((await fetch(base + 'noindex/')).status).toBe(404);
    expect((await fetch(base + 'noindex')).status).toBe(404);
    expect((await fetch(`${server.origin}/m/999/page.html`)).status).toBe(404);
    expect((await fetch(`${server.origin}/`)).status).toBe(404);
  });

  it('redirects a mount without its trailing slash to the mount', async () => {
    const bare = base.slice(0, -1);
    const res = await fetch(bare, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(new URL(base).pathname);
    expect((await fetch(`${server.origin}/m/999`, { redirect: 'manual' })).status).toBe(404);
  });

  it('serves a folder index.html but never a listing', async () => {
    const res = await fetch(base + 'withindex/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>index</p>');
  });

  it('forbids path traversal (plain, encoded, backslash)', async () => {
    const prefix = new URL(base).pathname;
    for (const p of ['../secret.txt', '%2e%2e/secret.txt', '..%2fsecret.txt', '..%5csecret.txt', 'assets/../../secret.txt']) {
      const res = await rawGet(base, prefix + p);
      expect(res.status, p).toBe(403);
      expect(res.body).not.toContain('secret\n');
    }
  });

  it('rejects other methods', async () => {
    expect((await fetch(base + 'page.html', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('serves in-memory documents at unique URLs, gunzipping gzip bytes', async () => {
    const a = server.addDocument('<p>one ✓</p>');
    const b = server.addDocument(gzipSync('<p>two</p>'), 'piped.html');
    expect(a).not.toBe(b);
    expect(b.endsWith('/piped.html')).toBe(true);
    const ra = await fetch(a);
    expect(ra.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await ra.text()).toBe('<p>one ✓</p>');
    expect(await (await fetch(b)).text()).toBe('<p>two</p>');
  });
});

describe('startFileServer with several ports', () => {
  it('serves the same mounts on every origin, each page confined to its own origin, a path always on one port', async () => {
    const multi = await startFileServer({ ports: 4 });
    try {
      expect(multi.origins).toHaveLength(4);
      expect(new Set(multi.origins).size).toBe(4);
      expect(multi.origin).toBe(multi.origins[0]);
      for (const o of multi.origins) expect(o).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const site = path.join(dir, 'site');
      const prefix = new URL(multi.mount(site)).pathname;
      for (const o of multi.origins) {
        const res = await fetch(`${o}${prefix}page.html`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-security-policy')).toContain(`default-src ${o}${prefix} `);
      }
      // Files of one folder spread over the ports; the same file is always on the same one.
      const urls = Array.from({ length: 40 }, (_, i) => multi.urlFor(path.join(site, `p${i}.html`)));
      expect(new Set(urls.map((u) => new URL(u).origin)).size).toBeGreaterThan(1);
      expect(urls.every((u) => new URL(u).pathname.startsWith(prefix))).toBe(true);
      expect(multi.urlFor(path.join(site, 'p7.html'))).toBe(urls[7]);
      const docs = [multi.addDocument('<p>a</p>'), multi.addDocument('<p>b</p>')];
      expect(new URL(docs[0]!).origin).not.toBe(new URL(docs[1]!).origin);
      expect(await (await fetch(docs[1]!)).text()).toBe('<p>b</p>');
    } finally {
      await multi.close();
    }
    // closed: every port stops answering
    await expect(fetch(multi.origins[3]! + '/')).rejects.toThrow();
  });
});

describe('helpers', () => {
  it('contentTypeFor', () => {
    expect(contentTypeFor('x.HTML')).toEqual({ type: 'text/html', gzipped: false });
    expect(contentTypeFor('x.html.gz')).toEqual({ type: 'text/html', gzipped: true });
    expect(contentTypeFor('x.tar.gz')).toEqual({ type: 'application/gzip', gzipped: false });
    expect(contentTypeFor('x.avif').type).toBe('image/avif');
    expect(contentTypeFor('x.webp').type).toBe('image/webp');
    expect(contentTypeFor('x.jpg').type).toBe('image/jpeg');
    expect(contentTypeFor('x.gif').type).toBe('image/gif');
    expect(contentTypeFor('noext').type).toBe('application/octet-stream');
  });
  it('mountPrefixOf', () => {
    expect(mountPrefixOf('/m/12/a/b.html')).toBe('/m/12/');
    expect(mountPrefixOf('/d/3/stdin.html')).toBe('/d/3/');
    expect(mountPrefixOf('/m/12')).toBeNull();
    expect(mountPrefixOf('/m/12/')).toBe('/m/12/');
    expect(mountPrefixOf('/static/app.js')).toBeNull();
    expect(mountPrefixOf('/m/x/a.html')).toBeNull();
  });
  it('isValidUtf8', () => {
    expect(isValidUtf8(Buffer.from('café', 'utf8'))).toBe(true);
    expect(isValidUtf8(Buffer.from('café', 'latin1'))).toBe(false);
  });
});
