/**
 * Roles for the blocks, in two steps that follow the two levels of the block tree
 * (segment/levels.ts):
 *
 * 1. Regions (the top-level blocks), by rules: the region that holds the main content is `main`
 *    (`content` when the page has no article, for the region with the most non-link text). The
 *    others are named by where they sit against it: beside it `sidebar`, above it `header`, below
 *    it `footer`. A large fixed block is an `overlay`; a region whose own elements say what it is
 *    (`<nav>`, `<footer>`, `role=complementary`, `class="sidebar"`, ...) takes that role.
 * 2. The fine blocks (the fine level, a region without a finer split included), by the role
 *    model (models/roles.json, a gradient-boosted tree ensemble fitted by scripts/fit-roles.mjs
 *    on the block types people marked on the seg-random pages; docs/segmentation.md): one of
 *    header, navigation, content, sidebar, footer, advertisement, comments, from the block's
 *    place on the page and against the main content (in its column, above or below it), its
 *    size, its text (length, link density, link length, sentences, main-content share, its rank
 *    by plain text), its DoC, the role its own elements name and the nearest element above, its
 *    region's role and features, and its place among the others (in its region's run of blocks,
 *    in the regions' order, between which regions; role-features.ts), and the shape of its DOM
 *    (a run of like items, where its links lead, dates in its text; block-shape.ts). `content`
 *    is `main` for a block that is mostly main-content text, `navigation` in the main region
 *    below the article `related`; a picture without text of an advertising banner's size is an
 *    `advertisement`.
 *    Inside an overlay everything is `overlay`.
 *
 * A block has a role per level: `role` is the one of the top-level view (a region's rule role,
 * a fine block's model role), `fineRole` the one of the fine view. They differ only for a region
 * that is itself a fine block (a top-level block with no finer split): its `role` is the rule's,
 * its `fineRole` the model's, which sees it as a fine block like any other (with itself as its
 * region) and agrees more often with the people's innermost types, while the rule agrees more
 * often with their top-level ones (docs/segmentation.md, "Roles").
 *
 * Blocks above the regions are containers (`other`); blocks between a region and its fine
 * blocks take the role covering most of their text. Without levels (a tree from an older
 * caller), each leaf is its own region.
 */
import type { Block } from '../segment/types.js';
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import { closest } from '../snapshot/tree.js';
import { featureColumns, predictMargins, type TreeModel } from './model.js';
import { BlockShapes } from './block-shape.js';
import type { TextTally } from './blocks.js';
import { ROLE_FEATURES, plainChars, roleFeatureRow, rolePage, type RoleContext } from './role-features.js';
import type { BlockRecord, Decision, Role } from './types.js';
import { at } from '../util/at.js';
import { roleHint } from './hints.js';
import {
  AD_BANNER_MAX_HEIGHT, AD_BANNER_MIN_RATIO, AD_BANNER_MIN_WIDTH, AD_UPRIGHT_MAX_HEIGHT, AD_UPRIGHT_MAX_WIDTH, AD_UPRIGHT_MIN_HEIGHT,
  OVERLAY_AREA_SHARE, OVERLAY_SCREEN_PX, ROLE_EDGE_PX, ROLE_FOOTER_ZONE, ROLE_HEADER_ZONE, ROLE_LINK_LIST_DENSITY, ROLE_LINK_LIST_MIN_LINKS,
  ROLE_MAIN_SHARE, ROLE_MAX_BAND,
} from './params.js';

/** Which blocks make up each level of the tree (segment's `BlockTree.levels`). */
export interface RoleLevels {
  top: readonly string[];
  fine: readonly string[];
}

/** The role model's classes: the roles it can give a fine block, `content` standing for `main` too. */
export const ROLE_CLASSES = ['header', 'navigation', 'content', 'sidebar', 'footer', 'advertisement', 'comments'] as const;
export type RoleClass = (typeof ROLE_CLASSES)[number];

function within(id: string, ancestor: string): boolean {
  return id === ancestor || id.startsWith(ancestor + '-');
}

function bottom(r: Rect): number {
  return r.y + r.h;
}

function isLinkList(r: BlockRecord): boolean {
  return r.features.linkDensity >= ROLE_LINK_LIST_DENSITY && r.features.links >= ROLE_LINK_LIST_MIN_LINKS;
}

function isOverlay(r: BlockRecord, W: number, H: number): boolean {
  const f = r.features;
  return f.positionFixed && (f.hint === 'overlay' || r.rect.w * r.rect.h > OVERLAY_AREA_SHARE * W * Math.min(H, OVERLAY_SCREEN_PX));
}

/** Non-link characters of the main content a block holds. */
function mainChars(r: BlockRecord): number {
  return r.features.chars * r.features.mainShare;
}

/** Step 1: the role of a top-level block. */
export function regionRole(t: BlockRecord, mainRegion: BlockRecord | null, hasArticle: boolean, W: number, H: number): Role {
  if (isOverlay(t, W, H)) return 'overlay';
  if (t === mainRegion) return hasArticle ? 'main' : 'content';
  const hint = t.features.hint;
  if (hint === 'header' || hint === 'footer' || hint === 'sidebar' || hint === 'navigation') return hint;
  if (!mainRegion) return t.features.chars > 0 && isLinkList(t) ? 'navigation' : 'other';
  const m = mainRegion.rect;
  const r = t.rect;
  const beside = r.y < bottom(m) - ROLE_EDGE_PX && bottom(r) > m.y + ROLE_EDGE_PX;
  if (beside) return 'sidebar';
  if (r.h > ROLE_MAX_BAND) return 'content';
  if (r.y + r.h / 2 < m.y) return r.y <= ROLE_HEADER_ZONE * H ? 'header' : 'content';
  return bottom(r) >= (1 - ROLE_FOOTER_ZONE) * H ? 'footer' : 'content';
}

/** The regions of a page with their roles, and the fine blocks inside them with their feature rows. */
export interface RoleTable {
  regions: BlockRecord[];
  regionRoles: Role[];
  /** The fine blocks, regions that are fine blocks too included. */
  blocks: BlockRecord[];
  /** Index into `regions` of the region each fine block lies in, or is (-1: none). */
  regionOf: number[];
  /** ROLE_FEATURES.length values per fine block, row-major. */
  rows: Float32Array;
}

/**
 * Step 1 for every region, and the role model's features for every fine block (records pre-order,
 * root first). `nodes` gives the snapshot nodes each block owns (segment's `Block.nodes`); a block
 * missing from it has no DOM shape (block-shape.ts) to show.
 */
export function roleTable(records: readonly BlockRecord[], main: Decision['main'], snapshot: PageSnapshot, levels?: RoleLevels, nodes?: ReadonlyMap<string, readonly number[]>, text?: TextTally): RoleTable {
  const byId = new Map(records.map((r) => [r.id, r]));
  const leafIds = records.filter((r) => r.leaf).map((r) => r.id);
  const regions = (levels?.top ?? leafIds).filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  const W = snapshot.document.width;
  const H = snapshot.document.height;
  let mainRegion: BlockRecord | null = null;
  let best = 0;
  for (const t of regions) {
    const v = main ? mainChars(t) : t.features.chars * (1 - t.features.linkDensity);
    if (v > best) [mainRegion, best] = [t, v];
  }
  const regionRoles = regions.map((t) => regionRole(t, mainRegion, main !== null, W, H));
  const blocks = (levels?.fine ?? leafIds).filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  const regionOf = blocks.map((b) => regions.findIndex((t) => within(b.id, t.id)));
  const page = rolePage(records, main?.rect ?? null, snapshot);
  const n = ROLE_FEATURES.length;
  const rows = new Float32Array(blocks.length * n);
  const count = new Map<number, number>();
  for (const k of regionOf) count.set(k, (count.get(k) ?? 0) + 1);
  const seen = new Map<number, number>();
  const shapes = new BlockShapes(snapshot, text);
  const rank = new Array<number>(blocks.length);
  blocks.map((b, i) => [plainChars(b), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]).forEach(([, i], r) => (rank[i] = r));
  blocks.forEach((b, i) => {
    const k = at(regionOf, i);
    const prev = i > 0 && regionOf[i - 1] === k ? at(blocks, i - 1) : null;
    const next = i + 1 < blocks.length && regionOf[i + 1] === k ? at(blocks, i + 1) : null;
    const index = seen.get(k) ?? 0;
    seen.set(k, index + 1);
    const ctx: RoleContext = {
      index, count: count.get(k) ?? 1, regionIndex: k, regions: regions.length,
      prevAny: i > 0 ? at(blocks, i - 1) : null, nextAny: i + 1 < blocks.length ? at(blocks, i + 1) : null,
      prevRegionRole: k > 0 ? at(regionRoles, k - 1) : null, nextRegionRole: k >= 0 && k + 1 < regions.length ? at(regionRoles, k + 1) : null,
      ancestorHint: ancestorHint(snapshot, nodes?.get(b.id) ?? []),
      plainRank: blocks.length > 1 ? at(rank, i) / (blocks.length - 1) : 0,
    };
    const shape = shapes.row(nodes?.get(b.id) ?? []);
    rows.set(roleFeatureRow(b, k >= 0 ? at(regions, k) : b, k >= 0 ? at(regionRoles, k) : 'other', prev, next, page, ctx, shape), i * n);
  });
  return { regions, regionRoles, blocks, regionOf, rows };
}

/** The role named by the nearest element above a block's first root node (role-features.ts, RoleContext.ancestorHint). */
function ancestorHint(snapshot: PageSnapshot, roots: readonly number[]): Role | null {
  const first = roots[0];
  if (first === undefined) return null;
  const parent = at(snapshot.nodes, first).parent;
  const id = parent < 0 ? -1 : closest(snapshot, parent, (node) => roleHint(node) !== null);
  return id < 0 ? null : roleHint(at(snapshot.nodes, id));
}

/** The snapshot nodes each block of the tree owns, by block id (roleTable's `nodes`). */
export function blockNodes(root: Block): Map<string, readonly number[]> {
  const out = new Map<string, readonly number[]>();
  const stack = [root];
  for (let b = stack.pop(); b; b = stack.pop()) {
    out.set(b.id, b.nodes);
    for (const c of b.children) stack.push(c);
  }
  return out;
}

/** The class the model gives each fine block of a role table. */
export function predictRoleClasses(model: TreeModel, table: RoleTable): RoleClass[] {
  const cols = featureColumns(model, ROLE_FEATURES);
  const margins = predictMargins(model, table.rows, ROLE_FEATURES.length, cols);
  const k = model.classes.length;
  return table.blocks.map((_, i) => {
    let best = 0;
    for (let c = 1; c < k; c++) if (at(margins, i * k + c) > at(margins, i * k + best)) best = c;
    return model.classes[best] as RoleClass;
  });
}

/**
 * Step 2: the role of a fine block of class `cls` inside a region of role `region`, on a page
 * whose main content is `main`. Links in the main region below the article are `related` (both
 * agree with the people's LinkList).
 */
export function blockRole(cls: RoleClass, block: BlockRecord, region: Role, main: Decision['main']): Role {
  if (region === 'overlay') return 'overlay';
  // A picture without text has no characters for the model to have learnt from: the size of a
  // standard advertising banner names it.
  if (block.features.chars === 0 && block.features.images > 0 && isAdShape(block.rect)) return 'advertisement';
  if (cls === 'navigation' && region === 'main' && main && block.rect.y >= bottom(main.rect) - ROLE_EDGE_PX) return 'related';
  if (cls !== 'content') return cls;
  if (main && block.features.chars > 0 && block.features.mainShare >= ROLE_MAIN_SHARE) return 'main';
  return 'content';
}

export function assignRoles(records: BlockRecord[], main: Decision['main'], snapshot: PageSnapshot, model: TreeModel, levels?: RoleLevels, nodes?: ReadonlyMap<string, readonly number[]>, text?: TextTally): void {
  const W = snapshot.document.width;
  const H = snapshot.document.height;
  const table = roleTable(records, main, snapshot, levels, nodes, text);
  const classes = predictRoleClasses(model, table);
  table.blocks.forEach((b, i) => {
    const k = at(table.regionOf, i);
    b.role = isOverlay(b, W, H) ? 'overlay' : blockRole(at(classes, i), b, k >= 0 ? at(table.regionRoles, k) : 'other', main);
    b.fineRole = b.role;
  });
  // A region keeps its rule role at the top level, whatever its fine role.
  table.regions.forEach((t, i) => (t.role = at(table.regionRoles, i)));
  // Blocks above the regions are containers; blocks between a region and its fine blocks take
  // the role covering most of their text. Neither is a block of the fine level: one role serves.
  const fines = new Set(table.blocks);
  const given = new Set([...table.regions, ...table.blocks]);
  for (const r of records) {
    if (!given.has(r)) r.role = table.regions.some((t) => within(t.id, r.id)) ? 'other' : majorityRole(r, table.blocks);
    if (!fines.has(r)) r.fineRole = r.role;
  }
}

/** A standard banner or rectangle size of advertising (IAB): leaderboards, skyscrapers, rectangles. */
function isAdShape(r: Rect): boolean {
  const banner = r.w >= AD_BANNER_MIN_WIDTH && r.h <= AD_BANNER_MAX_HEIGHT && r.w / Math.max(1, r.h) >= AD_BANNER_MIN_RATIO;
  const upright = r.w <= AD_UPRIGHT_MAX_WIDTH && r.h >= AD_UPRIGHT_MIN_HEIGHT && r.h <= AD_UPRIGHT_MAX_HEIGHT;
  return banner || upright;
}

/** The (fine) role covering most of a block's fine blocks' text (area when they have none). */
function majorityRole(r: BlockRecord, fines: readonly BlockRecord[]): Role {
  const weight = new Map<Role, number>();
  for (const l of fines) {
    if (!within(l.id, r.id)) continue;
    const w = l.features.chars || (l.rect.w * l.rect.h) / 1e6;
    weight.set(l.fineRole, (weight.get(l.fineRole) ?? 0) + w);
  }
  let best: Role = 'other';
  let bestW = -1;
  for (const [role, w] of weight) if (w > bestW) [best, bestW] = [role, w];
  return best;
}

/** A block's role in the view of one level: `role` at the top, `fineRole` at the fine level. */
export function roleAt(b: Pick<BlockRecord, 'role' | 'fineRole'>, level: 'top' | 'fine'): Role {
  return level === 'top' ? b.role : b.fineRole;
}
