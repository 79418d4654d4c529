/**
 * Cookies for URL inputs: reading a cookies file (Netscape `cookies.txt`, as curl and browser
 * extensions write it, or JSON: an array of cookies or Playwright's storage state), and the
 * cookies to set before a given page.
 */

export interface Cookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  url?: string;
  /** Unix time in seconds. */
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

/** A cookies file that cannot be read as cookies. */
export class CookiesFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CookiesFileError';
  }
}

const SAME_SITE: Record<string, Cookie['sameSite']> = {
  strict: 'Strict',
  lax: 'Lax',
  none: 'None',
  no_restriction: 'None',
};

function fromJson(c: unknown, i: number): Cookie {
  if (typeof c !== 'object' || c === null) throw new CookiesFileError(`cookie ${i + 1} is not an object`);
  const o = c as Record<string, unknown>;
  if (typeof o.name !== 'string' || !o.name) throw new CookiesFileError(`cookie ${i + 1} has no name`);
  if (typeof o.value !== 'string') throw new CookiesFileError(`cookie ${i + 1} (${o.name}) has no string value`);
  const expires = typeof o.expires === 'number' ? o.expires : typeof o.expirationDate === 'number' ? o.expirationDate : undefined;
  const sameSite = typeof o.sameSite === 'string' ? SAME_SITE[o.sameSite.toLowerCase()] : undefined;
  return {
    name: o.name,
    value: o.value,
    ...(typeof o.domain === 'string' && o.domain ? { domain: o.domain, path: typeof o.path === 'string' && o.path ? o.path : '/' } : {}),
    ...(typeof o.url === 'string' && !o.domain ? { url: o.url } : {}),
    ...(expires !== undefined && expires > 0 ? { expires: Math.floor(expires) } : {}),
    ...(typeof o.httpOnly === 'boolean' ? { httpOnly: o.httpOnly } : {}),
    ...(typeof o.secure === 'boolean' ? { secure: o.secure } : {}),
    ...(sameSite ? { sameSite } : {}),
  };
}

/** Netscape `cookies.txt`: domain, subdomains flag, path, secure, expires, name, value (tab-separated). */
function fromNetscape(text: string): Cookie[] {
  const out: Cookie[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    let l = line;
    let httpOnly = false;
    if (l.startsWith('#HttpOnly_')) {
      httpOnly = true;
      l = l.slice('#HttpOnly_'.length);
    } else if (!l.trim() || l.startsWith('#')) return;
    const f = l.split('\t');
    if (f.length < 7) throw new CookiesFileError(`line ${i + 1}: a Netscape cookie line has 7 tab-separated fields`);
    const [domain, , path, secure, expires, name, ...value] = f;
    const exp = Number(expires);
    out.push({
      name: name!,
      value: value.join('\t'),
      domain: domain!,
      path: path || '/',
      ...(Number.isFinite(exp) && exp > 0 ? { expires: exp } : {}),
      ...(httpOnly ? { httpOnly } : {}),
      secure: secure!.toUpperCase() === 'TRUE',
    });
  });
  return out;
}

/** Parse a cookies file's text: JSON (an array, or `{ cookies: [...] }`) or Netscape format. */
export function parseCookiesFile(text: string): Cookie[] {
  const t = text.replace(/^\uFEFF/, '').trim();
  if (t.startsWith('[') || t.startsWith('{')) {
    let data: unknown;
    try {
      data = JSON.parse(t);
    } catch (e) {
      throw new CookiesFileError(`not valid JSON: ${(e as Error).message}`);
    }
    const list = Array.isArray(data) ? data : (data as { cookies?: unknown }).cookies;
    if (!Array.isArray(list)) throw new CookiesFileError('JSON cookies are an array, or an object with a "cookies" array');
    return list.map(fromJson);
  }
  return fromNetscape(t);
}

/**
 * The cookies to set before loading `url`: those with a domain or URL as they are, and those
 * without (`--cookie name=value`) for `url` itself.
 */
export function cookiesFor(cookies: readonly Cookie[], url: string): Cookie[] {
  return cookies.map((c) => (c.domain || c.url ? c : { ...c, url }));
}

/** `name=value` (`--cookie`) as a cookie for the page's own address. */
export function parseCookieArg(arg: string): Cookie {
  const i = arg.indexOf('=');
  if (i <= 0) throw new CookiesFileError(`--cookie takes name=value, got ${JSON.stringify(arg)}`);
  return { name: arg.slice(0, i).trim(), value: arg.slice(i + 1).trim() };
}
