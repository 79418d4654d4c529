/**
 * Turn the kept text blocks into a ContentSelection: the container subtree, minus the maximal
 * subtrees that hold dropped text (or name themselves boilerplate) and no kept text.
 */
import { roleHint } from '../../classify/hints.js';
import type { TextBlock } from '../../classify/text-blocks.js';
import type { ContentSelection } from '../../classify/types.js';
import type { PageSnapshot } from '../../snapshot/types.js';
import type { MainContentResult } from './main-content.js';
import { addAt, at } from '../../util/at.js';

export function buildSelection(snapshot: PageSnapshot, found: MainContentResult, textBlocks: TextBlock[]): ContentSelection {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const keptText = new Uint8Array(n);
  const droppedText = new Uint8Array(n);
  for (const i of found.kept) for (const t of at(textBlocks, i).textNodes) keptText[t] = 1;
  for (const i of found.dropped.keys()) for (const t of at(textBlocks, i).textNodes) droppedText[t] = 1;
  // post-order counts: nodes are pre-order, so a reverse sweep sees children before parents
  const keptCount = new Int32Array(n);
  const droppedCount = new Int32Array(n);
  for (let id = n - 1; id >= 0; id--) {
    addAt(keptCount, id, at(keptText, id));
    addAt(droppedCount, id, at(droppedText, id));
    const p = at(nodes, id).parent;
    if (p >= 0) {
      addAt(keptCount, p, at(keptCount, id));
      addAt(droppedCount, p, at(droppedCount, id));
    }
  }
  const exclude: number[] = [];
  const stack = [...found.roots];
  while (stack.length) {
    const id = stack.pop()!;
    for (const c of at(nodes, id).children) {
      const child = at(nodes, c);
      if (at(keptCount, c) > 0) {
        stack.push(c);
        continue;
      }
      const hinted = child.kind === 'element' && roleHint(child) !== null;
      const hidden = child.kind === 'text' ? !keptText[c] && (child.text ?? '').trim() !== '' : false;
      if (at(droppedCount, c) > 0 || hinted || hidden || child.style?.position === 'fixed') exclude.push(c);
    }
  }
  exclude.sort((a, b) => a - b);
  return { roots: [...found.roots], exclude };
}
