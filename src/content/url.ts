/**
 * URL resolution and the scheme whitelist for links and images in extracted content.
 *
 * A page viseg served itself (a local file, stdin) may have no public URL: its base is then not an
 * absolute URL (empty, or the file's path) and relative references stay relative (`img/a.png`,
 * `#notes`, `/about`), normalised and percent-encoded the way the URL parser writes them.
 */

/** Schemes a link (`a[href]`) may use. */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:', 'ftp:']);

/** Schemes an image (`img[src]`) may use; `data:` is checked separately. */
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Raster image data URLs (SVG is left out: it can carry script when opened on its own). */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;

/** Resolves relative references with no base: a host that cannot exist, and a folder deep enough for `../`. */
const NO_BASE_ORIGIN = 'http://viseg.invalid';
const NO_BASE_DIRS = 24;
const NO_BASE_DIR = '/' + Array.from({ length: NO_BASE_DIRS }, (_, i) => `d${i}`).join('/') + '/';

/** True when `s` parses as an absolute URL (canParse: the parse without a URL object or a throw). */
export function isAbsoluteUrl(s: string | undefined): s is string {
  if (s === undefined || s === '') return false;
  return URL.canParse(s);
}

/**
 * A relative reference normalised without a base: `sub/../a b.png` → `a%20b.png`, `#x` → `#x`,
 * `/p?q` → `/p?q`, `../a` → `../a`. Null when `value` is not one (it has a scheme, or `//host`).
 */
export function normalizeRelative(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, NO_BASE_ORIGIN + NO_BASE_DIR + 'doc');
  } catch {
    return null;
  }
  if (url.origin !== NO_BASE_ORIGIN) return null; // an absolute URL or a //host reference
  // The parser drops tabs and newlines and turns `\` into `/`: look at what it looked at.
  const seen = value.replace(/[\t\n\r]/g, '').replace(/\\/g, '/').replace(/^[\u0000-\u0020]+/, '');
  if (seen.startsWith('//')) return null;
  const tail = url.search + url.hash;
  if (seen.startsWith('/')) return url.pathname + tail;
  if (seen.startsWith('?') || seen.startsWith('#') || seen === '') return (url.pathname === NO_BASE_DIR + 'doc' ? '' : url.pathname) + tail;
  // The folders of NO_BASE_DIR the result is still in; `../` for each one it left.
  const segments = url.pathname.split('/').slice(1);
  let shared = 0;
  while (shared < NO_BASE_DIRS && shared < segments.length - 1 && segments[shared] === `d${shared}`) shared++;
  return ('../'.repeat(NO_BASE_DIRS - shared) + segments.slice(shared).join('/') || './') + tail;
}

/** The base isBase answered for last, and its answer: the links of a page share their base. */
let lastBase: string | undefined;
let lastIsBase = false;

/** True when relative references can be resolved against `base` (an absolute, hierarchical URL). */
function isBase(base: string | undefined): base is string {
  if (base !== undefined && base === lastBase) return lastIsBase;
  // an absolute URL that a relative reference resolves against (not `c:page.html`, `mailto:...`)
  const ok = isAbsoluteUrl(base) && URL.canParse('x', base);
  lastBase = base;
  lastIsBase = ok;
  return ok;
}

/**
 * Resolves `raw` against `base`; null when it is not a valid URL. Without an absolute base, an
 * absolute `raw` is kept (normalised) and a relative one stays relative ({@link normalizeRelative}).
 */
export function resolveUrl(raw: string, base?: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  if (isBase(base)) {
    try {
      return new URL(value, base).href;
    } catch {
      return null;
    }
  }
  const relative = normalizeRelative(value);
  if (relative !== null) return relative;
  try {
    return new URL(value, 'https://viseg.invalid/').href; // absolute, or //host (taken as https)
  } catch {
    return null;
  }
}

/**
 * A safe URL for `kind`, or null: absolute when the base is (or `raw` is), else a relative
 * reference. Links allow http(s), mailto, tel and ftp; images allow http(s) and raster
 * `data:image/...`. `javascript:`, `vbscript:`, other `data:` and anything unparseable give null.
 */
export function safeUrl(raw: string | undefined, base: string | undefined, kind: 'link' | 'image'): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  if (kind === 'image' && /^data:/i.test(value)) return DATA_IMAGE.test(value) ? value : null;
  const url = resolveUrl(value, base);
  if (url === null) return null;
  if (!isAbsoluteUrl(url)) return url; // a relative reference has no scheme
  const scheme = url.slice(0, url.indexOf(':') + 1).toLowerCase();
  const allowed = kind === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES;
  return allowed.has(scheme) ? url : null;
}

/** First URL of a `srcset` value (`a.jpg 1x, b.jpg 2x`), or undefined. */
export function firstSrcsetUrl(srcset: string | undefined): string | undefined {
  if (srcset === undefined) return undefined;
  const first = srcset.trim().split(/\s*,\s+/)[0];
  const url = first?.trim().split(/\s+/)[0];
  return url !== undefined && url !== '' ? url : undefined;
}
