/**
 * A product page's specification tables kept where the page hides them. Shops put the
 * specifications in a tab or a collapsed panel next to the description: the table is in the page,
 * laid out, but not shown until the reader opens the tab. The model reads hidden text as page
 * furniture (most hidden text is: menus, dialogs, other tabs of a rail), and a spec table's short
 * label/value cells look like furniture too; but a table of label/value rows hidden on a product
 * page is the product's own specification sheet, which a product page's main content includes.
 */
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { outOfRange } from '../../util/at.js';
import { SPEC_MIN_ROWS, SPEC_PAIR_SHARE, SPEC_CELL_MAX_WORDS } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { keepAlso } from './common.js';

/** Landmarks whose tables are the site's, not the product's (size charts in a menu, footers). */
const SITE_LANDMARKS = new Set(['nav', 'header', 'footer', 'aside', 'dialog']);

const CELL = /^t[hd]$/;

/** Whether a `<table>` or `<dl>` is a sheet of label/value rows (SPEC_MIN_ROWS of them or more). */
function isSpecSheet(nodes: readonly SnapshotNode[], node: SnapshotNode): boolean {
  let rows = 0;
  let pairs = 0;
  if (node.tag === 'dl') {
    for (const c of node.children) if ((nodes[c] ?? outOfRange(c)).tag === 'dt') rows++;
    pairs = rows;
  } else {
    const stack = [...node.children];
    while (stack.length) {
      const n = nodes[stack.pop()!];
      if (!n || n.tag === 'table') continue; // a nested table is a sheet of its own
      if (n.tag !== 'tr') {
        stack.push(...n.children);
        continue;
      }
      rows++;
      let cells = 0;
      for (const c of n.children) if (CELL.test((nodes[c] ?? outOfRange(c)).tag)) cells++;
      if (cells === 2) pairs++;
    }
  }
  return rows >= SPEC_MIN_ROWS && pairs >= SPEC_PAIR_SHARE * rows;
}

/**
 * Adds, when something is kept, every block of each spec sheet (isSpecSheet) whose text is all
 * hidden and not all of it kept already, outside the site's landmarks, with short cells (SPEC_CELL_MAX_WORDS words at most).
 */
export function keepHiddenSpecs(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  // a page where nothing scored as content has no product shown to complete: its hidden sheets
  // are a shell's leftovers, and the honest answer stays no content
  if (kept.length === 0) return kept;
  const nodes = snapshot.nodes;
  const verdict = new Map<number, boolean>();
  // the sheet nearest above a block's element, -1 when none is or when the block is in a landmark
  const sheet = (owner: number): number => {
    let found = -1;
    for (let id = owner; id >= 0; id = (nodes[id] ?? outOfRange(id)).parent) {
      const n = nodes[id] ?? outOfRange(id);
      if (SITE_LANDMARKS.has(n.tag)) return -1;
      if (found >= 0 || (n.tag !== 'table' && n.tag !== 'dl')) continue;
      let ok = verdict.get(id);
      if (ok === undefined) verdict.set(id, (ok = isSpecSheet(nodes, n)));
      if (ok) found = id;
    }
    return found;
  };
  const members = new Map<number, number[]>();
  blocks.forEach((b, i) => {
    const s = sheet(b.owner);
    if (s < 0) return;
    const m = members.get(s);
    if (m) m.push(i);
    else members.set(s, [i]);
  });
  if (members.size === 0) return kept;
  const keptSet = new Set(kept);
  const added: number[] = [];
  for (const m of members.values()) {
    if (m.every((i) => keptSet.has(i)) || m.some((i) => !(blocks[i] ?? outOfRange(i)).hidden || (blocks[i] ?? outOfRange(i)).words > SPEC_CELL_MAX_WORDS)) continue;
    for (const i of m) if (!keptSet.has(i)) added.push(i);
  }
  return keepAlso(blocks, kept, added, trace, { step: 'hidden-specs' });
}
