import type { Page } from 'playwright-core';

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

/** Whether `host` is `domain` or beneath it (`.example.com`, `example.com` → `www.example.com`). */
function domainMatches(host: string, domain: string): boolean {
  const d = domain.replace(/^\./, '').toLowerCase();
  const h = host.toLowerCase();
  return h === d || h.endsWith('.' + d);
}

/**
 * The DevTools cookie parameters to set before loading `url`. A cookie without a domain or URL
 * (`--cookie name=value`) is for `url` itself. Each cookie gets the port and scheme it belongs
 * to: the browser keeps cookies per port (launch.ts), and a cookie set without one is sent to no
 * page at all.
 */
export function cookieParams(cookies: readonly Cookie[], url: string): Array<Record<string, unknown>> {
  const page = new URL(url);
  const pagePort = Number(page.port) || (page.protocol === 'https:' ? 443 : 80);
  return cookies.map((c) => {
    const p: Record<string, unknown> = {
      name: c.name,
      value: c.value,
      ...(c.expires !== undefined ? { expires: c.expires } : {}),
      ...(c.httpOnly !== undefined ? { httpOnly: c.httpOnly } : {}),
      ...(c.secure !== undefined ? { secure: c.secure } : {}),
      ...(c.sameSite ? { sameSite: c.sameSite } : {}),
    };
    const target = c.url ? new URL(c.url) : null;
    if (target) p.url = c.url;
    else if (!c.domain) p.url = url;
    else {
      p.domain = c.domain;
      p.path = c.path ?? '/';
    }
    // The port and scheme the cookie belongs to: its URL's, the page's when it is for the page's
    // host, else the default port of its scheme.
    const forPage = !target && (!c.domain || domainMatches(page.hostname, c.domain));
    const from = target ?? (forPage ? page : null);
    const secure = from ? from.protocol === 'https:' : c.secure === true;
    p.sourceScheme = secure ? 'Secure' : 'NonSecure';
    p.sourcePort = from ? Number(from.port) || (secure ? 443 : 80) : secure ? 443 : 80;
    if (forPage && !c.url) p.sourcePort = pagePort;
    return p;
  });
}

/** Set `cookies` in the page's context before it loads `url` (see {@link cookieParams}). */
export async function setCookies(page: Page, cookies: readonly Cookie[], url: string): Promise<void> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('Network.setCookies', { cookies: cookieParams(cookies, url) as never });
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/** `name=value` (`--cookie`) as a cookie for the page's own address. */
export function parseCookieArg(arg: string): Cookie {
  const i = arg.indexOf('=');
  if (i <= 0) throw new CookiesFileError(`--cookie takes name=value, got ${JSON.stringify(arg)}`);
  return { name: arg.slice(0, i).trim(), value: arg.slice(i + 1).trim() };
}
