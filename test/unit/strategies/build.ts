/**
 * A compact PageSnapshot builder for the strategy tests.
 *
 *   const snap = page(
 *     h('header', {}, h('a', { href: '/' }, 'Home')),
 *     h('article', { class: 'post' }, h('p', {}, 'Some text.')),
 *   );
 *
 * `h(tag, attrs, ...children)`: children are nodes or strings (text nodes). Attributes are
 * whitelisted-style attrs; two pseudo attributes steer the builder: `display` (computed display;
 * default from the tag) and `hidden` ("1": the element and its text are invisible).
 * Layout is automatic: every text node gets its own line(s) stacked down the page (7 px per
 * character, 800 px wide lines, 20 px per line); an element's rect is the union of its children.
 * Ids are pre-order, the body is 0.
 */
import type { NodeStyle, PageSnapshot, Rect, SnapshotNode } from '../../../src/snapshot/types.js';
import { outOfRange } from '../../../src/util/at.js';

export interface Desc {
  kind: 'element' | 'text';
  tag: string;
  attrs: Record<string, string>;
  text?: string;
  children: Desc[];
}

export function h(tag: string, attrs: Record<string, string> = {}, ...children: Array<Desc | string>): Desc {
  return { kind: 'element', tag, attrs, children: children.map((c) => (typeof c === 'string' ? t(c) : c)) };
}

export function t(text: string): Desc {
  return { kind: 'text', tag: '#text', attrs: {}, text, children: [] };
}

const INLINE = new Set(['a', 'span', 'b', 'strong', 'i', 'em', 'u', 'small', 'sup', 'sub', 'code', 'abbr', 'cite', 'q', 'mark', 'label', 'time', 'font', 'img', 'br']);
const TABLE: Record<string, string> = { table: 'table', tr: 'table-row', td: 'table-cell', th: 'table-cell', tbody: 'table-row-group', thead: 'table-header-group' };

function displayFor(tag: string): string {
  if (TABLE[tag]) return (TABLE[tag] ?? outOfRange(tag));
  if (tag === 'li') return 'list-item';
  if (tag === 'button' || tag === 'input' || tag === 'select') return 'inline-block';
  return INLINE.has(tag) ? 'inline' : 'block';
}

function style(tag: string, display: string): NodeStyle {
  const heading: Record<string, number> = { h1: 32, h2: 24, h3: 19 };
  return {
    display, position: 'static', visibility: 'visible', opacity: 1, float: 'none', zIndex: null, overflow: 'visible',
    fontSize: heading[tag] ?? 16, fontWeight: heading[tag] ? 700 : 400, fontStyle: 'normal', color: 'rgb(0, 0, 0)',
    backgroundColor: 'rgba(0, 0, 0, 0)', effectiveBackground: 'rgb(255, 255, 255)', backgroundImage: false,
    borderTop: 0, borderRight: 0, borderBottom: 0, borderLeft: 0, textAlign: 'start', whiteSpace: 'normal', order: 0, flexDirection: 'row',
  };
}

/** Builds a snapshot whose body holds `children`. */
export function page(...children: Array<Desc | string>): PageSnapshot {
  return pageOf(h('body', {}, ...children));
}

export function pageOf(body: Desc): PageSnapshot {
  const nodes: SnapshotNode[] = [];
  let y = 0;
  const walk = (d: Desc, parent: number, hidden: boolean): Rect => {
    const id = nodes.length;
    if (d.kind === 'text') {
      const s = d.text ?? '';
      const len = s.trim().length;
      const lines = Math.max(1, Math.ceil((len * 7) / 800));
      const rect = { x: 0, y, w: Math.min(800, len * 7), h: len ? 20 * lines : 0 };
      if (len) y += rect.h;
      nodes.push({ id, parent, kind: 'text', tag: '#text', rect, children: [], text: s, lines, visible: !hidden && len > 0 });
      return rect;
    }
    const { display, hidden: hid, ...attrs } = d.attrs;
    const isHidden = hidden || hid === '1';
    const node: SnapshotNode = {
      id, parent, kind: 'element', tag: d.tag, rect: { x: 0, y, w: 0, h: 0 }, children: [], attrs,
      style: style(d.tag, display ?? displayFor(d.tag)), visible: !isHidden,
    };
    nodes.push(node);
    let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
    for (const c of d.children) {
      node.children.push(nodes.length);
      const r = walk(c, id, isHidden);
      if (r.w === 0 && r.h === 0) continue;
      x0 = Math.min(x0, r.x); y0 = Math.min(y0, r.y); x1 = Math.max(x1, r.x + r.w); y1 = Math.max(y1, r.y + r.h);
    }
    if (x0 !== Infinity) node.rect = { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    else if (d.tag === 'img') node.rect = { x: 0, y, w: 100, h: 100 };
    return node.rect;
  };
  walk(body, -1, false);
  (nodes[0] ?? outOfRange(0)).rect = { x: 0, y: 0, w: 1000, h: Math.max(y, 1) };
  return {
    version: 1, url: 'https://example.test/a', finalUrl: 'https://example.test/a', title: 'test',
    viewport: { width: 1000, height: 800, deviceScaleFactor: 1 }, document: { width: 1000, height: Math.max(y, 1) },
    root: 0, nodes, links: [], images: [], forms: [],
    metadata: { title: 'test', description: '', canonical: '', lang: 'en', dir: '', meta: {}, jsonLd: [], times: [] },
  };
}

/** Deterministic prose: `n` sentences of about 12 words. */
export function prose(n: number, seed = 0): string {
  const words = ['river', 'stone', 'council', 'morning', 'report', 'village', 'engine', 'winter', 'market', 'signal', 'harbour', 'garden', 'letter', 'season', 'window', 'bridge'];
  const out: string[] = [];
  for (let s = 0; s < n; s++) {
    const w: string[] = [];
    for (let i = 0; i < 12; i++) w.push((words[(s * 5 + i * 3 + seed * 7) % words.length] ?? outOfRange((s * 5 + i * 3 + seed * 7) % words.length)));
    w[0] = ((w[0] ?? outOfRange(0))[0] ?? outOfRange(0)).toUpperCase() + (w[0] ?? outOfRange(0)).slice(1);
    out.push(w.join(' ') + '.');
  }
  return out.join(' ');
}

/** The first node whose tag and (optional) class match. */
export function find(snapshot: PageSnapshot, tag: string, cls?: string): number {
  const n = snapshot.nodes.find((x) => x.tag === tag && (cls === undefined || (x.attrs?.class ?? '').split(/\s+/).includes(cls)));
  if (!n) throw new Error(`no <${tag}${cls ? '.' + cls : ''}>`);
  return n.id;
}

/** A typical article page: header nav, article with title + paragraphs, sidebar links, footer. */
export function articlePage(paragraphs = 4): PageSnapshot {
  return page(
    h('header', { class: 'site-header' },
      h('ul', { class: 'menu' }, ...['Home', 'World', 'Politics', 'Sport', 'Culture', 'Science'].map((s) => h('li', {}, h('a', { href: `/${s}` }, s))))),
    h('div', { class: 'layout' },
      h('div', { class: 'story' },
        h('h1', {}, 'The bridge council met on a winter morning'),
        ...Array.from({ length: paragraphs }, (_, i) => h('p', {}, prose(4, i)))),
      h('div', { class: 'rail' },
        h('h3', {}, 'Most read'),
        h('ul', {}, ...Array.from({ length: 6 }, (_, i) => h('li', {}, h('a', { href: `/story/${i}` }, `Story number ${i} about something else`)))))),
    h('footer', {}, h('p', {}, 'Copyright 2024 Example News. All rights reserved.'), h('a', { href: '/privacy' }, 'Privacy')),
  );
}
