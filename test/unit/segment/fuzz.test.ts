/**
 * The segmenter on pages nobody would write by hand: seeded random trees with empty, zero-size,
 * negative, huge and overlapping boxes, hidden and blank text, fixed overlays, tables, display
 * contents and none, zero-size pages and viewports; and snapshots that break the format's promises
 * (no nodes, a root out of range, child ids out of range, cycles, NaN rects, missing styles). It
 * must never throw, and on well-formed input every invariant holds at every pdoc and with the
 * default levels.
 */
import { describe, expect, it } from 'vitest';
import { segment } from '../../../src/segment/index.js';
import type { NodeStyle, PageSnapshot, Rect, SnapshotNode } from '../../../src/snapshot/types.js';
import { checkInvariants } from './invariants.js';
import { outOfRange } from '../../../src/util/at.js';

/** A small deterministic generator (LCG), so a failure names its seed. */
function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

const TAGS = ['div', 'p', 'span', 'a', 'table', 'tr', 'td', 'tbody', 'img', 'hr', 'ul', 'li', 'h1', 'iframe', 'font', 'br', 'section', 'input', 'b'];
const DISPLAY: Record<string, string> = {
  span: 'inline', a: 'inline', font: 'inline', b: 'inline', img: 'inline', br: 'inline', table: 'table', tr: 'table-row', td: 'table-cell',
  tbody: 'table-row-group', li: 'list-item', input: 'inline-block',
};

function emptyPage(nodes: SnapshotNode[], doc = { width: 1366, height: 768 }, viewport = { width: 1366, height: 768 }): PageSnapshot {
  return {
    version: 1, url: 'http://example.test/', finalUrl: 'http://example.test/', title: '', viewport: { ...viewport, deviceScaleFactor: 1 },
    document: doc, root: 0, nodes, links: [], images: [], forms: [],
    metadata: { title: '', description: '', canonical: '', lang: '', dir: '', meta: {}, jsonLd: [], times: [] },
  };
}

export function randomPage(seed: number): PageSnapshot {
  const rnd = rng(seed);
  const pick = <T>(a: readonly T[]): T => (a[Math.floor(rnd() * a.length)] ?? outOfRange());
  const W = pick([0, 1, 800, 1366]);
  const H = pick([0, 1, 768, 3000, 20000]);
  const rect = (): Rect => {
    const m = rnd();
    if (m < 0.08) return { x: 0, y: 0, w: 0, h: 0 };
    if (m < 0.12) return { x: -500 * rnd(), y: -500 * rnd(), w: 300 * rnd(), h: 100 * rnd() };
    if (m < 0.15) return { x: 0, y: 0, w: W, h: H };
    if (m < 0.17) return { x: 1e6 * rnd(), y: 1e6 * rnd(), w: 1e5, h: 1e5 };
    if (m < 0.19) return { x: 10.5, y: 10.5, w: 0.3, h: 0.3 };
    return { x: W * rnd(), y: H * rnd(), w: W * rnd() * 0.5, h: 200 * rnd() };
  };
  const style = (tag: string): NodeStyle => ({
    display: rnd() < 0.05 ? pick(['contents', 'none', 'flex', 'grid', 'inline-block']) : DISPLAY[tag] ?? 'block',
    position: rnd() < 0.1 ? pick(['fixed', 'absolute', 'sticky', 'relative']) : 'static',
    visibility: rnd() < 0.05 ? 'hidden' : 'visible', opacity: 1, float: 'none', zIndex: rnd() < 0.1 ? Math.floor(rnd() * 1000) : null,
    overflow: rnd() < 0.1 ? 'hidden' : 'visible', fontSize: pick([12, 16, 24]), fontWeight: pick([400, 700]), fontStyle: 'normal',
    color: 'rgb(0, 0, 0)', backgroundColor: pick(['rgba(0, 0, 0, 0)', 'rgb(255, 0, 0)', 'transparent']),
    effectiveBackground: pick(['rgb(255, 255, 255)', 'rgb(255, 0, 0)']), backgroundImage: rnd() < 0.1,
    borderTop: rnd() < 0.1 ? 1 : 0, borderRight: 0, borderBottom: rnd() < 0.1 ? 2 : 0, borderLeft: 0,
    textAlign: 'left', whiteSpace: 'normal', order: 0, flexDirection: 'row',
  });
  const nodes: SnapshotNode[] = [];
  const add = (parent: number, depth: number): number => {
    const id = nodes.length;
    if (depth > 0 && rnd() < 0.35) {
      const text = pick(['', ' ', 'hello world', 'x', '日本語', 'a b c d e f g h', '한국어 문장']);
      nodes.push({ id, parent, kind: 'text', tag: '#text', rect: rect(), children: [], text, visible: rnd() < 0.9, lines: 1 });
      return id;
    }
    const tag = depth === 0 ? 'body' : pick(TAGS);
    const node: SnapshotNode = { id, parent, kind: 'element', tag, rect: rect(), children: [], style: style(tag), visible: rnd() < 0.9, attrs: {} };
    nodes.push(node);
    const k = depth > 5 ? 0 : Math.floor(rnd() * (depth === 0 ? 8 : 5));
    for (let i = 0; i < k; i++) node.children.push(add(id, depth + 1));
    return id;
  };
  add(-1, 0);
  return emptyPage(nodes, { width: W, height: H }, { width: pick([0, 1366]), height: pick([0, 768]) });
}

describe('segment() on random pages', () => {
  it('never throws, and every invariant holds at every pdoc and with the default levels (300 seeded pages)', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const snap = randomPage(seed);
      for (const options of [{}, { pdoc: 1 }, { pdoc: 8 }, { pdoc: 11 }]) {
        const tree = segment(snap, options);
        const errors = checkInvariants(snap, tree);
        expect({ seed, options, errors }).toEqual({ seed, options, errors: [] });
      }
    }
  });
});

describe('segment() on snapshots that break the format', () => {
  const body = (children: number[], rect: Rect = { x: 0, y: 0, w: 100, h: 100 }): SnapshotNode => ({
    id: 0, parent: -1, kind: 'element', tag: 'body', rect, children, visible: true,
  });
  const txt = (id: number, parent: number, text: string | undefined, rect: Rect = { x: 0, y: 0, w: 50, h: 10 }): SnapshotNode => {
    const n: SnapshotNode = { id, parent, kind: 'text', tag: '#text', rect, children: [], visible: true };
    if (text !== undefined) n.text = text;
    return n;
  };
  const cases: Record<string, PageSnapshot> = {
    'no nodes at all': emptyPage([]),
    'a root id out of range': { ...emptyPage([body([])]), root: 5 },
    'a text node as root': emptyPage([txt(0, -1, 'hi')]),
    'child ids out of range, negative and pointing at the root': emptyPage([body([7, -1, 0])]),
    'a cycle between two elements': emptyPage([
      body([1]), { id: 1, parent: 0, kind: 'element', tag: 'div', rect: { x: 0, y: 0, w: 10, h: 10 }, children: [0, 2], visible: true }, txt(2, 1, 'a b'),
    ]),
    'elements without a style': emptyPage([
      body([1, 2]),
      { id: 1, parent: 0, kind: 'element', tag: 'p', rect: { x: 0, y: 0, w: 100, h: 10 }, children: [3], visible: true },
      { id: 2, parent: 0, kind: 'element', tag: 'p', rect: { x: 0, y: 50, w: 100, h: 10 }, children: [4], visible: true },
      txt(3, 1, 'one two'), txt(4, 2, 'three', { x: 0, y: 50, w: 50, h: 10 }),
    ]),
    'NaN, infinite and negative sizes': emptyPage([body([1], { x: NaN, y: 0, w: Infinity, h: -5 }), txt(1, 0, 'hello there', { x: NaN, y: NaN, w: NaN, h: NaN })]),
    'a text node without text': emptyPage([body([1]), txt(1, 0, undefined)]),
    'a zero-size page and viewport': emptyPage([body([1], { x: 0, y: 0, w: 0, h: 0 }), txt(1, 0, 'words', { x: 0, y: 0, w: 0, h: 0 })], { width: 0, height: 0 }, { width: 0, height: 0 }),
  };
  it.each(Object.keys(cases))('%s: a tree with a root block and both levels, no exception', (name) => {
    for (const options of [{}, { pdoc: 1 }, { pdoc: 11 }]) {
      const tree = segment((cases[name] ?? outOfRange(name)), options);
      expect(tree.root.id).toBe('1');
      expect(tree.levels!.top.length).toBeGreaterThan(0);
      expect(tree.levels!.fine.length).toBeGreaterThan(0);
    }
  });
});
