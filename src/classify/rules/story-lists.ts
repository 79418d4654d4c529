/**
 * A rule that brings back a list or a table in a story's flow whose items the model left out one
 * by one.
 */
import { closest, enclosingElement } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { STORY_LIST_MAX_KEPT_WORDS, STORY_LIST_MAX_LINK_SHARE, STORY_LIST_MIN_SCORE, STORY_TABLE_MIN_SCORE } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { at } from '../../util/at.js';
import { keepAlso } from './common.js';

/** The elements that hold a list or a table of a story: a list item's or a cell's innermost one is its list. */
const LIST_TAGS = new Set(['ul', 'ol', 'table']);

/** Where a page's own chrome sits: a list in one of these is a menu or a link rail, not the story's. */
const CHROME_TAGS = new Set(['nav', 'aside', 'footer', 'header', 'form', 'menu']);

const isChrome = (node: SnapshotNode): boolean => node.kind === 'element' && (CHROME_TAGS.has(node.tag) || node.attrs?.role === 'navigation');

/**
 * A bulleted or numbered list, or a table, that sits in a story's flow between two kept blocks is
 * kept whole when the model left its items out. Short items ("Packing tape", "Permanent markers",
 * a cell "15%") carry little text and no sentence, so the model scores each one below the
 * selection's cut although the paragraph that introduces the list and the one after it are kept;
 * Readability and trafilatura keep the lists and tables inside a story's element. The list (the
 * innermost `<ul>`, `<ol>` or `<table>` of its items) must lie inside the element that holds the
 * kept text, open right after a kept block and close right before one in reading order, be mostly
 * plain text (STORY_LIST_MAX_LINK_SHARE: a list of links is a link rail or a table of contents),
 * sit outside any navigation, aside, header, footer or form below that element, hold no kept
 * block longer than STORY_LIST_MAX_KEPT_WORDS (a table that lays out the story's paragraphs in
 * one cell and a sidebar in the other is the page's frame), and its left-out items must average
 * STORY_LIST_MIN_SCORE, or STORY_TABLE_MIN_SCORE for a table's cells (lower, the model read them
 * as page chrome: a product box's spec lines, a call to action).
 */
export function keepStoryLists(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], scores: ArrayLike<number>, trace: TraceEvent[]): number[] {
  if (kept.length < 2) return kept;
  const nodes = snapshot.nodes;
  const container = enclosingElement(snapshot, kept.map((i) => at(blocks, i).owner));
  const isContainer = (node: SnapshotNode): boolean => node.id === container;
  // each block's innermost list below the container (-1: none, or the block is outside it)
  const listOf = (i: number): number => {
    const owner = at(blocks, i).owner;
    const list = closest(snapshot, owner, (node) => isContainer(node) || (node.kind === 'element' && LIST_TAGS.has(node.tag)));
    return list >= 0 && list !== container && closest(snapshot, list, isContainer) >= 0 ? list : -1;
  };
  const keptSet = new Set(kept);
  // each list's visible blocks, gathered the first time a list is looked at
  let byList: Map<number, number[]> | null = null;
  const listBlocks = (list: number): number[] => {
    if (!byList) {
      const m = new Map<number, number[]>();
      blocks.forEach((b, i) => {
        const l = b.hidden ? -1 : listOf(i);
        if (l < 0) return;
        const of = m.get(l);
        if (of) of.push(i);
        else m.set(l, [i]);
      });
      byList = m;
    }
    return byList.get(list) ?? [];
  };
  const visible: number[] = [];
  blocks.forEach((b, i) => {
    if (!b.hidden) visible.push(i);
  });
  const added: number[] = [];
  let lists = 0;
  for (let v = 0; v < visible.length;) {
    const list = keptSet.has(at(visible, v)) ? -1 : listOf(at(visible, v));
    if (list < 0) {
      v++;
      continue;
    }
    // the run of visible blocks in this list, and the blocks on either side of it
    let end = v;
    while (end + 1 < visible.length && listOf(at(visible, end + 1)) === list) end++;
    const run = visible.slice(v, end + 1);
    const before = v > 0 ? at(visible, v - 1) : -1;
    const after = end + 1 < visible.length ? at(visible, end + 1) : -1;
    v = end + 1;
    if (!keptSet.has(before) || !keptSet.has(after)) continue;
    if (closest(snapshot, list, (node) => isContainer(node) || isChrome(node)) !== container) continue;
    // a layout table (or list) that holds the story's own paragraphs is the page's frame, and
    // its other cells are a sidebar, not the story's list
    if (listBlocks(list).some((j) => keptSet.has(j) && at(blocks, j).words > STORY_LIST_MAX_KEPT_WORDS)) continue;
    const left = run.filter((j) => !keptSet.has(j));
    let chars = 0;
    let linkChars = 0;
    let score = 0;
    for (const j of run) {
      chars += at(blocks, j).chars;
      linkChars += at(blocks, j).linkChars;
    }
    for (const j of left) score += at(scores, j);
    if (linkChars > STORY_LIST_MAX_LINK_SHARE * chars || score < (at(nodes, list).tag === 'table' ? STORY_TABLE_MIN_SCORE : STORY_LIST_MIN_SCORE) * left.length) continue;
    added.push(...left);
    lists++;
  }
  return keepAlso(blocks, kept, added, trace, { step: 'story-lists', lists });
}
