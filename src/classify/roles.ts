/**
 * Roles for the blocks, in two steps that follow the two levels of the block tree
 * (segment/levels.ts):
 *
 * 1. Regions (the top-level blocks): the region that holds the main content is `main` (`content`
 *    when the page has no article, for the region with the most non-link text). The others are
 *    named by where they sit against it: beside it `sidebar`, above it `header`, below it
 *    `footer`. A large fixed block is an `overlay`; a region whose own elements say what it is
 *    (`<nav>`, `<footer>`, `role=complementary`, `class="sidebar"`, ...) takes that role.
 * 2. Blocks inside a region (the leaves): main-content text is `main`; a list of links is
 *    `navigation` (`related` below the article in the main region); comments and advertisements
 *    named by their elements keep those roles; anything else takes its region's role (`content`
 *    in the main region).
 *
 * Blocks between the two levels take the role that covers most of their leaves' text. Without
 * levels (a tree from an older caller), each leaf is its own region.
 */
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import type { BlockRecord, Decision, Role } from './types.js';

/** Which blocks make up each level of the tree (segment's `BlockTree.levels`). */
export interface RoleLevels {
  top: readonly string[];
  fine: readonly string[];
}

/** A block is a list of links when at least this share of its text is link text... */
export const LINK_LIST_DENSITY = 0.5;
/** ...and it holds at least this many links. */
export const LINK_LIST_MIN_LINKS = 2;
/** A region above the main one is the header when it starts in this top share of the page... */
export const HEADER_ZONE = 0.25;
/** ...and one below it the footer when it ends in this bottom share; otherwise both are content. */
export const FOOTER_ZONE = 0.1;
/** A header or footer is at most about a screen tall (px); a taller region above or below the main one is content. */
export const MAX_BAND = 1000;
/** Pixels of slack when comparing region edges. */
const EDGE = 4;

function within(id: string, ancestor: string): boolean {
  return id === ancestor || id.startsWith(ancestor + '-');
}

function bottom(r: Rect): number {
  return r.y + r.h;
}

function isLinkList(r: BlockRecord): boolean {
  return r.features.linkDensity >= LINK_LIST_DENSITY && r.features.links >= LINK_LIST_MIN_LINKS;
}

function isOverlay(r: BlockRecord, W: number, H: number): boolean {
  const f = r.features;
  return f.positionFixed && (f.hint === 'overlay' || r.rect.w * r.rect.h > 0.25 * W * Math.min(H, 900));
}

/** Non-link characters of the main content a block holds. */
function mainChars(r: BlockRecord): number {
  return r.features.chars * r.features.mainShare;
}

export function assignRoles(records: BlockRecord[], main: Decision['main'], snapshot: PageSnapshot, levels?: RoleLevels): void {
  const byId = new Map(records.map((r) => [r.id, r]));
  const leaves = records.filter((r) => r.leaf);
  const topIds = levels?.top.filter((id) => byId.has(id)) ?? leaves.map((r) => r.id);
  const tops = topIds.map((id) => byId.get(id)!);
  const W = snapshot.document.width;
  const H = snapshot.document.height;

  // 1. Regions. The main region: the top block with the most main-content text; without an
  // article, the one with the most non-link text.
  let mainRegion: BlockRecord | null = null;
  let best = 0;
  for (const t of tops) {
    const v = main ? mainChars(t) : t.features.chars * (1 - t.features.linkDensity);
    if (v > best) [mainRegion, best] = [t, v];
  }
  const regionOf = new Map<string, Role>();
  for (const t of tops) regionOf.set(t.id, regionRole(t, mainRegion, main !== null, W, H));

  // 2. Leaves, by their region.
  const regionFor = (id: string): { top: BlockRecord; role: Role } | null => {
    for (const t of tops) if (within(id, t.id)) return { top: t, role: regionOf.get(t.id)! };
    return null;
  };
  for (const l of leaves) {
    const region = regionFor(l.id);
    l.role = leafRole(l, region?.role ?? 'other', main, W, H);
  }

  // Region blocks that are not leaves keep their region role; blocks above the regions are
  // containers; blocks between a region and its leaves take the role covering most of their text.
  for (const r of records) {
    if (r.leaf) continue;
    const role = regionOf.get(r.id);
    if (role) {
      r.role = role;
      continue;
    }
    if (tops.some((t) => within(t.id, r.id))) {
      r.role = 'other';
      continue;
    }
    r.role = majorityRole(r, leaves);
  }
}

/** Step 1: the role of a top-level block. */
function regionRole(t: BlockRecord, mainRegion: BlockRecord | null, hasArticle: boolean, W: number, H: number): Role {
  if (isOverlay(t, W, H)) return 'overlay';
  if (t === mainRegion) return hasArticle ? 'main' : 'content';
  const hint = t.features.hint;
  if (hint === 'header' || hint === 'footer' || hint === 'sidebar' || hint === 'navigation') return hint;
  if (!mainRegion) return t.features.chars > 0 && isLinkList(t) ? 'navigation' : 'other';
  const m = mainRegion.rect;
  const r = t.rect;
  const beside = r.y < bottom(m) - EDGE && bottom(r) > m.y + EDGE;
  if (beside) return 'sidebar';
  if (r.h > MAX_BAND) return 'content';
  if (r.y + r.h / 2 < m.y) return r.y <= HEADER_ZONE * H ? 'header' : 'content';
  return bottom(r) >= (1 - FOOTER_ZONE) * H ? 'footer' : 'content';
}

/** Step 2: the role of a leaf inside a region with role `region`. */
function leafRole(l: BlockRecord, region: Role, main: Decision['main'], W: number, H: number): Role {
  const f = l.features;
  if (isOverlay(l, W, H) || region === 'overlay') return 'overlay';
  if (f.hint === 'comments' || f.hint === 'advertisement') return f.hint;
  if (f.chars === 0 && f.images > 0 && isAdShape(l.rect)) return 'advertisement';
  if (f.mainShare > 0.5 && f.chars > 0) return 'main';
  if (isLinkList(l)) {
    if (region === 'main' && main && l.rect.y >= bottom(main.rect) - EDGE) return 'related';
    return 'navigation';
  }
  if (region === 'main') return 'content';
  return region;
}

/** A standard banner or rectangle size of advertising (IAB): leaderboards, skyscrapers, rectangles. */
function isAdShape(r: Rect): boolean {
  return (r.w >= 300 && r.h <= 120 && r.w / Math.max(1, r.h) >= 4) || (r.w <= 336 && r.h >= 250 && r.h <= 620);
}

/** The role covering most of a block's leaves' text (area when they have none). */
function majorityRole(r: BlockRecord, leaves: readonly BlockRecord[]): Role {
  const weight = new Map<Role, number>();
  for (const l of leaves) {
    if (!within(l.id, r.id)) continue;
    const w = l.features.chars || (l.rect.w * l.rect.h) / 1e6;
    weight.set(l.role, (weight.get(l.role) ?? 0) + w);
  }
  let best: Role = 'other';
  let bestW = -1;
  for (const [role, w] of weight) if (w > bestW) [best, bestW] = [role, w];
  return best;
}
