/**
 * `heuristic`: viseg's hand-tuned classifier before the fitted model (kept for comparison and
 * for pages where its rules suit better). Text blocks are scored for how much they read like
 * prose; the article is the subtree, or run of sibling subtrees, with the most prose net of
 * boilerplate, grown to siblings that continue it in the same column, minus link lists, share
 * bars, captions and fine print inside it. It knows articles and link listings only.
 */
import { buildTextBlocks, indexNodes } from '../../classify/text-blocks.js';
import type { PageType } from '../../classify/types.js';
import type { PageSnapshot } from '../../snapshot/types.js';
import type { Strategy, StrategyResult } from '../types.js';
import { findMainContent, type MainContentOptions } from './main-content.js';
import { buildSelection } from './selection.js';
import { at } from '../../util/at.js';

export { findMainContent, SIGNAL_FAMILIES, type SignalFamily, type MainContentOptions } from './main-content.js';

/** Kept prose below this many characters is no article. */
const MIN_ARTICLE_CHARS = 150;
/** A listing: links make up more than this share of the page's text... */
const LISTING_LINK_SHARE = 0.35;
/** ...and at least this many blocks are link teasers (mostly link text, four words or more). */
const LISTING_MIN_TEASERS = 8;

export function createHeuristic(options: MainContentOptions = {}): Strategy {
  return {
    name: 'heuristic',
    description: 'hand-tuned prose-mass container search (viseg before the fitted model)',
    run(snapshot: PageSnapshot): StrategyResult {
      const index = indexNodes(snapshot);
      const blocks = buildTextBlocks(snapshot, index);
      const found = findMainContent(snapshot, blocks, index, options);
      const keptChars = found.kept.reduce((s, i) => s + at(blocks, i).chars, 0);
      let pageType: PageType = 'other';
      if (found.container >= 0 && keptChars >= MIN_ARTICLE_CHARS) pageType = 'article';
      else {
        const total = blocks.reduce((s, b) => s + b.chars, 0);
        const links = blocks.reduce((s, b) => s + b.linkChars, 0);
        const teasers = blocks.filter((b) => b.linkChars / Math.max(1, b.chars) > 0.8 && b.words >= 4).length;
        if (total > 0 && links / total > LISTING_LINK_SHARE && teasers >= LISTING_MIN_TEASERS) pageType = 'listing';
      }
      if (pageType !== 'article') return { selection: { roots: [], exclude: [] }, pageType, notes: [pageType === 'listing' ? 'no article: the text is mostly link teasers' : 'no block holds enough prose'] };
      return { selection: buildSelection(snapshot, found, blocks), pageType, notes: [`container ${found.container} holds ${keptChars} characters of prose`] };
    },
  };
}

export const heuristic: Strategy = createHeuristic();
