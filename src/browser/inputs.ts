/**
 * Turning command-line inputs into a list of pages to load.
 *
 * - `http://` / `https://` URLs are taken as-is (normalised by `new URL`);
 * - `file://` URLs and paths name local files: `.html`, `.htm`, `.xhtml`, and gzipped
 *   `.html.gz` / `.htm.gz` / `.xhtml.gz` (case-insensitive);
 * - a directory expands to its supported files (non-recursive, sorted by the UTF-8 bytes of the
 *   name, so the order is the same on every machine and locale);
 * - `-` is standard input, read once (a second `-` reuses the same bytes).
 *
 * Problems never throw: the entry gets an `error` so a batch can go on with the other inputs.
 * Error codes: INPUT_NOT_FOUND, UNSUPPORTED_INPUT, EMPTY_DIRECTORY, INPUT_UNREADABLE,
 * STDIN_READ_FAILED, INVALID_URL, and for gzipped stdin INPUT_TOO_LARGE and BINARY_INPUT.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VisegError, type ErrorCode } from './errors.js';
import { inflateCapped, looksGzipped } from './inflate.js';
import type { FileServer } from './server.js';

export type InputKind = 'url' | 'file' | 'stdin';

export interface InputError {
  code: ErrorCode;
  message: string;
}

export interface ResolvedInput {
  /** The argument as given (for a directory: the directory argument, shared by its files). */
  input: string;
  kind: InputKind;
  /** The URL to load: for `url` always; for `file`/`stdin` when a `server` was passed. */
  url?: string;
  /** Absolute path of a local file. */
  path?: string;
  /** The bytes read from stdin, inflated when they were gzipped (kind `stdin` only). */
  content?: Buffer;
  error?: InputError;
}

export interface ResolveInputsOptions {
  /** Reads all of stdin. Default: reads `process.stdin`. Called at most once. */
  stdin?: () => Promise<Buffer>;
  /** When given, local files get `url = server.urlFor(path)` and stdin gets `url = server.addDocument(...)`. */
  server?: FileServer;
  /**
   * `--root`: the site folder local files beneath it are served from, so that their `../css/x.css`
   * load. Files elsewhere are served from their own folder.
   */
  root?: string;
}

/** Supported local file suffixes (lower case). */
export const HTML_SUFFIXES: readonly string[] = ['.html', '.htm', '.xhtml', '.html.gz', '.htm.gz', '.xhtml.gz'];

/** True when the file name has a supported HTML suffix. */
export function isHtmlFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return HTML_SUFFIXES.some((s) => lower.endsWith(s) && lower.length > s.length);
}

/** Compare by UTF-8 bytes (deterministic, locale-independent). */
export function compareByteOrder(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Read all of `process.stdin`. */
export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

function errorEntry(input: string, kind: InputKind, code: ErrorCode, message: string, p?: string): ResolvedInput {
  return { input, kind, ...(p ? { path: p } : {}), error: { code, message } };
}

function describeFsError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Resolve command-line inputs into pages, in argument order (directories expanded in place).
 */
export async function resolveInputs(args: string[], opts: ResolveInputsOptions = {}): Promise<ResolvedInput[]> {
  const out: ResolvedInput[] = [];
  let stdinBytes: Promise<Buffer> | undefined;
  const readStdinOnce = async (): Promise<Buffer> => {
    const raw = await (opts.stdin ?? readStdin)();
    return looksGzipped(raw) ? inflateCapped(raw, 'stdin') : raw;
  };
  let stdinUrl: string | undefined;

  const fileEntry = (input: string, abs: string): ResolvedInput => ({
    input,
    kind: 'file',
    path: abs,
    ...(opts.server ? { url: opts.server.urlFor(abs, opts.root) } : {}),
  });

  for (const arg of args) {
    if (arg === '-') {
      stdinBytes ??= readStdinOnce();
      try {
        const content = await stdinBytes;
        if (opts.server) stdinUrl ??= opts.server.addDocument(content);
        out.push({ input: arg, kind: 'stdin', content, ...(stdinUrl ? { url: stdinUrl } : {}) });
      } catch (e) {
        if (e instanceof VisegError) out.push(errorEntry(arg, 'stdin', e.code, e.message));
        else out.push(errorEntry(arg, 'stdin', 'STDIN_READ_FAILED', `Could not read standard input: ${describeFsError(e)}`));
      }
      continue;
    }

    if (/^https?:\/\//i.test(arg)) {
      try {
        out.push({ input: arg, kind: 'url', url: new URL(arg).href });
      } catch {
        out.push(errorEntry(arg, 'url', 'INVALID_URL', `Not a valid URL: ${arg}`));
      }
      continue;
    }

    let fsPath = arg;
    if (/^file:/i.test(arg)) {
      try {
        fsPath = fileURLToPath(arg);
      } catch {
        out.push(errorEntry(arg, 'file', 'INVALID_URL', `Not a valid file: URL: ${arg}`));
        continue;
      }
    } else if (/^[a-z][a-z0-9+.-]*:\/\//i.test(arg)) {
      out.push(
        errorEntry(arg, 'url', 'UNSUPPORTED_INPUT', `Unsupported URL scheme in ${arg}: give an http(s) URL, an HTML file, a folder or - for stdin.`),
      );
      continue;
    }

    const abs = path.resolve(fsPath);
    let st;
    try {
      st = await stat(abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        const looksLikeHost = /^(www\.[\w-]+|([\w-]+\.)+(com|org|net|io|dev|edu|gov|info|app))(\/|:|$)/i.test(arg);
        const hint = looksLikeHost ? ` (did you mean https://${arg} ?)` : '';
        out.push(errorEntry(arg, 'file', 'INPUT_NOT_FOUND', `No such file or folder: ${arg}${hint}`, abs));
      } else {
        out.push(errorEntry(arg, 'file', 'INPUT_UNREADABLE', `Cannot read ${arg}: ${describeFsError(e)}`, abs));
      }
      continue;
    }

    if (st.isDirectory()) {
      let names: string[];
      try {
        names = await readdir(abs);
      } catch (e) {
        out.push(errorEntry(arg, 'file', 'INPUT_UNREADABLE', `Cannot list folder ${arg}: ${describeFsError(e)}`, abs));
        continue;
      }
      const files: string[] = [];
      for (const name of names.filter(isHtmlFileName).sort(compareByteOrder)) {
        const p = path.join(abs, name);
        try {
          if ((await stat(p)).isFile()) files.push(p); // follows symlinks; skips folders named x.html
        } catch {
          // dangling symlink: skip
        }
      }
      if (files.length === 0) {
        out.push(
          errorEntry(arg, 'file', 'EMPTY_DIRECTORY', `Folder ${arg} has no ${HTML_SUFFIXES.join(' / ')} files (folders are not searched recursively).`, abs),
        );
      }
      for (const p of files) out.push(fileEntry(arg, p));
      continue;
    }

    if (!st.isFile()) {
      out.push(errorEntry(arg, 'file', 'UNSUPPORTED_INPUT', `${arg} is not a regular file or folder.`, abs));
      continue;
    }
    if (!isHtmlFileName(abs)) {
      out.push(
        errorEntry(arg, 'file', 'UNSUPPORTED_INPUT', `Unsupported input ${arg}: viseg reads ${HTML_SUFFIXES.join(', ')} files, folders of them, http(s) URLs and - (stdin).`, abs),
      );
      continue;
    }
    out.push(fileEntry(arg, abs));
  }
  return out;
}

/**
 * Read an `--input-file`: one input per line; blank lines and lines starting with `#` are skipped;
 * surrounding whitespace, a UTF-8 BOM and CRLF line ends are removed. Relative paths are kept as
 * written (they resolve against the current directory, like arguments). Throws if the list file
 * itself cannot be read.
 */
export async function readInputList(file: string): Promise<string[]> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !l.startsWith('#'));
}
