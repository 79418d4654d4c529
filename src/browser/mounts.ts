/**
 * What the file server serves, and to whom: folders mounted under unguessable prefixes, the
 * input files named in them, in-memory documents, and the Content-Security-Policy that keeps a
 * page inside its own mount.
 *
 * A mount is `/m/<id>/` where `<id>` is 128 random bits, so no page (and no other user on the
 * machine) can name a mount it was not given: one input cannot read another's folder. Inside a
 * mount the server serves the input files themselves and the files beneath the mounted folder,
 * never a name that starts with a dot (`.ssh/`, `.env`), and never through a symlink whose real
 * path leaves the mounted folder. In-memory documents (stdin) live under `/d/<id>/`.
 */
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { at } from '../util/at.js';

/** A refusal with its HTTP status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A path under a mount (`/m/<id>/...`) or an in-memory document (`/d/<id>/...`): kind, id, rest. */
const MOUNT_PATH = /^\/([md])\/([A-Za-z0-9_-]{22})(\/.*)?$/;

/** The mount a served path belongs to (`/m/<id>/a/b.html` → `/m/<id>/`), or null outside the mounts. */
export function mountPrefixOf(urlPath: string): string | null {
  const m = MOUNT_PATH.exec(urlPath);
  return m && m[3] !== undefined ? `/${m[1]}/${m[2]}/` : null;
}

/** 128 random bits, URL-safe (22 characters). */
export function newMountId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The policy sent with HTML documents: sub-resources only from `scope` (a URL ending in `/`, e.g.
 * `http://127.0.0.1:PORT/m/<id>/`; any path below it; http or https), data: and blob:; forms
 * submit only there too (`form-action` does not fall back to `default-src`).
 */
export function confiningCsp(scope: string): string {
  const https = scope.replace(/^http:/, 'https:');
  return `default-src ${scope} ${https} data: blob: 'unsafe-inline' 'unsafe-eval'; form-action ${scope} ${https}`;
}

interface Mount {
  id: string;
  /** Absolute path of the mounted folder, as named. */
  root: string;
  /** Its real path (symlinks resolved): what every served file's real path must be inside. */
  real: string;
  /** Input files served from this mount whatever their name or real path: the user named them. */
  entries: Set<string>;
}

export interface Doc {
  body: Buffer;
  type: string;
  /** The name the document was given (`stdin.html`). */
  name: string;
}

/** What a request path resolves to. */
export type Resolved =
  | { kind: 'file'; file: string; entry: boolean }
  | { kind: 'doc'; doc: Doc }
  | { kind: 'redirect'; location: string };

const isInside = (dir: string, p: string): boolean => {
  const rel = path.relative(dir, p);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
};

function realOr(p: string): string {
  try {
    return realpathSync.native(p);
  } catch {
    return p;
  }
}

/** The mounts and documents of one file server. */
export class MountTable {
  private readonly byId = new Map<string, Mount>();
  private readonly byRoot = new Map<string, Mount>();
  private readonly docs = new Map<string, Doc>(); // id → doc

  /** The mount of folder `rootDir` (made on first use). */
  mount(rootDir: string): Mount {
    const root = path.resolve(rootDir);
    let m = this.byRoot.get(root);
    if (!m) {
      m = { id: newMountId(), root, real: realOr(root), entries: new Set() };
      this.byId.set(m.id, m);
      this.byRoot.set(root, m);
    }
    return m;
  }

  /**
   * The URL path of input file `filePath`: in the mount of `root` when the file is beneath it
   * (`--root`), else in the mount of its own folder. The file is served whatever its name.
   */
  entryPath(filePath: string, root?: string): string {
    const abs = path.resolve(filePath);
    const base = root !== undefined && isInside(path.resolve(root), path.dirname(abs)) ? path.resolve(root) : path.dirname(abs);
    const m = this.mount(base);
    m.entries.add(abs);
    const rel = path.relative(base, abs).split(path.sep).map(encodeURIComponent).join('/');
    return `/m/${m.id}/${rel}`;
  }

  /** Keep an in-memory document; its URL path is `/d/<id>/<name>`. */
  addDocument(doc: Doc): string {
    const id = newMountId();
    this.docs.set(id, doc);
    return `/d/${id}/${encodeURIComponent(doc.name)}`;
  }

  /**
   * The local file a served URL path stands for (an absolute path), or null when it names no file
   * of a mount (an in-memory document, another server's path, a malformed path). Lexical: the
   * file need not exist.
   */
  fileFor(urlPath: string): string | null {
    const m = MOUNT_PATH.exec(urlPath);
    const mount = m && m[1] === 'm' ? this.byId.get(at(m, 2)) : undefined;
    if (!m || !mount || m[3] === undefined) return null;
    try {
      const segments = this.segments(m[3]);
      const file = path.resolve(mount.root, ...segments);
      return isInside(mount.root, file) ? file : null;
    } catch {
      return null;
    }
  }

  /** Decoded path segments; throws HttpError for traversal and malformed encodings. */
  private segments(rest: string): string[] {
    const out: string[] = [];
    for (const raw of rest.split('/')) {
      let seg: string;
      try {
        seg = decodeURIComponent(raw);
      } catch {
        throw new HttpError(400, 'Bad Request');
      }
      if (seg.includes('\0')) throw new HttpError(400, 'Bad Request');
      // A decoded separator could smuggle "..": treat it as traversal. A backslash is an ordinary
      // character of a POSIX file name, and a separator on Windows.
      if (seg.includes('/') || (path.sep === '\\' && seg.includes('\\'))) throw new HttpError(403, 'Forbidden');
      if (seg === '..') throw new HttpError(403, 'Forbidden');
      if (seg !== '' && seg !== '.') out.push(seg);
    }
    return out;
  }

  /** Resolve a request path (without query) to what to serve. Throws HttpError. */
  async resolve(urlPath: string): Promise<Resolved> {
    const m = MOUNT_PATH.exec(urlPath);
    if (!m) throw new HttpError(404, 'Not Found');
    if (m[1] === 'd') {
      const doc = this.docs.get(at(m, 2));
      if (!doc || m[3] !== `/${encodeURIComponent(doc.name)}`) throw new HttpError(404, 'Not Found');
      return { kind: 'doc', doc };
    }
    const mount = this.byId.get(at(m, 2));
    if (!mount) throw new HttpError(404, 'Not Found');
    const rest = m[3];
    // `/m/<id>` → `/m/<id>/`, as a web server does for a folder: the page's relative URLs then
    // resolve inside the mount (and its CSP scope is the mount).
    if (rest === undefined) return { kind: 'redirect', location: urlPath + '/' };
    const segments = this.segments(rest);
    const file = path.resolve(mount.root, ...segments);
    if (!isInside(mount.root, file)) throw new HttpError(403, 'Forbidden');
    if (mount.entries.has(file)) return { kind: 'file', file, entry: true };
    if (segments.some((s) => s.startsWith('.'))) throw new HttpError(404, 'Not Found');
    let target = await this.confined(mount, file);
    let st = await stat(target).catch(() => null);
    if (st?.isDirectory()) {
      // No listings; a folder URL may serve its index.html.
      if (!rest.endsWith('/')) throw new HttpError(404, 'Not Found');
      target = await this.confined(mount, path.join(file, 'index.html'));
      st = await stat(target).catch(() => null);
    }
    if (!st?.isFile()) throw new HttpError(404, 'Not Found');
    return { kind: 'file', file: target, entry: false };
  }

  /** The real path of `file`, when it stays inside the mount; 404 otherwise (as if it did not exist). */
  private async confined(mount: Mount, file: string): Promise<string> {
    let real: string;
    try {
      real = await realpath(file);
    } catch {
      throw new HttpError(404, 'Not Found');
    }
    if (!isInside(mount.real, real) || path.relative(mount.real, real).split(path.sep).some((s) => s.startsWith('.'))) {
      throw new HttpError(404, 'Not Found');
    }
    return real;
  }
}
