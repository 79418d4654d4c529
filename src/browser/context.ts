/**
 * Browser contexts with deterministic rendering settings: fixed viewport, light scheme, en-US,
 * UTC, reduced motion, no service workers, CSS animations/transitions/caret disabled, and the
 * offline network policy applied before any page exists.
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { offlineProxy, policyHandle, type NetworkPolicy, type NetworkPolicyHandle } from './network.js';
import { FREEZE_SCRIPT, LOAD_INIT_SCRIPTS } from './pagescripts.js';

export interface Viewport {
  width: number;
  height: number;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 1366, height: 768 };

export interface ContextOptions {
  /** Default 1366x768. */
  viewport?: Viewport;
  /** Default 1. */
  deviceScaleFactor?: number;
  /** Block every request whose origin is not in `allowOrigins`. Default false. */
  offline?: boolean;
  /** Origins reachable when offline (the loopback file server's origin, maybe the page's own). */
  allowOrigins?: string[];
  userAgent?: string;
}

/** Map from context to its network policy handle (blocked-request stats). */
const policyHandles = new WeakMap<BrowserContext, NetworkPolicyHandle>();
const policies = new WeakMap<BrowserContext, NetworkPolicy>();

/** The offline-policy statistics of a context made by {@link newContext}. */
export function networkPolicyOf(context: BrowserContext): NetworkPolicyHandle | undefined {
  return policyHandles.get(context);
}

/**
 * Create a context. Installs (in this order) the DOM-mutation recorder used by `loadPage`'s
 * settle detection, the animation-freezing style (added on DOMContentLoaded, ignored by the
 * recorder), and the network policy.
 */
export async function newContext(browser: Browser, opts: ContextOptions = {}): Promise<BrowserContext> {
  const policy: NetworkPolicy = { offline: opts.offline ?? false, allowOrigins: opts.allowOrigins ?? [] };
  const offline = await offlineProxy(policy);
  let context: BrowserContext;
  try {
    context = await browser.newContext({
      viewport: opts.viewport ?? DEFAULT_VIEWPORT,
      deviceScaleFactor: opts.deviceScaleFactor ?? 1,
      reducedMotion: 'reduce',
      javaScriptEnabled: true,
      locale: 'en-US',
      timezoneId: 'UTC',
      colorScheme: 'light',
      serviceWorkers: 'block',
      acceptDownloads: false,
      ...(offline ? { proxy: offline.proxy } : {}),
      ...(opts.userAgent ? { userAgent: opts.userAgent } : {}),
    });
  } catch (e) {
    await offline?.blocker.close();
    throw e;
  }
  if (offline) context.on('close', () => void offline.blocker.close());
  try {
    for (const script of LOAD_INIT_SCRIPTS) await context.addInitScript(script);
    await context.addInitScript(FREEZE_SCRIPT);
    policyHandles.set(context, policyHandle(offline?.blocker ?? null));
    policies.set(context, policy);
  } catch (e) {
    await context.close().catch(() => undefined);
    throw e;
  }
  return context;
}

/** The network policy a context made by {@link newContext} was given. */
export function contextPolicy(context: BrowserContext): NetworkPolicy | undefined {
  return policies.get(context);
}
