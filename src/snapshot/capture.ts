import type { Page } from 'playwright-core';
import { DOC_TEXT_EXPR } from '../browser/recover.js';
import { inPageSnapshot, type InPageArgs } from './in-page.js';
import type { PageSnapshot } from './types.js';
import { unpackSnapshot, type WireSnapshot } from './wire.js';

export interface CaptureOptions {
  /** Stop recording nodes after this many (default 80,000). */
  maxNodes?: number;
  /** The URL that was asked for; defaults to the page's URL. */
  requestedUrl?: string;
}

/** Where {@link SNAPSHOT_INIT_SCRIPT} leaves the snapshot function in each document. */
const SNAPSHOT_FN_KEY = '__viseg_snapshot_7f3a9c';

/**
 * The wire snapshot as JSON text, made in the page. `JSON.stringify` calls a `toJSON` method that
 * a page may have put on the built-in prototypes: Prototype.js up to 1.6 (which Lightbox 2 and
 * many saved pages of its time load) sets `Array.prototype.toJSON` to return a string, so every
 * row array of the snapshot came back as a string and unpacking failed with "Cannot read
 * properties of undefined (reading '0')". Those methods are set aside while the snapshot is
 * serialised and put back right after (the page runs no script in between), and `JSON.stringify`
 * itself is the one the document started with when the init script installed this.
 */
const SERIALISE_SOURCE = `(() => {
    const stringify = JSON.stringify;
    const getOwn = Object.getOwnPropertyDescriptor;
    const define = Object.defineProperty;
    const protos = [Object.prototype, Array.prototype, String.prototype, Number.prototype, Boolean.prototype];
    return (wire) => {
      const saved = [];
      for (const p of protos) {
        const d = getOwn(p, 'toJSON');
        if (d && d.configurable) { saved.push([p, d]); delete p.toJSON; }
      }
      try { return stringify(wire); } finally { for (const [p, d] of saved) define(p, 'toJSON', d); }
    };
  })()`;

// `__name` guards against bundlers that wrap functions to keep their names.
const FN_SOURCE = `(() => { const __name = (f) => f; const snap = (${inPageSnapshot.toString()}); const toJson = ${SERIALISE_SOURCE}; return (args) => toJson(snap(args)); })()`;

/**
 * An init script (`context.addInitScript`) that defines the snapshot function in every document,
 * so that {@link captureSnapshot} calls it instead of evaluating its source. The source is the same
 * for every document, so the renderer compiles it once and every later document of the tab reuses
 * the compiled code, which makes the in-page walk cheaper than evaluating the source each time.
 * The property is read-only and not enumerable.
 */
export const SNAPSHOT_INIT_SCRIPT = `if (!Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(SNAPSHOT_FN_KEY)})) Object.defineProperty(window, ${JSON.stringify(SNAPSHOT_FN_KEY)}, { value: ${FN_SOURCE} });`;

/**
 * The snapshot expression: the installed function when the document has it, else the source (a
 * page whose context did not install {@link SNAPSHOT_INIT_SCRIPT}).
 */
function scriptFor(args: InPageArgs): string {
  const key = JSON.stringify(SNAPSHOT_FN_KEY);
  return `(() => { const f = typeof window[${key}] === 'function' ? window[${key}] : ${FN_SOURCE}; return f(${JSON.stringify(args)}); })()`;
}

/** A snapshot, and whether it stopped at `maxNodes` (the rest of the document is not in it). */
export interface CapturedSnapshot {
  snapshot: PageSnapshot;
  truncated: boolean;
}

export interface Capture extends CapturedSnapshot {
  /**
   * Characters of text the document held at DOMContentLoaded (browser/recover.ts), or -1 when
   * the page's context did not count them.
   */
  documentChars: number;
}

/**
 * Take the snapshot: one round trip to the page. Reads the document; never changes it.
 * The snapshot is plain JSON (safe to write to disk and replay).
 */
export async function captureSnapshot(page: Page, options: CaptureOptions = {}): Promise<CapturedSnapshot> {
  const { snapshot, truncated } = await capturePage(page, options);
  return { snapshot, truncated };
}

/** {@link captureSnapshot}, with the document's text size at DOMContentLoaded (pipeline/recover.ts). */
export async function capturePage(page: Page, options: CaptureOptions = {}): Promise<Capture> {
  const args: InPageArgs = { maxNodes: options.maxNodes ?? 80_000, requestedUrl: options.requestedUrl ?? page.url() };
  // Returning one string is far cheaper than letting the protocol serialise a large object graph.
  // The document's text size rides after it, on a line of its own (JSON text has no raw newline).
  const out = (await page.evaluate(`${scriptFor(args)} + '\\n' + ${DOC_TEXT_EXPR}`)) as string;
  const cut = out.lastIndexOf('\n');
  const { truncated, ...snapshot } = unpackSnapshot(JSON.parse(out.slice(0, cut)) as WireSnapshot);
  return { snapshot, truncated, documentChars: Number(out.slice(cut + 1)) };
}
