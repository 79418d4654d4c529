import { describe, expect, it } from 'vitest';
import { toText } from '../../../src/content/index.js';
import { lowestCommonAncestor, nodeFacts, selectedTextNodes, selectionFromTextNodes } from '../../../src/strategies/dom.js';
import { find, h, page } from './build.js';

describe('selectionFromTextNodes', () => {
  const snap = page(
    h('nav', {}, h('a', { href: '/' }, 'Home')),
    h('div', { class: 'main' },
      h('p', {}, 'First ', h('b', {}, 'bold'), ' paragraph.'),
      h('p', { class: 'ad' }, 'Buy now'),
      h('p', {}, 'Second paragraph.')),
    h('footer', {}, 'Footer text'),
  );
  const textId = (s: string): number => snap.nodes.find((n) => n.kind === 'text' && n.text === s)!.id;

  it('roots at the lowest common ancestor and excludes the text-only subtrees left out', () => {
    const kept = new Uint8Array(snap.nodes.length);
    for (const s of ['First ', 'bold', ' paragraph.', 'Second paragraph.']) kept[textId(s)] = 1;
    const sel = selectionFromTextNodes(snap, kept);
    expect(sel.roots).toEqual([find(snap, 'div', 'main')]);
    expect(sel.exclude).toEqual([find(snap, 'p', 'ad')]);
    expect(toText(snap, sel)).toBe('First bold paragraph.\n\nSecond paragraph.');
    expect([...selectedTextNodes(snap, sel)].reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('excludes single text nodes inside a partly kept element', () => {
    const kept = new Uint8Array(snap.nodes.length);
    kept[textId('First ')] = 1;
    kept[textId(' paragraph.')] = 1;
    const sel = selectionFromTextNodes(snap, kept);
    expect(toText(snap, sel)).toBe('First paragraph.');
  });

  it('a lone kept text node roots at its element when that element holds nothing else', () => {
    const kept = new Uint8Array(snap.nodes.length);
    kept[textId('Footer text')] = 1;
    expect(selectionFromTextNodes(snap, kept).roots).toEqual([find(snap, 'footer')]);
  });

  it('nothing kept: empty selection; hidden text never counts', () => {
    expect(selectionFromTextNodes(snap, new Uint8Array(snap.nodes.length))).toEqual({ roots: [], exclude: [] });
    const hidden = page(h('div', { hidden: '1' }, 'secret'));
    const kept = new Uint8Array(hidden.nodes.length).fill(1);
    expect(nodeFacts(hidden).usable[2]).toBe(0);
    expect(selectionFromTextNodes(hidden, kept).roots).toEqual([]);
  });

  it('lowestCommonAncestor', () => {
    expect(lowestCommonAncestor(snap, [textId('First '), textId('Second paragraph.')])).toBe(find(snap, 'div', 'main'));
    expect(lowestCommonAncestor(snap, [textId('Home'), textId('Footer text')])).toBe(0);
  });
});
