/**
 * A page whose main content would be only a few hidden words has none. When the rules leave
 * nothing of the page's visible text, what remains is a scrap of a closed menu or a dialog's
 * prompt ("I'm shopping for..."): the page is a shell whose content did not load, and the honest
 * answer is no content, not a hidden line.
 */
import { HIDDEN_SCRAP_MAX_WORDS } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { outOfRange } from '../../util/at.js';

/** Drops the kept blocks when all of them are hidden and they hold HIDDEN_SCRAP_MAX_WORDS words or fewer. */
export function dropHiddenScraps(blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  if (kept.length === 0) return kept;
  let words = 0;
  for (const i of kept) {
    const b = blocks[i] ?? outOfRange(i);
    if (!b.hidden) return kept;
    words += b.words;
  }
  if (words > HIDDEN_SCRAP_MAX_WORDS) return kept;
  trace.push({ step: 'hidden-scraps', blocks: kept.length, words });
  return [];
}
