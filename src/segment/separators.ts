/**
 * Phase 2 of VIPS: separator detection and weighting (FitLayout's SeparatorDetector).
 *
 * Detection within an area, per orientation (the paper's three steps, docs/vips.md §4.2):
 *   1. start with one separator covering the whole area along the axis;
 *   2. every block splits, trims or deletes the separators it overlaps;
 *   3. delete the separators touching the area border.
 * Steps 1–2 leave exactly the complement of the union of the blocks' extents inside the area, so
 * they are computed with one sort-and-sweep over the block intervals (O(k log k) instead of
 * O(k × separators)); the result is identical (a test checks it against the literal procedure).
 *
 * Coordinates are whole pixels. Gaps thinner than MIN_THICKNESS px, and places where blocks abut
 * or overlap by at most ADJACENCY_TOLERANCE px, become "touching" candidates: they are kept only
 * when a visual cue (a background change or an hr/border line) marks the boundary, because
 * modern pages often put differently coloured sections right against each other.
 *
 * Weights start at a base and each rule below adds its amount (params.ts: SeparatorWeights; the
 * rules and the [J]/[F] amounts 3, +1…, +2, +2, +2, +2, −2 are the table of docs/vips.md §4.3).
 * Horizontal separators use all rules; vertical ones distance, lines, background and span.
 */
import type { Orientation, Separator } from './types.js';
import type { Box } from './geometry.js';
import type { PoolBlock } from './extract-blocks.js';
import type { PreparedPage, RuleLine } from './prepare.js';
import type { SeparatorWeights } from './params.js';
import { last, outOfRange } from '../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** Gaps thinner than this are not separators of their own (they may still be touching boundaries). */
export const MIN_THICKNESS = 2;
/** Pixels of slack when deciding which blocks are adjacent to a separator, and for touching boundaries. */
export const ADJACENCY_TOLERANCE = 2;
/** Up to this many blocks, adjacency is found by scanning all blocks rather than through sorted indexes. */
const SCAN_LIMIT = 24;
/** Upper bound of the distance rule's contribution ([F] has none; [J] stops at +13). */
export const MAX_DISTANCE_WEIGHT = 16;

/** A detected separator, with its band along the axis and where it cuts. */
export interface DetectedSeparator extends Separator {
  /** Band along the axis (y for horizontal, x for vertical), half-open [start, end). */
  start: number;
  end: number;
  /** Where blocks are split: blocks whose centre lies before `cut` are on the first side. */
  cut: number;
  /** Gap width in px (0 for a touching boundary). */
  thickness: number;
  touching: boolean;
}

/** What a weight rule sees about one separator. */
export interface WeightInput {
  pre: PreparedPage;
  orientation: Orientation;
  start: number;
  end: number;
  thickness: number;
  touching: boolean;
  /** Extent of the area across the axis (x range for horizontal separators), half-open. */
  spanFrom: number;
  spanTo: number;
  /** Representative adjacent blocks: the widest block touching the separator on each side. */
  before: PoolBlock;
  after: PoolBlock;
}

/** The weights a rule can add: every one but the base. */
export type WeightKey = Exclude<keyof SeparatorWeights, 'base'>;

/**
 * A rule that applies to a separator: it adds `coef` times the fitted amount `weights[key]`
 * (coef is 1 for most rules, the distance step for rule 1, the span share for rule 6). Rules see
 * only the geometry and the page, never the weights, so the terms of a separator are found once
 * and any weight vector applies them (how scripts/fit-segmentation.mjs tries weight vectors
 * without detecting the separators again).
 */
export interface WeightTerm {
  key: WeightKey;
  coef: number;
  /** What the reasons call it, before the signed amount: `distance(12px)`, `hr`, `background`. */
  name: string;
}

export type WeightRule = (x: WeightInput) => WeightTerm | null;

// ---------------------------------------------------------------------------------------------
// Weight rules
// ---------------------------------------------------------------------------------------------

/**
 * Rule 1, distance ([F] quantisation): t ≤ 8 px: +1; 9–15: +2; t ≥ 16: 2 + 2·(⌊(t−16)/10⌋ + 1),
 * i.e. 4, 6, 8, … capped at MAX_DISTANCE_WEIGHT. Touching boundaries get nothing.
 */
export function distanceWeight(t: number): number {
  if (t <= 0) return 0;
  if (t <= 8) return 1;
  if (t <= 15) return 2;
  return Math.min(MAX_DISTANCE_WEIGHT, 2 + 2 * (Math.floor((t - 16) / 10) + 1));
}

export const distanceRule: WeightRule = (x) => {
  const step = distanceWeight(x.thickness);
  return step > 0 ? { key: 'distance', coef: step, name: `distance(${x.thickness}px)` } : null;
};

/** `+2`, `-1.5`: a rule's contribution as it appears in the reasons. */
function signed(d: number): string {
  const r = Math.round(d * 100) / 100;
  return r >= 0 ? `+${r}` : `${r}`;
}

/**
 * Rule 2, lines: an `<hr>`, or a visible border running along the separator (within the band
 * ± tolerance, covering at least half its length), adds +2 once.
 */
export const lineRule: WeightRule = (x) => {
  const lines = x.orientation === 'horizontal' ? x.pre.hLines : x.pre.vLines;
  const line = findLine(lines, x.start - ADJACENCY_TOLERANCE, x.end + ADJACENCY_TOLERANCE, x.spanFrom, x.spanTo);
  if (!line) return null;
  return { key: 'line', coef: 1, name: line.hr ? 'hr' : 'border' };
};

/** Rule 3, background: the blocks on the two sides have different effective backgrounds: +2. */
export const backgroundRule: WeightRule = (x) =>
  blockBg(x.pre, x.before) !== blockBg(x.pre, x.after) ? { key: 'background', coef: 1, name: 'background' } : null;

/**
 * Rule 4a, font difference (horizontal only): +2 when the last text above and the first text below
 * differ in font size (≥ 1 px), otherwise +2 when one is bold (≥ 600) and the other is not.
 */
export const fontDifferenceRule: WeightRule = (x) => {
  const a = x.pre.lastText[lastId(x.pre, x.before)] ?? -1;
  const b = x.pre.firstText[firstId(x.pre, x.after)] ?? -1;
  if (a < 0 || b < 0) return null;
  if (Math.abs((x.pre.fontSize[a] ?? outOfRange(a)) - (x.pre.fontSize[b] ?? outOfRange(b))) >= 1) return { key: 'fontSize', coef: 1, name: 'font-size' };
  if ((x.pre.fontWeight[a] ?? outOfRange(a)) >= 600 !== (x.pre.fontWeight[b] ?? outOfRange(b)) >= 600) return { key: 'fontWeight', coef: 1, name: 'font-weight' };
  return null;
};

/** Rule 4b, heading below (horizontal only): the text above is smaller than the text below: +2. */
export const headingBelowRule: WeightRule = (x) => {
  const a = x.pre.lastText[lastId(x.pre, x.before)] ?? -1;
  const b = x.pre.firstText[firstId(x.pre, x.after)] ?? -1;
  if (a < 0 || b < 0) return null;
  return (x.pre.fontSize[b] ?? outOfRange(b)) - (x.pre.fontSize[a] ?? outOfRange(a)) >= 1 ? { key: 'headingBelow', coef: 1, name: 'heading-below' } : null;
};

/** Rule 5, similar structure (horizontal only): text blocks on both sides: −2. */
export const textBothSidesRule: WeightRule = (x) =>
  isTextBlock(x.pre, x.before) && isTextBlock(x.pre, x.after) ? { key: 'textBothSides', coef: 1, name: 'text-both-sides' } : null;

/**
 * Rule 6, span (not in the paper): the separator's length as a share of the page content's width
 * (horizontal) or height (vertical), times the fitted amount. A gap across the whole page parts
 * regions (header, body, footer); the same gap inside one column parts paragraphs.
 */
export const spanRule: WeightRule = (x) => {
  const p = x.pre;
  const r = p.root;
  const full = x.orientation === 'horizontal' ? (p.ex1[r] ?? outOfRange(r)) - (p.ex0[r] ?? outOfRange(r)) : (p.ey1[r] ?? outOfRange(r)) - (p.ey0[r] ?? outOfRange(r));
  if (full <= 0) return null;
  const share = Math.min(1, (x.spanTo - x.spanFrom) / full);
  return { key: 'span', coef: share, name: `span(${Math.round(share * 100)}%)` };
};

export const HORIZONTAL_RULES: readonly WeightRule[] = [
  distanceRule, lineRule, backgroundRule, fontDifferenceRule, headingBelowRule, textBothSidesRule, spanRule,
];
export const VERTICAL_RULES: readonly WeightRule[] = [distanceRule, lineRule, backgroundRule, spanRule];

// ---------------------------------------------------------------------------------------------
// Helpers for the rules
// ---------------------------------------------------------------------------------------------

/** Background of a block: an element's effective background; a run's parent background. */
export function blockBg(pre: PreparedPage, b: PoolBlock): number {
  const first = b.ids[0] ?? outOfRange(0);
  if (b.group) {
    const p = pre.parent[first] ?? outOfRange(first);
    return p >= 0 ? (pre.bg[p] ?? outOfRange(p)) : (pre.bg[first] ?? outOfRange(first));
  }
  return (pre.bg[first] ?? outOfRange(first));
}

/** Text-like block: a run of inline content with text, or an element whose content is all inline text. */
export function isTextBlock(pre: PreparedPage, b: PoolBlock): boolean {
  if (b.group) {
    let chars = 0;
    for (const id of b.ids) chars += pre.chars[id] ?? outOfRange(id);
    return chars > 0;
  }
  return pre.textual[(b.ids[0] ?? outOfRange(0))] === 1;
}

function firstId(pre: PreparedPage, b: PoolBlock): number {
  for (const id of b.ids) if ((pre.firstText[id] ?? outOfRange(id)) >= 0) return id;
  return (b.ids[0] ?? outOfRange(0));
}

function lastId(pre: PreparedPage, b: PoolBlock): number {
  for (let i = b.ids.length - 1; i >= 0; i--) {
    const id = b.ids[i] ?? outOfRange(i);
    if ((pre.lastText[id] ?? outOfRange(id)) >= 0) return id;
  }
  return last(b.ids);
}

/** First line (in sorted order) overlapping [lo, hi) across and covering half of [from, to) along. */
function findLine(lines: readonly RuleLine[], lo: number, hi: number, from: number, to: number): RuleLine | null {
  // Lines are sorted by `lo`; a line can only overlap if line.lo < hi. Scan back from there while
  // lines could still reach `lo` (lines are thin except hr; bound the scan by a generous window).
  let a = 0;
  let b = lines.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if ((lines[m] ?? outOfRange(m)).lo < hi) a = m + 1;
    else b = m;
  }
  const need = Math.max(1, (to - from) / 2);
  for (let i = a - 1; i >= 0; i--) {
    const l = lines[i] ?? outOfRange(i);
    if (l.lo < lo - 64) break; // no rule line is thicker than 64 px
    if (l.hi <= lo) continue;
    const overlap = Math.min(l.to, to) - Math.max(l.from, from);
    if (overlap >= need) return l;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Detection
// ---------------------------------------------------------------------------------------------

interface Candidate {
  start: number;
  end: number;
  cut: number;
  thickness: number;
  touching: boolean;
}

/** Block extents along the axis, half-open; zero-size blocks still occupy one pixel. */
function extents(blocks: readonly PoolBlock[], o: Orientation): { lo: Int32Array; hi: Int32Array } {
  const lo = new Int32Array(blocks.length);
  const hi = new Int32Array(blocks.length);
  for (let i = 0; i < blocks.length; i++) {
    const b = (blocks[i] ?? outOfRange(i)).box;
    const a = o === 'horizontal' ? b.y0 : b.x0;
    const z = o === 'horizontal' ? b.y1 : b.x1;
    lo[i] = a;
    hi[i] = Math.max(z, a + 1);
  }
  return { lo, hi };
}

function sortedBy(key: Int32Array, tie: Int32Array): Int32Array {
  const idx = new Int32Array(key.length);
  for (let i = 0; i < idx.length; i++) idx[i] = i;
  return idx.sort((p, q) => (key[p] ?? outOfRange(p)) - (key[q] ?? outOfRange(q)) || (tie[p] ?? outOfRange(p)) - (tie[q] ?? outOfRange(q)) || p - q);
}

/** Steps 1–2: the empty bands between blocks along the axis, plus touching boundaries. */
export function findBands(blocks: readonly PoolBlock[], o: Orientation): Candidate[] {
  const { lo, hi } = extents(blocks, o);
  return bandsOf(lo, hi, sortedBy(lo, hi));
}

function bandsOf(lo: Int32Array, hi: Int32Array, order: Int32Array): Candidate[] {
  const out: Candidate[] = [];
  if (order.length === 0) return out;
  const first = order[0] ?? outOfRange(0);
  let end = hi[first] ?? outOfRange(first);
  for (let k = 1; k < order.length; k++) {
    const i = order[k] ?? outOfRange(k);
    const t = (lo[i] ?? outOfRange(i)) - end;
    if (t >= MIN_THICKNESS) {
      out.push({ start: end, end: (lo[i] ?? outOfRange(i)), cut: end + Math.floor(t / 2), thickness: t, touching: false });
    } else if (t >= -ADJACENCY_TOLERANCE) {
      const s = Math.min(end, (lo[i] ?? outOfRange(i)));
      const e = Math.max(end, (lo[i] ?? outOfRange(i)));
      out.push({ start: s, end: e, cut: Math.floor((end + (lo[i] ?? outOfRange(i))) / 2), thickness: Math.max(0, t), touching: true });
    }
    if ((hi[i] ?? outOfRange(i)) > end) end = hi[i] ?? outOfRange(i);
  }
  return out;
}

/** Step 3: drop the separators that touch the area border. */
export function deleteBorderSeparators(cands: Candidate[], area: Box, o: Orientation): Candidate[] {
  const lo = o === 'horizontal' ? area.y0 : area.x0;
  const hi = o === 'horizontal' ? area.y1 : area.x1;
  return cands.filter((c) => c.start > lo && c.end < hi);
}

/** Is `b` a better representative than `best`: longer along the separator, then earlier across, then lower node id. */
function betterRep(b: PoolBlock, best: PoolBlock | null, o: Orientation): boolean {
  if (!best) return true;
  const len = o === 'horizontal' ? b.box.x1 - b.box.x0 : b.box.y1 - b.box.y0;
  const bestLen = o === 'horizontal' ? best.box.x1 - best.box.x0 : best.box.y1 - best.box.y0;
  if (len !== bestLen) return len > bestLen;
  const across = o === 'horizontal' ? b.box.x0 : b.box.y0;
  const bestAcross = o === 'horizontal' ? best.box.x0 : best.box.y0;
  if (across !== bestAcross) return across < bestAcross;
  return (b.ids[0] ?? outOfRange(0)) < (best.ids[0] ?? outOfRange(0));
}

/** First index in `order` whose key is >= v. */
function lowerBound(order: Int32Array, key: Int32Array, v: number): number {
  let a = 0;
  let b = order.length;
  while (a < b) {
    const m = (a + b) >> 1;
    const o = order[m] ?? outOfRange(m);
    if ((key[o] ?? outOfRange(o)) < v) a = m + 1;
    else b = m;
  }
  return a;
}

/** A separator as detection finds it: its geometry and the weight rules that apply, not yet weighed. */
export interface FoundSeparator {
  orientation: Orientation;
  rect: Separator['rect'];
  start: number;
  end: number;
  cut: number;
  thickness: number;
  touching: boolean;
  terms: WeightTerm[];
}

/**
 * Detect the separators of one orientation among `blocks` inside `area`, with the weight rules
 * that apply to each (not yet weighed; see weighSeparators). Returned in position order.
 */
export function findSeparators(pre: PreparedPage, blocks: readonly PoolBlock[], area: Box, o: Orientation): FoundSeparator[] {
  if (blocks.length < 2) return [];
  const { lo, hi } = extents(blocks, o);
  const byLo = sortedBy(lo, hi);
  const cands = deleteBorderSeparators(bandsOf(lo, hi, byLo), area, o);
  if (cands.length === 0) return [];
  const rules = o === 'horizontal' ? HORIZONTAL_RULES : VERTICAL_RULES;
  const spanFrom = o === 'horizontal' ? area.x0 : area.y0;
  const spanTo = o === 'horizontal' ? area.x1 : area.y1;
  // Few blocks: scan them all; many: walk indexes sorted by start and by end.
  const indexed = blocks.length > SCAN_LIMIT;
  const byHi = indexed ? sortedBy(hi, lo) : byLo;
  const out: FoundSeparator[] = [];
  const tol = ADJACENCY_TOLERANCE;
  for (const c of cands) {
    // Every block lies on one side of the band (within the tolerance); the adjacent ones end
    // (before) or start (after) within the band ± tolerance. Side by centre: 2·centre = lo + hi.
    let before: PoolBlock | null = null;
    let after: PoolBlock | null = null;
    if (indexed) {
      for (let k = lowerBound(byHi, hi, c.start - tol); k < byHi.length; k++) {
        const i = byHi[k] ?? outOfRange(k);
        if ((hi[i] ?? outOfRange(i)) > c.end + tol) break;
        if ((lo[i] ?? outOfRange(i)) + (hi[i] ?? outOfRange(i)) < 2 * c.cut && betterRep((blocks[i] ?? outOfRange(i)), before, o)) before = blocks[i] ?? outOfRange(i);
      }
      for (let k = lowerBound(byLo, lo, c.start - tol); k < byLo.length; k++) {
        const i = byLo[k] ?? outOfRange(k);
        if ((lo[i] ?? outOfRange(i)) > c.end + tol) break;
        if ((lo[i] ?? outOfRange(i)) + (hi[i] ?? outOfRange(i)) >= 2 * c.cut && betterRep((blocks[i] ?? outOfRange(i)), after, o)) after = blocks[i] ?? outOfRange(i);
      }
    } else {
      for (let i = 0; i < blocks.length; i++) {
        if ((lo[i] ?? outOfRange(i)) + (hi[i] ?? outOfRange(i)) < 2 * c.cut) {
          if ((hi[i] ?? outOfRange(i)) >= c.start - tol && (hi[i] ?? outOfRange(i)) <= c.end + tol && betterRep((blocks[i] ?? outOfRange(i)), before, o)) before = blocks[i] ?? outOfRange(i);
        } else if ((lo[i] ?? outOfRange(i)) >= c.start - tol && (lo[i] ?? outOfRange(i)) <= c.end + tol && betterRep((blocks[i] ?? outOfRange(i)), after, o)) {
          after = blocks[i] ?? outOfRange(i);
        }
      }
    }
    if (!before || !after) continue;
    const input: WeightInput = {
      pre, orientation: o, start: c.start, end: c.end, thickness: c.thickness, touching: c.touching, spanFrom, spanTo, before, after,
    };
    const terms: WeightTerm[] = [];
    for (const rule of rules) {
      const t = rule(input);
      if (t) terms.push(t);
    }
    // A touching boundary is a separator only where a line or a background change marks it.
    if (c.touching && !terms.some((t) => t.key === 'line' || t.key === 'background')) continue;
    const rect = o === 'horizontal'
      ? { x: area.x0, y: c.start, w: area.x1 - area.x0, h: c.end - c.start }
      : { x: c.start, y: area.y0, w: c.end - c.start, h: area.y1 - area.y0 };
    out.push({ orientation: o, rect, start: c.start, end: c.end, cut: c.cut, thickness: c.thickness, touching: c.touching, terms });
  }
  return out;
}

/**
 * Weigh found separators: the base plus each applying rule's coefficient times its amount. A
 * rule is recorded among the reasons even when its amount is 0, except the span rule, which
 * only counts when it has an amount.
 */
export function weighSeparators(found: readonly FoundSeparator[], weights: SeparatorWeights): DetectedSeparator[] {
  return found.map((f) => {
    let weight = weights.base;
    const reasons: string[] = f.touching ? ['touching'] : [];
    for (const t of f.terms) {
      const amount = weights[t.key];
      if (t.key === 'span' && amount === 0) continue;
      const delta = t.coef * amount;
      weight += delta;
      reasons.push(`${t.name}${signed(delta)}`);
    }
    return {
      orientation: f.orientation, rect: { ...f.rect }, weight, reasons, start: f.start, end: f.end, cut: f.cut, thickness: f.thickness, touching: f.touching,
    };
  });
}

/** Detect and weigh the separators of one orientation among `blocks` inside `area`, in position order. */
export function detectSeparators(
  pre: PreparedPage, blocks: readonly PoolBlock[], area: Box, o: Orientation, weights: SeparatorWeights,
): DetectedSeparator[] {
  return weighSeparators(findSeparators(pre, blocks, area, o), weights);
}

/**
 * Found separators by area and blocks, for segmenting one page again under other weights (the
 * fit does): detection depends only on the blocks and the area, so it is done once. A block is
 * named by its first node and node count (one element, or a run of consecutive siblings).
 */
export type SeparatorCache = Map<string, FoundSeparator[]>;

function cacheKey(blocks: readonly PoolBlock[], area: Box): string {
  let k = `${area.x0},${area.y0},${area.x1},${area.y1}`;
  for (const b of blocks) k += `|${(b.ids[0] ?? outOfRange(0))}+${b.ids.length}`;
  return k;
}

/** Both orientations found: horizontal first, each in position order. Backdrops take no part. */
export function findAllSeparators(pre: PreparedPage, blocks: readonly PoolBlock[], area: Box): FoundSeparator[] {
  const solid = withoutBackdrops(pre, blocks);
  const both = (bs: readonly PoolBlock[]): FoundSeparator[] =>
    [...findSeparators(pre, bs, area, 'horizontal'), ...findSeparators(pre, bs, area, 'vertical')];
  const panels = solid.length >= 2 ? panelsOf(pre, solid) : [];
  if (panels.length) {
    // Panels only decide which gaps come first; they never make an area inseparable.
    const seps = both([...solid, ...panels]);
    if (seps.length) return seps;
  }
  return both(solid);
}

/** Both orientations detected and weighed (found once per blocks and area when a cache is given). */
export function detectAllSeparators(
  pre: PreparedPage, blocks: readonly PoolBlock[], area: Box, weights: SeparatorWeights, cache?: SeparatorCache,
): DetectedSeparator[] {
  if (!cache) return weighSeparators(findAllSeparators(pre, blocks, area), weights);
  const key = cacheKey(blocks, area);
  let found = cache.get(key);
  if (!found) {
    found = findAllSeparators(pre, blocks, area);
    cache.set(key, found);
  }
  return weighSeparators(found, weights);
}

/** Visible characters of a pool block. */
export function blockChars(pre: PreparedPage, b: PoolBlock): number {
  let n = 0;
  for (const id of b.ids) n += pre.chars[id] ?? outOfRange(id);
  return n;
}

/**
 * Share of a text block's area that must lie on a textless block for that block to count as a
 * backdrop.
 */
export const BACKDROP_COVER = 0.5;

/**
 * The blocks that take part in separator detection: all but backdrops. A backdrop is a block
 * without text (a decorative image, an empty positioned box) that lies under a text block, i.e.
 * covers at least BACKDROP_COVER of some text block's area. People see the text on it, not a
 * wall: without this rule a 1366×1000 background image merges the header and the content it
 * sits behind into one inseparable leaf. Backdrops still belong to the part their centre falls
 * in.
 */
export function withoutBackdrops(pre: PreparedPage, blocks: readonly PoolBlock[]): readonly PoolBlock[] {
  if (blocks.length < 3) return blocks;
  const text: PoolBlock[] = [];
  const bare: number[] = [];
  blocks.forEach((b, i) => {
    if (blockChars(pre, b) > 0) text.push(b);
    else bare.push(i);
  });
  if (bare.length === 0 || text.length < 2) return blocks;
  const drop = new Set<number>();
  for (const i of bare) {
    const m = (blocks[i] ?? outOfRange(i)).box;
    for (const t of text) {
      const a = t.box;
      const w = Math.min(a.x1, m.x1) - Math.max(a.x0, m.x0);
      const h = Math.min(a.y1, m.y1) - Math.max(a.y0, m.y0);
      const area = (a.x1 - a.x0) * (a.y1 - a.y0);
      if (w > 0 && h > 0 && area > 0 && w * h >= BACKDROP_COVER * area) {
        drop.add(i);
        break;
      }
    }
  }
  return drop.size ? blocks.filter((_, i) => !drop.has(i)) : blocks;
}

/** An element that draws a visible box of its own: a background unlike its parent's, an image, or a border. */
function isPanel(pre: PreparedPage, id: number): boolean {
  const node = pre.nodes[id] ?? outOfRange(id);
  if (node.kind !== 'element' || !node.visible || !node.style) return false;
  if ((pre.bx1[id] ?? outOfRange(id)) <= (pre.bx0[id] ?? outOfRange(id)) || (pre.by1[id] ?? outOfRange(id)) <= (pre.by0[id] ?? outOfRange(id))) return false;
  const p = pre.parent[id] ?? outOfRange(id);
  const s = node.style;
  return (p >= 0 && pre.bg[id] !== pre.bg[p]) || s.backgroundImage || s.borderTop > 0 || s.borderBottom > 0 || s.borderLeft > 0 || s.borderRight > 0;
}

/** isPanel of each node of a page, worked out when first asked (-1: not yet), by page. */
const panels = new WeakMap<PreparedPage, Int8Array>();

/**
 * The page's isPanel flags: panelsOf asks about every ancestor of every block, in every area of
 * every round, and the areas of a page share their ancestors.
 */
function panelFlags(pre: PreparedPage): Int8Array {
  let flags = panels.get(pre);
  if (!flags) panels.set(pre, (flags = new Int8Array(pre.nodes.length).fill(-1)));
  return flags;
}

/**
 * Panels: the visible boxes (see isPanel) that hold some but not all of the blocks. People see a
 * panel as one continuous region, so a gap in the text inside it is no gap across the page: in
 * separator detection a panel occupies its whole box, like a block. (Without this, a sidebar that
 * runs longer than the content column beside it lets a horizontal gap below the content's text
 * part the page across both columns, ahead of the columns' own boundary.)
 */
export function panelsOf(pre: PreparedPage, blocks: readonly PoolBlock[]): PoolBlock[] {
  const panel = panelFlags(pre);
  const under = new Map<number, number[]>();
  blocks.forEach((b, i) => {
    const start = b.ids[0] ?? outOfRange(0);
    for (let id = pre.parent[start] ?? outOfRange(start); id >= 0; id = pre.parent[id] ?? outOfRange(id)) {
      // only panels are kept below: listing the blocks under the other ancestors is wasted
      let flag = panel[id] ?? outOfRange(id);
      if (flag < 0) panel[id] = flag = isPanel(pre, id) ? 1 : 0;
      if (!flag) continue;
      const list = under.get(id);
      if (list) list.push(i);
      else under.set(id, [i]);
    }
  });
  const out: PoolBlock[] = [];
  for (const [id, inside] of under) {
    if (inside.length >= blocks.length) continue;
    const box = { x0: (pre.bx0[id] ?? outOfRange(id)), y0: (pre.by0[id] ?? outOfRange(id)), x1: (pre.bx1[id] ?? outOfRange(id)), y1: (pre.by1[id] ?? outOfRange(id)) };
    // A panel that runs into blocks outside it is no clean region: leave it out.
    const mine = new Set(inside);
    let clean = true;
    for (let i = 0; i < blocks.length && clean; i++) {
      if (mine.has(i)) continue;
      const b = (blocks[i] ?? outOfRange(i)).box;
      if (Math.min(b.x1, box.x1) - Math.max(b.x0, box.x0) > ADJACENCY_TOLERANCE && Math.min(b.y1, box.y1) - Math.max(b.y0, box.y0) > ADJACENCY_TOLERANCE) clean = false;
    }
    if (clean) out.push({ ids: [id], group: false, box, doc: 1, rule: 'panel' });
  }
  return out.sort((a, b) => (a.ids[0] ?? outOfRange(0)) - (b.ids[0] ?? outOfRange(0)));
}
