/**
 * A private static file server on 127.0.0.1 (random port) for local inputs.
 *
 * Local pages are served over http:// rather than file:// so that relative assets, `fetch()`,
 * modules and same-origin rules behave as on a real site. Each folder is mounted under its own
 * prefix `/m/<n>/`; in-memory documents (stdin) live under `/d/<n>/`.
 *
 * The server can listen on several loopback ports (`ports`), each one origin serving the same
 * mounts. A local file's URL is on the port its path hashes to, so two pages rendered one after the
 * other in a tab are usually on different origins: their storage is then separate, and the tab can
 * skip the about:blank step between them (see pipeline/tabs.ts).
 *
 * Rules:
 * - GET/HEAD only; `Cache-Control: no-store`; no directory listings (a directory URL serves its
 *   `index.html` if there is one, else 404).
 * - `X.gz` where X has a known extension (e.g. `page.html.gz`) is gunzipped and served as X.
 * - Text responses (HTML, CSS, JS, JSON, SVG, XML, txt) whose bytes are valid UTF-8 get
 *   `; charset=utf-8` — the HTTP charset overrides a stale `<meta charset>` in the page. Bytes that are
 *   not valid UTF-8 are served without a charset parameter so the page's own `<meta charset>` (or
 *   BOM, or the browser's detection) decides.
 * - Paths that resolve outside the mount root (`..`, encoded `%2e%2e`, backslashes) → 403;
 *   missing → 404. The check is lexical: symlinks inside the root are followed.
 * - HTML documents carry a Content-Security-Policy that confines their sub-resources to their own
 *   mount on this server (`/m/<n>/`, or `/d/<n>/` for an in-memory document; plus `data:` and
 *   `blob:`; inline scripts, styles and eval stay allowed), unless `confine: false`. Local pages
 *   are offline anyway; with the policy the renderer refuses an external request itself instead of
 *   sending it to the refusing proxy (see network.ts), which measured 21% less browser CPU per dev
 *   page. Nothing outside the mounts is ever served, so a root-relative URL of a saved page
 *   (`/static/app.js`: about 5 per dev page) is refused in the renderer too instead of making a
 *   round trip for a 404: 9-14% less browser CPU per dev page again. Navigations are not governed
 *   by CSP: the Fetch guard still handles those.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export interface FileServer {
  /** `http://127.0.0.1:PORT`: the first of {@link origins}. */
  readonly origin: string;
  /** Every origin the server answers on (one per port), the same files on each. */
  readonly origins: readonly string[];
  /**
   * Serve `rootDir`'s files under a fresh prefix; returns the base URL (ends with `/`) on
   * {@link origin}. Same dir → same URL.
   */
  mount(rootDir: string): string;
  /**
   * Mount the file's folder and return the URL of the file itself, on the origin its absolute
   * path hashes to (always the same one for the same path).
   */
  urlFor(filePath: string): string;
  /**
   * Serve an in-memory HTML document (e.g. stdin) at a unique URL. Gzipped bytes are detected and
   * gunzipped. `name` (default `stdin.html`) becomes the last URL segment. Relative URLs in it
   * resolve under `/d/<n>/` and will 404.
   */
  addDocument(html: Buffer | string, name?: string): string;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

/** Content-Type (without parameters) by lower-case extension, without the dot. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  html: 'text/html',
  htm: 'text/html',
  xhtml: 'application/xhtml+xml',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  json: 'application/json',
  map: 'application/json',
  webmanifest: 'application/manifest+json',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
  tif: 'image/tiff',
  tiff: 'image/tiff',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  vtt: 'text/vtt',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  pdf: 'application/pdf',
  wasm: 'application/wasm',
};

const TEXTUAL = new Set([
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'application/xhtml+xml',
  'image/svg+xml',
]);

function isTextual(type: string): boolean {
  return type.startsWith('text/') || TEXTUAL.has(type);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when `bytes` decode as UTF-8 without errors. */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a file name is served as: its Content-Type (no parameters) and whether it is gzipped
 * (`a.html.gz` → text/html, gzipped). Unknown extensions → application/octet-stream.
 */
export function contentTypeFor(fileName: string): { type: string; gzipped: boolean } {
  const lower = fileName.toLowerCase();
  const ext = (n: string) => {
    const i = n.lastIndexOf('.');
    return i >= 0 ? n.slice(i + 1) : '';
  };
  if (lower.endsWith('.gz')) {
    const inner = CONTENT_TYPES[ext(lower.slice(0, -3))];
    if (inner) return { type: inner, gzipped: true };
    return { type: 'application/gzip', gzipped: false };
  }
  return { type: CONTENT_TYPES[ext(lower)] ?? 'application/octet-stream', gzipped: false };
}

/** Full Content-Type header value for a body of `type`: textual + valid UTF-8 → `; charset=utf-8`. */
export function contentTypeHeader(type: string, body: Uint8Array): string {
  return isTextual(type) && isValidUtf8(body) ? `${type}; charset=utf-8` : type;
}

const GZIP_MAGIC = [0x1f, 0x8b];

function maybeGunzip(buf: Buffer): Buffer {
  if (buf.length >= 2 && buf[0] === GZIP_MAGIC[0] && buf[1] === GZIP_MAGIC[1]) {
    try {
      return gunzipSync(buf);
    } catch {
      return buf;
    }
  }
  return buf;
}

interface Doc {
  body: Buffer;
  type: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface FileServerOptions {
  /** Send the confining Content-Security-Policy with HTML documents. Default true. */
  confine?: boolean;
  /** Listen on this many loopback ports (origins), 1-64. Default 1. */
  ports?: number;
}

/**
 * The policy sent with HTML documents: sub-resources only from `scope` (a URL ending in `/`, e.g.
 * `http://127.0.0.1:PORT/m/1/`; any path below it; http or https), data: and blob:.
 */
export function confiningCsp(scope: string): string {
  const https = scope.replace(/^http:/, 'https:');
  return `default-src ${scope} ${https} data: blob: 'unsafe-inline' 'unsafe-eval'`;
}

/** A path under a mount (`/m/<n>/...`) or an in-memory document (`/d/<n>/...`): kind, number, rest. */
const MOUNT_PATH = /^\/([md])\/(\d+)(\/.*)?$/;

/** The mount a served path belongs to (`/m/1/a/b.html` → `/m/1/`), or null outside the mounts. */
export function mountPrefixOf(urlPath: string): string | null {
  const m = MOUNT_PATH.exec(urlPath);
  return m && m[3] !== undefined ? `/${m[1]}/${m[2]}/` : null;
}

/** FNV-1a: a small stable hash, so that a path always maps to the same port. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const isHtmlType = (type: string): boolean => type === 'text/html' || type === 'application/xhtml+xml';

/** Start the loopback server. Always `close()` it when done. */
export async function startFileServer(opts: FileServerOptions = {}): Promise<FileServer> {
  const confine = opts.confine ?? true;
  const portCount = Math.max(1, Math.min(64, Math.floor(opts.ports ?? 1)));
  const mounts = new Map<string, string>(); // id → absolute root
  const mountIds = new Map<string, string>(); // absolute root → id
  const docs = new Map<string, Doc>(); // "/d/<n>/<name>" → doc
  let nextMount = 1;
  let nextDoc = 1;

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      const msg = e instanceof Error ? e.message : String(e);
      if (!res.headersSent) {
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      }
      res.end(req.method === 'HEAD' ? undefined : `${status} ${msg}\n`);
    });
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      throw new HttpError(405, 'Method Not Allowed');
    }
    const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    let body: Buffer;
    let type: string;

    const doc = docs.get(rawPath);
    if (doc) {
      ({ body, type } = doc);
    } else {
      const m = MOUNT_PATH.exec(rawPath);
      const root = m && m[1] === 'm' ? mounts.get(m[2]!) : undefined;
      if (!m || !root) throw new HttpError(404, 'Not Found');
      const rest = m[3];
      if (rest === undefined) {
        // `/m/<n>` → `/m/<n>/`, as a web server does for a folder: the page's relative URLs then
        // resolve inside the mount (and its CSP scope is the mount).
        res.writeHead(301, { Location: rawPath + '/', 'Cache-Control': 'no-store' });
        res.end();
        return;
      }
      const segments: string[] = [];
      for (const raw of rest.split('/')) {
        let seg: string;
        try {
          seg = decodeURIComponent(raw);
        } catch {
          throw new HttpError(400, 'Bad Request');
        }
        if (seg.includes('\0')) throw new HttpError(400, 'Bad Request');
        // A decoded separator could smuggle "..": treat as traversal.
        if (seg.includes('/') || seg.includes('\\')) throw new HttpError(403, 'Forbidden');
        if (seg === '..') throw new HttpError(403, 'Forbidden');
        segments.push(seg);
      }
      let file = path.resolve(root, ...segments.filter((s) => s !== '' && s !== '.'));
      const rel = path.relative(root, file);
      if (rel === '..' || rel.startsWith('..' + path.sep) || path.isAbsolute(rel)) throw new HttpError(403, 'Forbidden');

      let st;
      try {
        st = await stat(file);
      } catch {
        throw new HttpError(404, 'Not Found');
      }
      if (st.isDirectory()) {
        // No listings; a folder URL may serve its index.html.
        if (!rest.endsWith('/')) throw new HttpError(404, 'Not Found');
        file = path.join(file, 'index.html');
        try {
          st = await stat(file);
        } catch {
          throw new HttpError(404, 'Not Found');
        }
      }
      if (!st.isFile()) throw new HttpError(404, 'Not Found');

      const ct = contentTypeFor(path.basename(file));
      body = await readFile(file);
      if (ct.gzipped) {
        try {
          body = gunzipSync(body);
        } catch {
          throw new HttpError(500, 'Corrupt gzip file');
        }
      }
      type = ct.type;
    }

    // The policy's scope is on the origin (port) this request came to.
    const own = `http://127.0.0.1:${req.socket.localPort}`;
    res.writeHead(200, {
      'Content-Type': contentTypeHeader(type, body),
      'Content-Length': body.length,
      'Cache-Control': 'no-store',
      ...(confine && isHtmlType(type) ? { 'Content-Security-Policy': confiningCsp(own + (mountPrefixOf(rawPath) ?? '/')) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const servers: Server[] = [];
  const closeAll = (): Promise<void> =>
    Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    ).then(() => undefined);
  try {
    for (let i = 0; i < portCount; i++) {
      const server = createServer(onRequest);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      servers.push(server);
    }
  } catch (e) {
    await closeAll();
    throw e;
  }
  const origins = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const origin = origins[0]!;

  function mountId(rootDir: string): string {
    const root = path.resolve(rootDir);
    let id = mountIds.get(root);
    if (id === undefined) {
      id = String(nextMount++);
      mounts.set(id, root);
      mountIds.set(root, id);
    }
    return id;
  }

  return {
    origin,
    origins,
    mount(rootDir: string): string {
      return `${origin}/m/${mountId(rootDir)}/`;
    },
    urlFor(filePath: string): string {
      const abs = path.resolve(filePath);
      const on = origins[hash32(abs) % origins.length]!;
      return `${on}/m/${mountId(path.dirname(abs))}/${encodeURIComponent(path.basename(abs))}`;
    },
    addDocument(html: Buffer | string, name = 'stdin.html'): string {
      const safe = path.basename(name.replace(/\\/g, '/')) || 'stdin.html';
      const n = nextDoc++;
      const key = `/d/${n}/${encodeURIComponent(safe)}`;
      const bytes = typeof html === 'string' ? Buffer.from(html, 'utf8') : maybeGunzip(html);
      const ct = contentTypeFor(safe.replace(/\.gz$/i, ''));
      const type = ct.type === 'application/xhtml+xml' ? ct.type : 'text/html';
      docs.set(key, { body: bytes, type });
      return origins[(n - 1) % origins.length]! + key;
    },
    close: closeAll,
  };
}
