/** Shared bits of the Playwright tests: the fixture sites, their expected.json, and waiting for a page to settle. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { parseExpectedText, type Expected } from '../../dist/check/expected.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITES_DIR = path.join(ROOT, 'fixtures/sites');

export type SiteExpectation = Expected;

/** Site folders (with index.html and expected.json), sorted. */
export function siteNames(): string[] {
  return readdirSync(SITES_DIR)
    .filter((n) => !n.startsWith('.') && statSync(path.join(SITES_DIR, n)).isDirectory())
    .filter((n) => existsSync(path.join(SITES_DIR, n, 'index.html')) && existsSync(path.join(SITES_DIR, n, 'expected.json')))
    .sort();
}

/** A site's expected.json, read and validated by viseg's own reader. */
export function expectedFor(site: string): SiteExpectation {
  const r = parseExpectedText(readFileSync(path.join(SITES_DIR, site, 'expected.json'), 'utf8'));
  if (!r.ok) throw new Error(`${site}: ${r.error}`);
  return r.file.expected;
}

/**
 * Wait until the page is done: network idle, then the DOM quiet for `quietMs` (capped at
 * `maxMs`, for pages that never stop changing, e.g. tickers).
 */
export async function settle(page: Page, { quietMs = 300, maxMs = 3000 } = {}): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(({ quietMs, maxMs }) => new Promise<void>((resolve) => {
    let timer = setTimeout(done, quietMs);
    const cap = setTimeout(done, maxMs);
    const obs = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    obs.observe(document, { subtree: true, childList: true, characterData: true });
    function done(): void {
      obs.disconnect();
      clearTimeout(timer);
      clearTimeout(cap);
      resolve();
    }
  }), { quietMs, maxMs });
}

/**
 * The live document as a string: the top document's HTML with every open shadow root's content and
 * every same-origin frame's document, plus title and scroll position. Equal strings ⇒ unchanged.
 */
export async function serializeDocument(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const visit = (doc: Document, label: string): void => {
      parts.push(`== ${label}\n${doc.documentElement.outerHTML}`);
      const walkRoot = (root: Node, prefix: string): void => {
        const w = doc.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
        let i = 0;
        for (let n = w.nextNode() as Element | null; n; n = w.nextNode() as Element | null, i++) {
          if (n.shadowRoot) {
            parts.push(`== ${prefix} shadow ${i} <${n.localName}>\n${n.shadowRoot.innerHTML}`);
            walkRoot(n.shadowRoot, `${prefix}/${i}`);
          }
          if (n instanceof HTMLIFrameElement && n.contentDocument) visit(n.contentDocument, `${prefix} frame ${i}`);
        }
      };
      walkRoot(doc.documentElement, label);
    };
    visit(document, 'top');
    parts.push(`title=${document.title} scroll=${window.scrollX},${window.scrollY}`);
    return parts.join('\n');
  });
}
