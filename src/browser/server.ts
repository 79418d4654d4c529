/**
 * A private static file server on 127.0.0.1 (random ports) for local inputs.
 *
 * Local pages are served over http:// rather than file:// so that relative assets, `fetch()`,
 * modules and same-origin rules behave as on a real site. What is served, under which
 * unguessable prefix, is mounts.ts's business; MIME types and charsets are mime.ts's.
 *
 * The server can listen on several loopback ports (`ports`), each one origin serving the same
 * mounts. A local file's URL is on the port its path hashes to, so two pages rendered one after the
 * other in a tab are usually on different origins: their storage is then separate, and the tab can
 * skip the about:blank step between them (see pipeline/tabs.ts).
 *
 * Rules:
 * - GET/HEAD only; `Cache-Control: no-store`; no directory listings (a directory URL serves its
 *   `index.html` if there is one, else 404).
 * - Only requests for the server itself: the `Host` header must be `127.0.0.1:<port>` (no DNS
 *   rebinding), and a browser request must come from the page's own origin or from the browser
 *   itself (`Sec-Fetch-Site` same-origin or none): a page on another site or port cannot reach
 *   it. Service worker scripts are refused, so no page can register one.
 * - `X.gz` where X has a known extension (e.g. `page.html.gz`) is gunzipped and served as X, as a
 *   stream off the event loop and never beyond {@link MAX_INPUT_BYTES} (413).
 * - What the server holds at once for the files it reads is bounded, however many requests ask
 *   ({@link READ_BUDGET_BYTES}, budget.ts): a page cannot multiply a 100 MB asset by its
 *   connections.
 * - HTML documents carry a Content-Security-Policy that confines their sub-resources and form
 *   submissions to their own mount on this server (`/m/<id>/`, or `/d/<id>/` for an in-memory
 *   document; plus `data:` and `blob:`; inline scripts, styles and eval stay allowed), unless
 *   `confine: false`. Local pages are offline anyway; with the policy the renderer refuses an
 *   external request itself instead of sending it to the refusing proxy (see network.ts), which
 *   costs the browser much less. Nothing outside the mounts is ever served, so a root-relative
 *   URL of a saved page (`/static/app.js`, common in saved pages) is refused in the renderer too
 *   instead of making a round trip for a 404. Navigations are not governed by CSP: the Fetch
 *   guard (network.ts) handles those.
 */
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ByteBudget } from './budget.js';
import { InputTooLargeError, MAX_INPUT_BYTES, readCapped } from './inflate.js';
import { contentTypeFor, contentTypeHeader, isHtmlType } from './mime.js';
import { confiningCsp, HttpError, mountPrefixOf, MountTable } from './mounts.js';
import { at } from '../util/at.js';

export interface FileServer {
  /** `http://127.0.0.1:PORT`: the first of {@link origins}. */
  readonly origin: string;
  /** Every origin the server answers on (one per port), the same files on each. */
  readonly origins: readonly string[];
  /**
   * Serve `rootDir`'s files under a fresh unguessable prefix; returns the base URL (ends with `/`)
   * on {@link origin}. Same dir → same URL.
   */
  mount(rootDir: string): string;
  /**
   * The URL of input file `filePath`, on the origin its absolute path hashes to (always the same
   * one for the same path). The file is served from the mount of its own folder, or of `root`
   * when it lies beneath `root` (`--root`: a saved site whose pages load `../css/site.css`).
   */
  urlFor(filePath: string, root?: string): string;
  /**
   * The local file a URL of this server stands for (absolute path), or null when the URL is not
   * a file of one of its mounts (an in-memory document, another host). The one way back from a
   * served URL to the input's files.
   */
  fileFor(url: string): string | null;
  /**
   * Serve an in-memory HTML document (stdin, already inflated) at a unique URL. `name` (default
   * `stdin.html`) becomes the last URL segment. Relative URLs in it resolve under `/d/<id>/` and
   * will 404.
   */
  addDocument(html: Buffer | string, name?: string): string;
  /**
   * Read input file `filePath` (inflating `.gz`, at most inflate.ts's `MAX_INPUT_BYTES`) and keep the
   * bytes to serve it from until {@link release}: a page is read and inflated once, for the
   * checks before loading and for the browser. Throws INPUT_TOO_LARGE, BINARY_INPUT (bad gzip) or
   * the file system's error.
   */
  load(filePath: string): Promise<Buffer>;
  /** Forget the bytes {@link load} kept (one call per `load`). */
  release(filePath: string): void;
  /** Requests waiting for room in the read budget (see {@link FileServerOptions.readBudget}). */
  readonly waitingReads: number;
  /** Stop listening and drop open connections. */
  close(): Promise<void>;
}

export interface FileServerOptions {
  /** Send the confining Content-Security-Policy with HTML documents. Default true. */
  confine?: boolean;
  /** Listen on this many loopback ports (origins), 1-64. Default 1. */
  ports?: number;
  /** Bytes the server may hold at once for the files it reads to answer (see budget.ts). Default {@link READ_BUDGET_BYTES}. */
  readBudget?: number;
}

/**
 * The default read budget: two reads of the largest file at once, however many pages ask. Files
 * of 1 MB or less (nearly every asset) do not wait for it.
 */
export const READ_BUDGET_BYTES = 2 * MAX_INPUT_BYTES;

/** A file of at most this size is read without waiting for the budget. */
const SMALL_READ_BYTES = 1024 * 1024;

/** FNV-1a: a small stable hash, so that a path always maps to the same port. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** `Sec-Fetch-Site` values of requests the server answers (absent: not a browser, e.g. the guard's own fetch). */
const ANSWERED_SITES = new Set(['same-origin', 'none']);

/** What the request handler reads: the mounts, the bytes held for loaded inputs, the read budget. */
interface ServerState {
  confine: boolean;
  table: MountTable;
  /** Bytes of loaded input files, with how many pages hold them. */
  loaded: Map<string, { bytes: Promise<Buffer>; holders: number }>;
  budget: ByteBudget;
}

/** Answer a request, or throw the HttpError (or InputTooLargeError) to answer with. */
async function handle(state: ServerState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const own = `127.0.0.1:${req.socket.localPort}`;
  if (req.headers.host !== own) throw new HttpError(403, 'Forbidden host');
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && !ANSWERED_SITES.has(String(site))) throw new HttpError(403, 'Forbidden');
  if (req.headers['service-worker'] !== undefined) throw new HttpError(403, 'Service workers are not allowed');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    throw new HttpError(405, 'Method Not Allowed');
  }
  const rawPath = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
  const r = await state.table.resolve(rawPath);
  if (r.kind === 'redirect') {
    res.writeHead(301, { Location: r.location, 'Cache-Control': 'no-store' });
    res.end();
    return;
  }
  let body: Buffer;
  let type: string;
  if (r.kind === 'doc') {
    ({ body, type } = r.doc);
  } else {
    const ct = contentTypeFor(path.basename(r.file));
    const read = await fileBody(state, r.file, r.entry ? state.loaded.get(r.file) : undefined, ct.gzipped, req, res);
    if (!read) return; // the page went away while the read waited
    body = read;
    type = ct.type;
  }
  // The policy's scope is on the origin (port) this request came to.
  res.writeHead(200, {
    'Content-Type': contentTypeHeader(type, body),
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    ...(state.confine && isHtmlType(type) ? { 'Content-Security-Policy': confiningCsp(`http://${own}${mountPrefixOf(rawPath) ?? '/'}`) } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A served file's bytes: those a loaded input holds, else read (inflated when `gzipped`) within
 * the read budget. Null when the response was abandoned while the read waited for room.
 */
async function fileBody(state: ServerState, file: string, held: { bytes: Promise<Buffer> } | undefined, gzipped: boolean, req: IncomingMessage, res: ServerResponse): Promise<Buffer | null> {
  if (held) return held.bytes;
  // What the read may hold: the file's size, or the cap for a file that inflates. Small
  // files are read at once (a page has a few connections); the others wait for room.
  const size = gzipped ? MAX_INPUT_BYTES : ((await stat(file).catch(() => null))?.size ?? 0);
  if (size > MAX_INPUT_BYTES) throw new InputTooLargeError(file, MAX_INPUT_BYTES);
  if (size > SMALL_READ_BYTES) {
    // given back when the response is done or abandoned, even while it waits
    const taking = state.budget.take(size);
    res.once('close', () => void taking.then((giveBack) => giveBack()));
    await taking;
    if (res.destroyed || req.socket.destroyed) return null;
  }
  return readCapped(file, gzipped).catch((e: unknown) => {
    if (e instanceof InputTooLargeError) throw e;
    throw new HttpError(gzipped ? 500 : 404, gzipped ? 'Corrupt gzip file' : 'Not Found');
  });
}

/** The request listener: {@link handle}, with its errors answered as plain-text status pages. */
function listener(state: ServerState): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    handle(state, req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : e instanceof InputTooLargeError ? 413 : 500;
      const msg = e instanceof HttpError ? e.message : status === 413 ? 'Payload Too Large' : 'Internal Server Error';
      if (!res.headersSent) {
        res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      }
      res.end(req.method === 'HEAD' ? undefined : `${status} ${msg}\n`);
    });
  };
}

/** Stop the servers and drop their open connections. */
function closeServers(servers: readonly Server[]): Promise<void> {
  return Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    ),
  ).then(() => undefined);
}

/** `count` servers listening on random loopback ports; none is left open when one fails to listen. */
async function listenOnLoopback(count: number, onRequest: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
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
    await closeServers(servers);
    throw e;
  }
  return servers;
}

/** Start the loopback server. Always `close()` it when done. */
export async function startFileServer(opts: FileServerOptions = {}): Promise<FileServer> {
  const portCount = Math.max(1, Math.min(64, Math.floor(opts.ports ?? 1)));
  const state: ServerState = { confine: opts.confine ?? true, table: new MountTable(), loaded: new Map(), budget: new ByteBudget(opts.readBudget ?? READ_BUDGET_BYTES) };
  const { table, loaded, budget } = state;
  const servers = await listenOnLoopback(portCount, listener(state));
  const origins = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  const origin = at(origins, 0);
  let nextDoc = 0;

  return {
    origin,
    origins,
    mount(rootDir: string): string {
      return `${origin}/m/${table.mount(rootDir).id}/`;
    },
    urlFor(filePath: string, root?: string): string {
      const abs = path.resolve(filePath);
      return at(origins, hash32(abs) % origins.length) + table.entryPath(abs, root);
    },
    fileFor(url: string): string | null {
      let u: URL;
      try {
        u = new URL(url);
      } catch {
        return null;
      }
      const http = u.protocol === 'https:' ? `http://${u.host}` : u.origin;
      return origins.includes(http) ? table.fileFor(u.pathname) : null;
    },
    addDocument(html: Buffer | string, name = 'stdin.html'): string {
      const safe = path.basename(name.replace(/\\/g, '/')) || 'stdin.html';
      const ct = contentTypeFor(safe.replace(/\.gz$/i, ''));
      const type = ct.type === 'application/xhtml+xml' ? ct.type : 'text/html';
      const key = table.addDocument({ body: typeof html === 'string' ? Buffer.from(html, 'utf8') : html, type, name: safe });
      return at(origins, nextDoc++ % origins.length) + key;
    },
    load(filePath: string): Promise<Buffer> {
      const abs = path.resolve(filePath);
      let held = loaded.get(abs);
      if (!held) {
        held = { bytes: readCapped(abs, contentTypeFor(path.basename(abs)).gzipped), holders: 0 };
        loaded.set(abs, held);
        held.bytes.catch(() => loaded.delete(abs));
      }
      held.holders++;
      return held.bytes;
    },
    release(filePath: string): void {
      const abs = path.resolve(filePath);
      const held = loaded.get(abs);
      if (held && --held.holders <= 0) loaded.delete(abs);
    },
    get waitingReads(): number {
      return budget.queued;
    },
    close: () => closeServers(servers),
  };
}
