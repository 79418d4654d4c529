/**
 * What the role model (role-features.ts) sees of the shape of a block's DOM, beyond the block
 * features of the decision record: whether it is a run of like items (a list of records, as
 * data-region miners find them: sibling elements of one tag and class, each with text), where
 * its links lead (a menu links to a site's short section paths, a teaser list to long article
 * paths with dates or ids, a link list or an advertisement off the site), and how its text
 * looks (dates, digits, the separators of a breadcrumb or a footer's link row).
 * Read from the snapshot's nodes under the block's own subtrees (segment's `Block.nodes`).
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { at } from '../util/at.js';
import { nonSpaceChars } from '../util/text.js';

/** The feature names, in the order of {@link BlockShapes.row}'s values. */
export const SHAPE_FEATURES: readonly string[] = [
  'repItems', 'repShare', 'repLinked', 'repItemChars', 'repLinkShare', 'repTeaser',
  'linkDepth', 'linkPathLength', 'linkDigits', 'linkExternal', 'linkSamePage', 'linkQuery',
  'digitShare', 'dates', 'separators',
];

/** A date written with numbers: 2013-05-01, 01.05.2013, 1/5/13. */
const DATE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/g;
/** Glyphs that separate the entries of a breadcrumb, a link row or a footer. */
const SEPARATORS = /[|·»•›]/g;

/** `-1` stands for "no value" (a block without links), as role-features.ts does for missing neighbours. */
const NONE = -1;

function mean(xs: readonly number[]): number {
  return xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : NONE;
}

function hostOf(u: URL): string {
  return u.hostname.replace(/^www\./, '');
}

function parse(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** Per page: each node's subtree characters and link characters, and where the page's links lead. */
export class BlockShapes {
  private readonly nodes: readonly SnapshotNode[];
  /** Visible non-space characters of each node's subtree, and of those inside links. */
  private readonly chars: Float64Array;
  private readonly linkChars: Float64Array;
  /** The parsed target of the link at each anchor node. */
  private readonly linkAt = new Map<number, URL>();
  /** The host most of the page's links lead to: its own site, whatever address it was saved under. */
  private readonly siteHost: string | null;
  private readonly page: URL | null;

  constructor(snapshot: PageSnapshot) {
    const nodes = snapshot.nodes;
    this.nodes = nodes;
    const n = nodes.length;
    this.chars = new Float64Array(n);
    this.linkChars = new Float64Array(n);
    const inLink = new Uint8Array(n);
    // nodes are in document (pre-)order: a parent comes before its children
    for (let i = 0; i < n; i++) {
      const p = at(nodes, i).parent;
      if (p >= 0 && (inLink[p] || at(nodes, p).tag === 'a')) inLink[i] = 1;
    }
    for (let i = n - 1; i >= 0; i--) {
      const x = at(nodes, i);
      if (x.kind === 'text' && x.visible && x.text) {
        const c = nonSpaceChars(x.text);
        this.chars[i] = at(this.chars, i) + c;
        if (inLink[i]) this.linkChars[i] = at(this.linkChars, i) + c;
      }
      if (x.parent >= 0) {
        this.chars[x.parent] = at(this.chars, x.parent) + at(this.chars, i);
        this.linkChars[x.parent] = at(this.linkChars, x.parent) + at(this.linkChars, i);
      }
    }
    const hosts = new Map<string, number>();
    for (const l of snapshot.links) {
      const u = parse(l.href);
      if (!u) continue;
      this.linkAt.set(l.node, u);
      hosts.set(hostOf(u), (hosts.get(hostOf(u)) ?? 0) + 1);
    }
    let best: string | null = null;
    let most = 0;
    for (const [h, c] of hosts) if (c > most) [best, most] = [h, c];
    this.siteHost = best;
    this.page = parse(snapshot.url);
  }

  /** The SHAPE_FEATURES values of the block that owns the subtrees `roots`. */
  row(roots: readonly number[]): number[] {
    const nodes = this.nodes;
    let total = 0;
    for (const r of roots) total += at(this.chars, r);
    // The largest run of like items (by items times characters): the block's own roots, or the
    // children of one of its elements, of one tag and class, each with text.
    const best = { items: [] as number[], chars: 0 };
    const consider = (ids: readonly number[]): void => {
      const groups = new Map<string, number[]>();
      for (const c of ids) {
        const x = at(nodes, c);
        if (x.kind !== 'element' || at(this.chars, c) === 0) continue;
        const sig = `${x.tag}.${x.attrs?.class ?? ''}`;
        const g = groups.get(sig);
        if (g) g.push(c);
        else groups.set(sig, [c]);
      }
      for (const g of groups.values()) {
        if (g.length < 2) continue;
        const chars = g.reduce((s, c) => s + at(this.chars, c), 0);
        if (g.length * chars > best.items.length * best.chars) [best.items, best.chars] = [g, chars];
      }
    };
    consider(roots);
    const urls: URL[] = [];
    let text = '';
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop()!;
      const x = at(nodes, id);
      if (x.kind === 'text') {
        if (x.visible && x.text) text += ' ' + x.text;
        continue;
      }
      const u = this.linkAt.get(id);
      if (u) urls.push(u);
      consider(x.children);
      for (const c of x.children) stack.push(c);
    }
    const repRow = best.items.length === 0 || total === 0 ? [0, 0, 0, 0, 0, 0] : [
      best.items.length,
      best.chars / total,
      best.items.filter((c) => at(this.linkChars, c) > 0).length / best.items.length,
      Math.log1p(best.chars / best.items.length),
      best.items.reduce((s, c) => s + at(this.linkChars, c), 0) / best.chars,
      // a teaser: an item with a link that is less than half of its text (a headline and a summary)
      best.items.filter((c) => at(this.linkChars, c) > 0 && at(this.linkChars, c) < 0.5 * at(this.chars, c)).length / best.items.length,
    ];
    const paths = urls.map((u) => u.pathname + u.search);
    const page = this.page;
    const nonSpace = nonSpaceChars(text) || 1;
    return [
      ...repRow,
      mean(urls.map((u) => u.pathname.split('/').filter(Boolean).length)),
      mean(paths.map((p) => p.length)),
      mean(paths.map((p) => (/\d/.test(p) ? 1 : 0))),
      mean(urls.map((u) => (hostOf(u) !== this.siteHost ? 1 : 0))),
      mean(urls.map((u) => (page && u.hostname === page.hostname && u.pathname === page.pathname ? 1 : 0))),
      mean(urls.map((u) => (u.search ? 1 : 0))),
      (text.match(/\d/g)?.length ?? 0) / nonSpace,
      text.match(DATE)?.length ?? 0,
      ((text.match(SEPARATORS)?.length ?? 0) / nonSpace) * 100,
    ];
  }
}
