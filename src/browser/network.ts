/**
 * Offline network policy.
 *
 * Local inputs are always rendered offline (only the loopback file server is reachable); URL
 * inputs may use the network unless `--offline`. Blocked requests fail at once, so nothing waits
 * for a DNS or TCP timeout, and nothing costs a round trip through Node:
 * - the context's proxy is a tiny loopback server of our own (see block-proxy.ts) that refuses
 *   every request and CONNECT with 403; allowed origins (and loopback, which Chromium never
 *   proxies) bypass it. Sub-resources, fetch/XHR and WebSockets to other hosts fail there.
 * - document requests (top-level and iframe navigations) are watched through the DevTools Fetch
 *   domain, for documents only (`guardNavigations`): a navigation to a blocked origin is failed
 *   with `Aborted`, so Chromium cancels it and keeps the current document (a proxy error would
 *   commit an error page instead); the https twin of an allowed http origin is answered from the
 *   http origin, so saved pages that force https render (see below).
 * Intercepting every request with `context.route` cost ~0.6 s per page of 20-50 blocked
 * sub-resources; the proxy costs nothing measurable.
 * `data:`, `blob:`, `about:` and `chrome-error:` URLs never leave the browser and are allowed.
 */
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { startBlockProxy, type BlockProxy } from './block-proxy.js';

export interface NetworkPolicy {
  offline: boolean;
  /** Origins (`http://127.0.0.1:PORT`) that stay reachable when offline. Any URL is reduced to its origin. */
  allowOrigins: string[];
}

export interface NetworkPolicyHandle {
  /** URLs aborted so far (first 200 kept). */
  readonly blocked: string[];
  /** Number of requests aborted so far. */
  blockedCount(): number;
  /** Count a request blocked outside the proxy (a navigation the Fetch guard cancelled). */
  record(url: string): void;
}

const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome-error:', 'chrome:']);

/** The origin of a URL, or undefined for one without (data:, about:blank) or no URL at all. */
export function originOf(u: string): string | undefined {
  try {
    const url = new URL(u);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** Whether `url` may be requested under `policy`. */
export function isAllowed(url: string, policy: NetworkPolicy): boolean {
  if (!policy.offline) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (LOCAL_SCHEMES.has(parsed.protocol)) return true;
  const allowed = new Set(policy.allowOrigins.map(originOf).filter((o): o is string => !!o));
  return allowed.has(parsed.origin);
}

/**
 * The policy for one input: local files and stdin are always offline (only `serverOrigin`
 * reachable); URLs are online unless `offline`, and then may reach only their own origin and
 * `serverOrigin`.
 */
export function networkPolicyFor(
  input: { kind: 'url' | 'file' | 'stdin'; url?: string },
  opts: { offline: boolean; serverOrigin?: string },
): NetworkPolicy {
  const allow = opts.serverOrigin ? [opts.serverOrigin] : [];
  if (input.kind !== 'url') return { offline: true, allowOrigins: allow };
  const own = input.url ? originOf(input.url) : undefined;
  return { offline: opts.offline, allowOrigins: own ? [...allow, own] : allow };
}

/** Loopback hosts: Chromium never sends them through a proxy, so they stay reachable offline. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/** The proxy settings that make a new context offline, and the proxy behind them. */
export async function offlineProxy(policy: NetworkPolicy): Promise<{ proxy: { server: string; bypass: string }; blocker: BlockProxy } | null> {
  if (!policy.offline) return null;
  const blocker = await startBlockProxy();
  const hosts = new Set(LOOPBACK_HOSTS);
  for (const o of policy.allowOrigins) {
    const origin = originOf(o);
    if (origin) hosts.add(new URL(origin).host);
  }
  return { proxy: { server: blocker.url, bypass: [...hosts].join(',') }, blocker };
}

/** Handle over a context's blocked-request record. */
export function policyHandle(blocker: BlockProxy | null): NetworkPolicyHandle {
  if (!blocker) return { blocked: [], blockedCount: () => 0, record: () => undefined };
  return { blocked: blocker.blocked, blockedCount: () => blocker.blockedCount(), record: (url) => blocker.record(url) };
}

/**
 * Watch a page's document requests (before it navigates): navigations to blocked origins are
 * cancelled (the current document stays), the https twin of an allowed http origin is served
 * from http. No-op when online. Returns a function that detaches.
 */
export async function guardNavigations(page: Page, policy: NetworkPolicy, handle?: NetworkPolicyHandle): Promise<() => Promise<void>> {
  if (!policy.offline) return async () => undefined;
  const ok = (u: string): boolean => isAllowed(u, policy);
  let session: CDPSession;
  try {
    session = await page.context().newCDPSession(page);
  } catch {
    return async () => undefined; // not Chromium, or the page is gone
  }
  session.on('Fetch.requestPaused', (ev: { requestId: string; request: { url: string } }) => {
    void (async () => {
      const url = ev.request.url;
      try {
        if (ok(url)) {
          await session.send('Fetch.continueRequest', { requestId: ev.requestId });
          return;
        }
        const twin = url.startsWith('https:') ? 'http:' + url.slice(6) : null;
        if (twin && ok(twin)) {
          const res = await fetch(twin, { redirect: 'manual' });
          const body = Buffer.from(await res.arrayBuffer());
          const responseHeaders: Array<{ name: string; value: string }> = [];
          res.headers.forEach((value, name) => responseHeaders.push({ name, value }));
          await session.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: res.status, responseHeaders, body: body.toString('base64') });
          return;
        }
        handle?.record(url);
        await session.send('Fetch.failRequest', { requestId: ev.requestId, errorReason: 'Aborted' });
      } catch {
        // the page went away while we answered
      }
    })();
  });
  await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
  return async () => {
    await session.detach().catch(() => undefined);
  };
}
