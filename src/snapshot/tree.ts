/** Walking the snapshot's node tree. */
import type { PageSnapshot } from './types.js';
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
