/** Small helpers the rule families (rules/*.ts) share. */
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { at } from '../../util/at.js';

/** What makes two blocks' texts the same: their text up to case (already collapsed and trimmed). */
export const textKey = (b: TextBlock): string => b.text.toLowerCase();

/** The words of the blocks `ids`: what a rule's trace event reports it kept or left out. */
export const wordsOf = (blocks: readonly TextBlock[], ids: Iterable<number>): number => {
  let w = 0;
  for (const i of ids) w += at(blocks, i).words;
  return w;
};

/** The trace events that count the blocks and the words a rule kept or left out. */
type Counted = Extract<TraceEvent, { blocks: number; words: number }>;

/** Such an event without its counts, which {@link leaveOut} adds: the rule's step and its own figures. */
type Head<E> = E extends Counted ? Omit<E, 'blocks' | 'words'> : never;

/**
 * The end of a rule that leaves kept blocks out: `kept` without the blocks in `drop` (a subset of
 * it), and the rule's trace event, `head` followed by the blocks and the words left out. When
 * `drop` is empty or holds every kept block, `kept` comes back as it is and nothing is traced: a
 * rule that would leave nothing reads a page whose content looks like what it removes (a page
 * that is a list of links, a form), not blocks beside the content.
 */
export function leaveOut(blocks: readonly TextBlock[], kept: number[], drop: ReadonlySet<number>, trace: TraceEvent[], head: Head<Counted>): number[] {
  if (drop.size === 0 || drop.size === kept.length) return kept;
  trace.push({ ...head, blocks: drop.size, words: wordsOf(blocks, drop) });
  return kept.filter((i) => !drop.has(i));
}

/**
 * The end of a rule that brings blocks back: `kept` with the blocks in `added` (none of them kept
 * yet), in reading order, and the rule's trace event, `head` followed by the blocks and the words
 * added. When `added` is empty, `kept` comes back as it is and nothing is traced.
 */
export function keepAlso(blocks: readonly TextBlock[], kept: number[], added: readonly number[], trace: TraceEvent[], head: Head<Counted>): number[] {
  if (added.length === 0) return kept;
  trace.push({ ...head, blocks: added.length, words: wordsOf(blocks, added) });
  return [...kept, ...added].sort((a, b) => a - b);
}
