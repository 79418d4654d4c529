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
