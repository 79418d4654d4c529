/**
 * The form the snapshot travels in from the page to Node, and its unpacking into a PageSnapshot.
 *
 * The in-page script sends nodes as rows (arrays) instead of objects, with each distinct style
 * tuple sent once: rows repeat no key names, and most nodes share their style with many others,
 * so the JSON is a fraction of the object form's. Every byte is paid three times (serialised by
 * the renderer, relayed by the browser, parsed by Node), so the smaller form is the cheaper one.
 * Rows are in node-id order (depth-first, parents first); a node's `children` are the rows that
 * name it as parent, in row order, exactly as the object form had them. The wire form is
 * internal: what is stored and passed on is always the PageSnapshot.
 */
import type { NodeStyle, PageSnapshot, SnapshotNode } from './types.js';
import { at } from '../util/at.js';

/** NodeStyle's keys in the order the in-page script writes a style's values. */
export const STYLE_KEYS = [
  'display', 'position', 'visibility', 'opacity', 'float', 'zIndex', 'overflow', 'fontSize', 'fontWeight', 'fontStyle',
  'color', 'backgroundColor', 'effectiveBackground', 'backgroundImage', 'borderTop', 'borderRight', 'borderBottom', 'borderLeft',
  'textAlign', 'whiteSpace', 'order', 'flexDirection',
] as const satisfies ReadonlyArray<keyof NodeStyle>;

/** Compile-time check that STYLE_KEYS names every NodeStyle key (a new key must be sent too). */
const ALL_STYLE_KEYS: Exclude<keyof NodeStyle, (typeof STYLE_KEYS)[number]> extends never ? true : never = true;
void ALL_STYLE_KEYS;

export type WireStyle = Array<string | number | boolean | null>;

/** Flag bits of a row. */
export const VISIBLE = 1;
export const IN_SHADOW = 2;
export const IN_FRAME = 4;
/** Content the page holds but does not render (display: none, a closed `<details>`). */
export const COLLAPSED = 8;

/**
 * Element: `[parent, tag, x, y, w, h, flags, styleIndex, attrs]`.
 * Text: `[parent, 0, x, y, w, h, flags, text, lines]`.
 */
export type WireRow =
  | [number, string, number, number, number, number, number, number, Record<string, string>]
  | [number, 0, number, number, number, number, number, string, number];

export type WireSnapshot = Omit<PageSnapshot, 'nodes'> & { rows: WireRow[]; styles: WireStyle[]; truncated: boolean };

/**
 * A row's style as an object, in STYLE_KEYS order (a unit test checks the two agree). Written out
 * as one literal: every node gets its own object (callers may change one node's style), and a
 * literal of fixed shape is several times cheaper to build than one filled key by key.
 */
function styleOf(v: WireStyle): NodeStyle {
  return {
    display: v[0], position: v[1], visibility: v[2], opacity: v[3], float: v[4], zIndex: v[5], overflow: v[6],
    fontSize: v[7], fontWeight: v[8], fontStyle: v[9], color: v[10], backgroundColor: v[11], effectiveBackground: v[12],
    backgroundImage: v[13], borderTop: v[14], borderRight: v[15], borderBottom: v[16], borderLeft: v[17],
    textAlign: v[18], whiteSpace: v[19], order: v[20], flexDirection: v[21],
  } as NodeStyle;
}

const EMPTY_ROOT_STYLE: WireStyle = ['block', 'static', 'visible', 1, 'none', null, 'visible', 16, 400, 'normal', 'rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)', false, 0, 0, 0, 0, 'start', 'normal', 0, 'row'];

/** The PageSnapshot (plus `truncated`) that a wire snapshot stands for. */
export function unpackSnapshot(wire: WireSnapshot): PageSnapshot & { truncated: boolean } {
  const { rows, styles, ...rest } = wire;
  const nodes: SnapshotNode[] = new Array(rows.length);
  for (let id = 0; id < rows.length; id++) {
    const r = at(rows, id);
    const parent = r[0], tag = r[1], flags = r[6];
    const rect = { x: r[2], y: r[3], w: r[4], h: r[5] };
    const visible = (flags & VISIBLE) !== 0;
    const node: SnapshotNode = tag === 0
      ? { id, parent, kind: 'text', tag: '#text', rect, children: [], text: r[7] as string, lines: r[8] as number, visible }
      : { id, parent, kind: 'element', tag, rect, children: [], attrs: r[8] as Record<string, string>, style: styleOf(at(styles, r[7] as number)), visible };
    if (flags & IN_SHADOW) node.inShadow = true;
    if (flags & IN_FRAME) node.inFrame = true;
    if (flags & COLLAPSED) node.collapsed = true;
    nodes[id] = node;
    if (parent >= 0) at(nodes, parent).children.push(id);
  }
  // A page whose scripts removed its root element has nothing to walk: it is an empty <body>,
  // so that every later stage can count on the root node.
  if (nodes.length === 0) {
    const rect = { x: 0, y: 0, w: 0, h: 0 };
    nodes.push({ id: 0, parent: -1, kind: 'element', tag: 'body', rect, children: [], attrs: {}, style: styleOf(EMPTY_ROOT_STYLE), visible: false });
  }
  const { version, url, finalUrl, title, viewport, document, root, links, images, forms, metadata, truncated } = rest;
  // The object form's key order, so that a stored snapshot reads the same as before.
  return { version, url, finalUrl, title, viewport, document, root, nodes, links, images, forms, metadata, truncated };
}

