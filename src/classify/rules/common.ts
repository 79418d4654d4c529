/** Small helpers the rule families (rules/*.ts) share. */
import type { TextBlock } from '../text-blocks.js';
import { at } from '../../util/at.js';

/** What makes two blocks' texts the same: their text up to case (already collapsed and trimmed). */
export const textKey = (b: TextBlock): string => b.text.toLowerCase();

/** The words of the blocks `ids`: what a rule's trace event reports it kept or left out. */
export const wordsOf = (blocks: readonly TextBlock[], ids: Iterable<number>): number => {
  let w = 0;
  for (const i of ids) w += at(blocks, i).words;
  return w;
};
