/**
 * Shared helpers for the strategies: per-node facts over the flat pre-order snapshot, and the
 * conversion of "these text nodes are content" into a ContentSelection.
 *
 * Conventions shared by every strategy:
 *  - only visible, non-blank text nodes count (`visible: false` text is ignored, whatever its
 *    parents say: a zero-size wrapper may still hold visible text);
 *  - text under elements the content stage never outputs (script, form controls, svg, ...: see
 *    DROPPED_TAGS) is ignored as well;
 *  - node ids are pre-order, so a reverse sweep over the array visits children before parents.
 */
import type { ContentSelection } from '../content/types.js';
import { DROPPED_TAGS } from '../content/tree.js';
import { lowestCommonAncestor } from '../snapshot/tree.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { addAt, at } from '../util/at.js';

export const EMPTY_SELECTION: ContentSelection = Object.freeze({ roots: [], exclude: [] }) as ContentSelection;

/** Collapse white space runs to one space and trim. */
export function collapseWs(s: string): string {
  return s.replace(/\s+/gu, ' ').trim();
}

/** Word tokens (letters/digits runs), the way the scorer and boilerpipe see words. */
export function wordTokens(s: string): string[] {
  return s.match(/[\p{L}\p{N}_]+(?:['’][\p{L}]+)?/gu) ?? [];
}

export interface NodeFacts {
  /** The node is (or sits inside) an element whose content the content stage drops. */
  dropped: Uint8Array;
  /** The node is, or sits inside, an `<a href>`. */
  inLink: Uint8Array;
  /** Text node that counts: visible, non-blank, not dropped. */
  usable: Uint8Array;
  /** Depth below the root. */
  depth: Int32Array;
}

export function nodeFacts(snapshot: PageSnapshot): NodeFacts {
  const n = snapshot.nodes.length;
  const dropped = new Uint8Array(n);
  const inLink = new Uint8Array(n);
  const usable = new Uint8Array(n);
  const depth = new Int32Array(n);
  for (const node of snapshot.nodes) {
    const p = node.parent;
    const pd = p >= 0 ? at(dropped, p) : 0;
    dropped[node.id] = pd || (node.kind === 'element' && DROPPED_TAGS.has(node.tag)) ? 1 : 0;
    inLink[node.id] = (p >= 0 && inLink[p]) || (node.tag === 'a' && node.attrs?.href !== undefined) ? 1 : 0;
    depth[node.id] = p >= 0 ? at(depth, p) + 1 : 0;
    usable[node.id] = node.kind === 'text' && node.visible && !dropped[node.id] && (node.text ?? '').trim() !== '' ? 1 : 0;
  }
  return { dropped, inLink, usable, depth };
}

/** Sum a per-node value over each subtree (post-order via a reverse sweep). */
export function subtreeSums(snapshot: PageSnapshot, own: ArrayLike<number>): Float64Array {
  const nodes = snapshot.nodes;
  const out = new Float64Array(nodes.length);
  for (let id = nodes.length - 1; id >= 0; id--) {
    addAt(out, id, at(own, id));
    const p = at(nodes, id).parent;
    if (p >= 0) addAt(out, p, at(out, id));
  }
  return out;
}

/** Per text node: length of its collapsed text (0 for unusable nodes and elements). */
export function ownTextLength(snapshot: PageSnapshot, facts: NodeFacts): Float64Array {
  const out = new Float64Array(snapshot.nodes.length);
  for (const node of snapshot.nodes) if (facts.usable[node.id]) out[node.id] = collapseWs(node.text ?? '').length;
  return out;
}

export { lowestCommonAncestor } from '../snapshot/tree.js';

/**
 * A selection that outputs exactly the kept text nodes (as far as text goes): the lowest common
 * ancestor of the kept nodes as the single root, minus the maximal subtrees that hold usable text
 * and no kept text. Elements without text (images, rules) inside the root stay.
 */
export function selectionFromTextNodes(snapshot: PageSnapshot, kept: ArrayLike<number>, facts: NodeFacts = nodeFacts(snapshot)): ContentSelection {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const keptIds: number[] = [];
  for (let id = 0; id < n; id++) if (kept[id] && facts.usable[id]) keptIds.push(id);
  if (!keptIds.length) return { roots: [], exclude: [] };
  const keptCount = new Int32Array(n);
  const textCount = new Int32Array(n);
  for (let id = n - 1; id >= 0; id--) {
    if (facts.usable[id]) {
      addAt(textCount, id, 1);
      if (kept[id]) addAt(keptCount, id, 1);
    }
    const p = at(nodes, id).parent;
    if (p >= 0) {
      addAt(keptCount, p, at(keptCount, id));
      addAt(textCount, p, at(textCount, id));
    }
  }
  let root = lowestCommonAncestor(snapshot, keptIds);
  // A single kept text node: root at its parent element so inline formatting survives.
  if (at(nodes, root).kind === 'text' && at(nodes, root).parent >= 0 && at(keptCount, at(nodes, root).parent) === at(textCount, at(nodes, root).parent)) {
    root = at(nodes, root).parent;
  }
  const exclude: number[] = [];
  const stack = [root];
  while (stack.length) {
    const id = stack.pop()!;
    for (const c of at(nodes, id).children) {
      if (at(keptCount, c) === 0) {
        if (at(textCount, c) > 0) exclude.push(c);
      } else if (at(keptCount, c) < at(textCount, c)) {
        stack.push(c);
      }
    }
  }
  exclude.sort((a, b) => a - b);
  return { roots: [root], exclude };
}

/** A selection of whole subtrees: `roots` (deduplicated, document order) minus `exclude`. */
export function selectionOf(roots: number[], exclude: number[] = []): ContentSelection {
  return { roots: [...new Set(roots)].sort((a, b) => a - b), exclude: [...new Set(exclude)].sort((a, b) => a - b) };
}

/** The usable text node ids a selection outputs, as a flag array (for tests and notes). */
export function selectedTextNodes(snapshot: PageSnapshot, selection: ContentSelection, facts: NodeFacts = nodeFacts(snapshot)): Uint8Array {
  const out = new Uint8Array(snapshot.nodes.length);
  const excluded = new Set(selection.exclude);
  const stack = [...selection.roots];
  while (stack.length) {
    const id = stack.pop()!;
    if (excluded.has(id) || !snapshot.nodes[id]) continue;
    if (facts.usable[id]) out[id] = 1;
    for (const c of at(snapshot.nodes, id).children) stack.push(c);
  }
  return out;
}

/** Page type from how much text a selection keeps: the strategies without their own listing test. */
export function pageTypeForChars(chars: number, minChars = 1): 'article' | 'other' {
  return chars >= minChars ? 'article' : 'other';
}

