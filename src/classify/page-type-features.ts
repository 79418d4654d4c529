/**
 * Features of a whole page for the page-type model: the page-level columns of the text-block
 * table (structured data, Open Graph, URL shape, text make-up) plus how the page's text is spread
 * over kinds of blocks (prose, list items, table cells, code, repeated cards, links, prices,
 * dates, headings), and the signs of a documentation site around the page (docs-signs.ts).
 */
import type { FeatureTable } from './block-features.js';
import { DOCS_SIGN_NAMES, docsSigns } from './docs-signs.js';
import type { TextBlock } from './text-blocks.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** Share of the page's characters in blocks where a feature column is at least `min`. */
const SHARES: ReadonlyArray<[string, string, number]> = [
  ['share.sentences', 'text.endsSentence', 1],
  ['share.longText', 'text.words', Math.log1p(40)],
  ['share.links', 'links.whole', 1],
  ['share.listItems', 'dom.tag.li', 1],
  ['share.cells', 'dom.tag.cell', 1],
  ['share.code', 'dom.in.pre', 1],
  ['share.headings', 'dom.in.heading', 1],
  ['share.paragraphs', 'dom.tag.p', 1],
  ['share.repeated', 'dom.repeat.count', Math.log1p(3)],
  ['share.repeatedMany', 'dom.repeat.count', Math.log1p(10)],
  ['share.article', 'dom.in.article', 1 / 41],
  ['share.main', 'dom.in.main', 1 / 41],
  ['share.form', 'dom.in.form', 1 / 41],
  ['share.table', 'dom.in.table', 1 / 41],
  ['share.nav', 'dom.in.nav', 1 / 41],
  ['share.comments', 'dom.hint.comments', 1 / 41],
  ['share.aboveFold', 'geometry.aboveFold', 1],
];

/** Count of blocks where a feature column is at least `min` (log1p). */
const COUNTS: ReadonlyArray<[string, string, number]> = [
  ['count.prices', 'text.price', 1],
  ['count.dates', 'text.date', 1],
  ['count.h1', 'dom.tag.h1', 1],
  ['count.h2', 'dom.tag.h2', 1],
  ['count.h3', 'dom.tag.h3', 1],
  ['count.questions', 'text.question', 1],
  ['count.longBlocks', 'text.words', Math.log1p(40)],
];

/** Chars-weighted means of feature columns. */
const MEANS: readonly string[] = ['text.stopWords', 'text.uiWords', 'links.density', 'style.relFont', 'dom.repeat.groupShare', 'text.digits'];

export function pageTypeFeatures(snapshot: PageSnapshot, table: FeatureTable, blocks: readonly TextBlock[]): { names: string[]; values: Float32Array } {
  const col = new Map(table.names.map((n, i) => [n, i]));
  const names: string[] = [];
  const values: number[] = [];
  const stride = table.names.length;
  const cell = (row: number, name: string): number => {
    const c = col.get(name);
    return c === undefined ? 0 : (table.data[row * stride + c] ?? outOfRange(row * stride + c));
  };
  // page-level columns are the same on every row: take them from the first
  for (const n of table.names) {
    if (!n.startsWith('page.')) continue;
    names.push(n);
    values.push(table.rows ? cell(0, n) : 0);
  }
  let total = 0;
  for (const b of blocks) total += b.chars;
  const denom = Math.max(1, total);
  for (const [name, column, min] of SHARES) {
    let s = 0;
    for (let i = 0; i < blocks.length; i++) if (cell(i, column) >= min) s += (blocks[i] ?? outOfRange(i)).chars;
    names.push(`type.${name}`);
    values.push(s / denom);
  }
  for (const [name, column, min] of COUNTS) {
    let s = 0;
    for (let i = 0; i < blocks.length; i++) if (cell(i, column) >= min) s++;
    names.push(`type.${name}`);
    values.push(Math.log1p(s));
  }
  for (const column of MEANS) {
    let s = 0;
    for (let i = 0; i < blocks.length; i++) s += cell(i, column) * (blocks[i] ?? outOfRange(i)).chars;
    names.push(`type.mean.${column}`);
    values.push(s / denom);
  }
  let longest = 0;
  for (const b of blocks) longest = Math.max(longest, b.chars);
  names.push('type.longestBlock');
  values.push(Math.log1p(longest));
  names.push('type.meanBlock');
  values.push(Math.log1p(total / Math.max(1, blocks.length)));
  const signs = docsSigns(snapshot);
  DOCS_SIGN_NAMES.forEach((n, i) => {
    names.push(`type.${n}`);
    values.push(signs[i] ?? 0);
  });
  return { names, values: Float32Array.from(values) };
}
