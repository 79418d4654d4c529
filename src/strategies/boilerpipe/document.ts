/**
 * boilerpipe's TextBlock and TextDocument (de.l3s.boilerpipe.document), with the snapshot text
 * nodes a block holds in place of boilerpipe's BitSet of text element indexes.
 *
 * Densities are Java floats (`numWordsInWrappedLines / (float) numWrappedLines`): Math.fround
 * keeps every comparison against the classifiers' thresholds exactly as in Java.
 */

/** The labels boilerpipe's ArticleExtractor chain reads and writes (DefaultLabels). */
export const LABEL_TITLE = 'de.l3s.boilerpipe/TITLE';
export const LABEL_INDICATES_END_OF_TEXT = 'de.l3s.boilerpipe/INDICATES_END_OF_TEXT';
export const LABEL_MIGHT_BE_CONTENT = 'de.l3s.boilerpipe/MIGHT_BE_CONTENT';

export class TextBlock {
  isContent = false;
  readonly labels = new Set<string>();
  /** Text as boilerpipe outputs it (merged blocks joined by "\n"). */
  text: string;
  /** Snapshot ids of the text nodes whose text is in the block, in document order. */
  nodes: number[];
  numWords: number;
  numWordsInAnchorText: number;
  numWordsInWrappedLines: number;
  numWrappedLines: number;
  textDensity = 0;
  linkDensity = 0;
  offsetBlocksStart: number;
  offsetBlocksEnd: number;
  /** Depth of the element where the block's first text sat (only "same tag level" filters read it). */
  tagLevel: number;

  constructor(text: string, nodes: number[], numWords: number, numWordsInAnchorText: number, numWordsInWrappedLines: number, numWrappedLines: number, offsetBlocks: number, tagLevel = 0) {
    this.text = text;
    this.nodes = nodes;
    this.numWords = numWords;
    this.numWordsInAnchorText = numWordsInAnchorText;
    this.numWordsInWrappedLines = numWordsInWrappedLines;
    this.numWrappedLines = numWrappedLines;
    this.offsetBlocksStart = offsetBlocks;
    this.offsetBlocksEnd = offsetBlocks;
    this.tagLevel = tagLevel;
    this.initDensities();
  }

  private initDensities(): void {
    if (this.numWordsInWrappedLines === 0) {
      this.numWordsInWrappedLines = this.numWords;
      this.numWrappedLines = 1;
    }
    this.textDensity = Math.fround(this.numWordsInWrappedLines / this.numWrappedLines);
    this.linkDensity = this.numWords === 0 ? 0 : Math.fround(this.numWordsInAnchorText / this.numWords);
  }

  /** Sets the flag; true when that changed it (boilerpipe's `setIsContent`). */
  setIsContent(isContent: boolean): boolean {
    if (isContent === this.isContent) return false;
    this.isContent = isContent;
    return true;
  }

  hasLabel(label: string): boolean {
    return this.labels.has(label);
  }

  /** Absorbs the next block: counts add up, offsets widen, content and labels are or-ed. */
  mergeNext(other: TextBlock): void {
    this.text += '\n' + other.text;
    this.nodes = this.nodes.concat(other.nodes);
    this.numWords += other.numWords;
    this.numWordsInAnchorText += other.numWordsInAnchorText;
    this.numWordsInWrappedLines += other.numWordsInWrappedLines;
    this.numWrappedLines += other.numWrappedLines;
    this.offsetBlocksStart = Math.min(this.offsetBlocksStart, other.offsetBlocksStart);
    this.offsetBlocksEnd = Math.max(this.offsetBlocksEnd, other.offsetBlocksEnd);
    this.initDensities();
    this.isContent ||= other.isContent;
    for (const l of other.labels) this.labels.add(l);
    this.tagLevel = Math.min(this.tagLevel, other.tagLevel);
  }
}

/** The neighbour the classifiers see before the first and after the last block (TextBlock.EMPTY_START). */
export const EMPTY_BLOCK: Readonly<TextBlock> = Object.freeze(new TextBlock('', [], 0, 0, 0, 0, -1));

export interface TextDocument {
  /** The document title (`<title>`), or '' without one. */
  title: string;
  textBlocks: TextBlock[];
}

/** TextDocument.getContent: the content blocks' text, each followed by a newline. */
export function contentText(doc: TextDocument): string {
  let out = '';
  for (const b of doc.textBlocks) if (b.isContent) out += b.text + '\n';
  return out;
}
