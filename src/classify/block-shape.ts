/**
 * What the role model (role-features.ts) sees of the shape of a block's DOM, beyond the block
 * features of the decision record: whether it is a run of like items (a list of records, as
 * data-region miners find them: sibling elements of one tag and class, each with text), where
 * its links lead (a menu links to a site's short section paths, a teaser list to long article
 * paths with dates or ids, a link list or an advertisement off the site), whether its links'
 * addresses and texts come again elsewhere on the page or inside it (a site's menu and footer
 * links often come twice on a page, a content link seldom does), and how its text looks (dates,
 * digits, the separators of a breadcrumb or a footer's link row).
 * Read from the snapshot's nodes under the block's own subtrees (segment's `Block.nodes`); the
 * characters of each text node, and whether they lie in a link, from the page's TextTally
 * (blocks.ts), which classify makes once for the block records and the roles.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { TextTally } from './blocks.js';
import { outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** The feature names, in the order of {@link BlockShapes.row}'s values. */
export const SHAPE_FEATURES: readonly string[] = [
  'repItems', 'repShare', 'repLinked', 'repItemChars', 'repLinkShare', 'repTeaser',
  'linkDepth', 'linkPathLength', 'linkDigits', 'linkExternal', 'linkSamePage', 'linkQuery',
  'digitShare', 'dates', 'separators',
  'linkRecurOut', 'linkRecurIn', 'linkTextOut', 'linkTextIn', 'linkHome',
];

/** A date written with numbers: 2013-05-01, 01.05.2013, 1/5/13. */
const DATE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g;

/** `-1` stands for "no value" (a block without links), as role-features.ts does for missing neighbours. */
const NONE = -1;

/**
 * The tallies kept per node, summed over its subtree (one stride of a Float64Array): visible text
 * (non-space characters, those inside links, digits, dates, separator glyphs) and the page's
 * links (how many, and the sums of each link value that {@link linkValues} gives).
 */
const CHARS = 0, LINK_CHARS = 1, DIGITS = 2, DATES = 3, SEPS = 4, LINKS = 5, LINK_VALUES = 6;
const LINK_VALUE_COUNT = 6;
const STRIDE = LINK_VALUES + LINK_VALUE_COUNT;

/**
 * The best run of like items per node, over its subtree (another stride): the score that ranks
 * runs (items times their characters), the items, their characters, how many hold a link, their
 * link characters, and how many are teasers.
 */
const R_SCORE = 0, R_ITEMS = 1, R_CHARS = 2, R_LINKED = 3, R_LINK_CHARS = 4, R_TEASERS = 5;
const R_STRIDE = 6;

/** Up to this many children, runs are grouped by comparing them pairwise rather than by a map. */
const SCAN_LIMIT = 16;

/** Glyphs that separate the entries of a breadcrumb, a link row or a footer: | · » • › */
function isSeparator(c: number): boolean {
  return c === 0x7c || c === 0xb7 || c === 0xbb || c === 0x2022 || c === 0x203a;
}

/**
 * `a[to + j] += a[from + j]` for `j` below `len`: the hot loop of the pass, on one typed array
 * (util/at.ts's checked `at` is generic over every array kind, and slow here).
 */
function addRange(a: Float64Array, to: number, from: number, len: number): void {
  for (let j = 0; j < len; j++) a[to + j] = (a[to + j] ?? 0) + (a[from + j] ?? 0);
}

/** The parts of a link's address the values need, read once (URL's getters are not free). */
interface Address {
  hostname: string;
  /** The hostname without `www.`. */
  host: string;
  pathname: string;
  search: string;
}

function parse(href: string): Address | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  const { hostname, pathname, search } = u;
  return { hostname, host: hostname.startsWith('www.') ? hostname.slice(4) : hostname, pathname, search };
}

/** Path segments that are not empty: the depth of `/a/b/` is 2. */
function depth(pathname: string): number {
  let n = 0;
  for (let k = 0; k < pathname.length; k++) if (pathname.charCodeAt(k) !== 47 && (k === 0 || pathname.charCodeAt(k - 1) === 47)) n++;
  return n;
}

/**
 * A link's values (LINK_VALUE_COUNT of them): its path depth, the length of its path and query,
 * whether the path holds a digit, leads off the site, to the page itself, or carries a query.
 * "Off the site" here is another host (less `www.`), a stricter test than choose.ts's `siteOf`
 * (a subdomain is off the site here, not there): the models were fitted on this value.
 */
function linkValues(u: Address, siteHost: string | null, page: Address | null): number[] {
  const path = u.pathname + u.search;
  return [
    depth(u.pathname),
    path.length,
    /\d/.test(path) ? 1 : 0,
    u.host !== siteHost ? 1 : 0,
    page && u.hostname === page.hostname && u.pathname === page.pathname ? 1 : 0,
    u.search ? 1 : 0,
  ];
}

/**
 * Per page, every tally of every node's subtree, in one pass over the nodes from the last to the
 * first (a parent comes before its children in a snapshot), so that a block's row only adds up
 * its roots' tallies.
 */
export class BlockShapes {
  private readonly nodes: readonly SnapshotNode[];
  private readonly sums: Float64Array;
  private readonly runs: Float64Array;
  /** Scratch space for bestRun's pairwise grouping (at most SCAN_LIMIT children). */
  private readonly scratch = new Int32Array(SCAN_LIMIT);
  private readonly taken = new Uint8Array(SCAN_LIMIT);
  /**
   * Per node, the index of its link's address (without the fragment) and of its link's text
   * among the page's distinct ones (-1: not a link, or a link without text), and how many of the
   * page's links have each: the links a site repeats on every page (menus, footers) often come
   * twice on one page too (a header and a footer, a desktop and a mobile menu), a content link
   * seldom does.
   */
  private readonly hrefOf: Int32Array;
  private readonly textOf: Int32Array;
  private readonly hrefCount: number[] = [];
  private readonly textCount: number[] = [];
  /** Per node, 1 when its link leads to the root of the page's site (a logo, a breadcrumb's first step). */
  private readonly home: Uint8Array;

  /**
   * `text` is the page's tally of text characters and links (blocks.ts), made here when the
   * caller has none to share.
   */
  constructor(snapshot: PageSnapshot, text: TextTally = new TextTally(snapshot.nodes)) {
    const nodes = snapshot.nodes;
    this.nodes = nodes;
    const n = nodes.length;
    const sums = new Float64Array(n * STRIDE);
    const runs = new Float64Array(n * R_STRIDE);
    this.sums = sums;
    this.runs = runs;
    // Where the page's links lead (the host most of them lead to is the page's own site, whatever
    // address it was saved under), and per link the index of its address and of its text among
    // the page's distinct ones.
    const urls = new Map<number, Address>();
    const hosts = new Map<string, number>();
    this.hrefOf = new Int32Array(n).fill(-1);
    this.textOf = new Int32Array(n).fill(-1);
    this.home = new Uint8Array(n);
    const hrefIds = new Map<string, number>();
    const textIds = new Map<string, number>();
    for (const l of snapshot.links) {
      const u = l.node >= 0 && l.node < n && !urls.has(l.node) ? parse(l.href) : null;
      if (!u) continue;
      urls.set(l.node, u);
      hosts.set(u.host, (hosts.get(u.host) ?? 0) + 1);
      const key = `${u.host}${u.pathname}${u.search}`;
      let h = hrefIds.get(key);
      if (h === undefined) hrefIds.set(key, (h = hrefIds.size));
      this.hrefOf[l.node] = h;
      this.hrefCount[h] = (this.hrefCount[h] ?? 0) + 1;
      const text = l.text.trim().replace(/\s+/g, ' ').toLowerCase();
      if (!text) continue;
      let t = textIds.get(text);
      if (t === undefined) textIds.set(text, (t = textIds.size));
      this.textOf[l.node] = t;
      this.textCount[t] = (this.textCount[t] ?? 0) + 1;
    }
    let siteHost: string | null = null;
    let most = 0;
    for (const [h, c] of hosts) if (c > most) [siteHost, most] = [h, c];
    const page = parse(snapshot.url);
    for (const [id, u] of urls) {
      sums[id * STRIDE + LINKS] = 1;
      sums.set(linkValues(u, siteHost, page), id * STRIDE + LINK_VALUES);
      if (u.host === siteHost && depth(u.pathname) === 0 && !u.search) this.home[id] = 1;
    }
    for (let i = n - 1; i >= 0; i--) {
      const x = nodes[i] ?? outOfRange(i);
      const o = i * STRIDE;
      if (x.kind === 'text') {
        if (x.visible && x.text) this.tallyText(x.text, o, (text.chars[i] ?? outOfRange(i)), (text.anchored[i] ?? outOfRange(i)) === 1);
      } else if ((sums[o + CHARS] ?? 0) > 0) {
        this.bestRun(x.children, runs, i * R_STRIDE);
      }
      const p = x.parent;
      // a parent after its child (a snapshot not from viseg's own pass) adds nothing up: the
      // values are then incomplete, never out of bounds
      if (p < 0 || p >= i) continue;
      addRange(sums, p * STRIDE, o, STRIDE);
      if ((runs[i * R_STRIDE + R_SCORE] ?? 0) > (runs[p * R_STRIDE + R_SCORE] ?? 0)) runs.copyWithin(p * R_STRIDE, i * R_STRIDE, (i + 1) * R_STRIDE);
    }
  }

  /** A visible text node's tallies; `chars` (non-space) and `linked` come from the page's TextTally. */
  private tallyText(text: string, o: number, chars: number, linked: boolean): void {
    let digits = 0, seps = 0;
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c >= 48 && c <= 57) digits++;
      else if (isSeparator(c)) seps++;
    }
    const s = this.sums;
    s[o + CHARS] = chars;
    if (linked) s[o + LINK_CHARS] = chars;
    s[o + DIGITS] = digits;
    s[o + SEPS] = seps;
    s[o + DATES] = digits >= 3 ? (text.match(DATE)?.length ?? 0) : 0;
  }

  /**
   * The largest run among `ids` (sibling elements of one tag and class, each with text, at
   * least two), written at `r` of `runs` if it beats the one already there (the best of the
   * subtree below).
   */
  private bestRun(ids: readonly number[], runs: Float64Array, r: number): void {
    if (ids.length < 2) return;
    if (ids.length > SCAN_LIMIT) {
      const bySig = new Map<string, number[]>();
      for (const c of ids) {
        if (!this.isItem(c)) continue;
        const x = this.nodes[c] ?? outOfRange(c);
        const sig = `${x.tag}.${x.attrs?.class ?? ''}`;
        const g = bySig.get(sig);
        if (g) g.push(c);
        else bySig.set(sig, [c]);
      }
      for (const g of bySig.values()) this.offer(g, 0, g.length, runs, r);
      return;
    }
    // the few children most elements have: grouped by comparing them pairwise, in place
    const group = this.scratch;
    const taken = this.taken.fill(0, 0, ids.length);
    for (let a = 0; a < ids.length; a++) {
      const c = ids[a] ?? outOfRange(a);
      if (taken[a] || !this.isItem(c)) continue;
      const x = this.nodes[c] ?? outOfRange(c);
      let size = 0;
      group[size++] = c;
      for (let b = a + 1; b < ids.length; b++) {
        const d = ids[b] ?? outOfRange(b);
        const y = this.nodes[d] ?? outOfRange(d);
        if (taken[b] || y.tag !== x.tag || (y.attrs?.class ?? '') !== (x.attrs?.class ?? '') || !this.isItem(d)) continue;
        taken[b] = 1;
        group[size++] = d;
      }
      this.offer(group, 0, size, runs, r);
    }
  }

  /** An element with text: a possible item of a run. */
  private isItem(id: number): boolean {
    return (this.nodes[id] ?? outOfRange(id)).kind === 'element' && (this.sums[id * STRIDE + CHARS] ?? 0) > 0;
  }

  /** The run of items `g[from..to)`, written at `r` of `runs` if it has two items or more and beats the one there. */
  private offer(g: ArrayLike<number>, from: number, to: number, runs: Float64Array, r: number): void {
    if (to - from < 2) return;
    const s = this.sums;
    let chars = 0, linked = 0, linkChars = 0, teasers = 0;
    for (let k = from; k < to; k++) {
      const c = g[k] ?? outOfRange(k);
      const cc = s[c * STRIDE + CHARS] ?? 0;
      const lc = s[c * STRIDE + LINK_CHARS] ?? 0;
      chars += cc;
      linkChars += lc;
      if (lc > 0) linked++;
      // a teaser: an item with a link that is less than half of its text (a headline and a summary)
      if (lc > 0 && lc < 0.5 * cc) teasers++;
    }
    const items = to - from;
    const score = items * chars;
    if (score <= (runs[r + R_SCORE] ?? 0)) return;
    runs[r + R_SCORE] = score;
    runs[r + R_ITEMS] = items;
    runs[r + R_CHARS] = chars;
    runs[r + R_LINKED] = linked;
    runs[r + R_LINK_CHARS] = linkChars;
    runs[r + R_TEASERS] = teasers;
  }

  /** The SHAPE_FEATURES values of the block that owns the subtrees `roots`. */
  row(roots: readonly number[]): number[] {
    const inside = roots.filter((id) => id >= 0 && id < this.nodes.length);
    const total = new Float64Array(STRIDE);
    // the block's roots themselves may be the items of a run, or a run lies below one of them
    const run = new Float64Array(R_STRIDE);
    this.bestRun(inside, run, 0);
    for (const id of inside) {
      for (let j = 0; j < STRIDE; j++) total[j] = (total[j] ?? 0) + (this.sums[id * STRIDE + j] ?? 0);
      if ((this.runs[id * R_STRIDE + R_SCORE] ?? outOfRange(id * R_STRIDE + R_SCORE)) > (run[R_SCORE] ?? outOfRange(R_SCORE))) run.set(this.runs.subarray(id * R_STRIDE, (id + 1) * R_STRIDE));
    }
    const chars = total[CHARS] ?? outOfRange(CHARS);
    const items = run[R_ITEMS] ?? outOfRange(R_ITEMS);
    const repRow = items === 0 || chars === 0 ? [0, 0, 0, 0, 0, 0] : [
      items,
      (run[R_CHARS] ?? outOfRange(R_CHARS)) / chars,
      (run[R_LINKED] ?? outOfRange(R_LINKED)) / items,
      Math.log1p((run[R_CHARS] ?? outOfRange(R_CHARS)) / items),
      (run[R_LINK_CHARS] ?? outOfRange(R_LINK_CHARS)) / (run[R_CHARS] ?? outOfRange(R_CHARS)),
      (run[R_TEASERS] ?? outOfRange(R_TEASERS)) / items,
    ];
    const links = total[LINKS] ?? outOfRange(LINKS);
    const linkRow = Array.from({ length: LINK_VALUE_COUNT }, (_, j) => (links ? (total[LINK_VALUES + j] ?? outOfRange(LINK_VALUES + j)) / links : NONE));
    const nonSpace = chars || 1;
    return [...repRow, ...linkRow, (total[DIGITS] ?? outOfRange(DIGITS)) / nonSpace, (total[DATES] ?? outOfRange(DATES)), ((total[SEPS] ?? outOfRange(SEPS)) / nonSpace) * 100, ...this.recurrence(inside)];
  }

  /**
   * Of the links under `roots`: the share whose address a link outside them has too, the share
   * whose address another link among them has (a teaser's picture and headline), the same two
   * for their texts (of the links with text), and the share leading to the site's root.
   */
  private recurrence(roots: readonly number[]): number[] {
    const links: number[] = [];
    const stack = [...roots];
    for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
      if ((this.hrefOf[id] ?? outOfRange(id)) >= 0) links.push(id);
      for (const c of (this.nodes[id] ?? outOfRange(id)).children) if (c > id && c < this.nodes.length) stack.push(c);
    }
    if (links.length === 0) return [NONE, NONE, NONE, NONE, NONE];
    const hrefs = new Map<number, number>();
    const texts = new Map<number, number>();
    for (const id of links) {
      const h = this.hrefOf[id] ?? outOfRange(id);
      hrefs.set(h, (hrefs.get(h) ?? 0) + 1);
      const t = this.textOf[id] ?? outOfRange(id);
      if (t >= 0) texts.set(t, (texts.get(t) ?? 0) + 1);
    }
    let hrefOut = 0, hrefIn = 0, textOut = 0, textIn = 0, withText = 0, home = 0;
    for (const id of links) {
      const h = this.hrefOf[id] ?? outOfRange(id);
      const inBlock = hrefs.get(h) ?? 0;
      if ((this.hrefCount[h] ?? 0) > inBlock) hrefOut++;
      if (inBlock > 1) hrefIn++;
      home += this.home[id] ?? 0;
      const t = this.textOf[id] ?? outOfRange(id);
      if (t < 0) continue;
      withText++;
      const tIn = texts.get(t) ?? 0;
      if ((this.textCount[t] ?? 0) > tIn) textOut++;
      if (tIn > 1) textIn++;
    }
    const n = links.length;
    return [hrefOut / n, hrefIn / n, withText ? textOut / withText : NONE, withText ? textIn / withText : NONE, home / n];
  }
}
