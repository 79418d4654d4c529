import { describe, expect, it } from 'vitest';
import { someBelow, subtreeEnds } from '../../../src/snapshot/tree.js';
import { at } from '../../../src/util/at.js';
import { h, page } from '../strategies/build.js';

describe('someBelow', () => {
  const snap = page(
    h('nav', {}, h('a', { href: '/' }, 'Home')),
    h('div', { class: 'main' }, h('p', {}, 'First'), h('p', {}, 'Second')),
  );
  const nav = snap.nodes.findIndex((n) => n.tag === 'nav');
  const main = snap.nodes.findIndex((n) => n.attrs?.class === 'main');

  it('tests the node itself and every node below it, and no other', () => {
    const seen: string[] = [];
    expect(someBelow(snap, main, (n) => (seen.push(n.text ?? n.tag), false))).toBe(false);
    expect(seen.sort()).toEqual(['First', 'Second', 'div', 'p', 'p']);
    expect(someBelow(snap, nav, (n) => n.tag === 'nav')).toBe(true);
    expect(someBelow(snap, main, (n) => n.tag === 'a')).toBe(false);
  });

  it('stops at the first node that passes', () => {
    let visits = 0;
    expect(someBelow(snap, snap.root, (n) => (visits++, n.kind === 'text'))).toBe(true);
    expect(visits).toBeLessThan(snap.nodes.length);
  });

  it('walks a subtree nested deeper than the call stack goes', () => {
    // a chain of 20,000 divs under the body, the text at the bottom (built by hand: the test
    // builder recurses)
    const base = page(h('div', {}, 'deep'));
    const body = at(base.nodes, base.root);
    const div = base.nodes.find((n) => n.tag === 'div')!;
    const text = base.nodes.find((n) => n.kind === 'text')!;
    const depth = 20_000;
    const nodes = [{ ...body, children: [1] }];
    for (let id = 1; id <= depth; id++) nodes.push({ ...div, id, parent: id - 1, children: [id + 1] });
    nodes.push({ ...text, id: depth + 1, parent: depth, children: [] });
    const deep = { ...base, nodes };
    let texts = 0;
    expect(someBelow(deep, deep.root, (n) => (n.kind === 'text' && texts++, false))).toBe(false);
    expect(texts).toBe(1);
  });
});

describe('subtreeEnds', () => {
  it('gives each node the last id of its subtree', () => {
    const snap = page(h('div', {}, h('p', {}, 'a'), h('p', {}, 'b')), h('p', {}, 'c'));
    const ends = subtreeEnds(snap);
    snap.nodes.forEach((node) => {
      const below = snap.nodes.filter((n) => someBelow(snap, node.id, (m) => m.id === n.id)).map((n) => n.id);
      expect(at(ends, node.id)).toBe(Math.max(...below));
    });
    expect(at(ends, snap.root)).toBe(snap.nodes.length - 1);
  });
});
