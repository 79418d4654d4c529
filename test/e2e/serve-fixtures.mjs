#!/usr/bin/env node
/**
 * Serves fixtures/sites on 127.0.0.1 for the Playwright tests (playwright.config.ts `webServer`):
 * `http://127.0.0.1:PORT/<site>/` is `fixtures/sites/<site>/index.html`, every other file by its
 * path under the site. `/` lists the sites (and answers the readiness probe). Port 0 (the
 * default) takes a free port; the first line on stdout names the one it got.
 *
 * Plain node:http; Content-Type and charset come from viseg's own file server rules
 * (dist/browser/server.js, so run `npm run build` first). GET/HEAD only, no-store, no directory
 * listings, `..` and encoded traversal refused.
 *
 *   node test/e2e/serve-fixtures.mjs [--port 0] [--root fixtures/sites]
 *   (or VISEG_FIXTURES_PORT / VISEG_FIXTURES_ROOT)
 */
import { createServer } from 'node:http';
import { readdirSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { contentTypeFor, contentTypeHeader } from '../../dist/browser/mime.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function arg(name) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = Number(arg('--port') ?? process.env.VISEG_FIXTURES_PORT ?? 0);
const root = path.resolve(arg('--root') ?? process.env.VISEG_FIXTURES_ROOT ?? path.join(here, '../../fixtures/sites'));

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

function siteList() {
  return readdirSync(root)
    .filter((n) => !n.startsWith('.') && statSync(path.join(root, n)).isDirectory())
    .sort();
}

async function resolveFile(urlPath) {
  const segments = [];
  for (const raw of urlPath.split('/')) {
    let seg;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      throw new HttpError(400, 'Bad Request');
    }
    if (seg.includes('\0')) throw new HttpError(400, 'Bad Request');
    if (seg.includes('/') || seg.includes('\\') || seg === '..') throw new HttpError(403, 'Forbidden');
    if (seg !== '' && seg !== '.') segments.push(seg);
  }
  let file = path.resolve(root, ...segments);
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) throw new HttpError(403, 'Forbidden');
  let st;
  try {
    st = await stat(file);
  } catch {
    throw new HttpError(404, 'Not Found');
  }
  if (st.isDirectory()) {
    if (!urlPath.endsWith('/')) return { redirect: urlPath + '/' };
    file = path.join(file, 'index.html');
    try {
      st = await stat(file);
    } catch {
      throw new HttpError(404, 'Not Found');
    }
  }
  if (!st.isFile()) throw new HttpError(404, 'Not Found');
  return { file };
}

const server = createServer(async (req, res) => {
  try {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      throw new HttpError(405, 'Method Not Allowed');
    }
    const urlPath = (req.url ?? '/').split(/[?#]/, 1)[0] || '/';
    let body;
    let type;
    if (urlPath === '/') {
      body = Buffer.from(`<!doctype html><meta charset="utf-8"><title>viseg fixtures</title><ul>${siteList().map((s) => `<li><a href="/${s}/">${s}</a></li>`).join('')}</ul>\n`);
      type = 'text/html';
    } else {
      const found = await resolveFile(urlPath);
      if (found.redirect) {
        res.writeHead(301, { Location: found.redirect, 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      const ct = contentTypeFor(path.basename(found.file));
      body = await readFile(found.file);
      if (ct.gzipped) body = gunzipSync(body);
      type = ct.type;
    }
    res.writeHead(200, { 'Content-Type': contentTypeHeader(type, body), 'Content-Length': body.length, 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch (e) {
    const status = e instanceof HttpError ? e.status : 500;
    if (!res.headersSent) res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : `${status} ${e instanceof Error ? e.message : String(e)}\n`);
  }
});

server.listen(port, '127.0.0.1', () => {
  process.stdout.write(`serving ${root} at http://127.0.0.1:${server.address().port}/\n`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
