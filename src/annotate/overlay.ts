/**
 * The annotation overlay as SVG: pure string building, no I/O.
 *
 * Everything is described as a list of primitives (an SVG fragment plus its bounding box) in paint
 * order, in image (= document, CSS px) coordinates with integer values and crisp edges. The list
 * is then cut into tiles of at most {@link TILE} px a side (each tile an SVG of its own holding the
 * primitives that touch it), because SVG rasterisers (cairo) cannot render images larger than
 * 32,767 px a side and because a tile only has to parse what it shows.
 *
 * Paint order: main fill, separators, leaf outlines, leaf labels, legend, cap banner / notes,
 * then the main block's border and label LAST so nothing covers the border (the main label sits
 * inside the border, never on it).
 *
 * Labels ("id role score" on a solid background in the role's colour) are placed at the top-left
 * inside each leaf; labels of tiny blocks and labels that would overlap an earlier one are skipped,
 * and at most {@link MAX_LABELS} are drawn (biggest blocks first): text dominates raster time.
 */
import type { Decision } from '../classify/index.js';
import type { Block, BlockTree, Separator } from '../segment/types.js';
import type { Rect } from '../snapshot/types.js';
import { MAIN_COLOUR, ROLE_COLOURS, ROLE_ORDER, roleColour, SEPARATOR_COLOUR, textColourOn } from './colours.js';

/** Tile edge in px. */
export const TILE = 4096;
/** Width of the main block's border, drawn inside its rect. */
export const MAIN_BORDER = 6;
/** Fill opacity inside the main block. */
export const MAIN_FILL_OPACITY = 0.15;
/** Width of leaf outlines, drawn inside their rects. */
export const LEAF_STROKE = 2;
/** Height of the cap banner at the bottom of cut images. */
export const BANNER_HEIGHT = 28;

const LABEL_FONT = 11;
const LABEL_H = 15;
/** Rough advance of one character of an 11 px sans-serif font (DejaVu Sans is ~0.6 em). */
const LABEL_CHAR_W = 6.5;
/** Blocks narrower or lower than this get no label. */
const MIN_LABEL_W = 40;
const MIN_LABEL_H = 20;
/** Text is the costly part to rasterise: at most this many block labels, biggest blocks first. */
export const MAX_LABELS = 800;

export interface OverlayInput {
  /** Image size in px (1 px = 1 CSS px). */
  width: number;
  height: number;
  tree: BlockTree;
  decision: Decision;
  /** The `--max-height` cap the screenshot was taken with. */
  maxHeight: number;
  /** Height of the whole rendered document. */
  pageHeight: number;
  /** Blocks to outline: the tree's leaves (`fine`, the default) or the page's regions (`top`). */
  level?: 'top' | 'fine';
}

export interface Primitive {
  /** Bounding box, half-open: [x0, x1) × [y0, y1). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  svg: string;
}

export interface OverlayTile {
  left: number;
  top: number;
  width: number;
  height: number;
  svg: string;
}

/** Escape text for SVG/XML content and attribute values; drops characters XML forbids. */
export function xmlEscape(s: string): string {
  return s
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function int(n: number): number {
  return Number.isFinite(n) ? Math.round(n) : 0;
}

function irect(r: Rect): { x: number; y: number; w: number; h: number } {
  return { x: int(r.x), y: int(r.y), w: Math.max(0, int(r.w)), h: Math.max(0, int(r.h)) };
}

function prim(x: number, y: number, w: number, h: number, svg: string): Primitive {
  return { x0: x, y0: y, x1: x + w, y1: y + h, svg };
}

function rectEl(x: number, y: number, w: number, h: number, attrs: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${attrs}/>`;
}

/** Short score text: at most two decimals. */
export function fmtScore(score: number | undefined): string {
  if (score === undefined || !Number.isFinite(score)) return '?';
  return String(Math.round(score * 100) / 100);
}

function leaves(block: Block, out: Block[] = []): Block[] {
  if (block.children.length === 0) out.push(block);
  else for (const c of block.children) leaves(c, out);
  return out;
}

/**
 * The blocks to outline and the separators to draw for a level: at `top`, the top-level blocks
 * and only the separators between them (those of the blocks above them).
 */
function levelView(tree: BlockTree, level: 'top' | 'fine' | undefined): { blocks: Block[]; separators: Separator[] } {
  if (level !== 'top' || !tree.levels) return { blocks: leaves(tree.root), separators: tree.separators };
  const top = new Set(tree.levels.top);
  const blocks: Block[] = [];
  const separators: Separator[] = [];
  const walk = (b: Block): void => {
    if (top.has(b.id) || b.children.length === 0) {
      blocks.push(b);
      return;
    }
    separators.push(...b.separators);
    for (const c of b.children) walk(c);
  };
  walk(tree.root);
  return { blocks, separators };
}

/** Labels placed so far, bucketed by rows of 64 px, to skip labels that would overlap. */
class LabelSpace {
  private readonly rows = new Map<number, Array<[number, number, number, number]>>();

  fits(x: number, y: number, w: number, h: number): boolean {
    for (let r = Math.floor(y / 64); r <= Math.floor((y + h - 1) / 64); r++) {
      for (const [ax, ay, aw, ah] of this.rows.get(r) ?? []) {
        if (x < ax + aw && ax < x + w && y < ay + ah && ay < y + h) return false;
      }
    }
    return true;
  }

  add(x: number, y: number, w: number, h: number): void {
    for (let r = Math.floor(y / 64); r <= Math.floor((y + h - 1) / 64); r++) {
      const list = this.rows.get(r) ?? [];
      list.push([x, y, w, h]);
      this.rows.set(r, list);
    }
  }
}

function labelWidth(text: string): number {
  return Math.ceil(text.length * LABEL_CHAR_W) + 6;
}

function label(x: number, y: number, text: string, colour: string): Primitive {
  const w = labelWidth(text);
  const svg = rectEl(x, y, w, LABEL_H, `fill="${colour}"`) +
    `<text x="${x + 3}" y="${y + LABEL_H - 4}" font-size="${LABEL_FONT}" fill="${textColourOn(colour)}">${xmlEscape(text)}</text>`;
  return prim(x, y, w, LABEL_H, svg);
}

/** A separator as a band across its length, centred in its gap, `thickness` following its weight. */
export function separatorThickness(weight: number): number {
  return Math.max(1, Math.min(14, Math.round(Number.isFinite(weight) ? weight : 1)));
}

function separatorPrim(s: Separator): Primitive | null {
  const r = irect(s.rect);
  const t = separatorThickness(s.weight);
  const attrs = `fill="${SEPARATOR_COLOUR}" fill-opacity="0.45"`;
  if (s.orientation === 'horizontal') {
    if (r.w <= 0) return null;
    const y = int(r.y + r.h / 2 - t / 2);
    return prim(r.x, y, r.w, t, rectEl(r.x, y, r.w, t, attrs));
  }
  if (r.h <= 0) return null;
  const x = int(r.x + r.w / 2 - t / 2);
  return prim(x, r.y, t, r.h, rectEl(x, r.y, t, r.h, attrs));
}

/** An outline of width `sw` drawn inside the rect (its outer edge on the rect), crisp. */
function insideOutline(r: { x: number; y: number; w: number; h: number }, sw: number, colour: string): string {
  if (r.w <= 2 * sw || r.h <= 2 * sw) return rectEl(r.x, r.y, r.w, r.h, `fill="${colour}"`);
  // outer rect minus inner rect, even-odd: exact pixel coverage with integer coordinates
  const d = `M${r.x} ${r.y}h${r.w}v${r.h}h${-r.w}z` +
    `M${r.x + sw} ${r.y + sw}v${r.h - 2 * sw}h${r.w - 2 * sw}v${-(r.h - 2 * sw)}z`;
  return `<path d="${d}" fill="${colour}" fill-rule="evenodd"/>`;
}

function legend(width: number): Primitive[] {
  const rows: Array<[string, string]> = ROLE_ORDER.map((r) => [r, ROLE_COLOURS[r]]);
  rows.push(['separator', SEPARATOR_COLOUR]);
  const rowH = 16;
  const w = 150;
  const h = 24 + rows.length * rowH + 6;
  const x = Math.max(0, width - w - 8);
  const y = 8;
  let svg = rectEl(x, y, w, h, 'fill="#ffffff" fill-opacity="0.94" stroke="#222222" stroke-width="1"') +
    `<text x="${x + 8}" y="${y + 16}" font-size="12" font-weight="bold" fill="#222222">viseg roles</text>`;
  rows.forEach(([name, colour], i) => {
    const ry = y + 24 + i * rowH;
    svg += rectEl(x + 8, ry + 2, 12, 12, `fill="${colour}"`) +
      `<text x="${x + 26}" y="${ry + 12}" font-size="11" fill="#222222">${xmlEscape(name)}</text>`;
  });
  return [prim(x, y, w + 1, h + 1, svg)];
}

/** All primitives in paint order. */
export function overlayPrimitives(input: OverlayInput): Primitive[] {
  const { width, height, tree, decision } = input;
  const out: Primitive[] = [];
  const inImage = (p: Primitive) => p.x1 > 0 && p.y1 > 0 && p.x0 < width && p.y0 < height;
  const push = (p: Primitive | null) => {
    if (p && inImage(p)) out.push(p);
  };
  const byId = new Map(decision.blocks.map((b) => [b.id, b]));
  const main = decision.main ? irect(decision.main.rect) : null;

  // 1. main fill, under everything else
  if (main && main.w > 0 && main.h > 0) {
    push(prim(main.x, main.y, main.w, main.h, rectEl(main.x, main.y, main.w, main.h, `fill="${MAIN_COLOUR}" fill-opacity="${MAIN_FILL_OPACITY}"`)));
  }

  // 2. separators (of the chosen level)
  const view = levelView(tree, input.level);
  for (const s of view.separators) push(separatorPrim(s));

  // 3. leaf outlines in their role's colour (the chosen level's blocks)
  const leafList = view.blocks;
  for (const leaf of leafList) {
    const r = irect(leaf.rect);
    if (r.w <= 0 || r.h <= 0) continue;
    const colour = roleColour(byId.get(leaf.id)?.role ?? 'other');
    push(prim(r.x, r.y, r.w, r.h, insideOutline(r, LEAF_STROKE, colour)));
  }

  // 4. leaf labels (the main label's place is reserved first; tiny or overlapping labels skipped)
  const space = new LabelSpace();
  let mainLabel: Primitive | null = null;
  if (decision.main && main && main.w >= MIN_LABEL_W + 2 * MAIN_BORDER && main.h >= MIN_LABEL_H + 2 * MAIN_BORDER) {
    const text = `MAIN ${decision.main.id} score ${fmtScore(decision.main.score)}`;
    mainLabel = label(main.x + MAIN_BORDER, main.y + MAIN_BORDER, text, MAIN_COLOUR);
    space.add(mainLabel.x0, mainLabel.y0, mainLabel.x1 - mainLabel.x0, mainLabel.y1 - mainLabel.y0);
  }
  const byArea = leafList.map((leaf, i) => ({ leaf, i, r: irect(leaf.rect) }))
    .sort((a, b) => b.r.w * b.r.h - a.r.w * a.r.h || a.i - b.i);
  let labels = 0;
  for (const { leaf, r } of byArea) {
    if (labels >= MAX_LABELS) break;
    if (r.w < MIN_LABEL_W || r.h < MIN_LABEL_H || r.y >= height || r.x >= width) continue;
    const rec = byId.get(leaf.id);
    const role = rec?.role ?? 'other';
    let text = `${leaf.id} ${role} ${fmtScore(rec?.score)}`;
    if (labelWidth(text) > r.w - 2 * LEAF_STROKE) text = leaf.id;
    const w = labelWidth(text);
    if (w > r.w - 2 * LEAF_STROKE) continue;
    const x = r.x + LEAF_STROKE;
    const y = r.y + LEAF_STROKE;
    if (!space.fits(x, y, w, LABEL_H)) continue;
    space.add(x, y, w, LABEL_H);
    push(label(x, y, text, roleColour(role)));
    labels++;
  }

  // 5. legend, top-right
  for (const p of legend(width)) push(p);

  // 6. notes: no main content; page cut at the cap
  if (!decision.main) {
    const text = `no main content (page type: ${decision.pageType})`;
    const w = Math.ceil(text.length * 7.4) + 12;
    push(prim(8, 8, w, 22, rectEl(8, 8, w, 22, 'fill="#222222"') +
      `<text x="14" y="23" font-size="12" fill="#ffffff">${xmlEscape(text)}</text>`));
  }
  if (input.pageHeight > input.maxHeight) {
    const y = Math.max(0, height - BANNER_HEIGHT);
    const h = height - y;
    const text = `cut at ${height} px of ${int(input.pageHeight)} px (--max-height)`;
    push(prim(0, y, width, h, rectEl(0, y, width, h, 'fill="#111111"') +
      `<text x="10" y="${y + Math.min(h, 19)}" font-size="14" font-weight="bold" fill="#ffffff">${xmlEscape(text)}</text>`));
  }

  // 7. the main block's border, last, exactly on the reported rect (stroke inside)
  if (main && main.w > 0 && main.h > 0) {
    push(prim(main.x, main.y, main.w, main.h, insideOutline(main, MAIN_BORDER, MAIN_COLOUR)));
    push(mainLabel);
  }
  return out;
}

function svgDoc(left: number, top: number, w: number, h: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${left} ${top} ${w} ${h}" ` +
    `shape-rendering="crispEdges" font-family="sans-serif">${body}</svg>`;
}

/** Cut the primitives into tiles (empty tiles left out), each a standalone SVG at its image offset. */
export function overlayTiles(input: OverlayInput, tile: number = TILE): OverlayTile[] {
  const prims = overlayPrimitives(input);
  const { width, height } = input;
  const cols = Math.ceil(width / tile);
  const rowsN = Math.ceil(height / tile);
  const buckets: string[][] = Array.from({ length: cols * rowsN }, () => []);
  for (const p of prims) {
    const c0 = Math.max(0, Math.floor(p.x0 / tile));
    const c1 = Math.min(cols - 1, Math.floor((p.x1 - 1) / tile));
    const r0 = Math.max(0, Math.floor(p.y0 / tile));
    const r1 = Math.min(rowsN - 1, Math.floor((p.y1 - 1) / tile));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) buckets[r * cols + c]!.push(p.svg);
  }
  const tiles: OverlayTile[] = [];
  for (let r = 0; r < rowsN; r++) {
    for (let c = 0; c < cols; c++) {
      const body = buckets[r * cols + c]!;
      if (!body.length) continue;
      const left = c * tile;
      const top = r * tile;
      const w = Math.min(tile, width - left);
      const h = Math.min(tile, height - top);
      tiles.push({ left, top, width: w, height: h, svg: svgDoc(left, top, w, h, body.join('')) });
    }
  }
  return tiles;
}
