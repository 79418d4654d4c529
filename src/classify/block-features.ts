/**
 * Features of every text block, for the fitted content model. Each feature is named and belongs to
 * one family, so that a block's score breaks down into what it came from:
 *   - text: length, words, sentence ends, function-word share, digits, prices, dates, UI words;
 *   - links: link density, whole-link blocks, links per block;
 *   - style: font size relative to body text, weight, italics, centring, colour contrast;
 *   - geometry: position and size relative to the page and the viewport;
 *   - dom: the element's tag, the landmark and hinted ancestors around it, repeated siblings;
 *   - vips: the VIPS leaf block that holds the text (DoC, size, link density, separators around it,
 *     similar sibling blocks);
 *   - context: the neighbouring text blocks and the ancestors' text make-up (boilerpipe's context
 *     features, generalised to the DOM);
 *   - page: what kind of page this is (structured data, URL, the page's text make-up).
 * Every value is a plain number; a missing value is 0, never NaN.
 */
import type { Block, BlockTree } from '../segment/types.js';
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { isConsentText, isNoiseHint, isPositiveHint, roleHint } from './hints.js';
import { CJK_CHARS, COPYRIGHT, DATE, ENDS_SENTENCE, PRICE, stopWordShare, uiWordShare, wordTokens } from './lexicon.js';
import { pageFacts, pageFlags, type PageFacts } from './page-features.js';
import type { TextBlock } from './text-blocks.js';
import type { FeatureFamily, Role } from './types.js';
import { countSentenceEnds } from '../util/text.js';
import { last, outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).


/** A feature matrix: one row per text block, one column per named feature (row-major). */
export interface FeatureTable {
  names: string[];
  families: FeatureFamily[];
  rows: number;
  data: Float32Array;
}

/** Tags grouped as the owner element of a text block. */
const OWNER_TAGS: ReadonlyArray<[string, ReadonlySet<string>]> = [
  ['p', new Set(['p'])],
  ['h1', new Set(['h1'])],
  ['h2', new Set(['h2'])],
  ['h3', new Set(['h3'])],
  ['h4', new Set(['h4', 'h5', 'h6'])],
  ['li', new Set(['li'])],
  ['cell', new Set(['td', 'th'])],
  ['dl', new Set(['dt', 'dd'])],
  ['pre', new Set(['pre', 'code'])],
  ['quote', new Set(['blockquote', 'q'])],
  ['a', new Set(['a'])],
  ['div', new Set(['div'])],
  ['section', new Set(['section', 'article', 'main'])],
  ['caption', new Set(['figcaption', 'caption'])],
  ['control', new Set(['label', 'button', 'option', 'select', 'summary', 'legend'])],
  ['span', new Set(['span', 'strong', 'b', 'em', 'i', 'small', 'font'])],
];

/** The index into OWNER_TAGS of the set each tag is in (the sets do not overlap). */
const OWNER_KIND: ReadonlyMap<string, number> = new Map(OWNER_TAGS.flatMap(([, set], k) => [...set].map((tag) => [tag, k] as const)));

/** Ancestor tags whose nearness is a feature (distance in levels from the text's element). */
const ANCESTOR_TAGS: ReadonlyArray<[string, ReadonlySet<string>]> = [
  ['article', new Set(['article'])],
  ['main', new Set(['main'])],
  ['nav', new Set(['nav'])],
  ['aside', new Set(['aside'])],
  ['footer', new Set(['footer'])],
  ['header', new Set(['header'])],
  ['form', new Set(['form'])],
  ['table', new Set(['table'])],
  ['list', new Set(['ul', 'ol', 'menu'])],
  ['pre', new Set(['pre'])],
  ['blockquote', new Set(['blockquote'])],
  ['figure', new Set(['figure'])],
  ['control', new Set(['button', 'select', 'label'])],
  ['section', new Set(['section'])],
  ['dialog', new Set(['dialog'])],
  ['details', new Set(['details'])],
  ['heading', new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])],
];

const HINT_ROLES: readonly Role[] = ['navigation', 'header', 'footer', 'sidebar', 'comments', 'related', 'advertisement', 'overlay'];

/** Ancestor levels (above the text's element) whose text make-up is described. */
const ANCESTOR_LEVELS = [1, 2, 3, 5, 8] as const;

const HEADING = /^h[1-6]$/;
const FORM_CONTROLS = new Set(['input', 'button', 'select', 'textarea']);
const MEDIA = new Set(['img', 'svg', 'picture', 'video', 'canvas']);
/** How far up (element levels) to look for repeated siblings around a text. */
const REPEAT_DEPTH = 6;
/** How far up to look for tagged and hinted ancestors; further counts as absent. */
const MAX_DISTANCE = 40;

/** 1 for the element itself, falling towards 0 with distance; 0 when absent. */
function nearness(distance: number): number {
  return distance < 0 ? 0 : 1 / (1 + distance);
}

function parseRgb(c: string): [number, number, number, number] | null {
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)/.exec(c);
  if (!m) return null;
  const a = m[4] === undefined ? 1 : m[4].endsWith('%') ? Number(m[4].slice(0, -1)) / 100 : Number(m[4]);
  return [Number(m[1]), Number(m[2]), Number(m[3]), a];
}

function luminance([r, g, b]: [number, number, number, number]): number {
  const f = (v: number): number => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG contrast ratio of text colour on its effective background, 1..21 (21 when unknown). */
export function contrastOf(color: string | undefined, background: string | undefined): number {
  const fg = color ? parseRgb(color) : null;
  const bgRaw = background ? parseRgb(background) : null;
  const bg: [number, number, number, number] = bgRaw && bgRaw[3] > 0 ? bgRaw : [255, 255, 255, 1];
  if (!fg) return 21;
  const l1 = luminance(fg);
  const l2 = luminance(bg);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

/** Attribute signature for spotting repeated siblings: tag plus sorted class list. */
export function signature(node: SnapshotNode): string {
  const raw = node.attrs?.class ?? '';
  // most class attributes are one name or none: nothing to split and sort
  const cls = /\s/.test(raw) ? raw.split(/\s+/).filter(Boolean).sort().join('.') : raw;
  return `${node.tag}.${cls}`;
}

/** The nearest repeated-sibling unit above a text block: its element and how many levels up (-1: none). */
export interface RepeatUnit {
  id: number;
  k: number;
}

interface NodeAggregates {
  depth: Int32Array;
  chars: Float64Array;
  linkChars: Float64Array;
  textBlocks: Int32Array;
  sentenceBlocks: Int32Array;
  paragraphs: Int32Array;
  /** Same-signature siblings of this element (itself included), 1 when it is unique. */
  repeat: Int32Array;
  /** Characters in all the same-signature siblings of this element together. */
  groupChars: Float64Array;
  fixed: Uint8Array;
}

function aggregate(snapshot: PageSnapshot, blocks: readonly TextBlock[], sentences: readonly number[]): NodeAggregates {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const depth = new Int32Array(n);
  const fixed = new Uint8Array(n);
  for (const node of nodes) {
    const p = node.parent;
    depth[node.id] = p >= 0 ? (depth[p] ?? outOfRange(p)) + 1 : 0;
    const pos = node.style?.position;
    fixed[node.id] = pos === 'fixed' || pos === 'sticky' || (p >= 0 && fixed[p] === 1) ? 1 : 0;
  }
  const ownChars = new Float64Array(n);
  const ownLink = new Float64Array(n);
  const ownBlocks = new Int32Array(n);
  const ownSentence = new Int32Array(n);
  blocks.forEach((b, i) => {
    ownChars[b.owner] = (ownChars[b.owner] ?? outOfRange(b.owner)) + b.chars;
    ownLink[b.owner] = (ownLink[b.owner] ?? outOfRange(b.owner)) + b.linkChars;
    ownBlocks[b.owner] = (ownBlocks[b.owner] ?? outOfRange(b.owner)) + 1;
    if ((sentences[i] ?? outOfRange(i)) > 0) ownSentence[b.owner] = (ownSentence[b.owner] ?? outOfRange(b.owner)) + 1;
  });
  const chars = Float64Array.from(ownChars);
  const linkChars = Float64Array.from(ownLink);
  const textBlocks = Int32Array.from(ownBlocks);
  const sentenceBlocks = Int32Array.from(ownSentence);
  const paragraphs = new Int32Array(n);
  for (let id = n - 1; id >= 0; id--) {
    const node = nodes[id] ?? outOfRange(id);
    if (node.tag === 'p') paragraphs[id] = (paragraphs[id] ?? outOfRange(id)) + 1;
    const p = node.parent;
    if (p < 0) continue;
    chars[p] = (chars[p] ?? outOfRange(p)) + (chars[id] ?? outOfRange(id));
    linkChars[p] = (linkChars[p] ?? outOfRange(p)) + (linkChars[id] ?? outOfRange(id));
    textBlocks[p] = (textBlocks[p] ?? outOfRange(p)) + (textBlocks[id] ?? outOfRange(id));
    sentenceBlocks[p] = (sentenceBlocks[p] ?? outOfRange(p)) + (sentenceBlocks[id] ?? outOfRange(id));
    paragraphs[p] = (paragraphs[p] ?? outOfRange(p)) + (paragraphs[id] ?? outOfRange(id));
  }
  const repeat = new Int32Array(n).fill(1);
  const groupChars = Float64Array.from(chars);
  for (const node of nodes) {
    if (node.kind !== 'element' || node.children.length < 2) continue;
    // a group needs two element children with text: most elements have fewer, and need no
    // signatures
    let withText = 0;
    for (const c of node.children) if ((textBlocks[c] ?? outOfRange(c)) > 0 && (nodes[c] ?? outOfRange(c)).kind === 'element') withText++;
    if (withText < 2) continue;
    const groups = new Map<string, number[]>();
    for (const c of node.children) {
      const ch = nodes[c] ?? outOfRange(c);
      if (ch.kind !== 'element' || textBlocks[c] === 0) continue;
      const sig = signature(ch);
      const g = groups.get(sig);
      if (g) g.push(c);
      else groups.set(sig, [c]);
    }
    for (const g of groups.values()) {
      if (g.length < 2) continue;
      let sum = 0;
      for (const c of g) sum += chars[c] ?? outOfRange(c);
      for (const c of g) {
        repeat[c] = g.length;
        groupChars[c] = sum;
      }
    }
  }
  return { depth, chars, linkChars, textBlocks, sentenceBlocks, paragraphs, repeat, groupChars, fixed };
}

/** The ANCESTOR_TAGS entries of `<figure>` and `<blockquote>` (see domColumns). */
const FIGURE_TAG = ANCESTOR_TAGS.findIndex(([name]) => name === 'figure');
const QUOTE_TAG = ANCESTOR_TAGS.findIndex(([name]) => name === 'blockquote');

/** Indexes into ANCESTOR_TAGS of the sets each tag is in. */
const ANCESTOR_TAG_SETS: ReadonlyMap<string, readonly number[]> = (() => {
  const m = new Map<string, number[]>();
  ANCESTOR_TAGS.forEach(([, set], k) => {
    for (const tag of set) m.set(tag, [...(m.get(tag) ?? []), k]);
  });
  return m;
})();

/** Per text block, how many element levels up the nearest node of each kind is (-1: none within MAX_DISTANCE). */
interface AncestorDistances {
  /** One array per ANCESTOR_TAGS entry. */
  tag: Int32Array[];
  /** One array per HINT_ROLES entry: a node whose class/id/role hints that role. */
  role: Int32Array[];
  /** A node whose attributes name the article body. */
  positive: Int32Array;
  /** A node whose attributes name a small non-article piece. */
  noise: Int32Array;
}

/**
 * Walks up from each text block's element once (at most MAX_DISTANCE levels) and notes the
 * nearest ancestor, the element itself included, of every kind the features ask about. A `big`
 * node (one holding much of the page's text) is never a hinted role or noise: a hint on the
 * page's wrapper says nothing about one text in it.
 */
function ancestorDistances(nodes: readonly SnapshotNode[], blocks: readonly TextBlock[], big: (id: number) => boolean): AncestorDistances {
  const rows = blocks.length;
  const make = (): Int32Array => new Int32Array(rows).fill(-1);
  const out: AncestorDistances = { tag: ANCESTOR_TAGS.map(make), role: HINT_ROLES.map(make), positive: make(), noise: make() };
  const all = [...out.tag, ...out.role, out.positive, out.noise];
  const roleIndex = new Map(HINT_ROLES.map((r, k) => [r, k]));
  const set = (a: Int32Array, i: number, d: number): void => {
    if ((a[i] ?? outOfRange(i)) < 0) a[i] = d;
  };
  // What each node's tag and attributes say, worked out once per node: the walks from nearby
  // texts meet the same ancestors. Bit 0: a positive hint; bit 1: a noise hint; the bits above:
  // 1 + the HINT_ROLES index of its role hint (0 for none).
  const hints = new Int32Array(nodes.length).fill(-1);
  const hintsOf = (id: number, node: SnapshotNode): number => {
    let h = hints[id] ?? outOfRange(id);
    if (h >= 0) return h;
    h = isPositiveHint(node) ? 1 : 0;
    if (!big(id)) {
      const r = roleHint(node);
      const k = r === null ? undefined : roleIndex.get(r);
      if (k !== undefined) h |= (k + 1) << 2;
      if (isNoiseHint(node)) h |= 2;
    }
    hints[id] = h;
    return h;
  };
  // blocks of one element share its walk
  const done = new Map<number, number>();
  blocks.forEach((b, i) => {
    const same = done.get(b.owner);
    if (same !== undefined) {
      for (const a of all) a[i] = a[same] ?? outOfRange(same);
      return;
    }
    done.set(b.owner, i);
    let id = b.owner;
    for (let d = 0; d <= MAX_DISTANCE && id >= 0; d++) {
      const node = nodes[id] ?? outOfRange(id);
      if (node.kind === 'element') {
        for (const k of ANCESTOR_TAG_SETS.get(node.tag) ?? []) set((out.tag[k] ?? outOfRange(k)), i, d);
        const h = hintsOf(id, node);
        if (h & 1) set(out.positive, i, d);
        if (h & 2) set(out.noise, i, d);
        if (h >> 2) set((out.role[(h >> 2) - 1] ?? outOfRange((h >> 2) - 1)), i, d);
      }
      id = node.parent;
    }
  });
  return out;
}

interface LeafInfo {
  leaf: Block;
  parent: Block | null;
  depth: number;
  sepAbove: number;
  sepBelow: number;
  similar: number;
  siblings: number;
}

/** The VIPS leaf that owns each snapshot node, and facts about each leaf. */
function leafIndex(snapshot: PageSnapshot, tree: BlockTree): { leafOf: Int32Array; leaves: LeafInfo[] } {
  const nodes = snapshot.nodes;
  const leafOf = new Int32Array(nodes.length).fill(-1);
  const leaves: LeafInfo[] = [];
  const visit = (b: Block, parent: Block | null, depth: number): void => {
    if (b.children.length > 0) {
      for (const c of b.children) visit(c, b, depth + 1);
      return;
    }
    const k = leaves.length;
    let sepAbove = 0;
    let sepBelow = 0;
    let similar = 0;
    if (parent) {
      for (const s of parent.separators) {
        if (s.orientation !== 'horizontal') continue;
        if (Math.abs(s.rect.y + s.rect.h - b.rect.y) <= 3) sepAbove = Math.max(sepAbove, s.weight);
        if (Math.abs(s.rect.y - (b.rect.y + b.rect.h)) <= 3) sepBelow = Math.max(sepBelow, s.weight);
      }
      for (const s of parent.children) {
        if (s === b) continue;
        const sameW = Math.abs(s.rect.w - b.rect.w) <= 0.1 * Math.max(s.rect.w, b.rect.w);
        const sameH = Math.abs(s.rect.h - b.rect.h) <= 0.5 * Math.max(s.rect.h, b.rect.h);
        if (sameW && sameH) similar++;
      }
    }
    leaves.push({ leaf: b, parent, depth, sepAbove, sepBelow, similar, siblings: parent ? parent.children.length - 1 : 0 });
    const stack = [...b.nodes];
    while (stack.length) {
      const id = stack.pop()!;
      if ((leafOf[id] ?? outOfRange(id)) >= 0) continue;
      leafOf[id] = k;
      for (const c of (nodes[id] ?? outOfRange(id)).children) stack.push(c);
    }
  };
  visit(tree.root, null, 0);
  return { leafOf, leaves };
}

/** Chars-weighted median font size of the text blocks: the page's body text size. */
export function bodyFontSize(blocks: readonly TextBlock[]): number {
  const items = blocks.filter((b) => b.chars >= 20).map((b) => [b.fontSize, b.chars] as const);
  if (!items.length) return 16;
  items.sort((a, b) => a[0] - b[0]);
  const total = items.reduce((s, x) => s + x[1], 0);
  let acc = 0;
  for (const [f, c] of items) {
    acc += c;
    if (acc >= total / 2) return f;
  }
  return last(items)[0];
}

/** Per-block text facts computed once. */
interface TextFacts {
  tokens: number;
  sentences: number;
  stop: number;
  ui: number;
  digits: number;
  upper: number;
  punct: number;
  cjk: number;
  links: number;
  /** The text holds a price (lexicon's PRICE), a date (DATE). */
  price: boolean;
  date: boolean;
}

const CHAR_OTHER = 0, CHAR_DIGIT = 1, CHAR_LOWER = 2, CHAR_UPPER = 3, CHAR_PUNCT = 4;

/** What textFacts counts a character as: a digit, a letter (upper case or not), punctuation. */
function charKind(ch: string): number {
  if (/\p{N}/u.test(ch)) return CHAR_DIGIT;
  if (/\p{L}/u.test(ch)) return ch !== ch.toLowerCase() ? CHAR_UPPER : CHAR_LOWER;
  if (/\p{P}/u.test(ch)) return CHAR_PUNCT;
  return CHAR_OTHER;
}

/**
 * 1 + charKind of each UTF-16 code unit met so far (0: not yet), looked up instead of three
 * Unicode property tests and a case mapping per character. A lone code unit's kind is its own,
 * whatever text it is in.
 */
const UNIT_KINDS = new Uint8Array(0x10000);

/** How many characters of each kind (charKind's) the text textFacts reads holds: reset for each text. */
const KIND_COUNTS = new Int32Array(CHAR_PUNCT + 1);

function textFacts(b: TextBlock, anchorOf: Int32Array): TextFacts {
  const t = b.text;
  const tokens = wordTokens(t);
  KIND_COUNTS.fill(0);
  // every code unit or-ed together: below 128 when the text is ASCII
  let units = 0;
  for (let i = 0; i < t.length; i++) {
    const code = t.charCodeAt(i);
    units |= code;
    let kind: number;
    const point = code >= 0xd800 && code <= 0xdbff ? (t.codePointAt(i) ?? code) : code;
    if (point > 0xffff) {
      // a character beyond the BMP takes two code units
      i++;
      kind = charKind(String.fromCodePoint(point));
    } else {
      kind = (UNIT_KINDS[code] ?? outOfRange(code)) - 1;
      if (kind < 0) {
        kind = charKind(String.fromCharCode(code));
        UNIT_KINDS[code] = kind + 1;
      }
    }
    // counted in a slot per kind, not branched on: a text's kinds alternate too irregularly for
    // the CPU to guess the branch
    KIND_COUNTS[kind] = (KIND_COUNTS[kind] ?? outOfRange(kind)) + 1;
  }
  const digits = KIND_COUNTS[CHAR_DIGIT] ?? outOfRange(CHAR_DIGIT);
  const upper = KIND_COUNTS[CHAR_UPPER] ?? outOfRange(CHAR_UPPER);
  const letters = (KIND_COUNTS[CHAR_LOWER] ?? outOfRange(CHAR_LOWER)) + upper;
  const punct = KIND_COUNTS[CHAR_PUNCT] ?? outOfRange(CHAR_PUNCT);
  const anchors = new Set<number>();
  for (const id of b.textNodes) if ((anchorOf[id] ?? outOfRange(id)) >= 0) anchors.add((anchorOf[id] ?? outOfRange(id)));
  const chars = Math.max(1, b.chars);
  return {
    tokens: tokens.length,
    sentences: countSentenceEnds(t),
    stop: stopWordShare(tokens),
    ui: uiWordShare(tokens),
    digits: digits / chars,
    upper: letters ? upper / letters : 0,
    punct: punct / chars,
    cjk: units < 128 ? 0 : (t.match(CJK_CHARS)?.length ?? 0) / chars,
    links: anchors.size,
    // every price and date pattern holds an ASCII digit (`\d`), a digit to charKind: most texts
    // need no search
    price: digits > 0 && PRICE.test(t),
    date: digits > 0 && DATE.test(t),
  };
}

type Getter = (i: number) => number;
/** A column's values: a getter of row i's, or the one value of every row (the page's own features). */
type Column = Getter | number;

/** What the feature passes share about one page: aggregates over its DOM and its VIPS tree. */
export interface BlockIndex {
  snapshot: PageSnapshot;
  blocks: readonly TextBlock[];
  bodyFont: number;
  facts: TextFacts[];
  agg: NodeAggregates;
  pageChars: number;
  leaves: LeafInfo[];
  /** VIPS leaf (index into `leaves`) of each text block, -1 when none. */
  leafOfBlock: Int32Array;
  /** Nearest repeated-sibling unit above each block (element id and levels up), or -1. */
  repeatAt: RepeatUnit[];
  /** Element `level` levels above each block's element (the root when the page is shallower). */
  ancestorAt: (i: number, level: number) => number;
  /** What the page declares of itself (schema.org types, og:type, its path). */
  page: PageFacts;
}

export function indexBlocks(snapshot: PageSnapshot, tree: BlockTree, blocks: readonly TextBlock[]): BlockIndex {
  const nodes = snapshot.nodes;
  const anchorOf = new Int32Array(nodes.length).fill(-1);
  for (const node of nodes) {
    if (node.tag === 'a' && node.attrs?.href !== undefined) anchorOf[node.id] = node.id;
    else if (node.parent >= 0) anchorOf[node.id] = anchorOf[node.parent] ?? outOfRange(node.parent);
  }
  const facts = blocks.map((b) => textFacts(b, anchorOf));
  const agg = aggregate(snapshot, blocks, facts.map((f) => f.sentences));
  const pageChars = Math.max(1, agg.chars[snapshot.root] ?? 0);
  const { leafOf, leaves } = leafIndex(snapshot, tree);
  const repeatAt = blocks.map((b) => {
    for (let id = b.owner, k = 0; id >= 0 && k <= REPEAT_DEPTH; id = (nodes[id] ?? outOfRange(id)).parent, k++) {
      if ((agg.repeat[id] ?? outOfRange(id)) >= 3) return { id, k };
    }
    return { id: -1, k: -1 };
  });
  const ancestorAt = (i: number, level: number): number => {
    let id = (blocks[i] ?? outOfRange(i)).owner;
    for (let k = 0; k < level && (nodes[id] ?? outOfRange(id)).parent >= 0; k++) id = (nodes[id] ?? outOfRange(id)).parent;
    return id;
  };
  const leafOfBlock = Int32Array.from(blocks, (b) => leafOf[b.textNodes[0] ?? b.owner] ?? -1);
  return { snapshot, blocks, bodyFont: bodyFontSize(blocks), facts, agg, pageChars, leaves, leafOfBlock, repeatAt, ancestorAt, page: pageFacts(snapshot) };
}

/** What the column definitions of one page share. */
interface Columns {
  ix: BlockIndex;
  nodes: readonly SnapshotNode[];
  /** Document width and height, viewport height (px, at least 1). */
  W: number;
  H: number;
  VH: number;
  add: (name: string, family: FeatureFamily, get: Column) => void;
  tb: (i: number) => TextBlock;
  fx: (i: number) => TextFacts;
}

/** Computes the features of every text block of a page, family by family (the order of the columns). */
export function textBlockFeatures(ix: BlockIndex): FeatureTable {
  const { snapshot, blocks, facts } = ix;
  const cols: Array<[string, FeatureFamily, Column]> = [];
  const c: Columns = {
    ix,
    nodes: snapshot.nodes,
    W: Math.max(1, snapshot.document.width),
    H: Math.max(1, snapshot.document.height),
    VH: Math.max(1, snapshot.viewport.height),
    add: (name, family, get) => void cols.push([name, family, get]),
    tb: (i) => (blocks[i] ?? outOfRange(i)),
    fx: (i) => (facts[i] ?? outOfRange(i)),
  };
  textColumns(c);
  linkColumns(c);
  styleColumns(c);
  geometryColumns(c);
  domColumns(c);
  contextColumns(c);
  vipsColumns(c);
  pageColumns(c);
  return tabulate(cols, blocks.length);
}

/** Length, sentences and the make-up of the block's own text. */
function textColumns({ add, tb, fx }: Columns): void {
  add('text.chars', 'text', (i) => Math.log1p(tb(i).chars));
  add('text.words', 'text', (i) => Math.log1p(tb(i).words));
  add('text.wordLength', 'text', (i) => Math.min(20, tb(i).chars / Math.max(1, tb(i).words)));
  add('text.sentences', 'text', (i) => Math.min(10, fx(i).sentences));
  add('text.sentenceRate', 'text', (i) => (10 * fx(i).sentences) / Math.max(1, tb(i).words));
  add('text.endsSentence', 'text', (i) => (ENDS_SENTENCE.test(tb(i).text) ? 1 : 0));
  add('text.endsColon', 'text', (i) => (/[:：]\s*$/.test(tb(i).text) ? 1 : 0));
  add('text.question', 'text', (i) => (/[?？؟]\s*$/.test(tb(i).text) ? 1 : 0));
  add('text.stopWords', 'text', (i) => fx(i).stop);
  add('text.uiWords', 'text', (i) => fx(i).ui);
  add('text.digits', 'text', (i) => fx(i).digits);
  add('text.uppercase', 'text', (i) => fx(i).upper);
  add('text.punctuation', 'text', (i) => fx(i).punct);
  add('text.cjk', 'text', (i) => fx(i).cjk);
  add('text.price', 'text', (i) => (fx(i).price ? 1 : 0));
  add('text.date', 'text', (i) => (fx(i).date ? 1 : 0));
  add('text.copyright', 'text', (i) => (COPYRIGHT.test(tb(i).text) ? 1 : 0));
  add('text.consent', 'text', (i) => (isConsentText(tb(i).text) ? 1 : 0));
  add('text.lines', 'text', (i) => Math.log1p(tb(i).lines));
}

/** How much of the block, and of its element, is link text. */
function linkColumns({ ix, add, tb, fx }: Columns): void {
  const { agg } = ix;
  add('links.density', 'links', (i) => (tb(i).chars ? tb(i).linkChars / tb(i).chars : 0));
  add('links.whole', 'links', (i) => (tb(i).chars > 0 && tb(i).linkChars >= tb(i).chars ? 1 : 0));
  add('links.count', 'links', (i) => Math.log1p(fx(i).links));
  add('links.elementDensity', 'links', (i) => {
    const id = tb(i).owner;
    return (agg.chars[id] ?? outOfRange(id)) ? (agg.linkChars[id] ?? outOfRange(id)) / (agg.chars[id] ?? outOfRange(id)) : 0;
  });
}

/** Font, weight, alignment and contrast against the body text; hidden and collapsed text. */
function styleColumns({ ix, nodes, add, tb }: Columns): void {
  const { blocks, bodyFont } = ix;
  const styleOf = (i: number) => {
    const owner = (blocks[i] ?? outOfRange(i)).owner;
    return (nodes[owner] ?? outOfRange(owner)).style;
  };
  add('style.relFont', 'style', (i) => tb(i).fontSize / bodyFont);
  add('style.weight', 'style', (i) => tb(i).fontWeight / 100);
  add('style.italic', 'style', (i) => (styleOf(i)?.fontStyle === 'italic' ? 1 : 0));
  add('style.centred', 'style', (i) => (styleOf(i)?.textAlign === 'center' ? 1 : 0));
  // a page has few colour pairs: each is parsed and weighed once (kept by colour, then by
  // background: no key string to build per block)
  const contrasts = new Map<string, Map<string, number>>();
  add('style.contrast', 'style', (i) => {
    const color = styleOf(i)?.color ?? '';
    const background = styleOf(i)?.effectiveBackground ?? '';
    let onBackground = contrasts.get(color);
    if (!onBackground) contrasts.set(color, (onBackground = new Map()));
    let c = onBackground.get(background);
    if (c === undefined) onBackground.set(background, (c = contrastOf(color, background)));
    return c;
  });
  add('style.pre', 'style', (i) => (/^pre/.test(styleOf(i)?.whiteSpace ?? '') ? 1 : 0));
  add('style.hidden', 'style', (i) => (tb(i).hidden ? 1 : 0));
  add('style.collapsed', 'style', (i) => (tb(i).collapsed ? 1 : 0));
}

/** Position and size on the page and against the viewport. */
function geometryColumns({ W, H, VH, add, tb }: Columns): void {
  add('geometry.left', 'geometry', (i) => tb(i).rect.x / W);
  add('geometry.right', 'geometry', (i) => (tb(i).rect.x + tb(i).rect.w) / W);
  add('geometry.width', 'geometry', (i) => tb(i).rect.w / W);
  add('geometry.top', 'geometry', (i) => tb(i).rect.y / H);
  add('geometry.viewports', 'geometry', (i) => Math.log1p(Math.max(0, tb(i).rect.y) / VH));
  add('geometry.fromBottom', 'geometry', (i) => Math.log1p(Math.max(0, H - tb(i).rect.y - tb(i).rect.h) / VH));
  add('geometry.height', 'geometry', (i) => Math.log1p(tb(i).rect.h));
  add('geometry.centring', 'geometry', (i) => Math.max(0, 1 - Math.abs(tb(i).rect.x + tb(i).rect.w / 2 - W / 2) / (W / 2)));
  add('geometry.aboveFold', 'geometry', (i) => (tb(i).rect.y < VH ? 1 : 0));
}

/** The element's tag, the tagged and hinted ancestors around it, repeated siblings. */
function domColumns({ ix, nodes, add, tb }: Columns): void {
  const { blocks, agg, pageChars, repeatAt } = ix;
  const big = (id: number): boolean => (agg.chars[id] ?? outOfRange(id)) > 0.35 * pageChars;
  const dist = ancestorDistances(nodes, blocks, big);
  // the OWNER_TAGS entry of each block's element, looked up once for the sixteen columns
  const ownerKind = Int32Array.from(blocks, (b) => OWNER_KIND.get((nodes[b.owner] ?? outOfRange(b.owner)).tag) ?? -1);
  OWNER_TAGS.forEach(([name], k) => add(`dom.tag.${name}`, 'dom', (i) => (ownerKind[i] === k ? 1 : 0)));
  add('dom.depth', 'dom', (i) => (agg.depth[tb(i).owner] ?? outOfRange()) / 10);
  const distance = (k: number, i: number): number => (dist.tag[k] ?? outOfRange(k))[i] ?? outOfRange(i);
  // a <figure> around a <blockquote> frames a quote with its attribution (the HTML standard's own
  // example), not an image: the quote reads as the text around it does, not as a caption
  const inFigure = (i: number): number => {
    const figure = distance(FIGURE_TAG, i);
    const quote = distance(QUOTE_TAG, i);
    return quote >= 0 && quote < figure ? 0 : nearness(figure);
  };
  ANCESTOR_TAGS.forEach(([name], k) => add(`dom.in.${name}`, 'dom', k === FIGURE_TAG ? inFigure : (i) => nearness(distance(k, i))));
  HINT_ROLES.forEach((role, k) => add(`dom.hint.${role}`, 'dom', (i) => nearness(((dist.role[k] ?? outOfRange(k))[i] ?? outOfRange(i)))));
  add('dom.hint.positive', 'dom', (i) => nearness((dist.positive[i] ?? outOfRange(i))));
  add('dom.hint.noise', 'dom', (i) => nearness((dist.noise[i] ?? outOfRange(i))));
  add('dom.fixed', 'dom', (i) => (agg.fixed[tb(i).owner] ?? outOfRange()));
  // the repeated unit holding each block (-1: none)
  const unitOf = (i: number): number => (repeatAt[i] ?? outOfRange(i)).id;
  add('dom.repeat.count', 'dom', (i) => {
    const id = unitOf(i);
    return id >= 0 ? Math.log1p(agg.repeat[id] ?? outOfRange(id)) : 0;
  });
  add('dom.repeat.near', 'dom', (i) => nearness((repeatAt[i] ?? outOfRange(i)).k));
  add('dom.repeat.unitChars', 'dom', (i) => {
    const id = unitOf(i);
    return id >= 0 ? Math.log1p(agg.chars[id] ?? outOfRange(id)) : 0;
  });
  add('dom.repeat.groupShare', 'dom', (i) => {
    const id = unitOf(i);
    return id >= 0 ? (agg.groupChars[id] ?? outOfRange(id)) / pageChars : 0;
  });
  add('dom.repeat.unitLinks', 'dom', (i) => {
    const id = unitOf(i);
    return id >= 0 && (agg.chars[id] ?? outOfRange(id)) ? (agg.linkChars[id] ?? outOfRange(id)) / (agg.chars[id] ?? outOfRange(id)) : 0;
  });
}

/** The element's ancestors and the neighbouring text blocks in reading order (as boilerpipe reads them). */
function contextColumns({ ix, nodes, add, tb, fx }: Columns): void {
  const { blocks, bodyFont, agg, pageChars } = ix;
  // the element's ancestors: six features read each block's ancestor at a level, found once per
  // block and level (ancestorAt's), walking on from the level below
  let below = Int32Array.from(blocks, (b) => b.owner);
  let belowLevel = 0;
  for (const level of ANCESTOR_LEVELS) {
    const ups = new Int32Array(blocks.length);
    for (let i = 0; i < blocks.length; i++) {
      let id = below[i] ?? outOfRange(i);
      for (let k = belowLevel; k < level && (nodes[id] ?? outOfRange(id)).parent >= 0; k++) id = (nodes[id] ?? outOfRange(id)).parent;
      ups[i] = id;
    }
    below = ups;
    belowLevel = level;
    const up = (i: number): number => (ups[i] ?? outOfRange(i));
    add(`context.up${level}.chars`, 'context', (i) => Math.log1p((agg.chars[up(i)] ?? outOfRange())));
    add(`context.up${level}.share`, 'context', (i) => (agg.chars[up(i)] ?? outOfRange()) / pageChars);
    add(`context.up${level}.links`, 'context', (i) => ((agg.chars[up(i)] ?? outOfRange()) ? (agg.linkChars[up(i)] ?? outOfRange()) / (agg.chars[up(i)] ?? outOfRange()) : 0));
    add(`context.up${level}.blocks`, 'context', (i) => Math.log1p((agg.textBlocks[up(i)] ?? outOfRange())));
    add(`context.up${level}.sentences`, 'context', (i) => (agg.sentenceBlocks[up(i)] ?? outOfRange()) / Math.max(1, (agg.textBlocks[up(i)] ?? outOfRange())));
    add(`context.up${level}.paragraphs`, 'context', (i) => Math.log1p((agg.paragraphs[up(i)] ?? outOfRange())));
  }
  // the neighbouring text blocks in reading order
  for (const d of [-2, -1, 1, 2]) {
    const name = d < 0 ? `prev${-d}` : `next${d}`;
    const j = (i: number): number => i + d;
    const has = (i: number): boolean => j(i) >= 0 && j(i) < blocks.length;
    add(`context.${name}.chars`, 'context', (i) => (has(i) ? Math.log1p(tb(j(i)).chars) : 0));
    add(`context.${name}.links`, 'context', (i) => (has(i) && tb(j(i)).chars ? tb(j(i)).linkChars / tb(j(i)).chars : 0));
    add(`context.${name}.sentences`, 'context', (i) => (has(i) ? Math.min(5, fx(j(i)).sentences) : 0));
    add(`context.${name}.relFont`, 'context', (i) => (has(i) ? tb(j(i)).fontSize / bodyFont : 0));
    add(`context.${name}.heading`, 'context', (i) => (has(i) && HEADING.test((nodes[tb(j(i)).owner] ?? outOfRange()).tag) ? 1 : 0));
  }
  add('context.gapAbove', 'context', (i) => (i > 0 ? Math.log1p(Math.max(0, tb(i).rect.y - tb(i - 1).rect.y - tb(i - 1).rect.h) / bodyFont) : 0));
}

/** The VIPS leaf that holds the block: its DoC, size, place in the tree and separators. */
function vipsColumns({ ix, W, H, add }: Columns): void {
  const { leaves, leafOfBlock, pageChars } = ix;
  const leafAt = (i: number): LeafInfo | null => {
    const leaf = leafOfBlock[i] ?? outOfRange(i);
    return leaf >= 0 ? (leaves[leaf] ?? outOfRange(leaf)) : null;
  };
  add('vips.doc', 'vips', (i) => leafAt(i)?.leaf.doc ?? 0);
  add('vips.chars', 'vips', (i) => Math.log1p(leafAt(i)?.leaf.stats.chars ?? 0));
  add('vips.share', 'vips', (i) => (leafAt(i)?.leaf.stats.chars ?? 0) / pageChars);
  add('vips.links', 'vips', (i) => {
    const s = leafAt(i)?.leaf.stats;
    return s && s.chars ? s.linkChars / s.chars : 0;
  });
  add('vips.width', 'vips', (i) => (leafAt(i)?.leaf.rect.w ?? 0) / W);
  add('vips.area', 'vips', (i) => {
    const r = leafAt(i)?.leaf.rect;
    return r ? (r.w * r.h) / (W * H) : 0;
  });
  add('vips.depth', 'vips', (i) => leafAt(i)?.depth ?? 0);
  add('vips.siblings', 'vips', (i) => Math.log1p(leafAt(i)?.siblings ?? 0));
  add('vips.similarSiblings', 'vips', (i) => {
    const l = leafAt(i);
    return l && l.siblings ? l.similar / l.siblings : 0;
  });
  add('vips.separatorAbove', 'vips', (i) => leafAt(i)?.sepAbove ?? 0);
  add('vips.separatorBelow', 'vips', (i) => leafAt(i)?.sepBelow ?? 0);
  add('vips.parentDoc', 'vips', (i) => leafAt(i)?.parent?.doc ?? 0);
  add('vips.parentShare', 'vips', (i) => (leafAt(i)?.parent?.stats.chars ?? 0) / pageChars);
}

/** The same for every block of the page: its size, links, form controls, media, repetition, type flags. */
function pageColumns({ ix, nodes, H, VH, add }: Columns): void {
  const { blocks, agg, pageChars } = ix;
  let pageLink = 0;
  let pChars = 0;
  let priceBlocks = 0;
  blocks.forEach((b, i) => {
    pageLink += b.linkChars;
    if ((nodes[b.owner] ?? outOfRange(b.owner)).tag === 'p') pChars += b.chars;
    if ((ix.facts[i] ?? outOfRange(i)).price) priceBlocks++;
  });
  let controls = 0;
  let headings = 0;
  let media = 0;
  for (const node of nodes) {
    if (FORM_CONTROLS.has(node.tag)) controls++;
    if (HEADING.test(node.tag)) headings++;
    if (MEDIA.has(node.tag) && node.visible) media++;
  }
  let maxGroup = 0;
  for (const node of nodes) if ((agg.repeat[node.id] ?? outOfRange(node.id)) >= 3) maxGroup = Math.max(maxGroup, (agg.groupChars[node.id] ?? outOfRange(node.id)) / pageChars);
  const flags = pageFlags(ix.page);
  add('page.chars', 'page', Math.log1p(pageChars));
  add('page.blocks', 'page', Math.log1p(blocks.length));
  add('page.links', 'page', pageLink / pageChars);
  add('page.paragraphShare', 'page', pChars / pageChars);
  add('page.controls', 'page', Math.log1p(controls));
  add('page.headings', 'page', Math.log1p(headings));
  add('page.media', 'page', Math.log1p(media));
  add('page.prices', 'page', Math.log1p(priceBlocks));
  add('page.height', 'page', Math.log1p(H / VH));
  add('page.repeatShare', 'page', maxGroup);
  for (const [name, v] of flags) add(`page.${name}`, 'page', v);
}

function tabulate(cols: ReadonlyArray<[string, FeatureFamily, Column]>, rows: number): FeatureTable {
  const stride = cols.length;
  const data = new Float32Array(rows * stride);
  // column by column: one getter runs for every row in turn
  cols.forEach(([, , get], c) => {
    if (typeof get === 'number') {
      const v = Number.isFinite(get) ? get : 0;
      for (let o = c; o < data.length; o += stride) data[o] = v;
      return;
    }
    for (let i = 0, o = c; i < rows; i++, o += stride) {
      const v = get(i);
      data[o] = Number.isFinite(v) ? v : 0;
    }
  });
  return { names: cols.map((c) => c[0]), families: cols.map((c) => c[1]), rows, data };
}

/** Neighbouring blocks whose first-pass score is a second-pass feature. */
const SCORE_NEIGHBOURS = [-3, -2, -1, 1, 2, 3] as const;

/**
 * Second-pass features: how the first pass scored the text around each block (its neighbours in
 * reading order, the rest of its element's ancestors, its VIPS leaf and that leaf's parent, its
 * repeated siblings, the page as a whole). Boilerpipe's context features and the smoothing of
 * Web2Text's CRF, learned: a lone "content" line in a footer, or a short line between two
 * paragraphs, is judged by what surrounds it.
 */
export function scoreContextFeatures(ix: BlockIndex, scores: ArrayLike<number>): FeatureTable {
  const { snapshot, blocks, agg, pageChars, leafOfBlock, leaves, repeatAt, ancestorAt } = ix;
  const nodes = snapshot.nodes;
  const n = nodes.length;
  // chars-weighted score mass per element, summed up the tree
  const mass = new Float64Array(n);
  const hi = new Float64Array(n);
  blocks.forEach((b, i) => {
    mass[b.owner] = (mass[b.owner] ?? outOfRange(b.owner)) + (scores[i] ?? outOfRange(i)) * b.chars;
    if ((scores[i] ?? outOfRange(i)) >= 0.5) hi[b.owner] = (hi[b.owner] ?? outOfRange(b.owner)) + b.chars;
  });
  for (let id = n - 1; id >= 0; id--) {
    const p = (nodes[id] ?? outOfRange(id)).parent;
    if (p >= 0) {
      mass[p] = (mass[p] ?? outOfRange(p)) + (mass[id] ?? outOfRange(id));
      hi[p] = (hi[p] ?? outOfRange(p)) + (hi[id] ?? outOfRange(id));
    }
  }
  const mean = (id: number): number => ((agg.chars[id] ?? outOfRange(id)) > 0 ? (mass[id] ?? outOfRange(id)) / (agg.chars[id] ?? outOfRange(id)) : 0);
  const leafMass = new Float64Array(leaves.length);
  const leafChars = new Float64Array(leaves.length);
  blocks.forEach((b, i) => {
    const l = leafOfBlock[i] ?? outOfRange(i);
    if (l < 0) return;
    leafMass[l] = (leafMass[l] ?? outOfRange(l)) + (scores[i] ?? outOfRange(i)) * b.chars;
    leafChars[l] = (leafChars[l] ?? outOfRange(l)) + b.chars;
  });
  const parentMean = new Map<object, number>();
  leaves.forEach((l, k) => {
    if (!l.parent) return;
    const acc = parentMean.get(l.parent) ?? 0;
    parentMean.set(l.parent, acc + (leafMass[k] ?? outOfRange(k)));
  });
  // repeated groups: mean score over all same-signature siblings of a block's unit
  const groupMean = new Map<number, number>();
  const groupOf = (unit: number): number => {
    const p = (nodes[unit] ?? outOfRange(unit)).parent;
    const cached = groupMean.get(unit);
    if (cached !== undefined) return cached;
    let m = 0;
    let c = 0;
    const own = signature((nodes[unit] ?? outOfRange(unit)));
    if (p >= 0) {
      for (const s of (nodes[p] ?? outOfRange(p)).children) {
        if (signature((nodes[s] ?? outOfRange(s))) !== own) continue;
        m += mass[s] ?? outOfRange(s);
        c += agg.chars[s] ?? outOfRange(s);
      }
    }
    const v = c > 0 ? m / c : 0;
    groupMean.set(unit, v);
    return v;
  };
  let pageHi = 0;
  let pageMax = 0;
  blocks.forEach((b, i) => {
    if ((scores[i] ?? outOfRange(i)) >= 0.5) pageHi += b.chars;
    pageMax = Math.max(pageMax, (scores[i] ?? outOfRange(i)));
  });
  // distance (in blocks) to the nearest confident block before and after
  const before = new Int32Array(blocks.length);
  const after = new Int32Array(blocks.length);
  let last = -1;
  for (let i = 0; i < blocks.length; i++) {
    before[i] = last < 0 ? 99 : Math.min(99, i - last);
    if ((scores[i] ?? outOfRange(i)) >= 0.8) last = i;
  }
  last = -1;
  for (let i = blocks.length - 1; i >= 0; i--) {
    after[i] = last < 0 ? 99 : Math.min(99, last - i);
    if ((scores[i] ?? outOfRange(i)) >= 0.8) last = i;
  }
  const cols: Array<[string, FeatureFamily, Getter]> = [];
  const add = (name: string, get: Getter): void => void cols.push([name, 'context', get]);
  add('score.self', (i) => (scores[i] ?? outOfRange(i)));
  for (const d of SCORE_NEIGHBOURS) {
    add(`score.${d < 0 ? `prev${-d}` : `next${d}`}`, (i) => (i + d >= 0 && i + d < blocks.length ? (scores[i + d] ?? outOfRange(i + d)) : -1));
  }
  for (const level of [1, 2, 3, 5, 8]) {
    add(`score.up${level}.mean`, (i) => mean(ancestorAt(i, level)));
    add(`score.up${level}.high`, (i) => {
      const a = ancestorAt(i, level);
      return (agg.chars[a] ?? outOfRange(a)) > 0 ? (hi[a] ?? outOfRange(a)) / (agg.chars[a] ?? outOfRange(a)) : 0;
    });
  }
  add('score.leaf', (i) => {
    const l = leafOfBlock[i] ?? outOfRange(i);
    return l >= 0 && (leafChars[l] ?? outOfRange(l)) > 0 ? (leafMass[l] ?? outOfRange(l)) / (leafChars[l] ?? outOfRange(l)) : 0;
  });
  add('score.leafParent', (i) => {
    const l = leafOfBlock[i] ?? outOfRange(i);
    const parent = l >= 0 ? (leaves[l] ?? outOfRange(l)).parent : null;
    return parent && parent.stats.chars > 0 ? (parentMean.get(parent) ?? 0) / parent.stats.chars : 0;
  });
  add('score.group', (i) => ((repeatAt[i] ?? outOfRange(i)).id >= 0 ? groupOf((repeatAt[i] ?? outOfRange(i)).id) : -1));
  add('score.pageHigh', () => pageHi / pageChars);
  add('score.pageMax', () => pageMax);
  add('score.sinceConfident', (i) => Math.log1p((before[i] ?? outOfRange(i))));
  add('score.untilConfident', (i) => Math.log1p((after[i] ?? outOfRange(i))));
  return tabulate(cols, blocks.length);
}

/** Two tables side by side (same rows). */
export function joinTables(a: FeatureTable, b: FeatureTable): FeatureTable {
  if (a.rows !== b.rows) throw new Error(`cannot join tables of ${a.rows} and ${b.rows} rows`);
  const na = a.names.length;
  const nb = b.names.length;
  const data = new Float32Array(a.rows * (na + nb));
  for (let r = 0; r < a.rows; r++) {
    data.set(a.data.subarray(r * na, (r + 1) * na), r * (na + nb));
    data.set(b.data.subarray(r * nb, (r + 1) * nb), r * (na + nb) + na);
  }
  return { names: [...a.names, ...b.names], families: [...a.families, ...b.families], rows: a.rows, data };
}
