/** Walking the snapshot's node tree. */
import type { PageSnapshot, SnapshotNode } from './types.js';
import { at, last } from '../util/at.js';

/** Lowest common ancestor of a non-empty list of node ids. */
export function lowestCommonAncestor(snapshot: PageSnapshot, ids: readonly number[]): number {
  const nodes = snapshot.nodes;
  const path = (id: number): number[] => {
    const out: number[] = [];
    for (let cur = id; cur >= 0; cur = at(nodes, cur).parent) out.push(cur);
    return out.reverse();
  };
  let common = path(at(ids, 0));
  for (const id of ids.slice(1)) {
    const p = path(id);
    let k = 0;
    while (k < common.length && k < p.length && common[k] === p[k]) k++;
    common = common.slice(0, k);
  }
  return common.length ? last(common) : snapshot.root;
}

/**
 * The element that encloses every node of `ids`: their lowest common ancestor, or the element
 * around it when that is a text node (all of `ids` are one text). The element a selection of
 * text blocks makes, which the rules that read the kept text's context start from.
 */
export function enclosingElement(snapshot: PageSnapshot, ids: readonly number[]): number {
  const common = lowestCommonAncestor(snapshot, ids);
  const node = at(snapshot.nodes, common);
  return node.kind === 'text' ? node.parent : common;
}

/**
 * Whether `test` passes on the node `id` or on a node below it; stops at the first that passes.
 * A loop over a stack, not recursion: a hostile page can nest deeper than the call stack goes.
 * The order of the visits is unspecified, so `test` may count or collect but not depend on it.
 */
export function someBelow(snapshot: PageSnapshot, id: number, test: (node: SnapshotNode) => boolean): boolean {
  const stack = [id];
  for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
    const node = at(snapshot.nodes, top);
    if (test(node)) return true;
    for (const c of node.children) stack.push(c);
  }
  return false;
}

/**
 * The last id in each node's subtree: ids run in document order, a parent before its children,
 * so a subtree is the range from the node's id to this one. One pass from the last node up.
 */
export function subtreeEnds(snapshot: PageSnapshot): Int32Array {
  const nodes = snapshot.nodes;
  const end = new Int32Array(nodes.length);
  for (let id = nodes.length - 1; id >= 0; id--) {
    let e = id;
    for (const c of at(nodes, id).children) e = Math.max(e, at(end, c));
    end[id] = e;
  }
  return end;
}

/**
 * The id of the node, or of its nearest ancestor up to `levels` levels above it, that passes
 * `test`; -1 when none does. The walk up that most rules about an element's context are made of
 * (the cell a text sits in, the `<article>` around it, a wrapper's name a few levels up).
 */
export function closest(snapshot: PageSnapshot, id: number, test: (node: SnapshotNode) => boolean, levels = Infinity): number {
  let node = snapshot.nodes[id];
  for (let d = 0; node && d <= levels; d++, node = snapshot.nodes[node.parent]) {
    if (test(node)) return node.id;
  }
  return -1;
}

/** Whether the node or one of its ancestors (up to `levels` levels above it) passes `test`. */
export function within(snapshot: PageSnapshot, id: number, test: (node: SnapshotNode) => boolean, levels = Infinity): boolean {
  return closest(snapshot, id, test, levels) >= 0;
}

/**
 * {@link within} for each of `ids`, testing each node once however many of the ids lie below it:
 * the blocks of a page share most of their ancestors, and a walk per block would test the
 * page's outer wrappers once per block.
 */
export function withinEach(snapshot: PageSnapshot, ids: readonly number[], test: (node: SnapshotNode) => boolean): boolean[] {
  const nodes = snapshot.nodes;
  /** Per node: 0 not known yet, 1 neither it nor an ancestor passes, 2 one of them does. */
  const known = new Uint8Array(nodes.length);
  const path: number[] = [];
  return ids.map((start) => {
    let found = false;
    for (let id = start, node = nodes[id]; node; id = node.parent, node = nodes[id]) {
      if (known[id]) {
        found = known[id] === 2;
        break;
      }
      path.push(id);
      if (test(node)) {
        found = true;
        break;
      }
    }
    for (const id of path) known[id] = found ? 2 : 1;
    path.length = 0;
    return found;
  });
}

/**
 * Element levels from `id` up to its ancestor `top` (0 for `top` itself; the node's depth plus
 * one when `top` is not above it): how deep a text sits in the element a rule reads.
 */
export function levelsBelow(snapshot: PageSnapshot, id: number, top: number): number {
  let d = 0;
  for (let node = snapshot.nodes[id]; node && node.id !== top; node = snapshot.nodes[node.parent]) d++;
  return d;
}

/**
 * The child of `top` on the path from `id` up to it (-1 when `top` is not above `id`): which of
 * an element's parts holds a node.
 */
export function childOf(snapshot: PageSnapshot, id: number, top: number): number {
  return closest(snapshot, id, (node) => node.parent === top);
}

/**
 * Characters of visible text in the node's subtree, trimmed text node by text node: how much a
 * reader sees of an element, whatever its blocks.
 */
export function textChars(snapshot: PageSnapshot, id: number): number {
  let n = 0;
  someBelow(snapshot, id, (node) => {
    if (node.kind === 'text' && node.visible) n += (node.text ?? '').trim().length;
    return false;
  });
  return n;
}

/**
 * `out[id]`: how many nodes before node `id` pass `test` (`out[nodes.length]`: all of them). With
 * {@link subtreeEnds}, the count in a subtree (a range of ids) is a difference, read in constant
 * time for any node.
 */
export function countBefore(nodes: readonly SnapshotNode[], test: (node: SnapshotNode) => boolean): Int32Array {
  const out = new Int32Array(nodes.length + 1);
  nodes.forEach((node, id) => { out[id + 1] = at(out, id) + (test(node) ? 1 : 0); });
  return out;
}
