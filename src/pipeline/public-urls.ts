/**
 * A local file or stdin is rendered from viseg's private loopback file server, so the browser sees
 * it at a URL like `http://127.0.0.1:41549/m/3/page.html`. Such URLs must never reach an output:
 * they mean nothing once the run is over, and they say where the server was. This module turns
 * them into what a reader can use:
 *
 * - with a public base (`--base-url`, else the page's `<link rel=canonical>`, `og:url` or
 *   `<base href>` when it is an absolute http(s) URL), the absolute URL on that site;
 * - without one, a relative reference (`img/a.png`, `#notes`, `/about`), and for the page itself
 *   the input's path as the user named it.
 *
 * {@link servedLocation} is the only function here that knows the file server's URL scheme.
 */
import path from 'node:path';
import { mountPrefixOf, type ResolvedInput } from '../browser/index.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { escapeRegExp } from '../util/text.js';

/** Where a local input sits on the file server. */
export interface ServedLocation {
  /** Every origin of the server (`http://127.0.0.1:PORT`), then their https twins. */
  origins: readonly string[];
  /** Path of the served document, e.g. `/m/3/page.html`. */
  docPath: string;
  /**
   * URL paths below this one belong to the input's own site (its mount, and the folder around it
   * that `../` reaches); other paths on the server were root-relative in the page.
   */
  sitePath: string;
}

/**
 * The one place that knows how server.ts lays out its URLs: `/m/<n>/` per mounted folder and
 * `/d/<n>/` per in-memory document, on any of the server's origins. Null for a URL that is not
 * on the server (a URL input).
 */
export function servedLocation(servedUrl: string, origins: readonly string[]): ServedLocation | null {
  let u: URL;
  try {
    u = new URL(servedUrl);
  } catch {
    return null;
  }
  const mount = mountPrefixOf(u.pathname);
  if (!origins.includes(u.origin) || mount === null) return null;
  // A page that "upgrades" itself (`location.protocol = 'https:'`) ends on the https twin of its
  // origin: that URL is on the server too, and its port must not reach the record either.
  const twins = origins.map((o) => o.replace(/^http:/, 'https:'));
  // `../` from the mount's root lands in /m/ (or /d/): still the page's own site.
  return { origins: [...origins, ...twins], docPath: u.pathname, sitePath: mount.replace(/[^/]+\/$/, '') };
}

function isHttpUrl(s: string | undefined): s is string {
  if (!s) return false;
  try {
    return /^https?:$/.test(new URL(s).protocol);
  } catch {
    return false;
  }
}

function onServer(loc: ServedLocation, s: string): boolean {
  try {
    return loc.origins.includes(new URL(s).origin);
  } catch {
    return false;
  }
}

/**
 * The page's public URL to resolve against: `baseUrl` when given, else the page's canonical URL,
 * `og:url` or `<base href>`, the first that is an absolute http(s) URL off the file server.
 */
export function publicBase(loc: ServedLocation, snapshot: PageSnapshot, baseUrl: string | undefined): string | undefined {
  const md = snapshot.metadata;
  const candidates = [baseUrl, md?.canonical, md?.meta?.['og:url']?.trim(), md?.baseHref];
  return candidates.find((c): c is string => isHttpUrl(c) && !onServer(loc, c));
}

/** `target` (a URL path) relative to the folder of `fromDoc`, keeping a trailing slash. */
function relativePath(fromDoc: string, target: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromDoc), target);
  if (rel === '') return './';
  return target.endsWith('/') && !rel.endsWith('/') ? rel + '/' : rel;
}

export interface PublicUrls {
  /** The public form of a file-server URL, or null when `url` is not on the server. */
  map(url: string): string | null;
  /** `text` with every file-server URL in it replaced by its public form. */
  rewrite(text: string): string;
  /** The public URL of the page (or of the page it ended on), or its path when it has none; null for stdin. */
  pageUrl(servedUrl: string): string | null;
  /** The public base in use, if any. */
  base: string | undefined;
}

/**
 * Public URLs for one local input. `label` is the input as the user named it (null for stdin);
 * `base` the page's public URL, when it has one ({@link publicBase}).
 */
export function publicUrls(loc: ServedLocation, label: string | null, base: string | undefined): PublicUrls {
  const map = (raw: string): string | null => {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return null;
    }
    if (!loc.origins.includes(u.origin)) return null;
    const tail = u.search + u.hash;
    let ref: string;
    if (u.pathname === loc.docPath) {
      if (base) return tail ? new URL(tail, base).href : base;
      ref = tail || path.posix.basename(loc.docPath);
    } else if (u.pathname.startsWith(loc.sitePath)) {
      ref = relativePath(loc.docPath, u.pathname) + tail;
    } else {
      ref = u.pathname + tail; // root-relative in the page
    }
    return base ? new URL(ref, base).href : ref;
  };
  const encodeTimes = (t: string, depth: number): string => (depth === 0 ? t : encodeTimes(encodeURIComponent(t), depth - 1));
  const decodeTimes = (t: string, depth: number): string => (depth === 0 ? t : decodeTimes(decodeURIComponent(t), depth - 1));
  const hostPorts = [...new Set(loc.origins.map((o) => new URL(o).host))];
  const mount = mountPrefixOf(loc.docPath) ?? loc.docPath;
  const id = mount.split('/')[2] ?? mount;
  // A server URL as the page wrote it: with or without its scheme (`//127.0.0.1:PORT/…`), in any
  // case; and percent-encoded once or twice into another URL's query (a share link, a "return to"
  // address, a share link inside a redirect): `http%3A%2F%2F127.0.0.1%3APORT%2Fm%2F…`. Each starts
  // with the server's port or the mount's random id, so no other text matches.
  // (a `//` that follows a host or a scheme is another URL's path, not this server's address)
  const pattern = new RegExp(`(?:https?:|(?<![\\w.~%@:/-]))//(?:${hostPorts.map(escapeRegExp).join('|')})(?!\\d)[^\\s"'<>\`]*`, 'gi');
  // one character class, with no alternation, so that megabytes of it cost no backtracking stack;
  // where the encoding of the depth ends is found by encodedEnd
  const ENCODED_TAIL = "[A-Za-z0-9._~!*'()%-]*";
  const encoded = [1, 2].map((depth) => ({
    depth,
    pattern: new RegExp(`(?:${loc.origins.map((o) => escapeRegExp(encodeTimes(o, depth))).join('|')})(?!\\d)${ENCODED_TAIL}`, 'gi'),
  }));
  // the page's own path (`location.pathname`) and its host (`location.host`) written on their own
  const bare = new RegExp(`${escapeRegExp(mount)}[^\\s"'<>\`?#]*`, 'g');
  const bareEncoded = new RegExp(`${escapeRegExp(encodeURIComponent(mount))}${ENCODED_TAIL}`, 'gi');
  // `127.0.0.1:PORT`, and encoded once or twice (`127.0.0.1%3APORT`, `127.0.0.1%253APORT`)
  const hosts = new RegExp(`(?:${hostPorts.map((h) => h.split(':').map(escapeRegExp).join('(?::|%3A|%253A)')).join('|')})(?!\\d)`, 'gi');
  const hostDepth = (m: string): number => (/%253A/i.test(m) ? 2 : /%3A/i.test(m) ? 1 : 0);
  const publicHost = base ? new URL(base).host : '';
  /** A server path below the mount as the page's public path: the base's, or the path below the mount. */
  const mapPath = (p: string): string => {
    const ref = base ? map(`${loc.origins[0] ?? ''}${p}`) : null;
    return ref ? new URL(ref).pathname : `/${p.slice(mount.length)}`;
  };
  /**
   * A match without the punctuation that ends the sentence around it ("see http://…/a.html, and"),
   * as GitHub's autolinks read it: trailing `.,:;!?`, and a `)` that closes nothing in the URL.
   */
  const trimmed = (m: string, to: (url: string) => string): string => {
    // counted once, so that a match ending in a long run of ")" costs one pass
    let opens = 0;
    let closes = 0;
    for (const c of m) {
      if (c === '(') opens++;
      else if (c === ')') closes++;
    }
    let end = m.length;
    for (;;) {
      const c = m[end - 1];
      if (c !== undefined && '.,:;!?'.includes(c)) end--;
      else if (c === ')' && closes > opens) {
        end--;
        closes--;
      } else break;
    }
    return to(m.slice(0, end)) + m.slice(end);
  };
  /**
   * Where a URL encoded `depth` times ends in `m`: at the first `%` that is not an escape of that
   * depth (`%3A` once, `%253A` twice). A `%26` after a twice-encoded URL is the outer link's `&`.
   */
  const encodedEnd = (m: string, depth: number): number => {
    const escapeLength = 3 + 2 * (depth - 1);
    for (let i = 0; i < m.length; i++) {
      if (m[i] !== '%') continue;
      const esc = m.slice(i, i + escapeLength);
      const ok = esc.length === escapeLength && /^%(?:25)*[0-9A-Fa-f]{2}$/.test(esc) && (depth === 1 || /^%25/i.test(esc));
      if (!ok) return i;
      i += escapeLength - 1;
    }
    return m.length;
  };
  /** `whole` with the URL encoded `depth` times at its start mapped by `to`, encoded as it was. */
  const decoded = (whole: string, depth: number, to: (raw: string) => string | null): string => {
    const end = encodedEnd(whole, depth);
    const url = trimmed(whole.slice(0, end), (u) => {
      let raw: string;
      try {
        raw = decodeTimes(u, depth);
      } catch {
        return u; // bytes that are no UTF-8: the host and id scrubs below still apply
      }
      const ref = to(raw);
      return ref === null ? u : encodeTimes(ref, depth);
    });
    return url + whole.slice(end);
  };
  const host = loc.origins[0] ? new URL(loc.origins[0]).hostname : '';
  const rewrite = (text: string): string => {
    if (!(host && text.includes(host)) && !text.includes(id)) return text;
    let out = text.replace(pattern, (m) => trimmed(m, (u) => map(/^\/\//.test(u) ? `http:${u}` : u) ?? u));
    for (const e of encoded) out = out.replace(e.pattern, (m) => decoded(m, e.depth, map));
    // every replacement is a function: a page's host may hold `$&` or `` $` ``, which a
    // replacement string would read as patterns
    return out
      .replace(bare, (m) => trimmed(m, mapPath))
      .replace(bareEncoded, (m) => decoded(m, 1, mapPath))
      .replace(hosts, (m) => encodeTimes(publicHost, hostDepth(m)))
      // the mount's id in a shape none of the above reads (JSON's `\/m\/<id>\/`, `escapeRegExp()`): it
      // opens the input's folder while the run lasts, so it never reaches a record
      .replaceAll(id, () => 'mount');
  };
  return {
    base,
    map,
    rewrite,
    pageUrl: (servedUrl) => {
      const ref = map(servedUrl);
      if (ref === null || base) return ref;
      if (label === null) return null;
      const own = path.posix.basename(loc.docPath);
      if (ref === own || ref.startsWith('#') || ref.startsWith('?')) return label + (ref === own ? '' : ref);
      return ref.startsWith('/') ? ref : path.posix.join(path.posix.dirname(label), ref);
    },
  };
}

/** Every string in `value`, rewritten (a deep copy; the input is not changed). */
function rewriteDeep<T>(value: T, rewrite: (s: string) => string): T {
  if (typeof value === 'string') return rewrite(value) as T;
  if (Array.isArray(value)) return value.map((v) => rewriteDeep(v, rewrite)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = rewriteDeep(v, rewrite);
    return out as T;
  }
  return value;
}

/**
 * The snapshot as a reader may see it: every file-server URL in it (attributes, links, images,
 * metadata, and text that quotes one) replaced by its public form, `url` and `finalUrl` by the
 * page's public URL (or its path). Geometry and styles are shared with the original, not copied.
 */
export function publicSnapshot(snapshot: PageSnapshot, urls: PublicUrls): PageSnapshot {
  const r = urls.rewrite;
  const nodes = snapshot.nodes.map((n) => {
    if (n.text === undefined && n.attrs === undefined) return n;
    const out = { ...n };
    if (n.text !== undefined) out.text = r(n.text);
    if (n.attrs !== undefined) out.attrs = Object.fromEntries(Object.entries(n.attrs).map(([k, v]) => [k, r(v)]));
    return out;
  });
  return {
    ...snapshot,
    url: urls.pageUrl(snapshot.url) ?? '',
    finalUrl: urls.pageUrl(snapshot.finalUrl) ?? '',
    title: r(snapshot.title),
    nodes,
    links: snapshot.links.map((l) => ({ ...l, href: r(l.href), text: r(l.text) })),
    images: snapshot.images.map((i) => ({ ...i, src: r(i.src), alt: r(i.alt) })),
    metadata: rewriteDeep(snapshot.metadata, r),
  };
}

/** The label a record carries: the argument as given, or dir/file for files found in a directory. */
export function inputLabel(input: ResolvedInput): string {
  if (input.kind === 'file' && input.path) {
    const base = path.basename(input.path);
    if (path.basename(input.input) !== base) return path.join(input.input, base);
  }
  return input.input;
}
