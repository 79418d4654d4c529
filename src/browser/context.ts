/**
 * Browser contexts with deterministic rendering settings: fixed viewport, light scheme, en-US,
 * UTC, reduced motion, no service workers, CSS animations/transitions/caret disabled, and the
 * network policy applied before any page exists.
 *
 * A context holds one page, the one its user opens first. Every other window a page opens
 * (`window.open`, `target=_blank` links and forms, popups of popups) is closed as it appears: a
 * snapshot has no use for it, and it would otherwise run on, unwatched, beside later pages.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEFAULT_VIEWPORT, type Viewport } from '../options.js';
import { closeQuietly } from '../util/async.js';
import { offlineProxy, policyHandle, type NetworkPolicy, type NetworkPolicyHandle } from './network.js';
import { clockScript, FREEZE_SCRIPT, LOAD_INIT_SCRIPTS, NAME_RESET_SCRIPT, NO_SERVICE_WORKER_SCRIPT, NO_WEBRTC_SCRIPT } from './pagescripts.js';
import { DOC_TEXT_SCRIPT } from './recover.js';
import { clockWorkers } from './worker-clock.js';

export type { Viewport };

/** Where an online context's requests go (`--proxy`). Offline contexts always use the refusing proxy. */
export interface ProxySettings {
  /** `http://host:port`, `socks5://host:port`. */
  server: string;
  username?: string;
  password?: string;
  /** Hosts that go direct, comma-separated. */
  bypass?: string;
}

export interface ContextOptions {
  /** Default 1366x768. */
  viewport?: Viewport;
  /** Default 1. */
  deviceScaleFactor?: number;
  /** Block every request whose origin is not in `allowOrigins`. Default false. */
  offline?: boolean;
  /** Origins reachable when offline (the loopback file server's origins, or the page's own). */
  allowOrigins?: string[];
  /** Origins no document may come from (the file server's, for URL inputs). */
  denyOrigins?: string[];
  /** Requests to skip (`--block` patterns). */
  block?: string[];
  userAgent?: string;
  /** Sent with every request. */
  headers?: Record<string, string>;
  /** Online contexts only. */
  proxy?: ProxySettings;
  /** Run the pages' scripts. Default true. */
  javaScript?: boolean;
  /**
   * Every document's and dedicated worker's clock starts at this time (ms since 1970, UTC) and runs
   * on (`--clock`). Default: the real time.
   */
  clock?: number;
}

/**
 * The locale an `Accept-Language` header asks for (its first language tag), or undefined. The
 * context's locale sets the header that Chromium sends, over any extra header of the same name,
 * so `--header 'Accept-Language: fr'` is honoured through it (and `navigator.language` agrees).
 */
export function localeOf(headers: Record<string, string> | undefined): string | undefined {
  const value = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === 'accept-language')?.[1];
  const tag = value?.split(',')[0]?.split(';')[0]?.trim();
  if (!tag || tag === '*') return undefined;
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

/** Map from context to its network policy handle (blocked-request stats). */
const policyHandles = new WeakMap<BrowserContext, NetworkPolicyHandle>();
const policies = new WeakMap<BrowserContext, NetworkPolicy>();
const popupCounts = new WeakMap<BrowserContext, { closed: number }>();

/** The offline-policy statistics of a context made by {@link newContext}. */
export function networkPolicyOf(context: BrowserContext): NetworkPolicyHandle | undefined {
  return policyHandles.get(context);
}

/** The network policy a context made by {@link newContext} was given. */
export function contextPolicy(context: BrowserContext): NetworkPolicy | undefined {
  return policies.get(context);
}

/** How many windows pages of a context made by {@link newContext} opened (all closed at once). */
export function popupsClosedIn(context: BrowserContext): number {
  return popupCounts.get(context)?.closed ?? 0;
}

/** Close every page of `context` but its first. */
function closePopups(context: BrowserContext): void {
  const count = { closed: 0 };
  popupCounts.set(context, count);
  let first: Page | null = null;
  context.on('page', (p) => {
    if (!first) {
      first = p;
      return;
    }
    count.closed++;
    void closeQuietly(p, 5000);
  });
}

/**
 * Create a context. Installs (in this order) the DOM-mutation recorder used by `loadPage`'s
 * settle detection, the animation-freezing style (added on DOMContentLoaded, ignored by the
 * recorder), the service-worker refusal, the `window.name` reset, the document-text count
 * (recover.ts), no WebRTC when offline, the page clock when `clock` is set (its workers' clock:
 * worker-clock.ts, ready once `workerClockReady` resolves), and the network policy.
 */
export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const policy: NetworkPolicy = {
    offline: opts.offline ?? false,
    allowOrigins: opts.allowOrigins ?? [],
    ...(opts.denyOrigins?.length ? { denyOrigins: opts.denyOrigins } : {}),
    ...(opts.block?.length ? { block: opts.block } : {}),
  };
  const offline = await offlineProxy(policy);
  const proxy = offline?.proxy ?? opts.proxy;
  let context: BrowserContext;
  try {
    context = await browser.newContext({
      viewport: opts.viewport ?? DEFAULT_VIEWPORT,
      deviceScaleFactor: opts.deviceScaleFactor ?? 1,
      reducedMotion: 'reduce',
      javaScriptEnabled: opts.javaScript ?? true,
      locale: localeOf(opts.headers) ?? 'en-US',
      timezoneId: 'UTC',
      colorScheme: 'light',
      serviceWorkers: 'block',
      acceptDownloads: false,
      ...(proxy ? { proxy } : {}),
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
      ...(opts.headers && Object.keys(opts.headers).length ? { extraHTTPHeaders: opts.headers } : {}),
    });
  } catch (e) {
    await offline?.blocker.close();
    throw e;
  }
  if (offline) context.on('close', () => void offline.blocker.close());
  closePopups(context);
  try {
    const scripts = [...LOAD_INIT_SCRIPTS, FREEZE_SCRIPT, NO_SERVICE_WORKER_SCRIPT, NAME_RESET_SCRIPT, DOC_TEXT_SCRIPT];
    if (policy.offline) scripts.push(NO_WEBRTC_SCRIPT);
    // one script for the documents and for their workers
    const clock = opts.clock === undefined ? null : clockScript(opts.clock);
    if (clock !== null) scripts.push(clock);
    await context.addInitScript(scripts.join('\n'));
    if (clock !== null) clockWorkers(context, browser, clock);
    policyHandles.set(context, policyHandle(offline?.blocker ?? null));
    policies.set(context, policy);
  } catch (e) {
    await context.close().catch(() => undefined);
    throw e;
  }
  return context;
}
