/**
 * Classify: features and scores per block, roles, and the main content, kept as a decision record.
 */
import type { ContentSelection } from '../content/types.js';
import type { Block, BlockTree } from '../segment/types.js';
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import { blockFeatures, scoreComponents, type BlockFeatures } from './features.js';
import { findMainContent, type MainContentOptions } from './main-content.js';
import { assignRoles } from './roles.js';
import { buildSelection } from './selection.js';
import { buildTextBlocks, indexNodes } from './text-blocks.js';
import type { PageType, Role } from './types.js';

export type { PageType, Role } from './types.js';
export type { BlockFeatures } from './features.js';
export { SIGNAL_FAMILIES, type SignalFamily, type MainContentOptions } from './main-content.js';

export interface BlockRecord {
  id: string;
  rect: Rect;
  doc: number;
  leaf: boolean;
  role: Role;
  score: number;
  components: Record<string, number>;
  features: BlockFeatures;
  /** First characters of the block's text. */
  excerpt: string;
}

export interface Decision {
  pageType: PageType;
  /** The main content block (the best block grown to the blocks of the same article), or null. */
  main: { id: string; rect: Rect; score: number; blockIds: string[] } | null;
  /** Why the winner won, or why there is no article. */
  reason: string;
  runnerUp: { id: string; score: number } | null;
  /** Winner's score minus the runner-up's. */
  margin: number | null;
  /** Blocks merged into the main content besides the best one, and why. */
  merged: Array<{ id: string; reason: string }>;
  /** The element that holds the article text, found by the prose-mass search. */
  container: { node: number; tag: string; value: number } | null;
  /** Text dropped from inside the article container, and why. */
  dropped: Array<{ text: string; reason: string; block: string | null }>;
  /** Every block of the tree, pre-order. */
  blocks: BlockRecord[];
  /** The snapshot nodes that make up the main content. */
  selection: ContentSelection;
}

function walk(block: Block, out: Block[] = []): Block[] {
  out.push(block);
  for (const c of block.children) walk(c, out);
  return out;
}

function leavesOf(block: Block): Block[] {
  return walk(block).filter((b) => b.children.length === 0);
}

function isAncestor(a: string, b: string): boolean {
  return b.startsWith(a + '-');
}

function commonAncestorId(ids: string[]): string {
  let parts = ids[0]!.split('-');
  for (const id of ids.slice(1)) {
    const p = id.split('-');
    let k = 0;
    while (k < parts.length && k < p.length && parts[k] === p[k]) k++;
    parts = parts.slice(0, k);
  }
  return parts.length ? parts.join('-') : '1';
}

export function classify(snapshot: PageSnapshot, tree: BlockTree, options: MainContentOptions = {}): Decision {
  const index = indexNodes(snapshot);
  const textBlocks = buildTextBlocks(snapshot, index);
  const found = findMainContent(snapshot, textBlocks, index, options);
  const kept = new Uint8Array(textBlocks.length);
  for (const i of found.kept) kept[i] = 1;

  // Which leaf owns each snapshot node, and so each text block.
  const all = walk(tree.root);
  const leaves = all.filter((b) => b.children.length === 0);
  const leafOfNode = new Map<number, string>();
  for (const leaf of leaves) {
    const stack = [...leaf.nodes];
    while (stack.length) {
      const id = stack.pop()!;
      if (!leafOfNode.has(id)) leafOfNode.set(id, leaf.id);
      for (const c of snapshot.nodes[id]!.children) stack.push(c);
    }
  }
  const textBlocksOf = new Map<string, number[]>();
  const leafOfTextBlock: Array<string | null> = textBlocks.map((tb) => {
    const first = tb.textNodes[0];
    return first === undefined ? null : leafOfNode.get(first) ?? null;
  });
  leafOfTextBlock.forEach((leaf, i) => {
    if (leaf === null) return;
    const list = textBlocksOf.get(leaf) ?? [];
    list.push(i);
    textBlocksOf.set(leaf, list);
  });

  const ctx = { snapshot, textBlocks, verdicts: found.verdicts, kept, bodyFont: found.bodyFont, textBlocksOf };
  const records: BlockRecord[] = all.map((b) => {
    const isLeaf = b.children.length === 0;
    const features = blockFeatures(b, isLeaf ? [b] : leavesOf(b), ctx);
    const components = scoreComponents(features, b.rect, snapshot.document.height);
    const score = Object.values(components).reduce((s, x) => s + x, 0);
    const excerpt = (isLeaf ? textBlocksOf.get(b.id) ?? [] : [])
      .map((i) => textBlocks[i]!.text).join(' ').slice(0, 160);
    return { id: b.id, rect: b.rect, doc: b.doc, leaf: isLeaf, role: 'other', score: round(score), components: roundAll(components), features, excerpt };
  });
  const byId = new Map(records.map((r) => [r.id, r]));

  // Main content: the leaves holding kept text; the main block is their lowest common block.
  // Leaves mostly made of kept text; when VIPS left the article in coarse leaves (each mostly
  // other text), the leaves holding any kept text, so that a found article is never dropped.
  let mainLeaves = records.filter((r) => r.leaf && r.features.mainShare > 0.5 && r.features.chars > 0);
  if (mainLeaves.length === 0) mainLeaves = records.filter((r) => r.leaf && r.features.mainShare > 0 && r.features.chars > 0);
  let main: Decision['main'] = null;
  let reason: string;
  let runnerUp: Decision['runnerUp'] = null;
  let margin: number | null = null;
  const merged: Decision['merged'] = [];
  const keptChars = found.kept.reduce((s, i) => s + textBlocks[i]!.chars, 0);
  const pageType = pageTypeOf(found.container, keptChars, textBlocks);
  if (pageType === 'article' && mainLeaves.length) {
    const best = [...mainLeaves].sort((a, b) => b.score - a.score || cmpId(a.id, b.id))[0]!;
    const mainId = commonAncestorId(mainLeaves.map((r) => r.id));
    const mainRec = byId.get(mainId)!;
    main = { id: mainId, rect: mainRec.rect, score: mainRec.score, blockIds: mainLeaves.map((r) => r.id) };
    for (const r of mainLeaves) {
      if (r.id === best.id) continue;
      merged.push({ id: r.id, reason: `${Math.round(r.features.mainShare * 100)}% of its ${r.features.chars} characters continue the article text (prose ${r.features.prose.toFixed(2)})` });
    }
    const rivals = records.filter((r) => r.id !== mainId && !isAncestor(r.id, mainId) && !isAncestor(mainId, r.id) && r.id !== '1')
      .sort((a, b) => b.score - a.score || cmpId(a.id, b.id));
    if (rivals[0]) {
      runnerUp = { id: rivals[0].id, score: rivals[0].score };
      margin = round(mainRec.score - rivals[0].score);
    }
    reason = `block ${best.id} has the highest score among the article blocks (${best.score}); ` +
      `${mainLeaves.length} leaf block(s) under ${mainId} hold ${keptChars} characters of prose` +
      (runnerUp ? `; runner-up ${runnerUp.id} scores ${runnerUp.score} (margin ${margin})` : '');
  } else {
    reason = pageType === 'listing'
      ? 'no article: the text is mostly link teasers (a listing or home page)'
      : `no article: no block holds enough prose (best container ${Math.round(found.containerValue)} characters net)`;
  }
  assignRoles(records, main, snapshot, tree.levels);

  const selection = main ? buildSelection(snapshot, found, textBlocks) : { roots: [], exclude: [] };
  const dropped = [...found.dropped].map(([i, why]) => ({ text: textBlocks[i]!.text.slice(0, 120), reason: why, block: leafOfTextBlock[i] ?? null }));
  const containerNode = found.container >= 0 ? snapshot.nodes[found.container]! : null;
  return {
    pageType,
    main,
    reason,
    runnerUp,
    margin,
    merged,
    container: containerNode ? { node: containerNode.id, tag: containerNode.tag, value: Math.round(found.containerValue) } : null,
    dropped,
    blocks: records,
    selection,
  };
}

function pageTypeOf(container: number, keptChars: number, textBlocks: ReturnType<typeof buildTextBlocks>): PageType {
  if (container >= 0 && keptChars >= 150) return 'article';
  const total = textBlocks.reduce((s, b) => s + b.chars, 0);
  const links = textBlocks.reduce((s, b) => s + b.linkChars, 0);
  const teasers = textBlocks.filter((b) => b.linkChars / Math.max(1, b.chars) > 0.8 && b.words >= 4).length;
  return total > 0 && links / total > 0.35 && teasers >= 8 ? 'listing' : 'other';
}

function cmpId(a: string, b: string): number {
  const pa = a.split('-').map(Number);
  const pb = b.split('-').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return pa.length - pb.length;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function roundAll(c: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(c)) out[k] = round(v);
  return out;
}
