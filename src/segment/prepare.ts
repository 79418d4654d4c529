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
import { type Box, boxArea, boxFromRect, clampBox, isEmptyBox } from './geometry.js';

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
    const hex = h[1]!;
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

/** Collapse white space and trim: the visible character count of a text node. */
export function collapsedLength(text: string | undefined): number {
  if (!text) return 0;
  return text.replace(/\s+/g, ' ').trim().length;
}

// Han, Hiragana, Katakana (incl. prolonged sound mark), CJK compatibility ideographs, ideographic iteration marks.
const CJK_RE = /[\u3005\u3006\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{2fa1f}]/u;
const WORDCHAR_RE = /[\p{L}\p{N}]/u;

/**
 * Word count: white-space separated tokens that contain a letter or digit; each Han/Kana character
 * counts as a word of its own (those scripts do not separate words with spaces). Hangul is
 * space-separated and counted by tokens.
 */
export function countWords(text: string | undefined): number {
  if (!text) return 0;
  let n = 0;
  let inRun = false;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code <= 0x7f) {
      if (code === 32 || (code >= 9 && code <= 13)) {
        inRun = false;
      } else if ((code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122)) {
        if (!inRun) {
          n++;
          inRun = true;
        }
      }
      continue;
    }
    if (/\s/u.test(ch)) {
      inRun = false;
    } else if (CJK_RE.test(ch)) {
      n++;
      inRun = false;
    } else if (WORDCHAR_RE.test(ch)) {
      if (!inRun) {
        n++;
        inRun = true;
      }
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

export function preparePage(snapshot: PageSnapshot): PreparedPage {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const root = snapshot.root;

  // ---- pre-order walk from the root ----
  const parent = new Int32Array(n).fill(-1);
  const seen = new Uint8Array(n);
  const orderList: number[] = [];
  if (root >= 0 && root < n) {
    const stack: number[] = [root];
    seen[root] = 1;
    while (stack.length) {
      const id = stack.pop()!;
      orderList.push(id);
      const kids = nodes[id]!.children;
      for (let k = kids.length - 1; k >= 0; k--) {
        const c = kids[k]!;
        if (c < 0 || c >= n || seen[c]) continue;
        seen[c] = 1;
        parent[c] = id;
        stack.push(c);
      }
    }
  }
  const order = Int32Array.from(orderList);

  const flow = new Uint8Array(n);
  const media = new Uint8Array(n);
  const visibleText = new Uint8Array(n);
  const hasContent = new Uint8Array(n);
  const inline = new Uint8Array(n);
  const textual = new Uint8Array(n);
  const chars = new Int32Array(n);
  const linkChars = new Int32Array(n);
  const words = new Int32Array(n);
  const textNodes = new Int32Array(n);
  const firstText = new Int32Array(n).fill(-1);
  const lastText = new Int32Array(n).fill(-1);
  const fontKey = new Int32Array(n).fill(FONT_NONE);
  const fontSize = new Float64Array(n);
  const fontWeight = new Float64Array(n);
  const bg = new Float64Array(n);
  const isOverlay = new Uint8Array(n);
  const containsOverlay = new Uint8Array(n);
  const inLink = new Uint8Array(n);
  const underOverlay = new Uint8Array(n);
  const bx0 = new Int32Array(n);
  const by0 = new Int32Array(n);
  const bx1 = new Int32Array(n);
  const by1 = new Int32Array(n);
  const ex0 = new Int32Array(n);
  const ey0 = new Int32Array(n);
  const ex1 = new Int32Array(n);
  const ey1 = new Int32Array(n);
  // Clip box inherited by a node's children.
  const cx0 = new Float64Array(n);
  const cy0 = new Float64Array(n);
  const cx1 = new Float64Array(n);
  const cy1 = new Float64Array(n);

  const rootNode = root >= 0 && root < n ? nodes[root] : undefined;
  const rootBox = rootNode ? boxFromRect(rootNode.rect) : { x0: 0, y0: 0, x1: 0, y1: 0 };
  const pageBox: Box = {
    x0: 0,
    y0: 0,
    x1: Math.max(Math.round(snapshot.document?.width ?? 0), rootBox.x1),
    y1: Math.max(Math.round(snapshot.document?.height ?? 0), rootBox.y1),
  };
  const vw = Math.max(1, snapshot.viewport?.width ?? 1366);
  const vh = Math.max(1, snapshot.viewport?.height ?? 768);
  const hLines: RuleLine[] = [];
  const vLines: RuleLine[] = [];

  // ---- top-down: flow, media, fonts, backgrounds, clip boxes, link and overlay flags ----
  for (let k = 0; k < order.length; k++) {
    const id = order[k]!;
    const node = nodes[id]!;
    const p = parent[id]!;
    flow[id] = flowOf(node);
    const style = node.kind === 'element' ? node.style : p >= 0 ? nodes[p]!.style : undefined;
    if (node.kind === 'element') {
      fontSize[id] = style?.fontSize ?? 16;
      fontWeight[id] = style?.fontWeight ?? 400;
      bg[id] = colorKey(style?.effectiveBackground ?? style?.backgroundColor);
      if (MEDIA_TAGS.has(node.tag)) {
        // A same-origin iframe carries its document as children: divide it like any element.
        const divisibleFrame = node.tag === 'iframe' && node.children.length > 0;
        media[id] = divisibleFrame ? 0 : 1;
      }
      inLink[id] = (p >= 0 && inLink[p]) || node.tag === 'a' ? 1 : 0;
    } else {
      fontSize[id] = p >= 0 ? fontSize[p]! : 16;
      fontWeight[id] = p >= 0 ? fontWeight[p]! : 400;
      bg[id] = p >= 0 ? bg[p]! : DEFAULT_BG;
      inLink[id] = p >= 0 ? inLink[p]! : 0;
    }

    // Clip: the node's own box is clipped by what its ancestors clip; fixed boxes escape.
    let clip: Box;
    if (p < 0 || style?.position === 'fixed' && node.kind === 'element') {
      clip = pageBox;
    } else {
      clip = { x0: cx0[p]!, y0: cy0[p]!, x1: cx1[p]!, y1: cy1[p]! };
    }
    const own = clampBox(boxFromRect(node.rect), clip);
    bx0[id] = own.x0;
    by0[id] = own.y0;
    bx1[id] = own.x1;
    by1[id] = own.y1;
    let childClip = clip;
    if (node.kind === 'element' && id !== root && node.style && node.style.overflow !== 'visible') {
      childClip = clampBox(own, clip);
    }
    cx0[id] = childClip.x0;
    cy0[id] = childClip.y0;
    cx1[id] = childClip.x1;
    cy1[id] = childClip.y1;

    if (node.kind === 'element' && id !== root && !(p >= 0 && (underOverlay[p] || isOverlay[p]))) {
      if (isOverlayCandidate(node.style)) {
        const cover = (Math.min(own.x1 - own.x0, vw) * Math.min(own.y1 - own.y0, vh)) / (vw * vh);
        if (cover > OVERLAY_VIEWPORT_SHARE) isOverlay[id] = 1;
      }
    }
    if (p >= 0 && (underOverlay[p] || isOverlay[p])) underOverlay[id] = 1;

    // Rule lines: hr and visible borders of visible elements.
    if (node.kind === 'element' && node.visible && node.style) {
      const w = own.x1 - own.x0;
      const h = own.y1 - own.y0;
      if (node.tag === 'hr') {
        if (w >= h) hLines.push({ lo: own.y0, hi: Math.max(own.y1, own.y0 + 1), from: own.x0, to: own.x1, hr: true, node: id });
        else vLines.push({ lo: own.x0, hi: Math.max(own.x1, own.x0 + 1), from: own.y0, to: own.y1, hr: true, node: id });
      } else {
        const s = node.style;
        if (w > 0 && s.borderTop > 0) hLines.push({ lo: own.y0, hi: own.y0 + s.borderTop, from: own.x0, to: own.x1, hr: false, node: id });
        if (w > 0 && s.borderBottom > 0) hLines.push({ lo: own.y1 - s.borderBottom, hi: own.y1, from: own.x0, to: own.x1, hr: false, node: id });
        if (h > 0 && s.borderLeft > 0) vLines.push({ lo: own.x0, hi: own.x0 + s.borderLeft, from: own.y0, to: own.y1, hr: false, node: id });
        if (h > 0 && s.borderRight > 0) vLines.push({ lo: own.x1 - s.borderRight, hi: own.x1, from: own.y0, to: own.y1, hr: false, node: id });
      }
    }
  }

  // ---- bottom-up: content, inline-ness, text aggregates, fonts, effective boxes ----
  for (let k = order.length - 1; k >= 0; k--) {
    const id = order[k]!;
    const node = nodes[id]!;
    if (node.kind === 'text') {
      const len = node.visible ? collapsedLength(node.text) : 0;
      if (len > 0) {
        visibleText[id] = 1;
        hasContent[id] = 1;
        chars[id] = len;
        linkChars[id] = inLink[id] ? len : 0;
        words[id] = countWords(node.text);
        textNodes[id] = 1;
        firstText[id] = id;
        lastText[id] = id;
        fontKey[id] = fontKeyOf(fontSize[id]!, fontWeight[id]!);
        textual[id] = 1;
      }
      inline[id] = 1;
      ex0[id] = bx0[id]!;
      ey0[id] = by0[id]!;
      ex1[id] = bx1[id]!;
      ey1[id] = by1[id]!;
      continue;
    }
    const ownVisible = node.visible && bx1[id]! > bx0[id]! && by1[id]! > by0[id]!;
    let content = media[id] && node.visible ? 1 : 0;
    let kidsInline = true;
    let fk = FONT_NONE;
    let c = 0, lc = 0, wd = 0, tn = 0, ft = -1, lt = -1, ov = isOverlay[id]!;
    // Effective box accumulation.
    let ux0 = Infinity, uy0 = Infinity, ux1 = -Infinity, uy1 = -Infinity;
    if (ownVisible) {
      ux0 = bx0[id]!; uy0 = by0[id]!; ux1 = bx1[id]!; uy1 = by1[id]!;
    }
    for (const ch of node.children) {
      if (parent[ch] !== id) continue;
      if (containsOverlay[ch]) ov = 1;
      if (!hasContent[ch]) continue;
      content = 1;
      if (!inline[ch]) kidsInline = false;
      fk = mergeFont(fk, fontKey[ch]!);
      c += chars[ch]!;
      lc += linkChars[ch]!;
      wd += words[ch]!;
      tn += textNodes[ch]!;
      if (ft < 0 && firstText[ch]! >= 0) ft = firstText[ch]!;
      if (lastText[ch]! >= 0) lt = lastText[ch]!;
      if (ex1[ch]! > ex0[ch]! && ey1[ch]! > ey0[ch]!) {
        if (ex0[ch]! < ux0) ux0 = ex0[ch]!;
        if (ey0[ch]! < uy0) uy0 = ey0[ch]!;
        if (ex1[ch]! > ux1) ux1 = ex1[ch]!;
        if (ey1[ch]! > uy1) uy1 = ey1[ch]!;
      }
    }
    hasContent[id] = content;
    containsOverlay[id] = ov;
    if (media[id]) inline[id] = flow[id] === Flow.Inline ? 1 : 0;
    else inline[id] = (flow[id] === Flow.Inline || flow[id] === Flow.Contents) && kidsInline ? 1 : 0;
    chars[id] = c;
    linkChars[id] = lc;
    words[id] = wd;
    textNodes[id] = tn;
    firstText[id] = ft;
    lastText[id] = lt;
    fontKey[id] = fk;
    textual[id] = !media[id] && c > 0 && kidsInline ? 1 : 0;
    if (ux0 === Infinity) {
      ex0[id] = bx0[id]!; ey0[id] = by0[id]!; ex1[id] = bx1[id]!; ey1[id] = by1[id]!;
    } else {
      ex0[id] = ux0; ey0[id] = uy0; ex1[id] = ux1; ey1[id] = uy1;
    }
  }

  const byLine = (a: RuleLine, b: RuleLine): number => a.lo - b.lo || a.hi - b.hi || a.from - b.from || a.to - b.to || a.node - b.node;
  hLines.sort(byLine);
  vLines.sort(byLine);

  return {
    snapshot, nodes, order, parent, flow, media, visibleText, hasContent, inline, textual,
    chars, linkChars, words, textNodes, firstText, lastText, fontKey, fontSize, fontWeight, bg,
    isOverlay, containsOverlay, bx0, by0, bx1, by1, ex0, ey0, ex1, ey1, hLines, vLines, pageBox, root,
  };
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
  for (const ch of pre.nodes[id]!.children) {
    if (pre.parent[ch] !== id || !pre.hasContent[ch]) continue;
    if (pre.flow[ch] === Flow.Contents && !pre.media[ch]) pushContentChildren(pre, ch, out);
    else out.push(ch);
  }
}

/** True when a direct (or contents-lifted) child is a visible `<hr>`. */
export function hasHrChild(pre: PreparedPage, id: number): boolean {
  for (const ch of pre.nodes[id]!.children) {
    if (pre.parent[ch] !== id) continue;
    const node = pre.nodes[ch]!;
    if (node.tag === 'hr' && node.visible) return true;
    if (pre.flow[ch] === Flow.Contents && hasHrChild(pre, ch)) return true;
  }
  return false;
}

/** Content-aware box of a node. */
export function nodeBox(pre: PreparedPage, id: number): Box {
  return { x0: pre.ex0[id]!, y0: pre.ey0[id]!, x1: pre.ex1[id]!, y1: pre.ey1[id]! };
}

export function nodeArea(pre: PreparedPage, id: number): number {
  const b = nodeBox(pre, id);
  return isEmptyBox(b) ? 0 : boxArea(b);
}
