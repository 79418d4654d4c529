/**
 * A tiny builder for PageSnapshot objects in unit tests.
 *
 *   const snap = page(
 *     el('body', { rect: [0, 0, 800, 600] }, [
 *       el('div', { rect: [0, 0, 800, 100], style: { backgroundColor: 'rgb(0, 0, 0)' } }, [
 *         text('Hello', [10, 10, 100, 20]),
 *       ]),
 *     ]),
 *   );
 *
 * Defaults: `display` from the tag (block, inline, list-item, table parts, inline-block for
 * form controls), 16 px / 400 text (headings larger and bold, b/strong/th bold), transparent
 * background, `effectiveBackground` resolved down the tree (page default white), no borders,
 * `position: static`. An element without a rect gets the union of its children's rects.
 * `visible` defaults to "has non-zero size" (and non-blank text for text nodes).
 * Ids are assigned in pre-order, root 0.
 */
import type { NodeStyle, PageSnapshot, Rect, SnapshotNode } from '../../../src/snapshot/types.js';
import { outOfRange } from '../../../src/util/at.js';

export type RectTuple = [x: number, y: number, w: number, h: number];

export interface ElementOptions {
  rect?: RectTuple;
  style?: Partial<NodeStyle>;
  attrs?: Record<string, string>;
  visible?: boolean;
}

export interface TextOptions {
  visible?: boolean;
  lines?: number;
}

export interface NodeDesc {
  kind: 'element' | 'text';
  tag: string;
  rect?: RectTuple;
  style?: Partial<NodeStyle>;
  attrs?: Record<string, string>;
  visible?: boolean;
  text?: string;
  lines?: number;
  children: NodeDesc[];
}

const INLINE_TAGS = new Set([
  'a', 'span', 'b', 'strong', 'i', 'em', 'u', 's', 'small', 'sup', 'sub', 'code', 'abbr', 'cite', 'q', 'mark', 'label',
  'time', 'font', 'img', 'svg', 'br', 'kbd', 'var', 'samp', 'iframe', 'video', 'canvas',
]);
const INLINE_BLOCK_TAGS = new Set(['input', 'button', 'select', 'textarea']);
const TABLE_DISPLAY: Record<string, string> = {
  table: 'table', tr: 'table-row', td: 'table-cell', th: 'table-cell', tbody: 'table-row-group', thead: 'table-header-group',
  tfoot: 'table-footer-group', caption: 'table-caption',
};
const HEADING_SIZE: Record<string, number> = { h1: 32, h2: 24, h3: 18.72, h4: 16, h5: 13.28, h6: 10.72 };
const BOLD_TAGS = new Set(['b', 'strong', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

export function defaultDisplay(tag: string): string {
  if (TABLE_DISPLAY[tag]) return (TABLE_DISPLAY[tag] ?? outOfRange(tag));
  if (tag === 'li') return 'list-item';
  if (INLINE_TAGS.has(tag)) return 'inline';
  if (INLINE_BLOCK_TAGS.has(tag)) return 'inline-block';
  return 'block';
}

export function el(tag: string, opts: ElementOptions = {}, children: NodeDesc[] = []): NodeDesc {
  return { kind: 'element', tag, rect: opts.rect, style: opts.style, attrs: opts.attrs, visible: opts.visible, children };
}

export function text(s: string, rect: RectTuple, opts: TextOptions = {}): NodeDesc {
  return { kind: 'text', tag: '#text', text: s, rect, visible: opts.visible, lines: opts.lines, children: [] };
}

function isTransparent(c: string): boolean {
  return c === 'transparent' || c === 'rgba(0, 0, 0, 0)';
}

function unionRect(rects: RectTuple[]): RectTuple {
  if (rects.length === 0) return [0, 0, 0, 0];
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const [x, y, w, h] of rects) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + w);
    y1 = Math.max(y1, y + h);
  }
  return [x0, y0, x1 - x0, y1 - y0];
}

/** Fill in missing element rects bottom-up (union of the children). */
function resolveRect(d: NodeDesc): RectTuple {
  const kids = d.children.map(resolveRect);
  if (!d.rect) d.rect = unionRect(kids);
  return d.rect;
}

export interface PageOptions {
  url?: string;
  viewport?: { width: number; height: number };
  document?: { width: number; height: number };
  /** Page background behind the body (default white). */
  pageBackground?: string;
}

export function page(root: NodeDesc, opts: PageOptions = {}): PageSnapshot {
  resolveRect(root);
  const nodes: SnapshotNode[] = [];
  const walk = (d: NodeDesc, parent: number, parentStyle: NodeStyle | undefined, parentBg: string): number => {
    const id = nodes.length;
    const rect: Rect = { x: d.rect![0], y: d.rect![1], w: d.rect![2], h: d.rect![3] };
    if (d.kind === 'text') {
      const t = d.text ?? '';
      const visible = d.visible ?? (t.trim() !== '' && rect.w > 0 && rect.h > 0);
      nodes.push({ id, parent, kind: 'text', tag: '#text', rect, children: [], text: t, lines: d.lines ?? 1, visible });
      return id;
    }
    const tag = d.tag;
    const s = d.style ?? {};
    const backgroundColor = s.backgroundColor ?? 'rgba(0, 0, 0, 0)';
    const style: NodeStyle = {
      display: defaultDisplay(tag),
      position: 'static',
      visibility: 'visible',
      opacity: 1,
      float: 'none',
      zIndex: null,
      overflow: 'visible',
      fontSize: HEADING_SIZE[tag] ?? parentStyle?.fontSize ?? 16,
      fontWeight: BOLD_TAGS.has(tag) ? 700 : parentStyle?.fontWeight ?? 400,
      fontStyle: 'normal',
      color: parentStyle?.color ?? 'rgb(0, 0, 0)',
      backgroundColor,
      effectiveBackground: isTransparent(backgroundColor) ? parentBg : backgroundColor,
      backgroundImage: false,
      borderTop: 0,
      borderRight: 0,
      borderBottom: 0,
      borderLeft: 0,
      textAlign: 'start',
      whiteSpace: 'normal',
      order: 0,
      flexDirection: 'row',
      ...s,
    };
    if (s.effectiveBackground === undefined) style.effectiveBackground = isTransparent(style.backgroundColor) ? parentBg : style.backgroundColor;
    const visible = d.visible ?? (rect.w > 0 && rect.h > 0 && style.visibility === 'visible' && style.opacity > 0);
    const node: SnapshotNode = { id, parent, kind: 'element', tag, rect, children: [], attrs: d.attrs ?? {}, style, visible };
    nodes.push(node);
    for (const c of d.children) node.children.push(walk(c, id, style, style.effectiveBackground));
    return id;
  };
  walk(root, -1, undefined, opts.pageBackground ?? 'rgb(255, 255, 255)');
  const body = (nodes[0] ?? outOfRange(0)).rect;
  return {
    version: 1,
    url: opts.url ?? 'https://example.test/',
    finalUrl: opts.url ?? 'https://example.test/',
    title: 'test',
    viewport: { width: opts.viewport?.width ?? 1366, height: opts.viewport?.height ?? 768, deviceScaleFactor: 1 },
    document: opts.document ?? { width: body.x + body.w, height: body.y + body.h },
    root: 0,
    nodes,
    links: [],
    images: [],
    forms: [],
    metadata: { title: 'test', description: '', canonical: '', lang: 'en', dir: '', meta: {}, jsonLd: [], times: [] },
  };
}

/**
 * The page with its `a href` elements listed as its links, as the in-page pass lists them: the
 * address made absolute, the text the link holds.
 */
export function withLinks(snap: PageSnapshot): PageSnapshot {
  const textOf = (id: number): string => {
    const n = snap.nodes[id];
    return n ? (n.text ?? '') + n.children.map(textOf).join('') : '';
  };
  const links = snap.nodes
    .filter((n) => n.tag === 'a' && n.attrs?.href)
    .map((n) => ({ node: n.id, href: new URL(n.attrs?.href ?? '', snap.url).href, text: textOf(n.id).replace(/\s+/g, ' ').trim() }));
  return { ...snap, links };
}

/** A paragraph with one text node filling it. */
export function para(s: string, rect: RectTuple, opts: ElementOptions = {}): NodeDesc {
  return el('p', { ...opts, rect }, [text(s, rect)]);
}

/** Lorem-ish filler of about `n` words. */
export function words(n: number, seed = 0): string {
  const vocab = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa', 'lambda', 'mu'];
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((vocab[(i * 7 + seed * 3) % vocab.length] ?? outOfRange((i * 7 + seed * 3) % vocab.length)));
  return out.join(' ');
}
