/**
 * boilerpipe 1.2.0's extractors: each is a fixed chain of filters over the TextDocument. All
 * filters run (Java's non-short-circuit `|`), in this order.
 */
import type { TextDocument } from './document.js';
import {
  blockProximityFusion,
  boilerplateBlockFilter,
  densityRulesClassifier,
  documentTitleMatchClassifier,
  expandTitleToContentFilter,
  ignoreBlocksAfterContentFilter,
  keepLargestBlockFilter,
  numWordsRulesClassifier,
  simpleBlockFusionProcessor,
  terminatingBlocksFinder,
} from './filters.js';

export type ExtractorName = 'article' | 'default' | 'numwords';

/** The filter chain of each extractor, by the names of boilerpipe's classes. */
export const EXTRACTOR_CHAINS: Readonly<Record<ExtractorName, ReadonlyArray<readonly [string, (doc: TextDocument) => boolean]>>> = {
  // ArticleExtractor
  article: [
    ['TerminatingBlocksFinder', terminatingBlocksFinder],
    ['DocumentTitleMatchClassifier', documentTitleMatchClassifier],
    ['NumWordsRulesClassifier', numWordsRulesClassifier],
    ['IgnoreBlocksAfterContentFilter(60)', (d) => ignoreBlocksAfterContentFilter(d, 60)],
    ['BlockProximityFusion.MAX_DISTANCE_1', (d) => blockProximityFusion(d, 1, false, false)],
    ['BoilerplateBlockFilter', boilerplateBlockFilter],
    ['BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY', (d) => blockProximityFusion(d, 1, true, false)],
    ['KeepLargestBlockFilter', (d) => keepLargestBlockFilter(d, false)],
    ['ExpandTitleToContentFilter', expandTitleToContentFilter],
  ],
  // DefaultExtractor
  default: [
    ['SimpleBlockFusionProcessor', simpleBlockFusionProcessor],
    ['BlockProximityFusion.MAX_DISTANCE_1', (d) => blockProximityFusion(d, 1, false, false)],
    ['DensityRulesClassifier', densityRulesClassifier],
  ],
  // NumWordsRulesExtractor
  numwords: [['NumWordsRulesClassifier', numWordsRulesClassifier]],
};

/** Runs an extractor's chain over `doc` in place; true when any filter changed it. */
export function processDocument(doc: TextDocument, extractor: ExtractorName = 'article'): boolean {
  let changes = false;
  for (const [, filter] of EXTRACTOR_CHAINS[extractor]) changes = filter(doc) || changes;
  return changes;
}
