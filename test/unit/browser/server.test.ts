import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inflateCapped, readCapped } from '../../../src/browser/inflate.js';
import { contentTypeFor, isValidUtf8 } from '../../../src/browser/mime.js';
import { mountPrefixOf } from '../../../src/browser/mounts.js';
import { startFileServer, type FileServer } from '../../../src/browser/server.js';
import { at } from '../../../src/util/at.js';

let dir: string;
let server: FileServer;
let base: string;

/** Raw GET that does not normalise `..` (fetch/URL would), with the headers given. */
function rawGet(url: string, rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: rawPath, method: 'GET', headers }, (res) => {
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
  // what a hostile page next to them would want to read
  mkdirSync(path.join(site, '.ssh'));
  writeFileSync(path.join(site, '.ssh', 'id_rsa'), 'PRIVATE KEY');
  writeFileSync(path.join(site, '.env'), 'TOKEN=1');
  symlinkSync(path.join(site, '.env'), path.join(site, 'env.txt'));
  symlinkSync(dir, path.join(site, 'rootlink'));
  symlinkSync(path.join(dir, 'secret.txt'), path.join(site, 'secret-link.txt'));
  symlinkSync(path.join(site, 'assets'), path.join(site, 'assets-link'));
  writeFileSync(path.join(site, 'back\\slash.html'), '<p>backslash</p>');
  server = await startFileServer();
  base = server.mount(site);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startFileServer', () => {
  it('binds to 127.0.0.1 and mounts folders under /m/<id>/, 128 random bits (same folder → same URL)', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(base).toMatch(new RegExp(`^${server.origin}/m/[A-Za-z0-9_-]{22}/$`));
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
    const want = (scope: string) => {
      const https = scope.replace('http:', 'https:');
      return `default-src ${scope} ${https} data: blob: 'unsafe-inline' 'unsafe-eval'; form-action ${scope} ${https}`;
    };
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
    expect((await fetch(`${server.origin}/m/AAAAAAAAAAAAAAAAAAAAAA/page.html`)).status).toBe(404);
    expect((await fetch(`${server.origin}/m/1/page.html`)).status).toBe(404);
    expect((await fetch(`${server.origin}/`)).status).toBe(404);
  });

  it('redirects a mount without its trailing slash to the mount', async () => {
    const bare = base.slice(0, -1);
    const res = await fetch(bare, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(new URL(base).pathname);
    expect((await fetch(`${server.origin}/m/AAAAAAAAAAAAAAAAAAAAAA`, { redirect: 'manual' })).status).toBe(404);
  });

  it('serves a folder index.html but never a listing', async () => {
    const res = await fetch(base + 'withindex/');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>index</p>');
  });

  it('forbids path traversal (plain, encoded, double-encoded)', async () => {
    const prefix = new URL(base).pathname;
    for (const p of ['../secret.txt', '%2e%2e/secret.txt', '..%2fsecret.txt', 'assets/../../secret.txt', '%252e%252e/secret.txt', '..%5csecret.txt']) {
      const res = await rawGet(base, prefix + p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain('secret');
    }
  });

  it('never serves dotfiles, nor through a symlink whose real path leaves the mount or is a dotfile', async () => {
    for (const p of ['.ssh/id_rsa', '.env', '%2eenv', 'env.txt', 'rootlink/secret.txt', 'secret-link.txt']) {
      const res = await fetch(base + p);
      expect(res.status, p).toBe(404);
      expect(await res.text(), p).not.toMatch(/PRIVATE KEY|TOKEN|^secret/);
    }
    // symlinks that stay inside are followed
    expect((await fetch(base + 'assets-link/a.css')).status).toBe(200);
    expect((await fetch(base + 'link.css')).status).toBe(200);
  });

  it('serves an input file by its name whatever it is: a dotfile, a symlink out, a backslash in its name', async () => {
    const site = path.join(dir, 'site');
    writeFileSync(path.join(site, '.hidden.html'), '<p>hidden page</p>');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(site, 'named.html'));
    for (const [name, body] of [['.hidden.html', '<p>hidden page</p>'], ['named.html', 'secret'], ['back\\slash.html', '<p>backslash</p>']] as const) {
      const u = server.urlFor(path.join(site, name));
      expect(u.startsWith(base), name).toBe(true);
      const res = await fetch(u);
      expect(res.status, name).toBe(200);
      expect(await res.text()).toBe(body);
      expect(server.fileFor(u)).toBe(path.join(site, name));
    }
    expect(server.fileFor(base + 'assets/a.css')).toBe(path.join(site, 'assets', 'a.css'));
    expect(server.fileFor('https://example.com/m/x/a.css')).toBeNull();
    expect(server.fileFor(server.addDocument('<p>doc</p>'))).toBeNull();
  });

  it('answers only requests for itself from the page itself: Host, Sec-Fetch-Site, service workers', async () => {
    const prefix = new URL(base).pathname + 'page.html';
    expect((await rawGet(base, prefix)).status).toBe(200);
    expect((await rawGet(base, prefix, { Host: 'evil.example' })).status).toBe(403);
    expect((await rawGet(base, prefix, { Host: `localhost:${new URL(base).port}` })).status).toBe(403);
    expect((await rawGet(base, prefix, { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await rawGet(base, prefix, { 'Sec-Fetch-Site': 'none' })).status).toBe(200);
    expect((await rawGet(base, prefix, { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await rawGet(base, prefix, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await rawGet(base, new URL(base).pathname + 'assets/a.js', { 'Service-Worker': 'script' })).status).toBe(403);
  });

  it('reads an input once for the checks and the browser, and forgets it on release', async () => {
    const f = path.join(dir, 'site', 'held.html');
    writeFileSync(f, '<p>first</p>');
    const u = server.urlFor(f);
    expect((await server.load(f)).toString()).toBe('<p>first</p>');
    writeFileSync(f, '<p>second</p>');
    expect(await (await fetch(u)).text()).toBe('<p>first</p>');
    server.release(f);
    expect(await (await fetch(u)).text()).toBe('<p>second</p>');
    await expect(server.load(path.join(dir, 'site', 'missing.html'))).rejects.toThrow();
  });

  it('rejects other methods', async () => {
    expect((await fetch(base + 'page.html', { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('serves in-memory documents at unique URLs', async () => {
    const a = server.addDocument('<p>one ✓</p>');
    const b = server.addDocument(Buffer.from('<p>two</p>'), 'piped.html');
    expect(a).not.toBe(b);
    expect(b.endsWith('/piped.html')).toBe(true);
    const ra = await fetch(a);
    expect(ra.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await ra.text()).toBe('<p>one ✓</p>');
    expect(await (await fetch(b)).text()).toBe('<p>two</p>');
  });
});

describe('startFileServer read budget', () => {
  /** A GET whose reader stops after the first chunk; resolves with the response once it has started. */
  function stalledGet(url: string): { started: Promise<number>; stop: () => void } {
    const u = new URL(url);
    const req = request({ host: u.hostname, port: u.port, path: u.pathname });
    req.on('error', () => undefined);
    const started = new Promise<number>((resolve) => {
      req.on('response', (res) => res.once('data', () => (res.pause(), resolve(res.statusCode ?? 0))));
    });
    req.end();
    return { started, stop: () => req.destroy() };
  }

  it('holds at most its budget for big reads, however many requests ask; small files do not wait', async () => {
    const site = mkdtempSync(path.join(tmpdir(), 'viseg-budget-'));
    // 20 MB once inflated, more than loopback socket buffers take: a reader that stops holds it
    writeFileSync(path.join(site, 'bomb.css.gz'), gzipSync(Buffer.alloc(20 * 1024 * 1024, 'a{}'), { level: 1 }));
    writeFileSync(path.join(site, 'small.css'), 'p{color:red}');
    // room for one read that inflates (it may hold up to the cap: the whole budget)
    const s = await startFileServer({ readBudget: 30 * 1024 * 1024 });
    try {
      const root = s.mount(site);
      const first = stalledGet(root + 'bomb.css.gz');
      expect(await first.started).toBe(200);
      const second = stalledGet(root + 'bomb.css.gz');
      await vi.waitFor(() => expect(s.waitingReads).toBe(1)); // the second waits for the first
      // asked after the second, a small file is served at once
      const small = await rawGet(root, new URL(root).pathname + 'small.css');
      expect(small).toEqual({ status: 200, body: 'p{color:red}' });
      expect(s.waitingReads).toBe(1);
      first.stop(); // the first reader goes away: its bytes come back
      expect(await second.started).toBe(200);
      expect(s.waitingReads).toBe(0);
      second.stop();
    } finally {
      await s.close();
      rmSync(site, { recursive: true, force: true });
    }
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
      expect(new URL(at(docs, 0)).origin).not.toBe(new URL(at(docs, 1)).origin);
      expect(await (await fetch(at(docs, 1))).text()).toBe('<p>b</p>');
    } finally {
      await multi.close();
    }
    // closed: every port stops answering
    await expect(fetch(at(multi.origins, 3) + '/')).rejects.toThrow();
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
    const id = 'aZ09_-aZ09_-aZ09_-aZ09';
    expect(mountPrefixOf(`/m/${id}/a/b.html`)).toBe(`/m/${id}/`);
    expect(mountPrefixOf(`/d/${id}/stdin.html`)).toBe(`/d/${id}/`);
    expect(mountPrefixOf(`/m/${id}`)).toBeNull();
    expect(mountPrefixOf(`/m/${id}/`)).toBe(`/m/${id}/`);
    expect(mountPrefixOf('/static/app.js')).toBeNull();
    expect(mountPrefixOf('/m/12/a.html')).toBeNull();
  });
  it('inflates off the event loop, and stops at the cap', async () => {
    const f = path.join(dir, 'bomb.html.gz');
    writeFileSync(f, gzipSync(Buffer.alloc(4 * 1024 * 1024, '<p>x</p>')));
    expect((await readCapped(f, true)).length).toBe(4 * 1024 * 1024);
    await expect(readCapped(f, true, 1024 * 1024)).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(inflateCapped(gzipSync('<p>x</p>'), 'stdin', 4)).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await expect(inflateCapped(Buffer.from([0x1f, 0x8b, 1, 2, 3]), 'stdin')).rejects.toMatchObject({ code: 'BINARY_INPUT' });
  });
  it('isValidUtf8', () => {
    expect(isValidUtf8(Buffer.from('café', 'utf8'))).toBe(true);
    expect(isValidUtf8(Buffer.from('café', 'latin1'))).toBe(false);
    // it accepts exactly what a fatal TextDecoder decodes
    const decodes = (b: Uint8Array) => {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const cases: Array<[number[], boolean]> = [
      [[], true],
      [[0xef, 0xbb, 0xbf, 0x3c, 0x70, 0x3e], true], // BOM, then "<p>"
      [[0xf0, 0x9f, 0x98, 0x80], true], // an emoji, four bytes
      [[0xc0, 0x80], false], // overlong NUL
      [[0xed, 0xa0, 0x80], false], // a lone surrogate
      [[0xf4, 0x90, 0x80, 0x80], false], // past U+10FFFF
      [[0xe2, 0x82], false], // cut off inside a character
      [[0x80], false], // a continuation byte alone
    ];
    for (const [bytes, valid] of cases) {
      const b = Uint8Array.from(bytes);
      expect(isValidUtf8(b)).toBe(valid);
      expect(decodes(b)).toBe(valid);
    }
  });
});
