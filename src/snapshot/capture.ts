import type { Page } from 'playwright-core';
import { inPageSnapshot, type InPageArgs } from './in-page.js';
import type { PageSnapshot } from './types.js';
import { unpackSnapshot, type WireSnapshot } from './wire.js';

export interface CaptureOptions {
  /** Stop recording nodes after this many (default 80,000). */
  maxNodes?: number;
  /** The URL that was asked for; defaults to the page's URL. */
  requestedUrl?: string;
}

/** The snapshot script as source text, evaluated as one expression in the page. */
function scriptFor(args: InPageArgs): string {
  // `__name` guards against bundlers that wrap functions to keep their names.
  return `(() => { const __name = (f) => f; return JSON.stringify((${inPageSnapshot.toString()})(${JSON.stringify(args)})); })()`;
}

/**
 * Take the snapshot: one round trip to the page. Reads the document; never changes it.
 * The result is plain JSON (safe to write to disk and replay).
 */
export async function captureSnapshot(page: Page, options: CaptureOptions = {}): Promise<PageSnapshot & { truncated: boolean }> {
  const args: InPageArgs = { maxNodes: options.maxNodes ?? 80_000, requestedUrl: options.requestedUrl ?? page.url() };
  // Returning one string is far cheaper than letting the protocol serialise a large object graph.
  const json = (await page.evaluate(scriptFor(args))) as string;
  return unpackSnapshot(JSON.parse(json) as WireSnapshot);
}
