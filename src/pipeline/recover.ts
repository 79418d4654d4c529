/**
 * Pages whose scripts hide or destroy their content offline (a saved page shows an error screen,
 * or stays hidden behind an "anti-flicker" style that a script never lifts). When the settled page
 * shows far less text than its document held (the text of its source for a local file or stdin,
 * else the text at DOMContentLoaded), the content is recovered, in order:
 * 1. lifting a whole-page hide in place (browser/recover.ts), when an element that holds most of
 *    the text hides it;
 * 2. a second render of the same input with JavaScript off, in a fresh tab: the document as it
 *    was written, before any script could change it, with its `<noscript>` content shown (an app
 *    whose scripts never load offline, such as a Discourse forum, puts its server-rendered posts
 *    there).
 * The recovered render is used only when it shows clearly more text; the record says so in its
 * warnings (CONTENT_RECOVERED) and its `recovery` field. A page whose content appears only through
 * JavaScript holds little text at DOMContentLoaded and is never touched.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { closeQuietly, liftPageHide, loadPage, race, warning, within, type Warning } from '../browser/index.js';
import type { Recovery } from '../record/schema.js';
import type { Capture } from '../snapshot/capture.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { at } from '../util/at.js';

export type { Recovery };

/** A document with less text than this is never "far less" than anything: nothing to recover. */
const MIN_DOCUMENT_CHARS = 1500;
/** The page shows less than this share of its document's text... */
const SHOWN_SHARE = 0.25;
/** ...and this many characters of it are missing. */
const MIN_MISSING_CHARS = 1200;

/** Non-white-space characters of the visible text of a snapshot. */
export function shownChars(snapshot: PageSnapshot): number {
  let n = 0;
  for (const node of snapshot.nodes) {
    if (node.kind !== 'text' || !node.visible || !node.text) continue;
    const t = node.text;
    for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) > 32) n++;
  }
  return n;
}

/**
 * Elements whose content is not text of the page. `<noscript>` is not among them: its content is
 * what the document shows without scripts, which is what a render with JavaScript off gets back.
 */
const NOT_TEXT = new Map(['script', 'style', 'template'].map((t) => [t, new RegExp(`</${t}`, 'gi')]));
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)/y;
const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;

/**
 * Non-white-space characters of text in an HTML document's source, without tags, comments,
 * scripts, styles and templates (an entity counts as one; `<noscript>` content counts): what the document held
 * before any script ran (`<script/>` runs to `</script>`, as in HTML). A scan, not a parse (an
 * attribute value holding `>` ends its tag early): it is a yardstick. Every pattern is anchored
 * or searched forward from where the scan stands, so a hostile source costs linear time.
 */
export function sourceTextChars(html: string): number {
  let n = 0;
  let i = 0;
  const len = html.length;
  while (i < len) {
    const c = html.charCodeAt(i);
    if (c === 60 /* < */) {
      if (html.startsWith('!--', i + 1)) {
        const end = html.indexOf('-->', i + 4);
        i = end < 0 ? len : end + 3;
        continue;
      }
      const next = html.charCodeAt(i + 1);
      if (next === 33 /* ! */ || next === 63 /* ? */) {
        // <!doctype ...>, <![CDATA[...]]>, <?xml ...?>: markup, not text
        const end = html.indexOf('>', i);
        i = end < 0 ? len : end + 1;
        continue;
      }
      TAG.lastIndex = i;
      const m = TAG.exec(html);
      if (!m) {
        n++; // a lone '<' is text
        i++;
        continue;
      }
      const close = html.indexOf('>', TAG.lastIndex);
      if (close < 0) break;
      const name = at(m, 2).toLowerCase();
      const endTag = m[1] ? undefined : NOT_TEXT.get(name);
      if (endTag) {
        endTag.lastIndex = close;
        const end = endTag.exec(html);
        i = end ? end.index : len;
        continue;
      }
      i = close + 1;
      continue;
    }
    if (c === 38 /* & */) {
      ENTITY.lastIndex = i;
      if (ENTITY.test(html)) {
        n++;
        i = ENTITY.lastIndex;
        continue;
      }
    }
    if (c > 32) n++;
    i++;
  }
  return n;
}

/** Whether a page that shows `shown` characters of a document of `documentChars` lost its content. */
export function lostContent(documentChars: number, shown: number): boolean {
  return documentChars >= MIN_DOCUMENT_CHARS && shown < SHOWN_SHARE * documentChars && documentChars - shown >= MIN_MISSING_CHARS;
}

/** Whether a recovered render showing `recovered` characters is worth using over one showing `shown`. */
function better(recovered: number, shown: number): boolean {
  return recovered >= 2 * shown && recovered - shown >= MIN_MISSING_CHARS / 2;
}

export interface RecoveryContext {
  page: Page;
  /**
   * The text size of the input's own bytes ({@link sourceTextChars}), when viseg has them (local
   * files, stdin): what the document held even when a script changed it before DOMContentLoaded.
   */
  sourceChars?: number;
  /** The input's URL. */
  url: string;
  first: Capture;
  deadline: number;
  /** Take a snapshot of a loaded page (navigations held, bounded by the deadline). */
  capture: (page: Page) => Promise<Capture>;
  /** A fresh tab like the page's own, with JavaScript off. */
  openNoScript: () => Promise<{ context: BrowserContext; page: Page }>;
  /** The page's load options' settle windows. */
  settleMs: number;
  timeoutMs: number;
}

export interface Recovered {
  capture: Capture;
  recovery: Recovery;
  /** The tab of a `no-script` render, left open for the screenshot; the caller closes it. */
  context?: BrowserContext;
  page: Page;
}

const remaining = (deadline: number) => deadline - Date.now();

/** Recover the content of a page that lost it (see the module comment), or null. */
export async function recoverContent(c: RecoveryContext): Promise<Recovered | null> {
  const documentChars = Math.max(c.first.documentChars, c.sourceChars ?? -1);
  const shown = shownChars(c.first.snapshot);
  if (!lostContent(documentChars, shown)) return null;
  let best: Recovered | null = null;
  let bestShown = shown;

  if (remaining(c.deadline) > 1000) {
    const lifted = await race(liftPageHide(c.page), remaining(c.deadline) - 500, () => new Error('no time')).catch(() => [] as string[]);
    if (lifted.length && remaining(c.deadline) > 500) {
      const capture = await c.capture(c.page);
      const n = shownChars(capture.snapshot);
      if (better(n, shown)) {
        best = { capture, page: c.page, recovery: { method: 'lift-hide', documentChars, shownChars: shown, recoveredChars: n, lifted } };
        bestShown = n;
      }
    }
  }
  if (!lostContent(documentChars, bestShown) || remaining(c.deadline) < 3000) return best;

  let tab: { context: BrowserContext; page: Page } | null = null;
  try {
    tab = await race(c.openNoScript(), remaining(c.deadline) - 1000, () => new Error('no time'));
    await loadPage(tab.page, c.url, { timeoutMs: c.timeoutMs, endBy: c.deadline - 1000, settleMs: Math.min(c.settleMs, 200), maxSettleMs: 1500, scroll: 'never' });
    // the document as written may hide itself too (`<html class="async-hide">` and its style)
    await within(liftPageHide(tab.page), 1000);
    const capture = await c.capture(tab.page);
    const n = shownChars(capture.snapshot);
    if (better(n, bestShown)) {
      const keep = tab;
      tab = null;
      return { capture, page: keep.page, context: keep.context, recovery: { method: 'no-script', documentChars, shownChars: shown, recoveredChars: n } };
    }
  } catch {
    // no time left, or the second render failed: keep what there is
  } finally {
    if (tab) void closeQuietly(tab.context, 5000);
  }
  return best;
}

/** The warning a recovered record carries. */
export function recoveryWarning(r: Recovery): Warning {
  const how = r.method === 'lift-hide' ? `a whole-page hide was lifted (${(r.lifted ?? []).join(', ')})` : 'it was rendered again with JavaScript off';
  return warning('CONTENT_RECOVERED', `the page showed ${r.shownChars} of the ${r.documentChars} characters of text its document held; ${how}, showing ${r.recoveredChars}.`);
}
