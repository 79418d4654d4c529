/**
 * What the file server sends a file as: its Content-Type by extension (`x.html.gz` is HTML,
 * gzipped) and, for text, a UTF-8 charset when the bytes are valid UTF-8. The HTTP charset
 * overrides a stale `<meta charset>` in the page; bytes that are not valid UTF-8 are sent without
 * a charset so the page's own `<meta charset>` (or BOM, or the browser's detection) decides.
 */
import { isUtf8 } from 'node:buffer';

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

export const isHtmlType = (type: string): boolean => type === 'text/html' || type === 'application/xhtml+xml';

/**
 * True when `bytes` are valid UTF-8 (what a fatal TextDecoder accepts). Node's native check
 * validates without building the string: every textual file a page loads passes here, and
 * decoding each one to check it costs the server about 3 ms of CPU per saved news page.
 */
export function isValidUtf8(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
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
