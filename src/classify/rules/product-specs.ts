/**
 * A product page's specification tables kept whole: where the page hides them, and where the
 * model kept part of one. Shops put the specifications in a tab or a collapsed panel next to the
 * description: the table is in the page, laid out, but not shown until the reader opens the tab.
 * The model reads hidden text as page furniture (most hidden text is: menus, dialogs, other tabs
 * of a rail), and a spec table's short label/value cells look like furniture too; but a table of
 * label/value rows hidden on a product page is the product's own specification sheet, which a
 * product page's main content includes. Shown, the model may keep a sheet's values and drop its
 * labels ("Weight"), and values without labels say nothing.
 */
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { outOfRange } from '../../util/at.js';
import { SPEC_CELL_MAX_WORDS, SPEC_KEPT_SHARE, SPEC_MIN_ROWS, SPEC_PAIR_SHARE } from '../params.js';
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
    const stack = node.children.slice();
    while (stack.length) {
      const n = nodes[stack.pop() ?? outOfRange(-1)];
      if (!n || n.tag === 'table') continue; // a nested table is a sheet of its own
      if (n.tag !== 'tr') {
        for (const c of n.children) stack.push(c);
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
 * Adds, when something shown is kept, every block of each spec sheet (isSpecSheet) outside the
 * site's landmarks, with short cells (SPEC_CELL_MAX_WORDS words at most) and not all of it kept
 * already, whose text is all hidden, or of which the model kept SPEC_KEPT_SHARE or more.
 */
export function keepHiddenSpecs(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  // a page where nothing shown scored as content has no product shown to complete: its hidden
  // sheets are a shell's leftovers (beside, at most, a few hidden words the model kept), and the
  // honest answer stays no content
  if (kept.every((i) => (blocks[i] ?? outOfRange(i)).hidden)) return kept;
  const nodes = snapshot.nodes;
  // per node, in one pass down the tree (ids are in pre-order: a parent comes before its
  // children): the spec sheet nearest above it, -1 when none is or when a site landmark is above it
  const sheetAbove = new Int32Array(nodes.length).fill(-1);
  const inLandmark = new Uint8Array(nodes.length);
  for (const n of nodes) {
    const p = n.parent;
    if (SITE_LANDMARKS.has(n.tag) || (p >= 0 && inLandmark[p])) {
      inLandmark[n.id] = 1;
      continue;
    }
    sheetAbove[n.id] = (n.tag === 'table' || n.tag === 'dl') && isSpecSheet(nodes, n) ? n.id : p >= 0 ? (sheetAbove[p] ?? outOfRange(p)) : -1;
  }
  const sheet = (owner: number): number => sheetAbove[owner] ?? outOfRange(owner);
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
  const hiddenAdded: number[] = [];
  const rowsAdded: number[] = [];
  for (const m of members.values()) {
    if (m.every((i) => keptSet.has(i)) || m.some((i) => (blocks[i] ?? outOfRange(i)).words > SPEC_CELL_MAX_WORDS)) continue;
    if (m.every((i) => (blocks[i] ?? outOfRange(i)).hidden)) {
      for (const i of m) if (!keptSet.has(i)) hiddenAdded.push(i);
      continue;
    }
    // a shown sheet the model kept in part: its values without their labels ("640 g", with no
    // "Weight") say nothing, so the sheet is kept whole once SPEC_KEPT_SHARE of it is
    let n = 0;
    for (const i of m) if (keptSet.has(i)) n++;
    if (n >= SPEC_KEPT_SHARE * m.length) for (const i of m) if (!keptSet.has(i)) rowsAdded.push(i);
  }
  const withHidden = keepAlso(blocks, kept, hiddenAdded, trace, { step: 'hidden-specs' });
  return keepAlso(blocks, withHidden, rowsAdded, trace, { step: 'spec-rows' });
}
