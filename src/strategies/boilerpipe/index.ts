/**
 * `boilerpipe`: a port of boilerpipe 1.2.0 (Kohlschütter, Fankhauser & Nejdl, "Boilerplate
 * Detection using Shallow Text Features", WSDM 2010) to the rendered snapshot. The default is its
 * ArticleExtractor; DefaultExtractor and NumWordsRulesExtractor are there too.
 *
 *   handler.ts     the SAX content handler: text blocks and their word, link and line counts
 *   filters.ts     the filters (classifiers, title and end-of-text labels, fusions, largest block)
 *   extractors.ts  which filters each extractor chains
 *   java.ts        the Java string and regex behaviours the counts depend on
 *
 * The output is the text of the content blocks: their text nodes, as a selection for the shared
 * content stage. scripts/boilerpipe-java.sh runs the original on the same pages for comparison;
 * docs/strategies.md lists where the port on a rendered DOM cannot be exact.
 */
import type { PageSnapshot } from '../../snapshot/types.js';
import { selectionFromTextNodes } from '../dom.js';
import type { Strategy, StrategyResult } from '../types.js';
import type { TextDocument } from './document.js';
import { processDocument, type ExtractorName } from './extractors.js';
import { extractTextDocument } from './handler.js';

export { contentText, EMPTY_BLOCK, TextBlock, type TextDocument } from './document.js';
export { EXTRACTOR_CHAINS, processDocument, type ExtractorName } from './extractors.js';
export { densityRule, numWordsRule, potentialTitles } from './filters.js';
export { extractTextDocument } from './handler.js';
export { tokenize } from './java.js';

export interface BoilerpipeOptions {
  /** Which boilerpipe extractor: `article` (ArticleExtractor, default), `default` (DefaultExtractor), `numwords` (NumWordsRulesExtractor). */
  extractor?: ExtractorName;
}

const CLASS_NAMES: Record<ExtractorName, string> = { article: 'ArticleExtractor', default: 'DefaultExtractor', numwords: 'NumWordsRulesExtractor' };

/** The processed TextDocument of a snapshot: its blocks after the extractor's filters. */
export function runBoilerpipe(snapshot: PageSnapshot, extractor: ExtractorName = 'article'): { doc: TextDocument; blocks: number } {
  const doc = extractTextDocument(snapshot);
  const blocks = doc.textBlocks.length;
  processDocument(doc, extractor);
  return { doc, blocks };
}

export function createBoilerpipe(options: BoilerpipeOptions = {}): Strategy {
  const extractor = options.extractor ?? 'article';
  if (!Object.prototype.hasOwnProperty.call(CLASS_NAMES, extractor)) throw new RangeError(`unknown boilerpipe extractor "${String(extractor)}"; known: ${Object.keys(CLASS_NAMES).join(', ')}`);
  return {
    name: 'boilerpipe',
    description: `boilerpipe 1.2 ${CLASS_NAMES[extractor]}: shallow text features per text block (Kohlschütter et al. 2010)`,
    run(snapshot: PageSnapshot): StrategyResult {
      const { doc, blocks } = runBoilerpipe(snapshot, extractor);
      const kept = new Uint8Array(snapshot.nodes.length);
      let contentBlocks = 0;
      let words = 0;
      for (const b of doc.textBlocks) {
        if (!b.isContent) continue;
        contentBlocks++;
        words += b.numWords;
        for (const id of b.nodes) kept[id] = 1;
      }
      const selection = selectionFromTextNodes(snapshot, kept);
      return {
        selection,
        pageType: selection.roots.length ? 'article' : 'other',
        notes: [`${CLASS_NAMES[extractor]}: ${blocks} text blocks, ${contentBlocks} content block${contentBlocks === 1 ? '' : 's'} after the filters (${words} words)`],
      };
    },
  };
}

export const boilerpipe: Strategy = createBoilerpipe();
