/**
 * What the role model (models/roles.json, fitted by scripts/fit-roles.mjs on people's block types)
 * sees of a fine block: where it sits on the page and against the main content, how big it is,
 * what its text is like (links, length, sentences, main-content share), what its links and list
 * items are like (a menu's short one-link items against a teaser list's headline links), which
 * boilerplate role its own elements name (and the nearest element above it), its DoC, the role
 * and features of the region (top-level block) it lies in (itself, for a region with no finer
 * split), and its place among the other blocks and regions, and the shape of its DOM
 * (block-shape.ts: a run of like items, where its links lead and whether the page repeats them,
 * dates and separators in its text).
 * Every value comes from the decision record's block features (blocks.ts), the tree's two levels
 * and the block's own nodes; nothing here looks at the people's marks.
 */
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import { SHAPE_FEATURES } from './block-shape.js';
import type { BlockRecord, Role } from './types.js';

/** Region roles (roles.ts, step 1) that get a feature each. */
const REGION_ROLES: readonly Role[] = ['main', 'content', 'header', 'footer', 'sidebar', 'navigation', 'overlay', 'other'];

/** Hints (roles named by a block's own elements) that get a feature each. */
const HINTS: readonly Role[] = ['header', 'footer', 'sidebar', 'navigation', 'related', 'comments', 'advertisement', 'overlay'];

/** Lengths in px are capped here, so that very long pages do not spread the values apart. */
const PX_CAP = 6000;

/** Pixels of slack when comparing a block's edges with the main content's. */
const EDGE = 4;

/** A block's width against the main content's is capped here (a full-width band over a narrow column). */
const WIDTH_RATIO_CAP = 4;

/** The feature names, in the order of {@link roleFeatureRow}'s values. */
export const ROLE_FEATURES: readonly string[] = [
  'left', 'right', 'top', 'bottom', 'topPx', 'belowPx', 'widthShare', 'heightPx', 'areaShare', 'centring',
  'logChars', 'logPlainChars', 'logLines', 'charsPerLink', 'linksPerLine', 'prevLinkDensity', 'nextLinkDensity', 'regionShare', 'charsShare', 'linkDensity', 'textDensity', 'wordsPerLine', 'sentences', 'relFontSize',
  'links', 'listItems', 'paragraphs', 'headings', 'images', 'formControls', 'tables',
  'linkWords', 'headlineLinks', 'linkItems', 'listShare', 'shortRuns',
  'mainShare', 'prose', 'score', 'doc', 'fixed',
  ...HINTS.map((h) => `hint_${h}`),
  'aboveMain', 'belowMain', 'besideMain', 'insideMain', 'noMain',
  'regionTop', 'regionBottom', 'regionLeft', 'regionRight', 'regionCharsShare', 'regionLinkDensity', 'regionMainShare',
  ...REGION_ROLES.map((r) => `region_${r}`),
  ...HINTS.map((h) => `regionHint_${h}`),
  'isRegion', 'siblings', 'siblingIndex', 'regionIndex', 'regions', 'prevAnyLinkDensity', 'nextAnyLinkDensity',
  ...REGION_ROLES.map((r) => `prevRegion_${r}`),
  ...REGION_ROLES.map((r) => `nextRegion_${r}`),
  ...SHAPE_FEATURES,
  'mainOverlapX', 'widthToMain', 'gapAboveMain', 'gapBelowMain', 'pageLinkDensity', 'relLinkDensity',
  ...HINTS.map((h) => `ancestorHint_${h}`),
  'plainRank', 'plainShare',
];

/**
 * Where a fine block sits among the others: its place in its region's run of fine blocks, its
 * region's place among the regions, the fine blocks just before and after it on the page whatever
 * their region, and the rule roles of the regions before and after its own (a footer region
 * follows the content, a lone link block between header and main is the menu).
 */
export interface RoleContext {
  /** Index of the block among its region's fine blocks, and how many there are. */
  index: number;
  count: number;
  /** Index of its region among the page's regions (-1: none), and how many there are. */
  regionIndex: number;
  regions: number;
  /** The fine blocks before and after it in reading order, null at the page's ends. */
  prevAny: BlockRecord | null;
  nextAny: BlockRecord | null;
  /** The rule roles of the regions before and after its region, null at the ends. */
  prevRegionRole: Role | null;
  nextRegionRole: Role | null;
  /**
   * The role named by the nearest element above the block's own roots that names one (a landmark,
   * a tag such as `<aside>`, a class such as `sidebar`; hints.ts), however far up: a fine block deep
   * inside a `<nav>` or a `div.footer` whose region starts higher still lies in it. Null: none.
   */
  ancestorHint: Role | null;
  /**
   * The block's rank among the page's fine blocks by non-link characters (0: the most), as a
   * share of their number: the page's longest plain texts are its content, whatever their size.
   */
  plainRank: number;
}

/** The page-wide values every row of a page shares. */
export interface RolePage {
  width: number;
  height: number;
  /** Characters of the whole page's blocks (the root's). */
  chars: number;
  /** The main content's rectangle (classify's `main`), or null on a page without one. */
  main: Rect | null;
  /** Share of the whole page's text that is link text (the root's): a link-heavy page's content is link-heavy too. */
  linkDensity: number;
}

/** A block's characters that are not link text. */
export function plainChars(b: BlockRecord): number {
  return b.features.chars * (1 - b.features.linkDensity);
}

function bottom(r: Rect): number {
  return r.y + r.h;
}

const cap = (px: number): number => Math.max(0, Math.min(PX_CAP, px));

/**
 * One row of features (ROLE_FEATURES) for the fine block `block` inside `region`, whose role is
 * `regionRole`; `prev` and `next` are the fine blocks before and after it in the same region
 * (a menu is a run of link blocks), null at the region's ends; `ctx` places it among the others;
 * `shape` is its SHAPE_FEATURES values (BlockShapes.row).
 */
export function roleFeatureRow(block: BlockRecord, region: BlockRecord, regionRole: Role, prev: BlockRecord | null, next: BlockRecord | null, page: RolePage, ctx: RoleContext, shape: readonly number[]): number[] {
  const W = Math.max(1, page.width);
  const H = Math.max(1, page.height);
  const f = block.features;
  const r = block.rect;
  const m = page.main;
  const rf = region.features;
  const rr = region.rect;
  const aboveMain = m !== null && bottom(r) <= m.y + EDGE;
  const belowMain = m !== null && r.y >= bottom(m) - EDGE;
  const insideMain = m !== null && r.x >= m.x - EDGE && r.y >= m.y - EDGE && r.x + r.w <= m.x + m.w + EDGE && bottom(r) <= bottom(m) + EDGE;
  const beside = m !== null && !aboveMain && !belowMain && !insideMain;
  return [
    r.x / W, (r.x + r.w) / W, r.y / H, bottom(r) / H, cap(r.y), cap(H - bottom(r)), r.w / W, cap(r.h), f.areaShare, f.centring,
    Math.log1p(f.chars), Math.log1p(f.chars * (1 - f.linkDensity)), Math.log1p(f.wordsPerLine ? f.words / f.wordsPerLine : 0),
    f.links ? (f.chars * f.linkDensity) / f.links : 0, f.wordsPerLine && f.words ? f.links / (f.words / f.wordsPerLine) : 0,
    prev ? prev.features.linkDensity : -1, next ? next.features.linkDensity : -1, rf.chars ? f.chars / rf.chars : 0, page.chars ? f.chars / page.chars : 0, f.linkDensity, f.textDensity, f.wordsPerLine, f.sentences, f.relFontSize,
    f.links, f.listItems, f.paragraphs, f.headings, f.images, f.formControls, f.tables,
    f.linkWords, f.headlineLinks, f.linkItems, f.listShare, f.shortRuns,
    f.mainShare, f.prose, block.score, block.doc, f.positionFixed ? 1 : 0,
    ...HINTS.map((h) => (f.hint === h ? 1 : 0)),
    aboveMain ? 1 : 0, belowMain ? 1 : 0, beside ? 1 : 0, insideMain ? 1 : 0, m === null ? 1 : 0,
    rr.y / H, bottom(rr) / H, rr.x / W, (rr.x + rr.w) / W, page.chars ? rf.chars / page.chars : 0, rf.linkDensity, rf.mainShare,
    ...REGION_ROLES.map((x) => (regionRole === x ? 1 : 0)),
    ...HINTS.map((h) => (rf.hint === h ? 1 : 0)),
    block === region ? 1 : 0, ctx.count, ctx.count > 1 ? ctx.index / (ctx.count - 1) : 0.5,
    ctx.regionIndex < 0 ? -1 : ctx.regions > 1 ? ctx.regionIndex / (ctx.regions - 1) : 0.5, ctx.regions,
    ctx.prevAny ? ctx.prevAny.features.linkDensity : -1, ctx.nextAny ? ctx.nextAny.features.linkDensity : -1,
    ...REGION_ROLES.map((x) => (ctx.prevRegionRole === x ? 1 : 0)),
    ...REGION_ROLES.map((x) => (ctx.nextRegionRole === x ? 1 : 0)),
    ...shape,
    // the main content's column: how much of the block's width lies in it, how wide it is against
    // it, and how far (px) above or below it the block starts (-1: not above / below, or no main)
    m ? Math.max(0, Math.min(r.x + r.w, m.x + m.w) - Math.max(r.x, m.x)) / Math.max(1, r.w) : 0,
    m ? Math.min(WIDTH_RATIO_CAP, r.w / Math.max(1, m.w)) : 0,
    aboveMain && m ? cap(m.y - bottom(r)) : -1, belowMain && m ? cap(r.y - bottom(m)) : -1,
    // the page's link density and the block's above it: on a page of links, its content is links too
    page.linkDensity, f.linkDensity - page.linkDensity,
    ...HINTS.map((h) => (ctx.ancestorHint === h ? 1 : 0)),
    // its rank among the page's fine blocks by plain (non-link) text, and its share of that text
    ctx.plainRank, page.chars ? plainChars(block) / Math.max(1, page.chars * (1 - page.linkDensity)) : 0,
  ];
}

/** The page-wide values for a page's block records (pre-order, root first). */
export function rolePage(records: readonly BlockRecord[], main: Rect | null, snapshot: PageSnapshot): RolePage {
  return { width: snapshot.document.width, height: snapshot.document.height, chars: records[0]?.features.chars ?? 0, main, linkDensity: records[0]?.features.linkDensity ?? 0 };
}
