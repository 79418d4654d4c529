/**
 * The snapshot script: runs inside the page (one `page.evaluate`) and returns a PageSnapshot in
 * its wire form (nodes as rows, styles interned; see wire.ts), which capture.ts unpacks.
 *
 * It must be self-contained: it is serialised with `Function.prototype.toString`, so it may not
 * reference anything outside its own body (no imports, no module-level helpers). It only reads the
 * document; it never changes it.
 */
import type { PageSnapshot } from './types.js';
import type { WireRow, WireSnapshot, WireStyle } from './wire.js';

export interface InPageArgs {
  /** Stop recording after this many nodes (runaway pages); the snapshot says it was truncated. */
  maxNodes: number;
  /** The URL that was requested (echoed into the snapshot). */
  requestedUrl: string;
}

export function inPageSnapshot(args: InPageArgs): WireSnapshot {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'META', 'LINK', 'TITLE', 'BASE', 'PARAM', 'SOURCE', 'TRACK']);
  // With scripting on, a <noscript> gets no layout box, whatever its content or style: it is never
  // shown. With JavaScript off (the no-script render of pipeline/recover.ts) its content is parsed
  // and laid out like any other: then it is part of the page.
  const shownNoscript = (el: Element): boolean => el.tagName.toUpperCase() === 'NOSCRIPT' && el.getClientRects().length > 0;
  const LEAF = new Set(['SVG', 'CANVAS', 'VIDEO', 'AUDIO', 'IMG', 'INPUT', 'SELECT', 'TEXTAREA', 'IFRAME', 'OBJECT', 'EMBED', 'MATH', 'PROGRESS', 'METER']);
  const ATTRS = ['id', 'class', 'alt', 'title', 'role', 'itemprop', 'itemtype', 'itemscope', 'rel', 'datetime', 'lang', 'dir',
    'aria-label', 'aria-hidden', 'aria-modal', 'colspan', 'rowspan', 'type', 'name', 'start', 'width', 'height', 'hidden', 'data-src',
    'content', 'property', 'data-lang', 'data-language'];
  const ATTR_INDEX = new Map(ATTRS.map((a, i) => [a, i]));
  const top = window;
  // Nodes go out as compact rows with their styles interned (see snapshot/wire.ts): a third of
  // the bytes of the object form, which every process on the way (renderer, browser, Node) pays for.
  const rows: WireRow[] = [];
  const styles: WireStyle[] = [];
  const styleIndex = new Map<string, number>();
  const links: PageSnapshot['links'] = [];
  const images: PageSnapshot['images'] = [];
  const forms: PageSnapshot['forms'] = [];
  let truncated = false;

  type Clip = { x1: number; y1: number; x2: number; y2: number };
  const NOCLIP: Clip = { x1: -Infinity, y1: -Infinity, x2: Infinity, y2: Infinity };

  /** A row's flag bits: wire.ts's VISIBLE, IN_SHADOW, IN_FRAME and COLLAPSED (this script cannot import them). */
  function flags(visible: boolean, ctx: { inShadow: boolean; inFrame: boolean }, collapsed = false): number {
    return (visible ? 1 : 0) | (ctx.inShadow ? 2 : 0) | (ctx.inFrame ? 4 : 0) | (collapsed ? 8 : 0);
  }
  /**
   * Content the page has but does not render: closed tabs and accordions, `<details>`, "read more"
   * continuations (display: none, content-visibility: hidden). It is recorded, invisible and with
   * an empty box at its rendered ancestor's corner, so that classification can judge it (a
   * product's specification tab is main content; a hidden mobile menu is not). Subtrees larger
   * than COLLAPSED_SUBTREE elements are left out, and at most COLLAPSED_BUDGET rows are recorded.
   */
  const COLLAPSED_BUDGET = 6000;
  const COLLAPSED_SUBTREE = 2500;
  let collapsedRows = 0;
  /** The display an element of this tag has by default (for a collapsed element, whose computed display is `none`). */
  const DEFAULT_DISPLAY: Record<string, string> = {
    LI: 'list-item', TABLE: 'table', TR: 'table-row', TD: 'table-cell', TH: 'table-cell', THEAD: 'table-header-group',
    TBODY: 'table-row-group', TFOOT: 'table-footer-group', CAPTION: 'table-caption', SUMMARY: 'block',
  };
  const BLOCK_TAGS = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL', 'DT', 'FIELDSET',
    'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HGROUP', 'HR', 'MAIN', 'MENU', 'NAV',
    'OL', 'P', 'PRE', 'SECTION', 'UL', 'CENTER']);
  function defaultDisplay(tag: string): string {
    return DEFAULT_DISPLAY[tag] ?? (BLOCK_TAGS.has(tag) ? 'block' : 'inline');
  }
  function internStyle(style: WireStyle): number {
    const key = style.join('\u0001');
    let si = styleIndex.get(key);
    if (si === undefined) {
      si = styles.length;
      styles.push(style);
      styleIndex.set(key, si);
    }
    return si;
  }
  /** Records a collapsed subtree (see COLLAPSED_BUDGET) under `ctx.parent`. */
  function addCollapsed(root: Element, ctx: Ctx): void {
    if (collapsedRows >= COLLAPSED_BUDGET || root.getElementsByTagName('*').length > COLLAPSED_SUBTREE) return;
    const stack: Array<[Node, number, string]> = [[root, ctx.parent, ctx.whiteSpace]];
    while (stack.length) {
      const [node, parent, ws] = stack.pop()!;
      if (rows.length >= args.maxNodes) {
        truncated = true;
        return;
      }
      if (collapsedRows >= COLLAPSED_BUDGET) return;
      if (node.nodeType === 3) {
        const raw = (node as Text).data;
        if (!raw || raw.trim() === '') continue;
        const pre = ws.startsWith('pre') || ws === 'break-spaces';
        rows.push([parent, 0, ctx.ax, ctx.ay, 0, 0, flags(false, ctx, true), pre ? raw : raw.replace(/[ \t\n\r\f]+/g, ' '), 1]);
        collapsedRows++;
        continue;
      }
      if (node.nodeType !== 1) continue;
      const el = node as Element;
      const tag = el.tagName.toUpperCase();
      if ((SKIP.has(tag) && !shownNoscript(el)) || LEAF.has(tag)) continue;
      const style: WireStyle = ctx.style.slice();
      style[0] = defaultDisplay(tag);
      style[1] = 'static';
      style[19] = tag === 'PRE' ? 'pre' : ws;
      const id = rows.length;
      rows.push([parent, tag.toLowerCase(), ctx.ax, ctx.ay, 0, 0, flags(false, ctx, true), internStyle(style), pickAttrs(el, ctx.base)]);
      collapsedRows++;
      const kids: Node[] = [];
      for (let k = el.firstChild; k; k = k.nextSibling) kids.push(k);
      for (const k of kids.reverse()) stack.push([k, id, style[19] as string]);
    }
  }
  function round(n: number): number {
    return Math.round(n);
  }
  function toRect(x: number, y: number, w: number, h: number) {
    const rx = round(x);
    const ry = round(y);
    return { x: rx, y: ry, w: Math.max(0, round(x + w) - rx), h: Math.max(0, round(y + h) - ry) };
  }
  function clipArea(r: { x: number; y: number; w: number; h: number }, c: Clip): number {
    const w = Math.min(r.x + r.w, c.x2) - Math.max(r.x, c.x1);
    const h = Math.min(r.y + r.h, c.y2) - Math.max(r.y, c.y1);
    return w > 0 && h > 0 ? w * h : 0;
  }
  function num(s: string, d: number): number {
    const v = parseFloat(s);
    return Number.isFinite(v) ? v : d;
  }
  function isTransparent(c: string): boolean {
    return c === 'transparent' || c === 'rgba(0, 0, 0, 0)' || /rgba\([^)]*,\s*0\)$/.test(c);
  }
  function border(cs: CSSStyleDeclaration, side: string): number {
    // Most boxes have no border: the width alone settles it (a none/hidden style computes to 0).
    const width = round(num(cs.getPropertyValue('border-' + side + '-width'), 0));
    if (width === 0) return 0;
    const style = cs.getPropertyValue('border-' + side + '-style');
    if (style === 'none' || style === 'hidden') return 0;
    if (isTransparent(cs.getPropertyValue('border-' + side + '-color'))) return 0;
    return width;
  }

  function absUrl(u: string | null, base: string): string {
    if (!u) return '';
    try {
      return new URL(u, base).href;
    } catch {
      return u;
    }
  }

  interface Ctx {
    parent: number;
    dx: number;
    dy: number;
    clip: Clip;
    bg: string;
    opacity: number;
    /** The parent's computed visibility is hidden/collapse (its text does not show). */
    hidden: boolean;
    inShadow: boolean;
    inFrame: boolean;
    base: string;
    win: Window;
    /** The parent's corner in document coordinates, its style tuple and white-space (for collapsed content). */
    ax: number;
    ay: number;
    style: WireStyle;
    whiteSpace: string;
  }

  function addText(t: Text, ctx: Ctx, whiteSpace: string): void {
    const raw = t.data;
    if (!raw) return;
    const pre = whiteSpace.startsWith('pre') || whiteSpace === 'break-spaces';
    const doc = t.ownerDocument;
    const range = doc.createRange();
    range.selectNodeContents(t);
    const rects = range.getClientRects();
    if (rects.length === 0) {
      // not rendered: collapsed white space, or text in a closed <details> / content-visibility: hidden
      if (raw.trim() !== '' && collapsedRows < COLLAPSED_BUDGET && rows.length < args.maxNodes) {
        rows.push([ctx.parent, 0, ctx.ax, ctx.ay, 0, 0, flags(false, ctx, true), pre ? raw : raw.replace(/[ \t\n\r\f]+/g, ' '), 1]);
        collapsedRows++;
      }
      return;
    }
    let x1 = Infinity, y1 = Infinity, x2 = -Infinity, y2 = -Infinity;
    const tops: number[] = [];
    for (const r of rects) {
      if (r.width === 0 && r.height === 0) continue;
      x1 = Math.min(x1, r.left); y1 = Math.min(y1, r.top); x2 = Math.max(x2, r.right); y2 = Math.max(y2, r.bottom);
      let seen = false;
      for (const tp of tops) if (Math.abs(tp - r.top) < 3) { seen = true; break; }
      if (!seen) tops.push(r.top);
    }
    if (x1 === Infinity) return;
    let text = pre ? raw : raw.replace(/[ \t\n\r\f]+/g, ' ');
    if (!pre && text.trim() === '') text = ' ';
    const rect = toRect(x1 + ctx.dx, y1 + ctx.dy, x2 - x1, y2 - y1);
    const visible = ctx.opacity > 0 && !ctx.hidden && text.trim() !== '' && clipArea(rect, ctx.clip) > 0;
    rows.push([ctx.parent, 0, rect.x, rect.y, rect.w, rect.h, flags(visible, ctx), text, Math.max(1, tops.length)]);
  }

  function childList(el: Element): Node[] {
    const sr = (el as HTMLElement).shadowRoot;
    if (!sr && el.tagName === 'SLOT') {
      const assigned = (el as HTMLSlotElement).assignedNodes({ flatten: true });
      if (assigned.length) return assigned;
    }
    // Sibling links rather than Array.from(childNodes), whose iterator costs more.
    const out: Node[] = [];
    for (let k = (sr || el).firstChild; k; k = k.nextSibling) out.push(k);
    return out;
  }

  /** The element's whitelisted attributes, URLs made absolute. */
  function pickAttrs(el: Element, base: string): Record<string, string> {
    const tag = el.tagName.toUpperCase();
    const attrs: Record<string, string> = {};
    if (el.hasAttributes()) {
      // The element's own few attributes looked up in ATTRS, rather than ATTRS' 26 names asked
      // of the element one by one; kept in ATTRS order.
      const list = el.attributes;
      let picked: Array<[number, string, string]> | null = null;
      for (const a of list) {
        const k = ATTR_INDEX.get(a.name);
        // A class attribute without a class is no class: scripts leave `class=""` behind when they
        // toggle an element's last class off, and whether one ever did may depend on timing.
        if (k !== undefined && !(a.name === 'class' && a.value.trim() === '')) (picked ??= []).push([k, a.name, a.value]);
      }
      if (picked) {
        if (picked.length > 1) picked.sort((p, q) => p[0] - q[0]);
        for (const [, name, v] of picked) attrs[name] = v.length > 300 ? v.slice(0, 300) : v;
      }
    }
    if (tag === 'A') {
      const href = el.getAttribute('href');
      if (href !== null) attrs.href = absUrl(href, base);
    }
    if (tag === 'IMG') {
      const img = el as HTMLImageElement;
      attrs.src = img.currentSrc || absUrl(el.getAttribute('src'), base);
      const ds = el.getAttribute('data-src');
      if (ds) attrs['data-src'] = absUrl(ds, base);
    }
    if (tag === 'VIDEO' || tag === 'IFRAME' || tag === 'SOURCE' || tag === 'EMBED') {
      const s = el.getAttribute('src');
      if (s) attrs.src = absUrl(s, base);
    }
    if (tag === 'VIDEO') {
      const p = el.getAttribute('poster');
      if (p) attrs.poster = absUrl(p, base);
    }
    if (tag === 'Q' || tag === 'BLOCKQUOTE' || tag === 'DEL' || tag === 'INS') {
      const c = el.getAttribute('cite');
      if (c) attrs.cite = absUrl(c, base);
    }
    return attrs;
  }

  function walk(el: Element, ctx: Ctx): void {
    if (rows.length >= args.maxNodes) {
      truncated = true;
      return;
    }
    const tag = el.tagName.toUpperCase();
    if (SKIP.has(tag) && !shownNoscript(el)) return;
    // An element can belong to another realm than its walk context (a node a script adopted from
    // a frame): its own window computes its style, and one it cannot compute is left out.
    let cs: CSSStyleDeclaration;
    try {
      cs = (el.ownerDocument?.defaultView ?? ctx.win).getComputedStyle(el);
    } catch {
      return;
    }
    // Each computed-style read is a call into the engine: every property is read once.
    const display = cs.display;
    if (display === 'none') {
      addCollapsed(el, ctx);
      return;
    }
    const br = el.getBoundingClientRect();
    const rect = toRect(br.left + ctx.dx, br.top + ctx.dy, br.width, br.height);
    const opacity = ctx.opacity * num(cs.opacity, 1);
    const bg = cs.backgroundColor;
    const effBg = isTransparent(bg) ? ctx.bg : bg;
    const overflowX = cs.overflowX, overflowY = cs.overflowY;
    // Overflow on <body>/<html> applies to the viewport, not to the box: it never clips content.
    const isRootBox = el === el.ownerDocument.body || el === el.ownerDocument.documentElement;
    const clips = !isRootBox && (overflowX !== 'visible' || overflowY !== 'visible');
    const position = cs.position, cssClip = cs.clip, clipPath = cs.clipPath;
    const hasClipProp = cssClip !== 'auto' && cssClip !== '' && position === 'absolute' || (clipPath !== 'none' && clipPath !== '');
    let clip = ctx.clip;
    if (position === 'fixed') clip = NOCLIP; // fixed boxes escape their ancestors' overflow clips
    if (clips || hasClipProp) {
      const r = hasClipProp && /inset\(50%|rect\(0(px)?,? 0(px)?,? 0(px)?,? 0(px)?\)|rect\(1px,? 1px,? 1px,? 1px\)/.test(cssClip + ' ' + clipPath)
        ? { x: rect.x, y: rect.y, w: 0, h: 0 } : rect;
      clip = { x1: Math.max(clip.x1, r.x), y1: Math.max(clip.y1, r.y), x2: Math.min(clip.x2, r.x + r.w), y2: Math.min(clip.y2, r.y + r.h) };
    }
    const lowerTag = tag.toLowerCase();
    const visibility = cs.visibility;
    const hidden = visibility === 'hidden' || visibility === 'collapse';
    const visible = !hidden && opacity > 0 && rect.w > 0 && rect.h > 0 && clipArea(rect, ctx.clip) > 0;
    const attrs = pickAttrs(el, ctx.base);
    const id = rows.length;
    const zi = parseInt(cs.zIndex, 10);
    // In STYLE_KEYS order (see snapshot/wire.ts).
    const whiteSpace = cs.whiteSpace;
    const style: WireStyle = [
      display, position, visibility, Math.round(opacity * 1000) / 1000,
      cs.cssFloat, Number.isFinite(zi) ? zi : null,
      clips ? (overflowX !== 'visible' ? overflowX : overflowY) : 'visible',
      Math.round(num(cs.fontSize, 16) * 100) / 100, num(cs.fontWeight, 400), cs.fontStyle,
      cs.color, bg, effBg,
      cs.backgroundImage !== 'none' && cs.backgroundImage !== '',
      border(cs, 'top'), border(cs, 'right'), border(cs, 'bottom'), border(cs, 'left'),
      cs.textAlign, whiteSpace, num(cs.order, 0), cs.flexDirection,
    ];
    // Each position always holds the same type (zIndex alone may be null), and no computed value
    // contains U+0001, so equal keys mean equal tuples.
    const si = internStyle(style);
    rows.push([ctx.parent, lowerTag, rect.x, rect.y, rect.w, rect.h, flags(visible, ctx), si, attrs]);

    if (tag === 'A' && attrs.href) links.push({ node: id, href: attrs.href, text: ((el as HTMLElement).innerText || el.textContent || '').replace(/\s+/g, ' ').trim().slice(0, 300) });
    if (tag === 'IMG') images.push({ node: id, src: attrs.src || attrs['data-src'] || '', alt: attrs.alt || '', w: rect.w, h: rect.h });
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || tag === 'BUTTON') {
      forms.push({ node: id, tag: lowerTag, type: (el.getAttribute('type') || lowerTag).toLowerCase() });
    }

    const childCtx: Ctx = { ...ctx, parent: id, clip, bg: effBg, opacity, hidden, ax: rect.x, ay: rect.y, style, whiteSpace };
    if (tag === 'IFRAME') {
      let doc: Document | null = null;
      try {
        doc = (el as HTMLIFrameElement).contentDocument;
      } catch {
        doc = null;
      }
      if (doc && doc.body && doc.defaultView) {
        const fr = el as HTMLElement;
        walk(doc.body, {
          ...childCtx, dx: br.left + ctx.dx + fr.clientLeft, dy: br.top + ctx.dy + fr.clientTop,
          clip: { x1: Math.max(clip.x1, rect.x), y1: Math.max(clip.y1, rect.y), x2: Math.min(clip.x2, rect.x + rect.w), y2: Math.min(clip.y2, rect.y + rect.h) },
          inFrame: true, base: doc.baseURI, win: doc.defaultView,
        });
      }
      return;
    }
    if (LEAF.has(tag)) return;
    const kids = childList(el);
    const shadowCtx = (el as HTMLElement).shadowRoot ? { ...childCtx, inShadow: true } : childCtx;
    for (const k of kids) {
      if (k.nodeType === 1) walk(k as Element, shadowCtx);
      else if (k.nodeType === 3) addText(k as Text, shadowCtx, whiteSpace);
    }
  }

  const doc = top.document;
  const sx = top.scrollX, sy = top.scrollY;
  // A script may have removed the root element itself: the page is then empty, not an error.
  const body = doc.body || doc.documentElement;
  const rootBg = ((): string => {
    const b = doc.documentElement ? top.getComputedStyle(doc.documentElement).backgroundColor : '';
    return !b || isTransparent(b) ? 'rgb(255, 255, 255)' : b;
  })();
  const rootStyle: WireStyle = ['block', 'static', 'visible', 1, 'none', null, 'visible', 16, 400, 'normal', 'rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)', rootBg, false, 0, 0, 0, 0, 'start', 'normal', 0, 'row'];
  if (body) walk(body, { parent: -1, dx: sx, dy: sy, clip: NOCLIP, bg: rootBg, opacity: 1, hidden: false, inShadow: false, inFrame: false, base: doc.baseURI, win: top, ax: 0, ay: 0, style: rootStyle, whiteSpace: 'normal' });

  // ---- metadata ----
  const meta: Record<string, string> = {};
  // every value of each key, for keys a page repeats (one citation_author per author); a Map, so
  // that a key such as "__proto__" or "constructor" is only a key here. The repeated values are
  // bounded (keys, values per key, characters per value): a page cannot make the snapshot huge.
  const metaValues = new Map<string, string[]>();
  doc.querySelectorAll('meta').forEach((m) => {
    const key = (m.getAttribute('property') || m.getAttribute('name') || m.getAttribute('itemprop') || m.getAttribute('http-equiv') || '').toLowerCase().trim();
    const content = m.getAttribute('content');
    if (!key || content === null || key === '__proto__') return;
    const text = content.trim();
    const value = text.slice(0, 300);
    const values = metaValues.get(key);
    if (values === undefined) {
      meta[key] = text.slice(0, 2000);
      metaValues.set(key, [value]);
    } else if (values.length < 50 && !values.includes(value)) values.push(value);
  });
  const repeated = [...metaValues].filter(([, values]) => values.length > 1).slice(0, 64);
  const jsonLd: unknown[] = [];
  doc.querySelectorAll('script[type="application/ld+json"]').forEach((s) => {
    const txt = (s.textContent || '').trim();
    if (!txt) return;
    try {
      jsonLd.push(JSON.parse(txt));
    } catch {
      try {
        // common breakage: raw newlines/tabs inside strings
        jsonLd.push(JSON.parse(txt.replace(/[\n\r\t]+/g, ' ')));
      } catch {
        /* skip invalid block */
      }
    }
  });
  const times: string[] = [];
  doc.querySelectorAll('time').forEach((t) => {
    if (times.length >= 20) return;
    const v = t.getAttribute('datetime') || (t.textContent || '').trim();
    if (v) times.push(v.slice(0, 100));
  });
  const canonicalEl = doc.querySelector('link[rel~="canonical"]');
  const baseEl = doc.querySelector('base[href]');
  const html = doc.documentElement;
  const de = doc.documentElement;
  return {
    version: 1,
    url: args.requestedUrl,
    finalUrl: top.location.href,
    title: (doc.title || '').replace(/\s+/g, ' ').trim(),
    viewport: { width: top.innerWidth, height: top.innerHeight, deviceScaleFactor: top.devicePixelRatio || 1 },
    document: {
      width: Math.max(de?.scrollWidth ?? 0, body?.scrollWidth ?? 0, top.innerWidth),
      height: Math.max(de?.scrollHeight ?? 0, body?.scrollHeight ?? 0, top.innerHeight),
    },
    root: 0,
    rows,
    styles,
    links,
    images,
    forms,
    metadata: {
      title: (doc.title || '').replace(/\s+/g, ' ').trim(),
      description: meta['description'] || meta['og:description'] || meta['twitter:description'] || '',
      canonical: canonicalEl ? absUrl(canonicalEl.getAttribute('href'), doc.baseURI) : '',
      baseHref: baseEl ? absUrl(baseEl.getAttribute('href'), top.location.href) : '',
      lang: html?.getAttribute('lang') || html?.getAttribute('xml:lang') || meta['content-language'] || '',
      dir: html?.getAttribute('dir') || (body?.getAttribute && body.getAttribute('dir')) || '',
      meta,
      ...(repeated.length > 0 ? { metaAll: Object.fromEntries(repeated) } : {}),
      jsonLd,
      times,
    },
    truncated,
  };
}
