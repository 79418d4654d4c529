/**
 * What a page's own document held, and getting it back when the page's scripts hid or destroyed
 * it. Saved pages run their scripts without their network: some replace the document with an
 * error screen, some keep the whole page hidden until a script that never loads lifts the hide
 * (the "anti-flicker" pattern). The content was in the document all along.
 *
 * - {@link DOC_TEXT_SCRIPT} counts, at DOMContentLoaded, the characters of text the document
 *   holds (scripts, styles and templates aside, `<noscript>` content included, as a render with
 *   JavaScript off shows it): the yardstick for what the settled page shows.
 * - {@link liftPageHide} finds the hidden element (`display: none`, `visibility: hidden`,
 *   `opacity: 0`) that holds most of the page's text, from `<html>` down, and shows it again.
 */
import type { Page } from 'playwright-core';

/** Window property holding the document's text size at DOMContentLoaded. */
export const DOC_TEXT_KEY = '__viseg_docText_7f3a9c';

/**
 * In-page function source: the number of non-white-space characters of text under `root`,
 * without those of scripts, styles, templates and noscript.
 */
const COUNT_FN = `(root) => {
  if (!root) return 0;
  const count = (s) => { let n = 0; for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 32) n++; return n; };
  let n = count(root.textContent || '');
  for (const el of root.querySelectorAll('script, style, template, noscript')) n -= count(el.textContent || '');
  return Math.max(0, n);
}`;

/**
 * In-page function source: the text of `<noscript>` elements under `root`, as a render with
 * JavaScript off would show it. With scripting on, a noscript's content is one raw text node of
 * markup; it is parsed into an inert `<template>` (no script runs, nothing loads) and counted.
 */
const NOSCRIPT_COUNT_FN = `(root, count) => {
  let n = 0;
  if (!root) return n;
  for (const el of root.querySelectorAll('noscript')) {
    const t = document.createElement('template');
    t.innerHTML = el.textContent || '';
    n += count(t.content);
  }
  return n;
}`;

/**
 * Init script: at DOMContentLoaded, the top document's text size goes in `window[DOC_TEXT_KEY]`
 * (about 0.1 ms per 50,000 characters). Idempotent.
 */
export const DOC_TEXT_SCRIPT = `(() => {
  if (window !== window.top || Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(DOC_TEXT_KEY)})) return;
  Object.defineProperty(window, ${JSON.stringify(DOC_TEXT_KEY)}, { value: -1, writable: true, enumerable: false });
  const count = ${COUNT_FN};
  const noscript = ${NOSCRIPT_COUNT_FN};
  const record = () => { window[${JSON.stringify(DOC_TEXT_KEY)}] = count(document.body) + noscript(document.body, count); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', record, { once: true });
  else record();
})();`;

/** Expression: the recorded text size (-1 when the document has none recorded). */
export const DOC_TEXT_EXPR = `(typeof window[${JSON.stringify(DOC_TEXT_KEY)}] === 'number' ? window[${JSON.stringify(DOC_TEXT_KEY)}] : -1)`;

/**
 * In-page: from `<html>` down, the chain of elements each holding at least `share` of the page's
 * text; every one of them that hides its content is shown again (inline `!important` styles).
 * Returns a short description of each element shown (`body.async-hide: opacity 0`).
 */
const liftExpr = (share: number): string => `(() => {
  const count = ${COUNT_FN};
  const total = count(document.body);
  const lifted = [];
  let el = document.documentElement;
  while (el && total > 0) {
    const cs = getComputedStyle(el);
    const why = cs.display === 'none' ? 'display none' : cs.visibility === 'hidden' || cs.visibility === 'collapse' ? 'visibility ' + cs.visibility
      : Number(cs.opacity) === 0 ? 'opacity 0' : cs.contentVisibility === 'hidden' ? 'content-visibility hidden' : '';
    if (why) {
      if (cs.display === 'none') el.style.setProperty('display', el.tagName === 'BODY' || el.tagName === 'HTML' ? 'block' : 'revert', 'important');
      el.style.setProperty('visibility', 'visible', 'important');
      el.style.setProperty('opacity', '1', 'important');
      el.style.setProperty('content-visibility', 'visible', 'important');
      const cls = typeof el.className === 'string' && el.className.trim() ? '.' + el.className.trim().split(/\\s+/).slice(0, 2).join('.') : '';
      lifted.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + cls + ': ' + why);
    }
    let best = null, most = 0;
    for (const c of el.children) {
      const n = count(c);
      if (n > most) { best = c; most = n; }
    }
    el = most >= ${share} * total ? best : null;
  }
  return lifted;
})()`;

/**
 * Show again the elements that hide most of the page's text (see the module comment). Returns
 * what was shown; empty when nothing hid the text.
 */
export async function liftPageHide(page: Page, share = 0.5): Promise<string[]> {
  return (await page.evaluate(liftExpr(share))) as string[];
}
