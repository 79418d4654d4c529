/**
 * Scripts injected into pages. They are plain strings (not serialised TS functions) so that no
 * bundler/transpiler helper (e.g. esbuild's `__name`) can leak into the page.
 */
/** Window property holding `performance.now()` of the last DOM mutation. Deliberately unlikely. */
export const LAST_MUTATION_KEY = '__viseg_lastMutation_7f3a9c';

/** Attribute marking viseg's own fallback `<style>` (see FREEZE_SCRIPT); the mutation recorder ignores that element. */
export const FREEZE_ATTR = 'data-viseg-freeze';

/**
 * Finishes CSS animations and transitions at once (zero duration, so elements that fade in end
 * up in their final state instead of stuck at `opacity: 0`) and hides the text caret.
 */
export const FREEZE_CSS =
  '*,*::before,*::after{animation-duration:0s!important;animation-delay:0s!important;animation-iteration-count:1!important;' +
  'transition-duration:0s!important;transition-delay:0s!important;caret-color:transparent!important}';

/**
 * Init script: records the time of the last DOM mutation (childList and characterData anywhere
 * in the document, from DOMContentLoaded on) in `window[LAST_MUTATION_KEY]`. Attribute changes are not counted: carousels,
 * tickers and hover states toggle classes forever and would keep a page from ever settling. Mutations of/into viseg's own
 * freeze `<style>` are ignored. Idempotent (safe to install twice).
 */
export const MUTATION_RECORDER_SCRIPT = `(() => {
  const KEY = ${JSON.stringify(LAST_MUTATION_KEY)};
  const ATTR = ${JSON.stringify(FREEZE_ATTR)};
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  Object.defineProperty(window, KEY, { value: performance.now(), writable: true, enumerable: false, configurable: true });
  const isOurs = (n) => !!n && n.nodeType === 1 && typeof n.hasAttribute === 'function' && n.hasAttribute(ATTR);
  const inOurs = (n) => { for (let x = n; x; x = x.parentNode) { if (isOurs(x)) return true; } return false; };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (inOurs(r.target)) continue;
      if (r.type === 'childList') {
        const nodes = [...r.addedNodes, ...r.removedNodes];
        if (nodes.length > 0 && nodes.every(isOurs)) continue;
      }
      window[KEY] = performance.now();
      return;
    }
  });
  // From DOMContentLoaded on: the parser's own insertions would make thousands of records on a
  // large page, and settling starts after the load event anyway (while the document is still
  // loading, SINCE_LAST_MUTATION_EXPR reports activity).
  const start = () => {
    window[KEY] = performance.now();
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
})();`;

/** Animations `element.animate()` makes instant per element, and per document (see FREEZE_SCRIPT). */
export const MAX_INSTANT_ANIMATIONS_PER_ELEMENT = 3;
export const MAX_INSTANT_ANIMATIONS = 2000;

/**
 * Init script: applies {@link FREEZE_CSS} from the first moment of every document, as a
 * constructed style sheet in `document.adoptedStyleSheets`. Adopted from the start, it is part of
 * the first style computation, where a sheet added once the document is parsed would make Blink
 * restyle the whole document again. Constructed sheets are not subject to the page's CSP
 * `style-src`. At DOMContentLoaded the sheet is adopted
 * again if the page replaced `document.adoptedStyleSheets` meanwhile. Where constructed sheets are
 * unavailable, a `<style data-viseg-freeze>` is appended at DOMContentLoaded instead (a page's CSP
 * `style-src` without 'unsafe-inline' blocks that one; the page then keeps its animations).
 * Animations a script starts with `element.animate()` (the Web Animations API, which Framer Motion
 * and others use to fade content in) get the same treatment as CSS ones: no delay, zero duration,
 * one iteration, so the snapshot never catches a fade half-way, at a point that depends on how
 * fast the machine was; up to {@link MAX_INSTANT_ANIMATIONS_PER_ELEMENT} per element and
 * {@link MAX_INSTANT_ANIMATIONS} per document. Animations made with `new Animation()` keep their
 * timing. Idempotent.
 */
export const FREEZE_SCRIPT = `(() => {
  const FLAG = '__viseg_freeze_7f3a9c';
  if (Object.prototype.hasOwnProperty.call(window, FLAG)) return;
  Object.defineProperty(window, FLAG, { value: true, enumerable: false });
  const original = typeof Element === 'function' ? Element.prototype.animate : undefined;
  if (typeof original === 'function') {
    // A page that starts the next animation when one ends (a ticker, a typing effect) would run
    // its chain once a frame with instant animations, and never settle: past a few per element,
    // and past more than an entrance of every letter of a page would start, animations keep the
    // page's own timing.
    const perElement = new WeakMap();
    let left = ${MAX_INSTANT_ANIMATIONS};
    const instant = function animate(keyframes, options) {
      const n = perElement.get(this) || 0;
      if (this === null || typeof this !== 'object' || left <= 0 || n >= ${MAX_INSTANT_ANIMATIONS_PER_ELEMENT}) return original.apply(this, arguments);
      perElement.set(this, n + 1);
      left--;
      // the page's own options stay readable through the prototype (fill, easing, id, ...)
      const timing = Object.create(options !== null && typeof options === 'object' ? options : null);
      Object.assign(timing, { duration: 0, delay: 0, endDelay: 0 });
      if (timing.iterations !== 0) timing.iterations = 1;
      return original.call(this, keyframes, timing);
    };
    Object.defineProperty(instant, 'length', { value: original.length });
    try { Object.defineProperty(Element.prototype, 'animate', { value: instant, writable: true, configurable: true }); } catch (e) { /* frozen prototype */ }
  }
  const ATTR = ${JSON.stringify(FREEZE_ATTR)};
  const CSS = ${JSON.stringify(FREEZE_CSS)};
  const onReady = (f) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', f, { once: true });
    else f();
  };
  let sheet;
  try {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  } catch (e) {
    onReady(() => {
      if (document.querySelector('style[' + ATTR + ']')) return;
      const parent = document.head || document.documentElement;
      if (!parent) return;
      const s = document.createElement('style');
      s.setAttribute(ATTR, '');
      s.textContent = CSS;
      parent.appendChild(s);
    });
    return;
  }
  onReady(() => {
    try {
      if (!document.adoptedStyleSheets.includes(sheet)) document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    } catch (e) { /* the page made adoptedStyleSheets unwritable */ }
  });
})();`;

/**
 * Expression: ms since the last recorded mutation (since navigation start when no recorder ran);
 * 0 while the document is still being parsed.
 */
export const SINCE_LAST_MUTATION_EXPR = `(() => {
  if (document.readyState === 'loading') return 0;
  const v = window[${JSON.stringify(LAST_MUTATION_KEY)}];
  const now = performance.now();
  return typeof v === 'number' ? now - v : now;
})()`;

/**
 * Init script: stops resource-error loops. `<img onerror="this.src='fallback.jpg'">` whose
 * fallback fails too (always, offline) fires `error` forever: one page of the dev set made
 * 900 requests and burnt 24 s of CPU that way. A capturing listener on `window` sees every
 * element's `error` before the element does; from an element's third error on, its `onerror`
 * is removed and the event is stopped, so a page gets two fallbacks per element and no more.
 * Idempotent.
 */
export const ERROR_LOOP_GUARD_SCRIPT = `(() => {
  const FLAG = '__viseg_errorGuard_7f3a9c';
  if (Object.prototype.hasOwnProperty.call(window, FLAG)) return;
  Object.defineProperty(window, FLAG, { value: true, enumerable: false });
  const counts = new WeakMap();
  window.addEventListener('error', (e) => {
    const t = e.target;
    if (!t || t === window || t.nodeType !== 1) return;
    const n = (counts.get(t) || 0) + 1;
    counts.set(t, n);
    if (n < 3) return;
    try { t.onerror = null; } catch (_) { /* read-only */ }
    e.stopImmediatePropagation();
  }, true);
})();`;

/** Window property counting what could react to scrolling (see {@link SCROLL_HOOKS_SCRIPT}). */
export const SCROLL_HOOKS_KEY = '__viseg_scrollHooks_7f3a9c';

/**
 * Init script: counts what can make content appear on scroll, so that `scroll: 'auto'` scrolls
 * only pages that listen: IntersectionObserver targets (how most lazy loaders work) and `scroll`
 * / `wheel` listeners on the window, the document, `<html>` or `<body>` (jQuery-era lazy loaders
 * and infinite scroll). The originals are called unchanged. Idempotent.
 */
export const SCROLL_HOOKS_SCRIPT = `(() => {
  const KEY = ${JSON.stringify(SCROLL_HOOKS_KEY)};
  if (Object.prototype.hasOwnProperty.call(window, KEY)) return;
  const hooks = { observed: 0, listeners: 0 };
  Object.defineProperty(window, KEY, { value: hooks, enumerable: false });
  const IO = window.IntersectionObserver;
  if (IO && IO.prototype && typeof IO.prototype.observe === 'function') {
    const observe = IO.prototype.observe;
    IO.prototype.observe = function (target) { hooks.observed++; return observe.apply(this, arguments); };
  }
  const ET = window.EventTarget && window.EventTarget.prototype;
  if (ET && typeof ET.addEventListener === 'function') {
    const add = ET.addEventListener;
    ET.addEventListener = function (type) {
      if ((type === 'scroll' || type === 'wheel') &&
          (this === window || this === document || this === document.documentElement || this === document.body)) hooks.listeners++;
      return add.apply(this, arguments);
    };
  }
})();`;

/** Where a lazy image or iframe must point to be able to load, when the page is offline. */
export interface LoadableScope {
  /** URL prefixes (`http://127.0.0.1:PORT/m/<id>/`); an https URL counts as its http twin. */
  prefixes: readonly string[];
}

/**
 * In-page expression: why the page might need a scroll pass (`scroll: 'auto'`), or null when
 * nothing reacts to scrolling: observers or listeners counted by {@link SCROLL_HOOKS_SCRIPT},
 * `onscroll` handlers, or native lazy loading (`loading="lazy"` images and iframes).
 * `scope`: when the page is offline, where it may load from; a lazy image or iframe whose every
 * URL is elsewhere cannot load whether it is scrolled to or not, so it is no reason (`data:` and
 * `blob:` URLs always count). Null (online): every lazy element counts.
 */
export function scrollReasonExpr(scope: LoadableScope | null): string {
  return `(() => {
  const h = window[${JSON.stringify(SCROLL_HOOKS_KEY)}];
  if (!h) return 'unknown (no hook counter in this document)';
  if (h.observed > 0) return 'IntersectionObserver';
  if (h.listeners > 0) return 'scroll listener';
  const b = document.body;
  if (window.onscroll || document.onscroll || (b && b.onscroll) || (b && b.onwheel) || window.onwheel) return 'onscroll handler';
  const scope = ${JSON.stringify(scope)};
  const loadable = (u) => {
    try {
      const url = new URL(u, document.baseURI);
      if (url.protocol === 'data:' || url.protocol === 'blob:') return true;
      const href = url.href.replace(/^https:/, 'http:');
      return scope.prefixes.some((p) => href.startsWith(p));
    } catch (e) { return false; }
  };
  const srcsetUrls = (v) => (v || '').split(',').map((c) => c.trim().split(/\\s+/)[0]).filter(Boolean);
  const canLoad = (el) => {
    if (!scope) return true;
    const urls = [el.getAttribute('src') || ''].filter(Boolean).concat(srcsetUrls(el.getAttribute('srcset')));
    const pic = el.parentElement;
    if (pic && pic.tagName === 'PICTURE') for (const s of pic.querySelectorAll('source')) urls.push(...srcsetUrls(s.getAttribute('srcset')));
    return urls.some(loadable);
  };
  for (const el of document.querySelectorAll('img[loading=lazy i], iframe[loading=lazy i]')) if (canLoad(el)) return 'loading="lazy"';
  return null;
})()`;
}

/**
 * Init script: every top-level document starts with an empty `window.name`. The name belongs to
 * the tab and outlives its documents, and a page can write it on its way out (in `pagehide`, with
 * a setter it saved before anything could replace it), after the tab has emptied it: so it is
 * emptied again at the start of the next document, before that page's own scripts run.
 */
export const NAME_RESET_SCRIPT = `(() => { try { if (window === window.top) window.name = ''; } catch (e) { /* no name to reset */ } })();`;

/**
 * Init script of offline contexts (local pages, `--offline`): no WebRTC. STUN and TURN over UDP go
 * around the proxy and the CSP; the launch switch that forbids non-proxied UDP is honoured by the
 * headless shell but not by a full Chromium, so the constructors are removed as well. Init scripts
 * run in every realm before the page can reach it (frames' and popups' initial about:blank too).
 */
export const NO_WEBRTC_SCRIPT = `(() => {
  for (const k of ['RTCPeerConnection', 'webkitRTCPeerConnection']) { try { delete self[k]; } catch (e) { /* not there */ } }
})();`;

/**
 * Init script: `navigator.serviceWorker.register()` rejects (SecurityError), as in a browser where
 * service workers are turned off. (Playwright's own blocking makes it resolve, which a page takes
 * for success.) The file server also refuses every service worker script, which covers a realm
 * this script does not reach.
 */
export const NO_SERVICE_WORKER_SCRIPT = `(() => {
  const C = self.ServiceWorkerContainer;
  if (!C || !C.prototype) return;
  const refuse = function () { return Promise.reject(new DOMException('Service workers are disabled in viseg.', 'SecurityError')); };
  try { Object.defineProperty(C.prototype, 'register', { value: refuse, writable: false, configurable: false }); } catch (e) { /* already fixed */ }
})();`;

/**
 * Init script: `Math.random` draws from mulberry32 (util/random.ts's generator, written out here
 * as a string like every script of this module) with a fixed seed, fresh in every realm, so a
 * page that picks a teaser, a layout variant or an element id at random shows the same choice on
 * every rendering (visual-testing tools freeze it for the same reason). Installed before the
 * page's scripts run; a page that keeps the original in a frame of its own still gets a seeded
 * one there. Idempotent. (`crypto.getRandomValues` is left alone: pages use it for secrets.)
 */
export const SEEDED_RANDOM_SCRIPT = `(() => {
  if (Math.random && Math.random.__visegSeeded) return;
  let a = 0x9e3779b9;
  const random = function random() {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  Object.defineProperty(random, '__visegSeeded', { value: true });
  try { Object.defineProperty(Math, 'random', { value: random, writable: true, configurable: true }); } catch (e) { /* frozen Math */ }
})();`;

/** The earliest and latest instants a JavaScript `Date` holds (ECMAScript's time range). */
export const MAX_TIME_MS = 8.64e15;

/**
 * Init script for `--clock`: every document's clock starts at `startMs` when the document starts,
 * and runs on from there in step with the document's own `performance.now()`. It is what the page
 * reads through `Date.now()`, `new Date()` and `Date()`, `Temporal.Now`, an `Intl.DateTimeFormat`
 * asked to format no date, and `document.lastModified` when the server sent no date for the
 * document. A page that prints today's date, a "posted 3 hours ago" or a delivery countdown shows
 * the same thing on every rendering, however long ago the page was first loaded or how many pages
 * the tab showed before it; only the time the load itself takes still moves it. Each frame is a
 * document of its own, whose clock starts at `startMs` when it starts. The clock runs rather than
 * stands still, because pages time their own animations and retries with `Date`, and one that
 * stands still never ends them (jQuery's `animate`). Dates the page builds from its own values
 * (`new Date(2024, 0, 1)`), `Date.parse` and `Date.UTC` are the real ones, `instanceof Date`
 * holds, and subclasses of `Date` work. Dedicated web workers get it too, evaluated in each one
 * before its own code runs (worker-clock.ts). Idempotent.
 */
export function clockScript(startMs: number): string {
  if (!Number.isFinite(startMs) || Math.abs(startMs) > MAX_TIME_MS) throw new RangeError(`clock: ${startMs} is not a time a Date can hold`);
  return `(() => {
  const Real = Date;
  if (Real.__visegClock) return;
  const start = ${Math.trunc(startMs)};
  const elapsed = performance.now.bind(performance);
  const realNow = Real.now;
  const now = function now() { return start + Math.floor(elapsed()); };
  const Clock = function Date(...args) {
    if (!new.target) return new Real(now()).toString();
    return Reflect.construct(Real, args.length ? args : [now()], new.target);
  };
  const hidden = (o, k, v) => Object.defineProperty(o, k, { value: v, writable: true, configurable: true, enumerable: false });
  Object.defineProperty(Clock, 'length', { value: Real.length });
  Object.defineProperty(Clock, 'prototype', { value: Real.prototype, writable: false, enumerable: false, configurable: false });
  hidden(Clock, 'now', now);
  hidden(Clock, 'parse', Real.parse);
  hidden(Clock, 'UTC', Real.UTC);
  Object.defineProperty(Clock, '__visegClock', { value: true });
  try {
    hidden(Real.prototype, 'constructor', Clock);
    hidden(globalThis, 'Date', Clock);
  } catch (e) { return; /* a frozen global: the real clock stays */ }
  // Intl.DateTimeFormat formats "now" when it is given no date (one bound format per formatter,
  // as natively: dtf.format === dtf.format)
  try {
    const P = Intl.DateTimeFormat.prototype;
    const format = Object.getOwnPropertyDescriptor(P, 'format');
    const bound = new WeakMap();
    if (format && format.get) {
      const get = Object.getOwnPropertyDescriptor({ get format() {
        const f = format.get.call(this);
        if (!bound.has(this)) bound.set(this, (date) => f(date === undefined ? now() : date));
        return bound.get(this);
      } }, 'format').get;
      Object.defineProperty(P, 'format', { ...format, get });
    }
    const parts = P.formatToParts;
    if (typeof parts === 'function') hidden(P, 'formatToParts', { formatToParts(date) { return parts.call(this, date === undefined ? now() : date); } }.formatToParts);
  } catch (e) { /* no Intl */ }
  // Temporal.Now, where the engine has it
  try {
    const T = globalThis.Temporal;
    if (T && T.Now && T.Instant) {
      const N = T.Now;
      const zone = N.timeZoneId.bind(N);
      const instant = () => T.Instant.fromEpochMilliseconds(now());
      const zoned = (tz) => instant().toZonedDateTimeISO(tz === undefined ? zone() : tz);
      const methods = {
        instant() { return instant(); },
        zonedDateTimeISO(...a) { return zoned(a[0]); },
        plainDateTimeISO(...a) { return zoned(a[0]).toPlainDateTime(); },
        plainDateISO(...a) { return zoned(a[0]).toPlainDate(); },
        plainTimeISO(...a) { return zoned(a[0]).toPlainTime(); },
      };
      for (const k of Object.keys(methods)) hidden(N, k, methods[k]);
    }
  } catch (e) { /* no Temporal */ }
  // document.lastModified is the time of reading when the server sent no Last-Modified
  try {
    const D = Document.prototype;
    const lm = Object.getOwnPropertyDescriptor(D, 'lastModified');
    if (lm && lm.get) {
      const get = Object.getOwnPropertyDescriptor({ get lastModified() {
        const v = lm.get.call(this);
        const t = Real.parse(v);
        if (!(Math.abs(t - realNow.call(Real)) < 2000)) return v;
        const d = new Real(now());
        const two = (x) => String(x).padStart(2, '0');
        return two(d.getMonth() + 1) + '/' + two(d.getDate()) + '/' + d.getFullYear() + ' ' + two(d.getHours()) + ':' + two(d.getMinutes()) + ':' + two(d.getSeconds());
      } }, 'lastModified').get;
      Object.defineProperty(D, 'lastModified', { ...lm, get });
    }
  } catch (e) { /* no document */ }
})();`;
}

/**
 * What `loadPage` needs in every document, in install order: the mutation recorder (settling),
 * the error-loop guard, the scroll-hook counter (`scroll: 'auto'`) and the seeded `Math.random`
 * (the same rendering every time). All idempotent, so a
 * context made by `newContext` and its pages may both install them.
 */
export const LOAD_INIT_SCRIPTS: readonly string[] = [MUTATION_RECORDER_SCRIPT, ERROR_LOOP_GUARD_SCRIPT, SCROLL_HOOKS_SCRIPT, SEEDED_RANDOM_SCRIPT];

/**
 * Expression run in a reused tab's old page when the next page goes straight to another origin
 * (pipeline/tabs.ts), so that until the next page commits the old one can neither pass anything on
 * nor act: the tab's name is emptied and the old document can no longer set it (the name outlives
 * the tab's documents, whatever their origin), its loading is stopped, and its timers and
 * animation-frame callbacks are cancelled, in every frame it can reach. Its storage and cookies
 * are its own origin's, which the tab clears once the page is gone.
 */
export const RETIRE_PAGE_EXPR = `(() => {
  window.name = '';
  try { Object.defineProperty(window, 'name', { get: () => '', set: () => {}, configurable: true }); } catch (e) { /* kept its own */ }
  const quiet = (w) => {
    try {
      w.stop();
      const t = w.setTimeout(() => {}, 0);
      for (let id = t; id > 0 && t - id < 100000; id--) w.clearTimeout(id);
      const r = w.requestAnimationFrame(() => {});
      for (let id = r; id > 0 && r - id < 100000; id--) w.cancelAnimationFrame(id);
      for (let i = 0; i < w.frames.length; i++) quiet(w.frames[i]);
    } catch (e) { /* a frame of another origin */ }
  };
  quiet(window);
  return true;
})()`;
