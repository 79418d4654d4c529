/**
 * Offline network policy.
 *
 * Local inputs are always rendered offline (only the loopback file server is reachable); URL
 * inputs may use the network unless `--offline`. Blocked requests fail at once, so nothing waits
 * for a DNS or TCP timeout, and nothing costs a round trip through Node:
 * - the context's proxy is a tiny loopback server of our own (see block-proxy.ts) that refuses
 *   every request and CONNECT with 403; only the allowed origins bypass it, loopback included
 *   (another service on the machine is as unreachable as a remote host). Sub-resources,
 *   fetch/XHR, WebSockets and forms to other hosts fail there.
 * - document requests (top-level and iframe navigations) are watched through the DevTools Fetch
 *   domain, for documents only (`guardNavigations`): a navigation to a blocked origin is failed
 *   with `Aborted`, so Chromium cancels it and keeps the current document (a proxy error would
 *   commit an error page instead); the https twin of an allowed http origin is answered from the
 *   http origin, so saved pages that force https render (see below).
 * Intercepting every request with `context.route` cost ~0.6 s per page of 20-50 blocked
 * sub-resources; the proxy costs nothing measurable.
 * `data:`, `blob:`, `about:` and `chrome-error:` URLs never leave the browser and are allowed.
 */
import type { CDPSession, Page } from 'playwright-core';
import { startBlockProxy, type BlockProxy } from './block-proxy.js';
import { at } from '../util/at.js';
import { escapeRegExp } from '../util/text.js';

export interface NetworkPolicy {
  offline: boolean;
  /** Origins (`http://127.0.0.1:PORT`) that stay reachable when offline. Any URL is reduced to its origin. */
  allowOrigins: string[];
  /**
   * Origins no document may be loaded from, online or not: the file server's, for URL inputs (a
   * remote page must not reach local files). Their https twins too.
   */
  denyOrigins?: string[];
  /** Requests to skip (`--block`): URL patterns with `*` wildcards, or hosts; see {@link blockPatterns}. */
  block?: string[];
}

export interface NetworkPolicyHandle {
  /** URLs aborted so far (first 200 kept). */
  readonly blocked: string[];
  /** Number of requests aborted so far. */
  blockedCount(): number;
  /** Count a request blocked outside the proxy (a navigation the Fetch guard cancelled). */
  record(url: string): void;
}

const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome-error:']);

/** The origin of a URL, or undefined for one without (data:, about:blank) or no URL at all. */
export function originOf(u: string): string | undefined {
  try {
    const url = new URL(u);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/** URLs that never leave the browser (data:, blob:, about:, chrome-error:). */
function isBrowserLocal(url: string): boolean {
  const i = url.indexOf(':');
  return i > 0 && LOCAL_SCHEMES.has(url.slice(0, i + 1).toLowerCase());
}

/** Whether `url` may be requested under `policy`. */
export function isAllowed(url: string, policy: NetworkPolicy): boolean {
  return isNavigationAllowed(url, policy, null);
}

/**
 * Whether a document (a page or a frame) may be loaded from `url` under `policy`. `scope`: the
 * mount prefix (`/m/<id>/`) the tab's page is served from, when it is a local page; its
 * documents must stay inside it, on whichever port of the file server.
 */
export function isNavigationAllowed(url: string, policy: NetworkPolicy, scope: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (LOCAL_SCHEMES.has(parsed.protocol)) return true;
  const httpOrigin = parsed.protocol === 'https:' ? `http://${parsed.host}` : parsed.origin;
  if (policy.denyOrigins?.some((o) => o === parsed.origin || o === httpOrigin)) return false;
  if (!policy.offline) return true;
  const allowed = new Set(policy.allowOrigins.map(originOf).filter((o): o is string => !!o));
  if (!allowed.has(parsed.origin)) return false;
  return scope === null || parsed.pathname.startsWith(scope);
}

/**
 * The policy for one input: local files and stdin are always offline, with only the file server
 * reachable; URLs are online unless `offline`, and then may reach only their own origin. A URL
 * input never loads a document from the file server.
 */
export function networkPolicyFor(
  input: { kind: 'url' | 'file' | 'stdin'; url?: string },
  opts: { offline: boolean; serverOrigins: readonly string[]; block?: readonly string[] },
): NetworkPolicy {
  if (input.kind !== 'url') return { offline: true, allowOrigins: [...opts.serverOrigins] };
  const own = input.url ? originOf(input.url) : undefined;
  return {
    offline: opts.offline,
    allowOrigins: opts.offline && own ? [own] : [],
    denyOrigins: [...opts.serverOrigins],
    ...(opts.block?.length ? { block: [...opts.block] } : {}),
  };
}

/**
 * The DevTools URL patterns (`*` any run of characters, `?` one) of a `--block` pattern: a URL
 * pattern as it is (`*://ads.example.com/*`, `https://x.example/track?*`), a host on any scheme
 * and port (`ads.example.com`, `*.doubleclick.net`).
 */
export function blockPatterns(pattern: string): string[] {
  if (pattern.includes('/')) return [pattern];
  return [`*://${pattern}/*`, `*://${pattern}:*`];
}

function wildcardRegExp(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = at(pattern, i);
    if (c === '\\' && i + 1 < pattern.length) re += escapeRegExp(at(pattern, ++i));
    else if (c === '*') re += '.*';
    else if (c === '?') re += '.';
    else re += escapeRegExp(c);
  }
  return new RegExp(`^${re}$`);
}

/** Whether `url` matches one of the `--block` patterns. */
export function isBlocked(url: string, block: readonly string[]): boolean {
  return block.some((p) => blockPatterns(p).some((q) => wildcardRegExp(q).test(url)));
}

/**
 * The proxy settings that make a new context offline, and the proxy behind them. Only the allowed
 * origins bypass it, each by host and port: loopback is not exempt (Playwright adds Chromium's
 * `<-loopback>` rule when no loopback host is bypassed whole), so a page cannot reach another
 * service on the machine (`localhost:6379`, `[::1]`, `0.0.0.0`, `*.localhost`) either.
 */
export async function offlineProxy(policy: NetworkPolicy): Promise<{ proxy: { server: string; bypass: string }; blocker: BlockProxy } | null> {
  if (!policy.offline) return null;
  const blocker = await startBlockProxy();
  const hosts = new Set<string>();
  for (const o of policy.allowOrigins) {
    const origin = originOf(o);
    if (!origin) continue;
    const u = new URL(origin);
    hosts.add(`${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`);
  }
  return { proxy: { server: blocker.url, bypass: [...hosts].join(',') }, blocker };
}

/** Handle over a context's blocked-request record. */
export function policyHandle(blocker: BlockProxy | null): NetworkPolicyHandle {
  if (!blocker) return { blocked: [], blockedCount: () => 0, record: () => undefined };
  return { blocked: blocker.blocked, blockedCount: () => blocker.blockedCount(), record: (url) => blocker.record(url) };
}

/** A page's navigation guard: where its documents may come from is updated page by page. */
export interface NavigationGuard {
  /** The mount (`/m/<id>/`) the page being loaded is served from, or null: see {@link isNavigationAllowed}. */
  scope: string | null;
  /** Refuse every document request (but about:, data:, blob:): the page is being read. */
  held: boolean;
  detach(): Promise<void>;
}

/** Whether a context under `policy` needs its navigations watched. */
export function needsGuard(policy: NetworkPolicy): boolean {
  return policy.offline || (policy.denyOrigins?.length ?? 0) > 0 || (policy.block?.length ?? 0) > 0;
}

/**
 * Watch a page's document requests (before it navigates): navigations and frames the policy
 * refuses are cancelled (the current document stays), the https twin of an allowed http origin is
 * served from http; requests matching the policy's `block` patterns fail (BlockedByClient). Returns the guard, whose `scope` the loader sets for each page. Any page may
 * be guarded: with a policy that refuses nothing, it only serves {@link NavigationGuard.held}.
 */
export async function guardNavigations(page: Page, policy: NetworkPolicy, handle?: NetworkPolicyHandle): Promise<NavigationGuard> {
  const guard: NavigationGuard = { scope: null, held: false, detach: async () => undefined };
  const ok = (u: string): boolean => (!guard.held || isBrowserLocal(u)) && isNavigationAllowed(u, policy, guard.scope);
  let session: CDPSession;
  try {
    session = await page.context().newCDPSession(page);
  } catch {
    return guard; // not Chromium, or the page is gone
  }
  const block = policy.block ?? [];
  session.on('Fetch.requestPaused', (ev: { requestId: string; request: { url: string }; resourceType: string }) => {
    void (async () => {
      const url = ev.request.url;
      try {
        if (block.length && isBlocked(url, block)) {
          handle?.record(url);
          await session.send('Fetch.failRequest', { requestId: ev.requestId, errorReason: 'BlockedByClient' });
          return;
        }
        if (ev.resourceType !== 'Document' || ok(url)) {
          await session.send('Fetch.continueRequest', { requestId: ev.requestId });
          return;
        }
        const twin = url.startsWith('https:') ? 'http:' + url.slice(6) : null;
        if (twin && policy.offline && !guard.held && ok(twin)) {
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
  // Documents always; other requests only when they match a --block pattern, so that the rest
  // never pause.
  const patterns = [
    { urlPattern: '*', resourceType: 'Document' as const, requestStage: 'Request' as const },
    ...block.flatMap(blockPatterns).map((urlPattern) => ({ urlPattern, requestStage: 'Request' as const })),
  ];
  await session.send('Fetch.enable', { patterns });
  guard.detach = async () => {
    await session.detach().catch(() => undefined);
  };
  return guard;
}
