/**
 * `boilerpipe`: shallow text features per text block and the published C4.8 decision trees of
 * Kohlschütter, Fankhauser & Nejdl, "Boilerplate Detection using Shallow Text Features" (WSDM
 * 2010), as shipped in the boilerpipe library (seed 004).
 *
 * Text blocks are viseg's (src/classify/text-blocks.ts: runs of inline content cut at every
 * non-inline element and at `<br>`), which is what boilerpipe's SAX handler does on raw HTML.
 * Per block, as in boilerpipe's `flushBlock`:
 *   - numWords: whitespace tokens holding a letter or digit;
 *   - linkDensity: words inside `<a href>` / numWords;
 *   - textDensity: words in wrapped lines / wrapped lines, wrapping the tokens at 80 columns
 *     (the last, partial line does not count unless it is the only one).
 * The previous and next block (an empty block at either end) feed the tree too.
 *
 * NumWordsRulesClassifier (default; boilerpipe's NumWordsRulesExtractor):
 *   curr.linkDensity <= 0.333333
 *     prev.linkDensity <= 0.555556 → content iff curr.words > 16 or next.words > 15 or prev.words > 4
 *     else                         → content iff curr.words > 40 or next.words > 17
 *   else boilerplate
 * DensityRulesClassifier (`classifier: 'density'`; the core of boilerpipe's DefaultExtractor):
 *   curr.linkDensity <= 0.333333
 *     prev.linkDensity <= 0.555556
 *       curr.textDensity <= 9  → next.textDensity <= 10 ? (prev.textDensity <= 4 ? no : yes) : yes
 *       else                   → next.textDensity == 0 ? no : yes
 *     else → next.textDensity <= 11 ? no : yes
 *   else boilerplate
 * The selection is exactly the text of the content blocks (root: their lowest common ancestor,
 * minus the subtrees holding only boilerplate text).
 */
import { buildTextBlocks, indexNodes, type TextBlock } from '../classify/text-blocks.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { nodeFacts, selectionFromTextNodes } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';

export interface BlockFeatures {
  numWords: number;
  numLinkedWords: number;
  linkDensity: number;
  numWordsInWrappedLines: number;
  numWrappedLines: number;
  textDensity: number;
}

export const EMPTY_BLOCK: BlockFeatures = { numWords: 0, numLinkedWords: 0, linkDensity: 0, numWordsInWrappedLines: 0, numWrappedLines: 1, textDensity: 0 };

const WORD = /[\p{L}\p{Nd}\p{Nl}\p{No}]/u;

/** boilerpipe's per-block counts from a token list with link flags. */
export function blockFeatures(tokens: Array<{ token: string; link: boolean }>, maxLineLength = 80): BlockFeatures {
  let numWords = 0, numLinkedWords = 0, numWrappedLines = 0, numWordsCurrentLine = 0;
  let currentLineLength = -1;
  for (const { token, link } of tokens) {
    if (!WORD.test(token)) continue;
    numWords++;
    numWordsCurrentLine++;
    if (link) numLinkedWords++;
    currentLineLength += token.length + 1;
    if (currentLineLength > maxLineLength) {
      numWrappedLines++;
      currentLineLength = token.length;
      numWordsCurrentLine = 1;
    }
  }
  let numWordsInWrappedLines: number;
  if (numWrappedLines === 0) {
    numWordsInWrappedLines = numWords;
    numWrappedLines = 1;
  } else {
    numWordsInWrappedLines = numWords - numWordsCurrentLine;
  }
  return {
    numWords,
    numLinkedWords,
    linkDensity: numWords ? numLinkedWords / numWords : 0,
    numWordsInWrappedLines,
    numWrappedLines,
    textDensity: numWordsInWrappedLines / numWrappedLines,
  };
}

export function numWordsRules(prev: BlockFeatures, curr: BlockFeatures, next: BlockFeatures): boolean {
  if (curr.linkDensity <= 0.333333) {
    if (prev.linkDensity <= 0.555556) return curr.numWords > 16 || next.numWords > 15 || prev.numWords > 4;
    return curr.numWords > 40 || next.numWords > 17;
  }
  return false;
}

export function densityRules(prev: BlockFeatures, curr: BlockFeatures, next: BlockFeatures): boolean {
  if (curr.linkDensity <= 0.333333) {
    if (prev.linkDensity <= 0.555556) {
      if (curr.textDensity <= 9) {
        if (next.textDensity <= 10) return !(prev.textDensity <= 4);
        return true;
      }
      return next.textDensity !== 0;
    }
    return !(next.textDensity <= 11);
  }
  return false;
}

export interface BoilerpipeOptions {
  classifier?: 'numwords' | 'density';
  /** Wrap width for the text density. */
  maxLineLength?: number;
}

export interface ClassifiedBlock {
  block: TextBlock;
  features: BlockFeatures;
  content: boolean;
}

export function classifyBlocks(snapshot: PageSnapshot, options: BoilerpipeOptions = {}): ClassifiedBlock[] {
  const index = indexNodes(snapshot);
  const facts = nodeFacts(snapshot);
  const blocks = buildTextBlocks(snapshot, index);
  const rule = options.classifier === 'density' ? densityRules : numWordsRules;
  const feats = blocks.map((b) => {
    const tokens: Array<{ token: string; link: boolean }> = [];
    for (const id of b.textNodes) {
      if (!facts.usable[id]) continue;
      for (const t of (snapshot.nodes[id]!.text ?? '').split(/\s+/u)) if (t) tokens.push({ token: t, link: index.inLink[id] === 1 });
    }
    return blockFeatures(tokens, options.maxLineLength ?? 80);
  });
  // boilerpipe drops blocks without tokens; keep only blocks that have words as neighbours
  const kept = blocks.map((b, i) => ({ block: b, features: feats[i]! })).filter((x) => x.features.numWords > 0);
  return kept.map((x, i) => ({
    ...x,
    content: rule(kept[i - 1]?.features ?? EMPTY_BLOCK, x.features, kept[i + 1]?.features ?? EMPTY_BLOCK),
  }));
}

export function createBoilerpipe(options: BoilerpipeOptions = {}): Strategy {
  const which = options.classifier ?? 'numwords';
  return {
    name: 'boilerpipe',
    description: `boilerpipe text blocks with the ${which === 'density' ? 'DensityRulesClassifier' : 'NumWordsRulesClassifier'} decision tree (Kohlschütter et al. 2010)`,
    run(snapshot: PageSnapshot): StrategyResult {
      const classified = classifyBlocks(snapshot, options);
      const kept = new Uint8Array(snapshot.nodes.length);
      let n = 0;
      let words = 0;
      for (const c of classified) {
        if (!c.content) continue;
        n++;
        words += c.features.numWords;
        for (const id of c.block.textNodes) kept[id] = 1;
      }
      const selection = selectionFromTextNodes(snapshot, kept);
      return {
        selection,
        pageType: selection.roots.length ? 'article' : 'other',
        notes: [`${n} of ${classified.length} text blocks classified content (${words} words)`],
      };
    },
  };
}

export const boilerpipe: Strategy = createBoilerpipe();
