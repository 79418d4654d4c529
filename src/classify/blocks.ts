/**
 * The decision record's view of the VIPS block tree: for every block, its features, its score
 * (the chars-weighted probability that its text is main content) and the named components of
 * that score, averaged over its text blocks.
 */
import type { Block, BlockTree } from '../segment/types.js';
import type { PageSnapshot, Rect, SnapshotNode } from '../snapshot/types.js';
import { roleHint } from './hints.js';
import { EXCERPT_CHARS, HINT_WRAPPER_LEVELS } from './params.js';
import type { BlockScores } from './scores.js';
import type { TextBlock } from './text-blocks.js';
import { SCORE_COMPONENTS, type BlockFeatures, type BlockRecord, type Role, type ScoreComponent } from './types.js';
import { countSentenceEnds, countWords, nonSpaceChars } from '../util/text.js';
import { addAt, at } from '../util/at.js';

const FORM = new Set(['input', 'select', 'textarea', 'button']);
const HEADING = /^h[1-6]$/;

function walk(block: Block, out: Block[] = []): Block[] {
  out.push(block);
  for (const c of block.children) walk(c, out);
  return out;
}

type TagCounts = Pick<BlockFeatures, 'paragraphs' | 'headings' | 'listItems' | 'links' | 'images' | 'formControls' | 'tables' | 'positionFixed'>;

function tagCounts(snapshot: PageSnapshot, roots: readonly number[]): TagCounts {
  const c: TagCounts = { paragraphs: 0, headings: 0, listItems: 0, links: 0, images: 0, formControls: 0, tables: 0, positionFixed: false };
  const stack = [...roots];
  while (stack.length) {
    const n = at(snapshot.nodes, stack.pop()!);
    if (n.kind !== 'element') continue;
    const t = n.tag;
    if (t === 'p') c.paragraphs++;
    else if (HEADING.test(t)) c.headings++;
    else if (t === 'li') c.listItems++;
    else if (t === 'a') c.links++;
    else if (t === 'img' || t === 'svg' || t === 'picture' || t === 'video') c.images++;
    else if (t === 'table') c.tables++;
    else if (FORM.has(t)) c.formControls++;
    if (n.style?.position === 'fixed' || n.style?.position === 'sticky') c.positionFixed = true;
    for (const ch of n.children) stack.push(ch);
  }
  return c;
}

type ListCounts = Pick<BlockFeatures, 'linkWords' | 'headlineLinks' | 'linkItems' | 'listShare'>;

/** Fewer words than this make a short text (a menu entry, a label); a link of more is a headline. */
const SHORT_WORDS = 4;

/**
 * What the block's link texts and list items are like: a menu is a list of items that are each
 * one short link, a teaser list has links of headline length, running text has neither. Counts
 * visible text only; a text node belongs to its innermost link (`<a href>`) and list item.
 */
function listCounts(snapshot: PageSnapshot, roots: readonly number[]): ListCounts {
  let chars = 0, listChars = 0;
  const linkText = new Map<number, string[]>();
  /** Per innermost list item: its characters, its characters in links, its links. */
  const items = new Map<number, { chars: number; linkChars: number; links: Set<number> }>();
  const isLink = (n: SnapshotNode): boolean => n.tag === 'a' && n.attrs?.href !== undefined;
  // A block's roots often sit inside the link or list item that holds them (VIPS descends to
  // the item's content): start each from its nearest enclosing link and list item.
  const stack: [number, number, number, boolean][] = roots.map((r) => {
    let a = -1, li = -1;
    for (let p = at(snapshot.nodes, r).parent; p >= 0 && li < 0; p = at(snapshot.nodes, p).parent) {
      const n = at(snapshot.nodes, p);
      if (n.tag === 'li') li = p;
      else if (a < 0 && isLink(n)) a = p;
    }
    return [r, a, li, li >= 0];
  });
  const item = (id: number) => {
    let it = items.get(id);
    if (!it) items.set(id, (it = { chars: 0, linkChars: 0, links: new Set() }));
    return it;
  };
  while (stack.length) {
    const [id, inA, inLi, inList] = stack.pop()!;
    const n = at(snapshot.nodes, id);
    if (n.kind === 'text') {
      if (!n.visible || !n.text) continue;
      const c = nonSpaceChars(n.text);
      chars += c;
      if (inList) listChars += c;
      if (inA >= 0) {
        const parts = linkText.get(inA);
        if (parts) parts.push(n.text);
        else linkText.set(inA, [n.text]);
      }
      if (inLi >= 0) {
        const it = item(inLi);
        it.chars += c;
        if (inA >= 0) {
          it.linkChars += c;
          if (c > 0) it.links.add(inA);
        }
      }
      continue;
    }
    let a = inA, li = inLi;
    if (isLink(n)) a = id;
    else if (n.tag === 'li') {
      li = id;
      a = -1;
    }
    for (const ch of n.children) stack.push([ch, a, li, inList || n.tag === 'li']);
  }
  let links = 0, words = 0, headlines = 0;
  for (const parts of linkText.values()) {
    const w = countWords(parts.join(' '));
    if (w === 0) continue;
    links++;
    words += w;
    if (w >= SHORT_WORDS) headlines++;
  }
  let withText = 0, linkItems = 0;
  for (const item of items.values()) {
    if (item.chars === 0) continue;
    withText++;
    if (item.links.size === 1 && item.linkChars === item.chars) linkItems++;
  }
  return {
    linkWords: links ? words / links : 0,
    headlineLinks: links ? headlines / links : 0,
    linkItems: withText ? linkItems / withText : 0,
    listShare: chars ? listChars / chars : 0,
  };
}

/** A boilerplate role named by the block's own root elements and, for a lone root, its wrappers up to HINT_WRAPPER_LEVELS up. */
function hintOf(snapshot: PageSnapshot, roots: readonly number[]): Role | null {
  for (const r of roots) {
    let id = r;
    for (let k = 0; k <= HINT_WRAPPER_LEVELS && id >= 0; k++, id = at(snapshot.nodes, id).parent) {
      const h = roleHint(at(snapshot.nodes, id));
      if (h) return h;
      if (roots.length > 1) break;
    }
  }
  return null;
}

/** Scores and shares in the decision record, to three decimals. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * Records for every block of the tree (pre-order). `kept` marks the text blocks chosen as main
 * content; `bodyFont` is the page's body text size.
 */
export function blockRecords(snapshot: PageSnapshot, tree: BlockTree, blocks: readonly TextBlock[], scores: BlockScores, kept: ReadonlySet<number>): BlockRecord[] {
  const { index } = scores;
  const leafIds = index.leaves.map((l) => l.leaf.id);
  const textBlocksOf = new Map<string, number[]>();
  index.leafOfBlock.forEach((leaf, i) => {
    if (leaf < 0 || at(blocks, i).hidden) return;
    const id = at(leafIds, leaf);
    const list = textBlocksOf.get(id);
    if (list) list.push(i);
    else textBlocksOf.set(id, [i]);
  });
  const k = SCORE_COMPONENTS.length;
  const W = Math.max(1, snapshot.document.width);
  const H = Math.max(1, snapshot.document.height);
  const records: BlockRecord[] = [];
  for (const b of walk(tree.root)) {
    const isLeaf = b.children.length === 0;
    const own: number[] = [];
    for (const leaf of isLeaf ? [b] : walk(b).filter((x) => x.children.length === 0)) for (const i of textBlocksOf.get(leaf.id) ?? []) own.push(i);
    let chars = 0, linkChars = 0, words = 0, lines = 0, sentences = 0, fontMass = 0, keptChars = 0, score = 0, prose = 0, shortRuns = 0;
    const comp = new Float64Array(k);
    for (const i of own) {
      const tb = at(blocks, i);
      chars += tb.chars;
      linkChars += tb.linkChars;
      words += tb.words;
      if (tb.words < SHORT_WORDS) shortRuns++;
      lines += tb.lines;
      sentences += countSentenceEnds(tb.text);
      fontMass += tb.fontSize * tb.chars;
      if (kept.has(i)) keptChars += tb.chars;
      score += at(scores.final, i) * tb.chars;
      prose += (2 * at(scores.first, i) - 1) * tb.chars;
      for (let c = 0; c < k; c++) addAt(comp, c, at(scores.components, i * k + c) * tb.chars);
    }
    const r: Rect = b.rect;
    const area = Math.max(1, r.w * r.h);
    const features: BlockFeatures = {
      chars,
      words,
      linkDensity: chars ? linkChars / chars : 0,
      textDensity: (chars * 1000) / area,
      wordsPerLine: lines ? words / lines : 0,
      sentences,
      relFontSize: chars ? fontMass / chars / index.bodyFont : 1,
      centring: Math.max(0, 1 - Math.abs(r.x + r.w / 2 - W / 2) / (W / 2)),
      top: r.y / H,
      areaShare: area / (W * H),
      mainShare: chars ? keptChars / chars : 0,
      prose: chars ? prose / chars : 0,
      hint: hintOf(snapshot, b.nodes),
      ...tagCounts(snapshot, b.nodes),
      ...listCounts(snapshot, b.nodes),
      shortRuns: own.length ? shortRuns / own.length : 0,
    };
    const components: Partial<Record<ScoreComponent, number>> = {};
    let logOdds = 0;
    if (chars > 0) SCORE_COMPONENTS.forEach((c, i) => (logOdds += components[c] = round(at(comp, i) / chars)));
    const excerpt = isLeaf ? own.map((i) => at(blocks, i).text).join(' ').slice(0, EXCERPT_CHARS) : '';
    records.push({ id: b.id, rect: b.rect, doc: b.doc, leaf: isLeaf, role: 'other', fineRole: 'other', score: chars ? round(score / chars) : 0, logOdds: round(logOdds), components, features, excerpt });
  }
  return records;
}
