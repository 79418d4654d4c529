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
import { countWords, nonSpaceChars } from '../util/text.js';
import { closest } from '../snapshot/tree.js';
import { outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

const FORM = new Set(['input', 'select', 'textarea', 'button']);
const HEADING = /^h[1-6]$/;

function walk(block: Block, out: Block[] = []): Block[] {
  out.push(block);
  for (const c of block.children) walk(c, out);
  return out;
}

type TagCounts = Pick<BlockFeatures, 'paragraphs' | 'headings' | 'listItems' | 'links' | 'images' | 'formControls' | 'tables' | 'positionFixed'>;

/** The counted tags, in the order of TagCounts' fields. */
const TAG_FIELDS = ['paragraphs', 'headings', 'listItems', 'links', 'images', 'formControls', 'tables'] as const;
const TAG_KINDS = TAG_FIELDS.length;

/** The TagCounts field that counts an element of this tag, if any. */
function tagField(t: string): (typeof TAG_FIELDS)[number] | null {
  if (t === 'p') return 'paragraphs';
  if (HEADING.test(t)) return 'headings';
  if (t === 'li') return 'listItems';
  if (t === 'a') return 'links';
  if (t === 'img' || t === 'svg' || t === 'picture' || t === 'video') return 'images';
  if (t === 'table') return 'tables';
  if (FORM.has(t)) return 'formControls';
  return null;
}

/**
 * Tag counts of every element's subtree, each worked out once from its children's: the blocks of
 * the tree nest, and walking each block's subtree again would visit a node once per enclosing
 * block.
 */
class SubtreeTags {
  private readonly counts: Int32Array;
  private readonly fixed: Uint8Array;
  private readonly done: Uint8Array;
  /** tagField's index in TAG_FIELDS (-1: none) by tag name, worked out once per page: a page repeats a few tags. */
  private readonly kinds = new Map<string, number>();

  constructor(private readonly nodes: readonly SnapshotNode[]) {
    this.counts = new Int32Array(nodes.length * TAG_KINDS);
    this.fixed = new Uint8Array(nodes.length);
    this.done = new Uint8Array(nodes.length);
  }

  /** The counts over the subtrees of `roots` (a root listed twice counts twice). */
  of(roots: readonly number[]): TagCounts {
    const sum = new Int32Array(TAG_KINDS);
    let fixed = false;
    for (const r of roots) {
      this.compute(r);
      for (let k = 0; k < TAG_KINDS; k++) sum[k] = (sum[k] ?? outOfRange(k)) + (this.counts[r * TAG_KINDS + k] ?? outOfRange(r * TAG_KINDS + k));
      if ((this.fixed[r] ?? outOfRange(r))) fixed = true;
    }
    const c = {} as TagCounts;
    TAG_FIELDS.forEach((f, k) => (c[f] = (sum[k] ?? outOfRange(k))));
    c.positionFixed = fixed;
    return c;
  }

  private kindOf(tag: string): number {
    let k = this.kinds.get(tag);
    if (k === undefined) {
      const f = tagField(tag);
      this.kinds.set(tag, (k = f ? TAG_FIELDS.indexOf(f) : -1));
    }
    return k;
  }

  /** Post-order over the part of the subtree not counted yet. */
  private compute(root: number): void {
    if (this.done[root]) return;
    const stack = [root];
    const expanded = new Set<number>();
    while (stack.length) {
      const id = stack[stack.length - 1] ?? outOfRange(stack.length - 1);
      const n = this.nodes[id] ?? outOfRange(id);
      if (!expanded.has(id) && n.kind === 'element') {
        expanded.add(id);
        for (const ch of n.children) if (!this.done[ch]) stack.push(ch);
        continue;
      }
      stack.pop();
      if (this.done[id]) continue;
      this.done[id] = 1;
      if (n.kind !== 'element') continue;
      const base = id * TAG_KINDS;
      const kind = this.kindOf(n.tag);
      if (kind >= 0) this.counts[base + kind] = (this.counts[base + kind] ?? outOfRange(base + kind)) + 1;
      let fixed = n.style?.position === 'fixed' || n.style?.position === 'sticky';
      for (const ch of n.children) {
        for (let j = 0; j < TAG_KINDS; j++) this.counts[base + j] = (this.counts[base + j] ?? outOfRange(base + j)) + (this.counts[ch * TAG_KINDS + j] ?? outOfRange(ch * TAG_KINDS + j));
        if ((this.fixed[ch] ?? outOfRange(ch))) fixed = true;
      }
      this.fixed[id] = fixed ? 1 : 0;
    }
  }
}

type ListCounts = Pick<BlockFeatures, 'linkWords' | 'headlineLinks' | 'linkItems' | 'listShare'>;

/** Fewer words than this make a short text (a menu entry, a label); a link of more is a headline. */
const SHORT_WORDS = 4;

/**
 * What each visible text node adds to listCounts, worked out once per page: its characters and
 * words, its innermost link (`<a href>`) and list item. A link outside the innermost list item
 * does not count as the text's link. The role features' DOM shapes (block-shape.ts) read the
 * same characters, and `anchored`, from the one tally classify makes per page.
 */
export class TextTally {
  /** Per visible text node, its non-space characters (0 for any other node). */
  readonly chars: Int32Array;
  readonly words: Int32Array;
  readonly link: Int32Array;
  readonly item: Int32Array;
  /**
   * 1 for a node below any `<a>` element, with an address or without and whatever list items lie
   * between: the link text of block-shape.ts, wider than `link`'s.
   */
  readonly anchored: Uint8Array;
  /** Per link and per list item, scratch sums of one block (zero between blocks). */
  private readonly linkWords: Int32Array;
  private readonly itemChars: Int32Array;
  private readonly itemLinkChars: Int32Array;
  /** Per list item, its one link with text, or -2 for more than one (-1: none yet). */
  private readonly itemLink: Int32Array;
  /** Links and list items met in the current block. */
  private readonly seen: Uint8Array;

  constructor(private readonly nodes: readonly SnapshotNode[]) {
    const n = nodes.length;
    this.chars = new Int32Array(n);
    this.words = new Int32Array(n);
    this.link = new Int32Array(n).fill(-1);
    this.item = new Int32Array(n).fill(-1);
    this.anchored = new Uint8Array(n);
    this.linkWords = new Int32Array(n);
    this.itemChars = new Int32Array(n);
    this.itemLinkChars = new Int32Array(n);
    this.itemLink = new Int32Array(n).fill(-1);
    this.seen = new Uint8Array(n);
    const known = new Uint8Array(n);
    const chain: number[] = [];
    for (const node of nodes) {
      // resolve the ancestors first: analyzeSnapshot's check holds parents before children, but a
      // snapshot built by a caller (fit-roles, the tests) may not; a node is marked as it joins
      // the chain, so that parents that loop end the walk
      for (let id = node.id; id >= 0 && !known[id]; id = (nodes[id] ?? outOfRange(id)).parent) {
        known[id] = 1;
        chain.push(id);
      }
      while (chain.length) {
        const id = chain.pop()!;
        const x = nodes[id] ?? outOfRange(id);
        const p = x.parent;
        if (x.tag === 'a' && x.attrs?.href !== undefined) this.link[id] = id;
        else if (x.tag === 'li') this.link[id] = -1;
        else this.link[id] = p >= 0 ? (this.link[p] ?? outOfRange(p)) : -1;
        this.item[id] = x.tag === 'li' ? id : p >= 0 ? (this.item[p] ?? outOfRange(p)) : -1;
        if (p >= 0 && ((this.anchored[p] ?? outOfRange(p)) || (nodes[p] ?? outOfRange(p)).tag === 'a')) this.anchored[id] = 1;
        if (x.kind === 'text' && x.visible && x.text) {
          this.chars[id] = nonSpaceChars(x.text);
          if ((this.link[id] ?? outOfRange(id)) >= 0) this.words[id] = countWords(x.text);
        }
      }
    }
  }

  /**
   * What the block's link texts and list items are like: a menu is a list of items that are each
   * one short link, a teaser list has links of headline length, running text has neither. Counts
   * visible text only.
   */
  of(roots: readonly number[]): ListCounts {
    let chars = 0, listChars = 0;
    const links: number[] = [];
    const items: number[] = [];
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      const n = this.nodes[id] ?? outOfRange(id);
      if (n.kind !== 'text') {
        for (const ch of n.children) stack.push(ch);
        continue;
      }
      if (!n.visible || !n.text) continue;
      const c = this.chars[id] ?? outOfRange(id);
      const a = this.link[id] ?? outOfRange(id);
      const li = this.item[id] ?? outOfRange(id);
      chars += c;
      if (li >= 0) listChars += c;
      if (a >= 0) {
        if (!this.seen[a]) {
          this.seen[a] = 1;
          links.push(a);
        }
        this.linkWords[a] = (this.linkWords[a] ?? outOfRange(a)) + (this.words[id] ?? outOfRange(id));
      }
      if (li >= 0) {
        if (!this.seen[li]) {
          this.seen[li] = 1;
          items.push(li);
        }
        this.itemChars[li] = (this.itemChars[li] ?? outOfRange(li)) + c;
        if (a >= 0) {
          this.itemLinkChars[li] = (this.itemLinkChars[li] ?? outOfRange(li)) + c;
          const one = this.itemLink[li] ?? outOfRange(li);
          if (c > 0 && one !== a) this.itemLink[li] = one === -1 ? a : -2;
        }
      }
    }
    let withLinks = 0, words = 0, headlines = 0;
    for (const a of links) {
      const w = this.linkWords[a] ?? outOfRange(a);
      this.linkWords[a] = 0;
      this.seen[a] = 0;
      if (w === 0) continue;
      withLinks++;
      words += w;
      if (w >= SHORT_WORDS) headlines++;
    }
    let withText = 0, linkItems = 0;
    for (const li of items) {
      const ic = this.itemChars[li] ?? outOfRange(li);
      if (ic > 0) {
        withText++;
        if ((this.itemLink[li] ?? outOfRange(li)) >= 0 && (this.itemLinkChars[li] ?? outOfRange(li)) === ic) linkItems++;
      }
      this.itemChars[li] = 0;
      this.itemLinkChars[li] = 0;
      this.itemLink[li] = -1;
      this.seen[li] = 0;
    }
    return {
      linkWords: withLinks ? words / withLinks : 0,
      headlineLinks: withLinks ? headlines / withLinks : 0,
      linkItems: withText ? linkItems / withText : 0,
      listShare: chars ? listChars / chars : 0,
    };
  }
}

/** A boilerplate role named by the block's own root elements and, for a lone root, its wrappers up to HINT_WRAPPER_LEVELS up. */
function hintOf(snapshot: PageSnapshot, roots: readonly number[]): Role | null {
  const levels = roots.length > 1 ? 0 : HINT_WRAPPER_LEVELS;
  for (const r of roots) {
    const hinted = closest(snapshot, r, (node) => roleHint(node) !== null, levels);
    if (hinted >= 0) return roleHint(snapshot.nodes[hinted] ?? outOfRange(hinted));
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
export function blockRecords(snapshot: PageSnapshot, tree: BlockTree, blocks: readonly TextBlock[], scores: BlockScores, kept: ReadonlySet<number>, lists = new TextTally(snapshot.nodes)): BlockRecord[] {
  const { index } = scores;
  const leafIds = index.leaves.map((l) => l.leaf.id);
  const textBlocksOf = new Map<string, number[]>();
  index.leafOfBlock.forEach((leaf, i) => {
    if (leaf < 0 || (blocks[i] ?? outOfRange(i)).hidden) return;
    const id = leafIds[leaf] ?? outOfRange(leaf);
    const list = textBlocksOf.get(id);
    if (list) list.push(i);
    else textBlocksOf.set(id, [i]);
  });
  const k = SCORE_COMPONENTS.length;
  const W = Math.max(1, snapshot.document.width);
  const H = Math.max(1, snapshot.document.height);
  // each block's text blocks: those of its leaves in pre-order, gathered once bottom-up
  const ownOf = new Map<Block, number[]>();
  const gather = (b: Block): number[] => {
    const own = b.children.length === 0 ? [...(textBlocksOf.get(b.id) ?? [])] : b.children.flatMap(gather);
    ownOf.set(b, own);
    return own;
  };
  gather(tree.root);
  const tags = new SubtreeTags(snapshot.nodes);
  const records: BlockRecord[] = [];
  const rowComponents = scores.components;
  for (const b of walk(tree.root)) {
    const isLeaf = b.children.length === 0;
    const own = ownOf.get(b) ?? [];
    let chars = 0, linkChars = 0, words = 0, lines = 0, sentences = 0, fontMass = 0, keptChars = 0, score = 0, prose = 0, shortRuns = 0;
    const comp = new Float64Array(k);
    for (const i of own) {
      const tb = blocks[i] ?? outOfRange(i);
      chars += tb.chars;
      linkChars += tb.linkChars;
      words += tb.words;
      if (tb.words < SHORT_WORDS) shortRuns++;
      lines += tb.lines;
      sentences += (index.facts[i] ?? outOfRange(i)).sentences;
      fontMass += tb.fontSize * tb.chars;
      if (kept.has(i)) keptChars += tb.chars;
      score += (scores.final[i] ?? outOfRange(i)) * tb.chars;
      prose += (2 * (scores.first[i] ?? outOfRange(i)) - 1) * tb.chars;
      // every text block is summed once per enclosing block
      for (let c = 0; c < k; c++) comp[c] = (comp[c] ?? outOfRange(c)) + (rowComponents[i * k + c] ?? outOfRange(i * k + c)) * tb.chars;
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
      ...tags.of(b.nodes),
      ...lists.of(b.nodes),
      shortRuns: own.length ? shortRuns / own.length : 0,
    };
    const components: Partial<Record<ScoreComponent, number>> = {};
    let logOdds = 0;
    if (chars > 0) SCORE_COMPONENTS.forEach((c, i) => (logOdds += components[c] = round((comp[i] ?? outOfRange(i)) / chars)));
    const excerpt = isLeaf ? own.map((i) => (blocks[i] ?? outOfRange(i)).text).join(' ').slice(0, EXCERPT_CHARS) : '';
    records.push({ id: b.id, rect: b.rect, doc: b.doc, leaf: isLeaf, role: 'other', fineRole: 'other', score: chars ? round(score / chars) : 0, logOdds: round(logOdds), components, features, excerpt });
  }
  return records;
}
