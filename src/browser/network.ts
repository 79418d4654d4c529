/**
 * Offline network policy.
 *
 * Local inputs are always rendered offline (only the loopback file server is reachable); URL
 * inputs may use the network unless `--offline`. Blocked requests are aborted at once, so nothing
 * waits for a DNS or TCP timeout:
 * - sub-resources (img, script, fetch, XHR...) → `route.abort('blockedbyclient')`;
 * - navigations (top-level or iframe, e.g. `location.href = 'https://elsewhere/'`) →
 *   `route.abort('aborted')`: Chromium then simply cancels the navigation and keeps the current
 *   document, whereas `blockedbyclient` would commit a "This page has been blocked" error page;
 * - WebSockets to other origins are closed immediately.
 * `data:`, `blob:`, `about:` and `chrome-error:` URLs never leave the browser and are allowed.
 */
import type { BrowserContext, Route } from 'playwright-core';

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
}

const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome-error:', 'chrome:']);
const MAX_RECORDED = 200;

function originOf(u: string): string | undefined {
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

/**
 * Install `policy` on a context (before any page navigates). A no-op when online.
 * Uses `context.route('**\/*')` and `context.routeWebSocket`; later page-level routes still run first.
 */
export async function applyNetworkPolicy(context: BrowserContext, policy: NetworkPolicy): Promise<NetworkPolicyHandle> {
  const blocked: string[] = [];
  let count = 0;
  const handle: NetworkPolicyHandle = { blocked, blockedCount: () => count };
  if (!policy.offline) return handle;

  const allowed = new Set(policy.allowOrigins.map(originOf).filter((o): o is string => !!o));
  const ok = (u: string): boolean => {
    try {
      const parsed = new URL(u);
      return LOCAL_SCHEMES.has(parsed.protocol) || allowed.has(parsed.origin);
    } catch {
      return false;
    }
  };
  const record = (u: string) => {
    count++;
    if (blocked.length < MAX_RECORDED) blocked.push(u);
  };

  await context.route('**/*', async (route: Route) => {
    const req = route.request();
    const url = req.url();
    try {
      if (ok(url)) {
        await route.fallback();
        return;
      }
      // Saved pages often carry "if (location.protocol != 'https:') location = https..." scripts.
      // The https twin of an allowed http origin (the loopback file server) is answered from
      // the http origin, so such a page reloads itself once and then renders as on the web.
      if (url.startsWith('https:') && ok('http:' + url.slice(6))) {
        const response = await route.fetch({ url: 'http:' + url.slice(6), maxRedirects: 0 });
        await route.fulfill({ response });
        return;
      }
      record(url);
      await route.abort(req.isNavigationRequest() ? 'aborted' : 'blockedbyclient');
    } catch {
      // The page/context went away while routing: nothing to do.
    }
  });
  await context.routeWebSocket(
    (url: URL) => !ok(url.href),
    async (ws) => {
      record(ws.url());
      try {
        await ws.close({ code: 1008, reason: 'blocked by viseg offline policy' });
      } catch {
        // ignore
      }
    },
  );
  return handle;
}
