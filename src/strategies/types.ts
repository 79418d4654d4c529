/**
 * Extraction strategies: alternative ways to pick the main content of the same rendered snapshot.
 * Every strategy answers with a ContentSelection (snapshot node ids), so the shared content stage
 * (src/content) turns any of them into html/text/markdown the same way.
 */
import type { PageType } from '../classify/types.js';
import type { ContentSelection } from '../content/types.js';
import type { PageSnapshot } from '../snapshot/types.js';

export interface StrategyResult {
  /** Roots in reading order plus excluded subtrees; empty roots when there is no article. */
  selection: ContentSelection;
  pageType: PageType;
  /** Short human-readable notes on how the decision was made. */
  notes?: string[];
}

export interface Strategy {
  name: string;
  description: string;
  run(snapshot: PageSnapshot): StrategyResult;
}
