import { describe, expect, it } from 'vitest';
import { IN_FRAME, IN_SHADOW, STYLE_KEYS, unpackSnapshot, VISIBLE, type WireSnapshot, type WireStyle } from '../../../src/snapshot/wire.js';
import { at } from '../../../src/util/at.js';

const BLOCK: WireStyle = ['block', 'static', 'visible', 1, 'none', null, 'visible', 16, 400, 'normal', 'rgb(0, 0, 0)',
  'rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)', false, 0, 0, 1, 0, 'start', 'normal', 0, 'row'];
const FIXED: WireStyle = ['flex', 'fixed', 'visible', 0.5, 'none', 10, 'hidden', 12.5, 700, 'italic', 'rgb(1, 2, 3)',
  'rgb(9, 9, 9)', 'rgb(9, 9, 9)', true, 2, 0, 0, 0, 'center', 'pre', -1, 'column'];

function wire(): WireSnapshot {
  return {
    version: 1, url: 'http://x/', finalUrl: 'http://x/', title: 'T', viewport: { width: 800, height: 600, deviceScaleFactor: 1 },
    document: { width: 800, height: 1200 }, root: 0,
    rows: [
      [-1, 'body', 0, 0, 800, 1200, VISIBLE, 0, {}],
      [0, 'div', 0, 0, 800, 100, VISIBLE, 1, { id: 'top', class: 'bar' }],
      [1, 0, 10, 10, 50, 20, VISIBLE, 'Hello', 1],
      [0, 'p', 0, 100, 800, 40, VISIBLE | IN_SHADOW, 0, {}],
      [3, 0, 0, 100, 300, 40, IN_SHADOW | IN_FRAME, ' ', 2],
      [1, 'span', 0, 0, 0, 0, 0, 0, {}],
    ],
    styles: [BLOCK, FIXED],
    links: [], images: [], forms: [],
    metadata: { title: 'T', description: '', canonical: '', lang: 'en', dir: '', meta: {}, jsonLd: [], times: [] },
    truncated: false,
  };
}

describe('unpackSnapshot', () => {
  it('rebuilds the nodes: ids, kinds, rects, flags, children in row order', () => {
    const s = unpackSnapshot(wire());
    expect(s.nodes.map((n) => [n.id, n.parent, n.kind, n.tag])).toEqual([
      [0, -1, 'element', 'body'], [1, 0, 'element', 'div'], [2, 1, 'text', '#text'], [3, 0, 'element', 'p'], [4, 3, 'text', '#text'], [5, 1, 'element', 'span'],
    ]);
    expect(s.nodes.map((n) => n.children)).toEqual([[1, 3], [2, 5], [], [4], [], []]);
    expect(at(s.nodes, 1).rect).toEqual({ x: 0, y: 0, w: 800, h: 100 });
    expect(at(s.nodes, 1).attrs).toEqual({ id: 'top', class: 'bar' });
    expect(s.nodes[2]).toMatchObject({ text: 'Hello', lines: 1, visible: true });
    expect(s.nodes[3]).toMatchObject({ visible: true, inShadow: true });
    expect(at(s.nodes, 3).inFrame).toBeUndefined();
    expect(s.nodes[4]).toMatchObject({ visible: false, inShadow: true, inFrame: true, text: ' ', lines: 2 });
    expect(at(s.nodes, 5).visible).toBe(false);
    expect('inShadow' in at(s.nodes, 0)).toBe(false);
    expect(s.truncated).toBe(false);
  });

  it('gives a page whose scripts removed its root element an empty body, which the stages analyse as no content', async () => {
    const s = unpackSnapshot({ ...wire(), rows: [], styles: [] });
    expect(s.nodes).toEqual([expect.objectContaining({ id: 0, parent: -1, kind: 'element', tag: 'body', children: [], visible: false })]);
    const { analyzeSnapshot } = await import('../../../src/pipeline/analyze.js');
    const a = analyzeSnapshot(s);
    expect(a.decision.pageType).toBe('other');
    expect(a.content.text).toBe('');
  });

  it('gives every element its own copy of its interned style, key by key', () => {
    const s = unpackSnapshot(wire());
    expect(Object.keys(at(s.nodes, 0).style!)).toEqual([...STYLE_KEYS]);
    expect(at(s.nodes, 1).style).toEqual({
      display: 'flex', position: 'fixed', visibility: 'visible', opacity: 0.5, float: 'none', zIndex: 10, overflow: 'hidden',
      fontSize: 12.5, fontWeight: 700, fontStyle: 'italic', color: 'rgb(1, 2, 3)', backgroundColor: 'rgb(9, 9, 9)',
      effectiveBackground: 'rgb(9, 9, 9)', backgroundImage: true, borderTop: 2, borderRight: 0, borderBottom: 0, borderLeft: 0,
      textAlign: 'center', whiteSpace: 'pre', order: -1, flexDirection: 'column',
    });
    expect(at(s.nodes, 0).style).toEqual(at(s.nodes, 3).style);
    expect(at(s.nodes, 0).style).not.toBe(at(s.nodes, 3).style);
    expect(at(s.nodes, 2).style).toBeUndefined();
  });

  it('puts each style value under its own key (all values distinct)', () => {
    const w = wire();
    w.styles[0] = STYLE_KEYS.map((k, i) => `${k}-${i}`);
    const style = at(unpackSnapshot(w).nodes, 0).style as unknown as Record<string, unknown>;
    expect(Object.entries(style)).toEqual(STYLE_KEYS.map((k, i) => [k, `${k}-${i}`]));
  });

  it('keeps the object form: same top-level keys in the same order, no wire fields', () => {
    const s = unpackSnapshot(wire());
    expect(Object.keys(s)).toEqual(['version', 'url', 'finalUrl', 'title', 'viewport', 'document', 'root', 'nodes', 'links', 'images', 'forms', 'metadata', 'truncated']);
    expect(Object.keys(at(s.nodes, 1))).toEqual(['id', 'parent', 'kind', 'tag', 'rect', 'children', 'attrs', 'style', 'visible']);
    expect(Object.keys(at(s.nodes, 2))).toEqual(['id', 'parent', 'kind', 'tag', 'rect', 'children', 'text', 'lines', 'visible']);
  });
});
