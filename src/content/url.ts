/** URL resolution and the scheme whitelist for links and images in extracted content. */

/** Schemes a link (`a[href]`) may use. */
const LINK_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:', 'tel:', 'ftp:']);

/** Schemes an image (`img[src]`) may use; `data:` is checked separately. */
const IMAGE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Raster image data URLs (SVG is left out: it can carry script when opened on its own). */
const DATA_IMAGE = /^data:image\/(?:png|jpe?g|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)[;,]/i;

/** Resolves `raw` against `base` (either may be empty); null when it is not a valid URL. */
export function resolveUrl(raw: string, base?: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  try {
    return new URL(value, base !== undefined && base !== '' ? base : undefined).href;
  } catch {
    return null;
  }
}

/**
 * An absolute, safe URL for `kind`, or null. Links allow http(s), mailto, tel and ftp; images allow
 * http(s) and raster `data:image/...`. `javascript:`, `vbscript:`, other `data:` and anything
 * unparseable give null.
 */
export function safeUrl(raw: string | undefined, base: string | undefined, kind: 'link' | 'image'): string | null {
  if (raw === undefined) return null;
  const value = raw.trim();
  if (kind === 'image' && /^data:/i.test(value)) return DATA_IMAGE.test(value) ? value : null;
  const url = resolveUrl(value, base);
  if (url === null) return null;
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
