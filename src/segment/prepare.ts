/**
 * One linear pass over the snapshot that precomputes everything the three VIPS phases ask about
 * a node: its clipped and content-aware boxes, whether it shows anything, whether it is
 * inline-level, per-subtree text aggregates (chars, link chars, words, text nodes), first/last
 * text for the font rules, background colour keys, overlay flags and the list of horizontal and
 * vertical rule lines (hr and visible borders) for the separator weights.
 *
 * Nodes are visited from `snapshot.root` by an explicit pre-order walk over `children`, so the
 * result does not depend on the `nodes` array being in pre-order, and nodes outside the root's
 * subtree are ignored. Everything is stored in typed arrays indexed by node id.
 */
import type { NodeStyle, PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { type Box, boxArea, boxFromRect, isEmptyBox } from './geometry.js';
import { countWords } from '../util/text.js';
import { outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** Elements that are shown as one opaque thing: never divided, kept even without text. */
export const MEDIA_TAGS: ReadonlySet<string> = new Set([
  'img', 'svg', 'video', 'canvas', 'iframe', 'input', 'picture', 'textarea', 'select', 'object', 'embed',
  'audio', 'math', 'progress', 'meter',
]);

/** How a node takes part in line layout. */
export const Flow = {
  /** `display: inline` (and ruby): does not start a new line. */
  Inline: 0,
  /** Anything else that generates a box: block, flex, grid, list-item, table*, inline-block, flow-root. */
  LineBreak: 1,
  /** `display: contents`: no box of its own; its children are lifted into its parent. */
  Contents: 2,
  /** A text node. */
  Text: 3,
} as const;
export type Flow = (typeof Flow)[keyof typeof Flow];

/** `fontKey` value for a subtree without visible text. */
export const FONT_NONE = -1;
/** `fontKey` value for a subtree whose visible text mixes font sizes or weights. */
export const FONT_MIXED = -2;

/** A horizontal or vertical line drawn by an `<hr>` or a visible border. */
export interface RuleLine {
  /** Position range across the line (y for horizontal lines, x for vertical), half-open. */
  lo: number;
  hi: number;
  /** Extent along the line, half-open. */
  from: number;
  to: number;
  hr: boolean;
  node: number;
}

export interface PreparedPage {
  readonly snapshot: PageSnapshot;
  readonly nodes: readonly SnapshotNode[];
  /** Ids reachable from the root, in pre-order. */
  readonly order: Int32Array;
  /** Parent id from the walk (-1 for the root and for unreachable nodes). */
  readonly parent: Int32Array;
  readonly flow: Uint8Array;
  /** 1 for an atomic media element (see MEDIA_TAGS). */
  readonly media: Uint8Array;
  /** 1 for a text node with `visible: true` and non-blank text. */
  readonly visibleText: Uint8Array;
  /** 1 when the subtree shows visible text or a visible media element. */
  readonly hasContent: Uint8Array;
  /** 1 for an inline-level node with no line-break node inside (text, virtual text, inline media). */
  readonly inline: Uint8Array;
  /** 1 for text-like content: a text node, or an element whose content children are all inline and that has text. */
  readonly textual: Uint8Array;
  /** Subtree aggregates over visible text nodes. */
  readonly chars: Int32Array;
  readonly linkChars: Int32Array;
  readonly words: Int32Array;
  readonly textNodes: Int32Array;
  /** First/last visible text node in the subtree (-1 when none). */
  readonly firstText: Int32Array;
  readonly lastText: Int32Array;
  /** Font key shared by all visible text in the subtree, or FONT_NONE / FONT_MIXED. */
  readonly fontKey: Int32Array;
  /** Font size (px) and weight of the element, or of a text node's parent element. */
  readonly fontSize: Float64Array;
  readonly fontWeight: Float64Array;
  /** Effective background colour as a comparable number (text nodes: their parent's). */
  readonly bg: Float64Array;
  /** Outermost large fixed/sticky/high-z overlay elements, and their ancestors. */
  readonly isOverlay: Uint8Array;
  readonly containsOverlay: Uint8Array;
  /** Own border box, rounded and clipped by ancestors' overflow clips and the page. */
  readonly bx0: Int32Array;
  readonly by0: Int32Array;
  readonly bx1: Int32Array;
  readonly by1: Int32Array;
  /** Content-aware box: own box (when visible) united with the boxes of content children. */
  readonly ex0: Int32Array;
  readonly ey0: Int32Array;
  readonly ex1: Int32Array;
  readonly ey1: Int32Array;
  /** Rule lines sorted by `lo`, then `hi`, `from`, `to`, `node`. */
  readonly hLines: readonly RuleLine[];
  readonly vLines: readonly RuleLine[];
  readonly pageBox: Box;
  readonly root: number;
}

const DEFAULT_BG = packColor(255, 255, 255, 1);

/** Parse a CSS colour (`rgb()`, `rgba()`, `#rgb`, `#rrggbb`, `transparent`) to a number; transparent → white. */
export function colorKey(c: string | undefined): number {
  if (!c) return DEFAULT_BG;
  let k = colorCache.get(c);
  if (k === undefined) {
    k = parseColor(c);
    if (colorCache.size > 4096) colorCache.clear();
    colorCache.set(c, k);
  }
  return k;
}

const colorCache = new Map<string, number>();

function parseColor(c: string): number {
  if (!c) return DEFAULT_BG;
  const s = c.trim().toLowerCase();
  if (s === '' || s === 'transparent') return DEFAULT_BG;
  const m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?\s*\)$/.exec(s);
  if (m) {
    let a = 1;
    if (m[4] !== undefined) a = m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
    if (!(a > 0)) return DEFAULT_BG;
    return packColor(Number(m[1]), Number(m[2]), Number(m[3]), a);
  }
  const h = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(s);
  if (h) {
    const hex = h[1] ?? outOfRange(1);
    const full = hex.length === 3 ? hex.split('').map((d) => d + d).join('') : hex;
    return packColor(parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16), 1);
  }
  // Unknown syntax (named colours, color()): compare by a stable hash of the text.
  let hash = 0;
  for (let i = 0; i < s.length; i++) hash = (hash * 31 + s.charCodeAt(i)) >>> 0;
  return -1 - hash;
}

function packColor(r: number, g: number, b: number, a: number): number {
  const q = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));
  return ((q(r) * 256 + q(g)) * 256 + q(b)) * 256 + q(a * 255);
}

export function flowOf(node: SnapshotNode): Flow {
  if (node.kind === 'text') return Flow.Text;
  const d = (node.style?.display ?? 'block').trim().toLowerCase();
  if (d === 'contents') return Flow.Contents;
  if (d === 'inline' || d === 'inline flow' || d.startsWith('ruby')) return Flow.Inline;
  return Flow.LineBreak;
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x85 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** Collapse white space and trim: the visible character count of a text node (UTF-16 units, like `length`). */
export function collapsedLength(text: string | undefined): number {
  if (!text) return 0;
  let n = 0;
  let pendingSpace = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    if (isSpace(text.charCodeAt(i))) {
      if (started) pendingSpace = true;
    } else {
      if (pendingSpace) {
        n++;
        pendingSpace = false;
      }
      n++;
      started = true;
    }
  }
  return n;
}

function fontKeyOf(size: number, weight: number): number {
  return Math.round(size * 10) * 1000 + Math.max(0, Math.min(999, Math.round(weight)));
}

function mergeFont(a: number, b: number): number {
  if (a === FONT_NONE) return b;
  if (b === FONT_NONE) return a;
  if (a === FONT_MIXED || b === FONT_MIXED || a !== b) return FONT_MIXED;
  return a;
}

/** A node covering more than this share of the viewport, fixed/sticky or high z-index, is an overlay. */
export const OVERLAY_VIEWPORT_SHARE = 0.3;
/** z-index from which an absolutely positioned element counts as an overlay candidate. */
export const OVERLAY_MIN_Z = 100;

function isOverlayCandidate(style: NodeStyle | undefined): boolean {
  if (!style) return false;
  const p = style.position;
  if (p === 'fixed' || p === 'sticky') return true;
  return p === 'absolute' && style.zIndex !== null && style.zIndex >= OVERLAY_MIN_Z;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** PreparedPage under construction, plus the scratch arrays the passes share. */
interface Build extends Writable<PreparedPage> {
  inLink: Uint8Array;
  underOverlay: Uint8Array;
  /** Clip box inherited by a node's children. */
  cx0: Float64Array;
  cy0: Float64Array;
  cx1: Float64Array;
  cy1: Float64Array;
  vw: number;
  vh: number;
  hLines: RuleLine[];
  vLines: RuleLine[];
}

export function preparePage(snapshot: PageSnapshot): PreparedPage {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const root = snapshot.root;
  const { order, parent } = walkFromRoot(nodes, root);
  const rootNode = root >= 0 && root < n ? nodes[root] : undefined;
  const rootBox = rootNode ? boxFromRect(rootNode.rect) : { x0: 0, y0: 0, x1: 0, y1: 0 };
  const b: Build = {
    snapshot, nodes, order, parent, root,
    flow: new Uint8Array(n),
    media: new Uint8Array(n),
    visibleText: new Uint8Array(n),
    hasContent: new Uint8Array(n),
    inline: new Uint8Array(n),
    textual: new Uint8Array(n),
    chars: new Int32Array(n),
    linkChars: new Int32Array(n),
    words: new Int32Array(n),
    textNodes: new Int32Array(n),
    firstText: new Int32Array(n).fill(-1),
    lastText: new Int32Array(n).fill(-1),
    fontKey: new Int32Array(n).fill(FONT_NONE),
    fontSize: new Float64Array(n),
    fontWeight: new Float64Array(n),
    bg: new Float64Array(n),
    isOverlay: new Uint8Array(n),
    containsOverlay: new Uint8Array(n),
    bx0: new Int32Array(n),
    by0: new Int32Array(n),
    bx1: new Int32Array(n),
    by1: new Int32Array(n),
    ex0: new Int32Array(n),
    ey0: new Int32Array(n),
    ex1: new Int32Array(n),
    ey1: new Int32Array(n),
    hLines: [],
    vLines: [],
    pageBox: {
      x0: 0,
      y0: 0,
      x1: Math.max(Math.round(snapshot.document.width), rootBox.x1),
      y1: Math.max(Math.round(snapshot.document.height), rootBox.y1),
    },
    inLink: new Uint8Array(n),
    underOverlay: new Uint8Array(n),
    cx0: new Float64Array(n),
    cy0: new Float64Array(n),
    cx1: new Float64Array(n),
    cy1: new Float64Array(n),
    vw: Math.max(1, snapshot.viewport.width),
    vh: Math.max(1, snapshot.viewport.height),
  };
  for (let k = 0; k < order.length; k++) topDown(b, (order[k] ?? outOfRange(k)));
  for (let k = order.length - 1; k >= 0; k--) {
    const id = order[k] ?? outOfRange(k);
    if ((nodes[id] ?? outOfRange(id)).kind === 'text') bottomUpText(b, id);
    else bottomUpElement(b, id);
  }
  const byLine = (x: RuleLine, y: RuleLine): number => x.lo - y.lo || x.hi - y.hi || x.from - y.from || x.to - y.to || x.node - y.node;
  b.hLines.sort(byLine);
  b.vLines.sort(byLine);
  return {
    snapshot, nodes, order, parent, root, flow: b.flow, media: b.media, visibleText: b.visibleText, hasContent: b.hasContent,
    inline: b.inline, textual: b.textual, chars: b.chars, linkChars: b.linkChars, words: b.words, textNodes: b.textNodes,
    firstText: b.firstText, lastText: b.lastText, fontKey: b.fontKey, fontSize: b.fontSize, fontWeight: b.fontWeight, bg: b.bg,
    isOverlay: b.isOverlay, containsOverlay: b.containsOverlay, bx0: b.bx0, by0: b.by0, bx1: b.bx1, by1: b.by1,
    ex0: b.ex0, ey0: b.ey0, ex1: b.ex1, ey1: b.ey1, hLines: b.hLines, vLines: b.vLines, pageBox: b.pageBox,
  };
}

/** Pre-order walk over `children` from the root; parents from the walk; cycles and bad ids ignored. */
function walkFromRoot(nodes: readonly SnapshotNode[], root: number): { order: Int32Array; parent: Int32Array } {
  const n = nodes.length;
  const parent = new Int32Array(n).fill(-1);
  const seen = new Uint8Array(n);
  const order = new Int32Array(n);
  let count = 0;
  if (root >= 0 && root < n) {
    const stack: number[] = [root];
    seen[root] = 1;
    while (stack.length) {
      const id = stack.pop()!;
      order[count++] = id;
      const kids = (nodes[id] ?? outOfRange(id)).children;
      for (let k = kids.length - 1; k >= 0; k--) {
        const c = kids[k] ?? outOfRange(k);
        if (c < 0 || c >= n || seen[c]) continue;
        seen[c] = 1;
        parent[c] = id;
        stack.push(c);
      }
    }
  }
  return { order: order.subarray(0, count), parent };
}

/** Top-down, per node: flow, media, font, background, link flag, clipped box, overlay flag, rule lines. */
function topDown(b: Build, id: number): void {
  const node = b.nodes[id] ?? outOfRange(id);
  const p = b.parent[id] ?? outOfRange(id);
  const isElement = node.kind === 'element';
  b.flow[id] = flowOf(node);
  const style = isElement ? node.style : p >= 0 ? (b.nodes[p] ?? outOfRange(p)).style : undefined;
  if (isElement) {
    b.fontSize[id] = style?.fontSize ?? 16;
    b.fontWeight[id] = style?.fontWeight ?? 400;
    b.bg[id] = colorKey(style?.effectiveBackground ?? style?.backgroundColor);
    // A same-origin iframe carries its document as children: divide it like any element.
    if (MEDIA_TAGS.has(node.tag) && !(node.tag === 'iframe' && node.children.length > 0)) b.media[id] = 1;
    b.inLink[id] = (p >= 0 && b.inLink[p]) || node.tag === 'a' ? 1 : 0;
  } else {
    b.fontSize[id] = p >= 0 ? (b.fontSize[p] ?? outOfRange(p)) : 16;
    b.fontWeight[id] = p >= 0 ? (b.fontWeight[p] ?? outOfRange(p)) : 400;
    b.bg[id] = p >= 0 ? (b.bg[p] ?? outOfRange(p)) : DEFAULT_BG;
    b.inLink[id] = p >= 0 ? (b.inLink[p] ?? outOfRange(p)) : 0;
  }

  // Clip: the node's own box is clipped by what its ancestors clip; fixed boxes escape.
  let k0: number, k1: number, k2: number, k3: number;
  if (p < 0 || (isElement && style?.position === 'fixed')) {
    k0 = b.pageBox.x0; k1 = b.pageBox.y0; k2 = b.pageBox.x1; k3 = b.pageBox.y1;
  } else {
    k0 = b.cx0[p] ?? outOfRange(p); k1 = b.cy0[p] ?? outOfRange(p); k2 = b.cx1[p] ?? outOfRange(p); k3 = b.cy1[p] ?? outOfRange(p);
  }
  // Round the rect, then clamp it into the clip box (a box outside collapses onto its edge).
  const r = node.rect;
  const rx0 = Math.round(r.x);
  const ry0 = Math.round(r.y);
  const rx1 = Math.max(rx0, Math.round(r.x + Math.max(0, r.w)));
  const ry1 = Math.max(ry0, Math.round(r.y + Math.max(0, r.h)));
  const ox0 = Math.min(Math.max(rx0, k0), k2);
  const oy0 = Math.min(Math.max(ry0, k1), k3);
  const ox1 = Math.max(ox0, Math.min(Math.max(rx1, ox0), k2));
  const oy1 = Math.max(oy0, Math.min(Math.max(ry1, oy0), k3));
  b.bx0[id] = ox0;
  b.by0[id] = oy0;
  b.bx1[id] = ox1;
  b.by1[id] = oy1;
  if (isElement && id !== b.root && node.style && node.style.overflow !== 'visible') {
    k0 = ox0; k1 = oy0; k2 = ox1; k3 = oy1; // already inside the inherited clip
  }
  b.cx0[id] = k0;
  b.cy0[id] = k1;
  b.cx1[id] = k2;
  b.cy1[id] = k3;

  const insideOverlay = p >= 0 && (b.underOverlay[p] === 1 || b.isOverlay[p] === 1);
  if (insideOverlay) b.underOverlay[id] = 1;
  if (isElement && id !== b.root && !insideOverlay && isOverlayCandidate(node.style)) {
    const cover = (Math.min(ox1 - ox0, b.vw) * Math.min(oy1 - oy0, b.vh)) / (b.vw * b.vh);
    if (cover > OVERLAY_VIEWPORT_SHARE) b.isOverlay[id] = 1;
  }
  if (isElement && node.visible && node.style) addRuleLines(b, node, id, ox0, oy0, ox1, oy1);
}

/** Rule lines of a visible element: an hr, or its visible borders. */
function addRuleLines(b: Build, node: SnapshotNode, id: number, x0: number, y0: number, x1: number, y1: number): void {
  const w = x1 - x0;
  const h = y1 - y0;
  if (node.tag === 'hr') {
    if (w >= h) b.hLines.push({ lo: y0, hi: Math.max(y1, y0 + 1), from: x0, to: x1, hr: true, node: id });
    else b.vLines.push({ lo: x0, hi: Math.max(x1, x0 + 1), from: y0, to: y1, hr: true, node: id });
    return;
  }
  const s = node.style!;
  if (w > 0 && s.borderTop > 0) b.hLines.push({ lo: y0, hi: y0 + s.borderTop, from: x0, to: x1, hr: false, node: id });
  if (w > 0 && s.borderBottom > 0) b.hLines.push({ lo: y1 - s.borderBottom, hi: y1, from: x0, to: x1, hr: false, node: id });
  if (h > 0 && s.borderLeft > 0) b.vLines.push({ lo: x0, hi: x0 + s.borderLeft, from: y0, to: y1, hr: false, node: id });
  if (h > 0 && s.borderRight > 0) b.vLines.push({ lo: x1 - s.borderRight, hi: x1, from: y0, to: y1, hr: false, node: id });
}

/** Bottom-up, text node: its own text measures. */
function bottomUpText(b: Build, id: number): void {
  const node = b.nodes[id] ?? outOfRange(id);
  const len = node.visible ? collapsedLength(node.text) : 0;
  if (len > 0) {
    b.visibleText[id] = 1;
    b.hasContent[id] = 1;
    b.chars[id] = len;
    b.linkChars[id] = b.inLink[id] ? len : 0;
    b.words[id] = countWords(node.text);
    b.textNodes[id] = 1;
    b.firstText[id] = id;
    b.lastText[id] = id;
    b.fontKey[id] = fontKeyOf((b.fontSize[id] ?? outOfRange(id)), (b.fontWeight[id] ?? outOfRange(id)));
    b.textual[id] = 1;
  }
  b.inline[id] = 1;
  b.ex0[id] = b.bx0[id] ?? outOfRange(id);
  b.ey0[id] = b.by0[id] ?? outOfRange(id);
  b.ex1[id] = b.bx1[id] ?? outOfRange(id);
  b.ey1[id] = b.by1[id] ?? outOfRange(id);
}

/** Bottom-up, element: content, inline-ness, subtree aggregates, font, overlay flag, effective box. */
function bottomUpElement(b: Build, id: number): void {
  const node = b.nodes[id] ?? outOfRange(id);
  const ownVisible = node.visible && (b.bx1[id] ?? outOfRange(id)) > (b.bx0[id] ?? outOfRange(id)) && (b.by1[id] ?? outOfRange(id)) > (b.by0[id] ?? outOfRange(id));
  let content = b.media[id] && node.visible ? 1 : 0;
  let kidsInline = true;
  let fk = FONT_NONE;
  let c = 0, lc = 0, wd = 0, tn = 0, ft = -1, lt = -1, ov = b.isOverlay[id] ?? outOfRange(id);
  let ux0 = Infinity, uy0 = Infinity, ux1 = -Infinity, uy1 = -Infinity;
  if (ownVisible) {
    ux0 = b.bx0[id] ?? outOfRange(id); uy0 = b.by0[id] ?? outOfRange(id); ux1 = b.bx1[id] ?? outOfRange(id); uy1 = b.by1[id] ?? outOfRange(id);
  }
  for (const ch of node.children) {
    if (b.parent[ch] !== id) continue;
    if (b.containsOverlay[ch]) ov = 1;
    if (!b.hasContent[ch]) continue;
    content = 1;
    if (!b.inline[ch]) kidsInline = false;
    fk = mergeFont(fk, (b.fontKey[ch] ?? outOfRange(ch)));
    c += b.chars[ch] ?? outOfRange(ch);
    lc += b.linkChars[ch] ?? outOfRange(ch);
    wd += b.words[ch] ?? outOfRange(ch);
    tn += b.textNodes[ch] ?? outOfRange(ch);
    if (ft < 0 && (b.firstText[ch] ?? outOfRange(ch)) >= 0) ft = b.firstText[ch] ?? outOfRange(ch);
    if ((b.lastText[ch] ?? outOfRange(ch)) >= 0) lt = b.lastText[ch] ?? outOfRange(ch);
    const cx0 = (b.ex0[ch] ?? outOfRange(ch)), cy0 = (b.ey0[ch] ?? outOfRange(ch)), cx1 = (b.ex1[ch] ?? outOfRange(ch)), cy1 = b.ey1[ch] ?? outOfRange(ch);
    if (cx1 > cx0 && cy1 > cy0) {
      if (cx0 < ux0) ux0 = cx0;
      if (cy0 < uy0) uy0 = cy0;
      if (cx1 > ux1) ux1 = cx1;
      if (cy1 > uy1) uy1 = cy1;
    }
  }
  const flow = b.flow[id] ?? outOfRange(id);
  b.hasContent[id] = content;
  b.containsOverlay[id] = ov;
  if (b.media[id]) b.inline[id] = flow === Flow.Inline ? 1 : 0;
  else b.inline[id] = (flow === Flow.Inline || flow === Flow.Contents) && kidsInline ? 1 : 0;
  b.chars[id] = c;
  b.linkChars[id] = lc;
  b.words[id] = wd;
  b.textNodes[id] = tn;
  b.firstText[id] = ft;
  b.lastText[id] = lt;
  b.fontKey[id] = fk;
  b.textual[id] = !b.media[id] && c > 0 && kidsInline ? 1 : 0;
  if (ux0 === Infinity) {
    b.ex0[id] = b.bx0[id] ?? outOfRange(id); b.ey0[id] = b.by0[id] ?? outOfRange(id); b.ex1[id] = b.bx1[id] ?? outOfRange(id); b.ey1[id] = b.by1[id] ?? outOfRange(id);
  } else {
    b.ex0[id] = ux0; b.ey0[id] = uy0; b.ex1[id] = ux1; b.ey1[id] = uy1;
  }
}

/**
 * The children that count for the block rules: children with visible content, with
 * `display: contents` elements replaced by their own (recursively lifted) children.
 */
export function contentChildren(pre: PreparedPage, id: number): number[] {
  const out: number[] = [];
  pushContentChildren(pre, id, out);
  return out;
}

function pushContentChildren(pre: PreparedPage, id: number, out: number[]): void {
  for (const ch of (pre.nodes[id] ?? outOfRange(id)).children) {
    if (pre.parent[ch] !== id || !pre.hasContent[ch]) continue;
    if (pre.flow[ch] === Flow.Contents && !pre.media[ch]) pushContentChildren(pre, ch, out);
    else out.push(ch);
  }
}

/** True when a direct (or contents-lifted) child is a visible `<hr>`. */
export function hasHrChild(pre: PreparedPage, id: number): boolean {
  for (const ch of (pre.nodes[id] ?? outOfRange(id)).children) {
    if (pre.parent[ch] !== id) continue;
    const node = pre.nodes[ch] ?? outOfRange(ch);
    if (node.tag === 'hr' && node.visible) return true;
    if (pre.flow[ch] === Flow.Contents && hasHrChild(pre, ch)) return true;
  }
  return false;
}

/** Content-aware box of a node. */
export function nodeBox(pre: PreparedPage, id: number): Box {
  return { x0: (pre.ex0[id] ?? outOfRange(id)), y0: (pre.ey0[id] ?? outOfRange(id)), x1: (pre.ex1[id] ?? outOfRange(id)), y1: (pre.ey1[id] ?? outOfRange(id)) };
}

export function nodeArea(pre: PreparedPage, id: number): number {
  const b = nodeBox(pre, id);
  return isEmptyBox(b) ? 0 : boxArea(b);
}
