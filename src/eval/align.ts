/**
 * Aligning a page's text blocks with its gold main-content text, to label each block for fitting:
 * a word of the page counts as gold when a word trigram through it (read across block boundaries,
 * in reading order) occurs in the gold text. A block's label is the share of its words that count.
 * Trigrams rather than single words, so that "Home" in a menu does not match "home" in the
 * article; read across blocks, so that a one-word heading followed by gold text matches.
 */
import { tokens } from './score.js';
import { addAt, at } from '../util/at.js';

export interface BlockAlignment {
  /** Words in each block. */
  words: number[];
  /** Share of each block's words found in the gold text (0 for a block without words). */
  coverage: number[];
}

export function alignBlocks(blockTexts: readonly string[], gold: string): BlockAlignment {
  const g = tokens(gold.toLowerCase());
  const trigrams = new Set<string>();
  for (let i = 0; i + 2 < g.length; i++) trigrams.add(`${g[i]} ${g[i + 1]} ${g[i + 2]}`);
  const stream: string[] = [];
  const owner: number[] = [];
  blockTexts.forEach((t, b) => {
    for (const w of tokens(t.toLowerCase())) {
      stream.push(w);
      owner.push(b);
    }
  });
  const covered = new Uint8Array(stream.length);
  for (let i = 0; i + 2 < stream.length; i++) {
    if (trigrams.has(`${stream[i]} ${stream[i + 1]} ${stream[i + 2]}`)) covered[i] = covered[i + 1] = covered[i + 2] = 1;
  }
  // a page (or gold) of fewer than three words: single words
  if (stream.length < 3 || g.length < 3) {
    const set = new Set(g);
    stream.forEach((w, i) => (covered[i] = set.has(w) ? 1 : 0));
  }
  const words = new Array<number>(blockTexts.length).fill(0);
  const hits = new Array<number>(blockTexts.length).fill(0);
  owner.forEach((b, i) => {
    addAt(words, b, 1);
    addAt(hits, b, at(covered, i));
  });
  return { words, coverage: words.map((w, b) => (w ? at(hits, b) / w : 0)) };
}
