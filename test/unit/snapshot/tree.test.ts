import { describe, expect, it } from 'vitest';
import { childOf, closest, countBefore, enclosingElement, levelsBelow, someBelow, subtreeEnds, textChars, within, withinEach } from '../../../src/snapshot/tree.js';
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

describe('the walks up from a node', () => {
  // body > article > div.wrap > p > (text, b > text)
  const snap = page(h('article', {}, h('div', { class: 'wrap' }, h('p', {}, 'Lead ', h('b', {}, 'bold')))), h('p', {}, 'Outside'));
  const id = (test: (n: (typeof snap.nodes)[number]) => boolean): number => snap.nodes.findIndex(test);
  const article = id((n) => n.tag === 'article');
  const wrap = id((n) => n.attrs?.class === 'wrap');
  const p = id((n) => n.tag === 'p');
  const bold = id((n) => n.text === 'bold');
  const outside = id((n) => n.text === 'Outside');

  it('closest finds the node itself or its nearest passing ancestor, within the levels given', () => {
    expect(closest(snap, bold, (n) => n.tag === 'b')).toBe(bold - 1);
    expect(closest(snap, bold, (n) => n.tag === 'article')).toBe(article);
    expect(closest(snap, bold, (n) => n.tag === 'article', 3)).toBe(-1);
    expect(closest(snap, bold, (n) => n.tag === 'article', 4)).toBe(article);
    expect(closest(snap, outside, (n) => n.tag === 'article')).toBe(-1);
    expect(within(snap, p, (n) => n.tag === 'p', 0)).toBe(true);
    expect(within(snap, outside, (n) => n.tag === 'article')).toBe(false);
  });

  it('withinEach answers as within does for every id', () => {
    const isWrap = (n: (typeof snap.nodes)[number]): boolean => n.attrs?.class === 'wrap';
    const ids = snap.nodes.map((n) => n.id).reverse();
    expect(withinEach(snap, ids, isWrap)).toEqual(ids.map((i) => within(snap, i, isWrap)));
  });

  it('withinEach tests each node once', () => {
    const tested: number[] = [];
    withinEach(snap, [bold, bold - 1, p, outside], (n) => (tested.push(n.id), false));
    expect(tested.length).toBe(new Set(tested).size);
  });

  it('levelsBelow counts the levels up to an ancestor, and childOf names the child on the way', () => {
    expect(levelsBelow(snap, bold, wrap)).toBe(3);
    expect(levelsBelow(snap, wrap, wrap)).toBe(0);
    expect(childOf(snap, bold, article)).toBe(wrap);
    expect(childOf(snap, bold, snap.root)).toBe(article);
    expect(childOf(snap, outside, article)).toBe(-1);
  });

  it('enclosingElement is the nodes\' common ancestor, or the element around a lone text', () => {
    const lead = id((n) => n.text === 'Lead ');
    expect(enclosingElement(snap, [lead, bold])).toBe(p);
    expect(enclosingElement(snap, [bold])).toBe(bold - 1);
    expect(enclosingElement(snap, [lead])).toBe(p);
    expect(enclosingElement(snap, [bold, outside])).toBe(at(snap.nodes, article).parent);
  });
});

describe('the counts over a subtree', () => {
  it('textChars counts the visible characters below a node, trimmed', () => {
    const snap = page(h('div', {}, h('p', {}, '  Hello  '), h('p', { hidden: '1' }, 'secret')), h('p', {}, 'Other'));
    const div = snap.nodes.findIndex((n) => n.tag === 'div');
    expect(textChars(snap, div)).toBe(5);
    expect(textChars(snap, snap.root)).toBe(10);
  });

  it('countBefore counts the passing nodes before each id, so the count in a subtree is a difference', () => {
    const snap = page(h('div', {}, h('h1', {}, 'Title'), h('p', {}, 'a')), h('h1', {}, 'Other'));
    const before = countBefore(snap.nodes, (n) => n.tag === 'h1');
    const ends = subtreeEnds(snap);
    const div = snap.nodes.findIndex((n) => n.tag === 'div');
    expect(at(before, snap.nodes.length)).toBe(2);
    expect(at(before, at(ends, div) + 1) - at(before, div)).toBe(1);
    expect(at(before, 0)).toBe(0);
  });
});
