/**
 * Structural invariants of a BlockTree (docs/vips.md §7 "Engineering checks"), shared by the
 * segment tests. Returns a list of violations (empty when the tree is sound).
 */
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import type { Block, BlockTree } from '../../../src/segment/index.js';
import { at } from '../../../src/util/at.js';

export function leaves(b: Block): Block[] {
  if (b.children.length === 0) return [b];
  return b.children.flatMap(leaves);
}

export function allBlocks(b: Block): Block[] {
  return [b, ...b.children.flatMap(allBlocks)];
}

/** Ids of the visible, non-blank text nodes reachable from the root. */
export function visibleTextNodes(snap: PageSnapshot): number[] {
  const out: number[] = [];
  const stack = [snap.root];
  while (stack.length) {
    const id = stack.pop()!;
    const n = at(snap.nodes, id);
    if (n.kind === 'text' && n.visible && (n.text ?? '').trim() !== '') out.push(id);
    for (let k = n.children.length - 1; k >= 0; k--) stack.push(at(n.children, k));
  }
  return out.sort((a, b) => a - b);
}

/** For every node id, how many leaves own it (through one of their subtree roots). */
export function leafOwnership(snap: PageSnapshot, tree: BlockTree): Int32Array {
  const count = new Int32Array(snap.nodes.length);
  for (const leaf of leaves(tree.root)) {
    const stack = [...leaf.nodes];
    while (stack.length) {
      const id = stack.pop()!;
      count[id] = at(count, id) + 1;
      for (const c of at(snap.nodes, id).children) stack.push(c);
    }
  }
  return count;
}

export function checkInvariants(snap: PageSnapshot, tree: BlockTree): string[] {
  const errors: string[] = [];
  const err = (m: string): void => {
    if (errors.length < 50) errors.push(m);
  };
  if (tree.root.id !== '1') err(`root id ${tree.root.id}`);
  const seen = new Set<string>();
  const visit = (b: Block, parent: Block | null): void => {
    if (seen.has(b.id)) err(`duplicate id ${b.id}`);
    seen.add(b.id);
    if (!Number.isInteger(b.doc) || b.doc < 1 || b.doc > 11) err(`${b.id}: doc ${b.doc} outside 1..11`);
    if (b.rect.w < 0 || b.rect.h < 0) err(`${b.id}: negative size`);
    if (parent) {
      if (b.doc < parent.doc) err(`${b.id}: doc ${b.doc} < parent ${parent.doc}`);
      const p = parent.rect;
      const r = b.rect;
      if (r.x < p.x || r.y < p.y || r.x + r.w > p.x + p.w || r.y + r.h > p.y + p.h) {
        err(`${b.id}: rect ${JSON.stringify(r)} outside parent ${JSON.stringify(p)}`);
      }
    }
    b.children.forEach((c, i) => {
      if (c.id !== `${b.id}-${i + 1}`) err(`${b.id}: child ${i} has id ${c.id}`);
    });
    if (b.children.length > 0) {
      const union = b.children.flatMap((c) => c.nodes);
      if (JSON.stringify(union) !== JSON.stringify(b.nodes)) err(`${b.id}: nodes are not the union of the children's`);
      const sum = { chars: 0, linkChars: 0, words: 0, textNodes: 0 };
      for (const c of b.children) {
        sum.chars += c.stats.chars;
        sum.linkChars += c.stats.linkChars;
        sum.words += c.stats.words;
        sum.textNodes += c.stats.textNodes;
      }
      if (JSON.stringify(sum) !== JSON.stringify(b.stats)) err(`${b.id}: stats are not the sum of the children's`);
      if (b.children.length === 1) err(`${b.id}: single-child node`);
    } else if (b.separators.length > 0) {
      err(`${b.id}: leaf with separators`);
    }
    if (b.stats.linkChars > b.stats.chars) err(`${b.id}: linkChars > chars`);
    for (const c of b.children) visit(c, b);
  };
  visit(tree.root, null);

  const owned = leafOwnership(snap, tree);
  const texts = visibleTextNodes(snap);
  for (const id of texts) {
    if (owned[id] !== 1) err(`visible text node ${id} (${JSON.stringify(at(snap.nodes, id).text?.slice(0, 30))}) owned by ${owned[id]} leaves`);
  }
  if (tree.root.stats.textNodes !== texts.length) err(`root textNodes ${tree.root.stats.textNodes} != ${texts.length}`);

  // Levels: the fine level is the leaves; every leaf lies in exactly one top block.
  if (tree.levels) {
    const leafIds = leaves(tree.root).map((b) => b.id);
    if (JSON.stringify(tree.levels.fine) !== JSON.stringify(leafIds)) err(`levels.fine ${tree.levels.fine.join(' ')} != leaves ${leafIds.join(' ')}`);
    const ids = new Set(allBlocks(tree.root).map((b) => b.id));
    for (const t of tree.levels.top) if (!ids.has(t)) err(`levels.top names a missing block ${t}`);
    for (const l of leafIds) {
      const n = tree.levels.top.filter((t) => l === t || l.startsWith(t + '-')).length;
      if (n !== 1) err(`leaf ${l} lies in ${n} top blocks`);
    }
  }
  return errors;
}
