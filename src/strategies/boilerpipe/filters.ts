/**
 * The boilerpipe 1.2.0 filters that its ArticleExtractor, DefaultExtractor and
 * NumWordsRulesExtractor chain, ported statement for statement (de.l3s.boilerpipe.filters.*).
 * Each returns whether it changed the document, as boilerpipe's `process` does.
 *
 * The two classifiers are the C4.8 decision trees learned in Kohlschütter, Fankhauser & Nejdl,
 * "Boilerplate Detection using Shallow Text Features" (WSDM 2010), with the thresholds of the
 * library (link densities compare a Java float with a double literal, text densities two floats).
 */
import { EMPTY_BLOCK, LABEL_INDICATES_END_OF_TEXT, LABEL_MIGHT_BE_CONTENT, LABEL_TITLE, type TextBlock, type TextDocument } from './document.js';
import { javaSplit, javaTrim } from './java.js';
import { at } from '../../util/at.js';

type Rule = (prev: Readonly<TextBlock>, curr: Readonly<TextBlock>, next: Readonly<TextBlock>) => boolean;

/** NumWordsRulesClassifier.classify: the tree over word counts and link densities. */
export function numWordsRule(prev: Readonly<TextBlock>, curr: Readonly<TextBlock>, next: Readonly<TextBlock>): boolean {
  if (curr.linkDensity <= 0.333333) {
    if (prev.linkDensity <= 0.555556) return curr.numWords > 16 || next.numWords > 15 || prev.numWords > 4;
    return curr.numWords > 40 || next.numWords > 17;
  }
  return false;
}

/** DensityRulesClassifier.classify: the tree over text densities and link densities. */
export function densityRule(prev: Readonly<TextBlock>, curr: Readonly<TextBlock>, next: Readonly<TextBlock>): boolean {
  if (curr.linkDensity <= 0.333333) {
    if (prev.linkDensity <= 0.555556) {
      if (curr.textDensity <= 9) return next.textDensity > 10 || prev.textDensity > 4;
      return next.textDensity !== 0;
    }
    return next.textDensity > 11;
  }
  return false;
}

/** Classifies every block from itself and its two neighbours (an empty block past either end). */
function classifyAll(doc: TextDocument, rule: Rule): boolean {
  const blocks = doc.textBlocks;
  let changes = false;
  for (const [i, b] of blocks.entries()) {
    changes = b.setIsContent(rule(blocks[i - 1] ?? EMPTY_BLOCK, b, blocks[i + 1] ?? EMPTY_BLOCK)) || changes;
  }
  return changes;
}

export function numWordsRulesClassifier(doc: TextDocument): boolean {
  return classifyAll(doc, numWordsRule);
}

export function densityRulesClassifier(doc: TextDocument): boolean {
  return classifyAll(doc, densityRule);
}

/** "3 comments", "12 users responded in": digits, then one of the phrases. */
function startsWithNumber(t: string, ...phrases: string[]): boolean {
  let j = 0;
  while (j < t.length && t.charCodeAt(j) >= 0x30 && t.charCodeAt(j) <= 0x39) j++;
  return j !== 0 && phrases.some((p) => t.startsWith(p, j));
}

/**
 * TerminatingBlocksFinder: short blocks (under 15 words, at least 8 characters) that usually
 * follow the end of an article's text ("Comments", "Post a comment", "© Reuters", ...).
 */
export function terminatingBlocksFinder(doc: TextDocument): boolean {
  let changes = false;
  for (const tb of doc.textBlocks) {
    if (tb.numWords >= 15) continue;
    const text = javaTrim(tb.text);
    if (text.length < 8) continue;
    const lc = text.toLowerCase();
    if (
      lc.startsWith('comments') ||
      startsWithNumber(lc, ' comments', ' users responded in') ||
      lc.startsWith('© reuters') ||
      lc.startsWith('please rate this') ||
      lc.startsWith('post a comment') ||
      lc.includes('what you think...') ||
      lc.includes('add your comment') ||
      lc.includes('add comment') ||
      lc.includes('reader views') ||
      lc.includes('have your say') ||
      lc.includes('reader comments') ||
      lc.includes('rätta artikeln') ||
      lc === 'thanks for your comments - this feedback is now closed'
    ) {
      tb.labels.add(LABEL_INDICATES_END_OF_TEXT);
      changes = true;
    }
  }
  return changes;
}

/** The title separators DocumentTitleMatchClassifier tries, from the fewest to the most. */
const TITLE_SEPARATORS = [/ *[|»:] */gu, / *[|»:()] */gu, / *[|»:()-] */gu, / *[|»,:()-] */gu];
/** `p.split("[\\b]+")`: in a Java character class `\b` is a backspace, so this counts 1 for any normal text. */
const BACKSPACES = /\u0008+/gu;

/** DocumentTitleMatchClassifier.getLongestPart: the longest piece of the title between separators. */
function longestPart(title: string, separator: RegExp): string | null {
  const parts = javaSplit(title, separator);
  if (parts.length === 1) return null;
  let longestNumWords = 0;
  let longest = '';
  for (const p of parts) {
    if (p.includes('.com')) continue;
    const numWords = javaSplit(p, BACKSPACES).length;
    if (numWords > longestNumWords || p.length > longest.length) {
      longestNumWords = numWords;
      longest = p;
    }
  }
  return longest.length === 0 ? null : javaTrim(longest);
}

/** The strings DocumentTitleMatchClassifier accepts as the title: the whole title and its longest parts. */
export function potentialTitles(title: string): Set<string> | null {
  const t = javaTrim(title);
  if (t.length === 0) return null;
  const out = new Set<string>([t]);
  for (const sep of TITLE_SEPARATORS) {
    const p = longestPart(t, sep);
    if (p !== null) out.add(p);
  }
  return out;
}

/** DocumentTitleMatchClassifier: labels the blocks whose whole text is the title (or a longest part of it). */
export function documentTitleMatchClassifier(doc: TextDocument): boolean {
  const titles = potentialTitles(doc.title);
  if (!titles) return false;
  let changes = false;
  for (const tb of doc.textBlocks) {
    if (titles.has(javaTrim(tb.text))) {
      tb.labels.add(LABEL_TITLE);
      changes = true;
    }
  }
  return changes;
}

/**
 * IgnoreBlocksAfterContentFilter: once the content so far holds `minNumWords` full-text words
 * (words of content blocks with text density >= 9), everything from an end-of-text block on is
 * boilerplate.
 */
export function ignoreBlocksAfterContentFilter(doc: TextDocument, minNumWords = 60): boolean {
  let changes = false;
  let numWords = 0;
  let foundEndOfText = false;
  for (const block of doc.textBlocks) {
    const endOfText = block.hasLabel(LABEL_INDICATES_END_OF_TEXT);
    if (block.isContent) numWords += block.textDensity >= 9 ? block.numWords : 0;
    if (endOfText && numWords >= minNumWords) foundEndOfText = true;
    if (foundEndOfText) {
      changes = true;
      block.setIsContent(false);
    }
  }
  return changes;
}

/**
 * BlockProximityFusion: merges a content block into the block before it when at most
 * `maxBlocksDistance` blocks lay between them in the original document. Without `contentOnly` the
 * block before may be boilerplate, and the merged block is content: ArticleExtractor's first
 * fusion so pulls the block just before each run of content into it. With `contentOnly` (run after
 * the boilerplate is gone) it joins content blocks separated by at most one dropped block.
 */
export function blockProximityFusion(doc: TextDocument, maxBlocksDistance: number, contentOnly: boolean, sameTagLevelOnly: boolean): boolean {
  const blocks = doc.textBlocks;
  if (blocks.length < 2) return false;
  let prevBlock: TextBlock | undefined;
  let offset: number;
  if (contentOnly) {
    offset = 0;
    for (const tb of blocks) {
      offset++;
      if (tb.isContent) {
        prevBlock = tb;
        break;
      }
    }
    if (!prevBlock) return false;
  } else {
    prevBlock = at(blocks, 0);
    offset = 1;
  }
  let changes = false;
  const kept = blocks.slice(0, offset);
  for (let i = offset; i < blocks.length; i++) {
    const block = at(blocks, i);
    if (!block.isContent) {
      prevBlock = block;
      kept.push(block);
      continue;
    }
    const diffBlocks = block.offsetBlocksStart - prevBlock.offsetBlocksEnd - 1;
    let merged = false;
    if (diffBlocks <= maxBlocksDistance) {
      let ok = true;
      if (contentOnly && (!prevBlock.isContent || !block.isContent)) ok = false;
      if (ok && sameTagLevelOnly && prevBlock.tagLevel !== block.tagLevel) ok = false;
      if (ok) {
        prevBlock.mergeNext(block);
        changes = true;
        merged = true;
      }
    }
    if (!merged) {
      prevBlock = block;
      kept.push(block);
    }
  }
  doc.textBlocks = kept;
  return changes;
}

/** BoilerplateBlockFilter: removes the blocks that are not content. */
export function boilerplateBlockFilter(doc: TextDocument): boolean {
  const before = doc.textBlocks.length;
  doc.textBlocks = doc.textBlocks.filter((b) => b.isContent);
  return doc.textBlocks.length !== before;
}

/**
 * KeepLargestBlockFilter: only the content block with the most words (the first of equals) stays
 * content; every other block is marked MIGHT_BE_CONTENT.
 */
export function keepLargestBlockFilter(doc: TextDocument, expandToSameLevelText = false): boolean {
  const blocks = doc.textBlocks;
  if (blocks.length < 2) return false;
  let maxNumWords = -1;
  let largest: TextBlock | undefined;
  let level = -1;
  let n = -1;
  blocks.forEach((tb, i) => {
    if (tb.isContent && tb.numWords > maxNumWords) {
      largest = tb;
      maxNumWords = tb.numWords;
      n = i;
      if (expandToSameLevelText) level = tb.tagLevel;
    }
  });
  for (const tb of blocks) {
    if (tb === largest) {
      tb.setIsContent(true);
    } else {
      tb.setIsContent(false);
      tb.labels.add(LABEL_MIGHT_BE_CONTENT);
    }
  }
  if (expandToSameLevelText && n !== -1) {
    for (let i = n - 1; i >= 0; i--) {
      const tl = at(blocks, i).tagLevel;
      if (tl < level) break;
      if (tl === level) at(blocks, i).setIsContent(true);
    }
    for (let i = n; i < blocks.length; i++) {
      const tl = at(blocks, i).tagLevel;
      if (tl < level) break;
      if (tl === level) at(blocks, i).setIsContent(true);
    }
  }
  return true;
}

/**
 * ExpandTitleToContentFilter: when a block labelled TITLE comes before the first content block,
 * the MIGHT_BE_CONTENT blocks from the title up to that content become content again.
 */
export function expandTitleToContentFilter(doc: TextDocument): boolean {
  let title = -1;
  let contentStart = -1;
  doc.textBlocks.forEach((tb, i) => {
    if (contentStart === -1 && tb.hasLabel(LABEL_TITLE)) {
      title = i;
      contentStart = -1;
    }
    if (contentStart === -1 && tb.isContent) contentStart = i;
  });
  if (contentStart <= title || title === -1) return false;
  let changes = false;
  for (const tb of doc.textBlocks.slice(title, contentStart)) {
    if (tb.hasLabel(LABEL_MIGHT_BE_CONTENT)) changes = tb.setIsContent(true) || changes;
  }
  return changes;
}

/** SimpleBlockFusionProcessor: merges runs of neighbouring blocks of exactly equal text density. */
export function simpleBlockFusionProcessor(doc: TextDocument): boolean {
  const blocks = doc.textBlocks;
  if (blocks.length < 2) return false;
  let changes = false;
  let b1 = at(blocks, 0);
  const kept = [b1];
  for (let i = 1; i < blocks.length; i++) {
    const b2 = at(blocks, i);
    if (b1.textDensity === b2.textDensity) {
      b1.mergeNext(b2);
      changes = true;
    } else {
      b1 = b2;
      kept.push(b2);
    }
  }
  doc.textBlocks = kept;
  return changes;
}
