/**
 * The annotation overlay as SVG: pure string building, no I/O.
 *
 * Everything is described as a list of primitives (an SVG fragment plus its bounding box) in paint
 * order, in image coordinates (the page part of the image is the document from its top-left, 1 px
 * = 1 CSS px) with integer values and crisp edges. The list is then cut into tiles of at most
 * {@link TILE} px a side (each tile an SVG of its own holding the primitives that touch it),
 * because SVG rasterisers (cairo) cannot render images larger than 32,767 px a side and because a
 * tile only has to parse what it shows.
 *
 * The image is the page plus a margin of {@link LEGEND_MARGIN} px on the right that holds the
 * legend and the notes (main content, no main content), and, when the page was cut at
 * `--max-height`, a strip of {@link BANNER_HEIGHT} px below it that says so: nothing but the
 * blocks' own outlines and labels is drawn over the page.
 *
 * Paint order: main fill, separators, leaf outlines, leaf labels, margin (legend, notes), cut
 * strip, then the main content's border (around its blocks, covering none of their text) and label
 * LAST so nothing covers the border.
 *
 * Labels ("id role score" on a solid background in the role's colour) go where they cover no text
 * of the page: inside the block's top-right corner when its first line leaves room there, else
 * just above the block, else inside its bottom-right corner or just below it. A block with no
 * such place gets a shorter label (its id) or none. Labels never overlap each other, and at most
 * {@link MAX_LABELS} are drawn (biggest blocks first): text dominates raster time.
 */
import { roleAt, type BlockRecord, type Decision, type Role } from '../classify/index.js';
import type { Block, BlockTree, Separator } from '../segment/types.js';
import type { Rect } from '../snapshot/types.js';
import { MAIN_COLOUR, ROLE_COLOURS, ROLE_ORDER, roleColour, SEPARATOR_COLOUR, textColourOn } from './colours.js';
import { at } from '../util/at.js';

/** Tile edge in px. */
export const TILE = 4096;
/** Width of the main content's border, drawn around its rect. */
export const MAIN_BORDER = 6;
/** Fill opacity inside the main content. */
export const MAIN_FILL_OPACITY = 0.15;
/** Width of leaf outlines, drawn inside their rects. */
export const LEAF_STROKE = 2;
/** Height of the strip below a page cut at `--max-height`. */
export const BANNER_HEIGHT = 28;
/** Width of the margin right of the page that holds the legend and notes. */
export const LEGEND_MARGIN = 176;
/** Background of the margin. */
export const MARGIN_COLOUR = '#f2f2f4';

const LABEL_FONT = 11;
const LABEL_H = 15;
/** Rough advance of one character of an 11 px sans-serif font (DejaVu Sans is ~0.6 em). */
const LABEL_CHAR_W = 6.5;
/** Blocks narrower or lower than this get no label. */
const MIN_LABEL_W = 40;
const MIN_LABEL_H = 20;
/** Text is the costly part to rasterise: at most this many block labels, biggest blocks first. */
export const MAX_LABELS = 800;
/** Main blocks this close (px) one above the other, with no other block between them, get one border. */
const MAIN_JOIN_GAP = 48;

export interface OverlayInput {
  /** Size of the screenshot (the page part of the image) in px (1 px = 1 CSS px). */
  width: number;
  height: number;
  tree: BlockTree;
  decision: Decision;
  /** The `--max-height` cap the screenshot was taken with. */
  maxHeight: number;
  /** Height of the whole rendered document. */
  pageHeight: number;
  /** Boxes of the page's visible text: labels are put where they cover none of it. */
  textRects?: readonly Rect[];
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
  /** Drawn on the page: clipped to it, so that nothing spills into the margin or the cut strip. */
  page?: boolean;
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
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
    .replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function int(n: number): number {
  return Number.isFinite(n) ? Math.round(n) : 0;
}

type IRect = { x: number; y: number; w: number; h: number };

function irect(r: Rect): IRect {
  return { x: int(r.x), y: int(r.y), w: Math.max(0, int(r.w)), h: Math.max(0, int(r.h)) };
}

function prim(x: number, y: number, w: number, h: number, svg: string): Primitive {
  return { x0: x, y0: y, x1: x + w, y1: y + h, svg };
}

function rectEl(x: number, y: number, w: number, h: number, attrs: string): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${attrs}/>`;
}

function textEl(x: number, y: number, size: number, colour: string, text: string, bold = false): string {
  return `<text x="${x}" y="${y}" font-size="${size}"${bold ? ' font-weight="bold"' : ''} fill="${colour}">${xmlEscape(text)}</text>`;
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

/** Rectangles bucketed by rows of 64 px, to ask quickly whether a box overlaps any of them. */
class RectIndex {
  private readonly rows = new Map<number, IRect[]>();

  constructor(rects: Iterable<IRect> = []) {
    for (const r of rects) this.add(r);
  }

  hits(x: number, y: number, w: number, h: number): boolean {
    for (let r = Math.floor(y / 64); r <= Math.floor((y + h - 1) / 64); r++) {
      for (const a of this.rows.get(r) ?? []) {
        if (x < a.x + a.w && a.x < x + w && y < a.y + a.h && a.y < y + h) return true;
      }
    }
    return false;
  }

  add(a: IRect): void {
    if (a.w <= 0 || a.h <= 0) return;
    for (let r = Math.floor(a.y / 64); r <= Math.floor((a.y + a.h - 1) / 64); r++) {
      const list = this.rows.get(r) ?? [];
      list.push(a);
      this.rows.set(r, list);
    }
  }
}

function labelWidth(text: string): number {
  return Math.ceil(text.length * LABEL_CHAR_W) + 6;
}

function label(x: number, y: number, text: string, colour: string): Primitive {
  const w = labelWidth(text);
  const svg = rectEl(x, y, w, LABEL_H, `fill="${colour}"`) + textEl(x + 3, y + LABEL_H - 4, LABEL_FONT, textColourOn(colour), text);
  return prim(x, y, w, LABEL_H, svg);
}

/**
 * Where a label of width `w` may go for a block, best first: inside the top-right corner, just
 * above the block (right, then left), inside the bottom-right corner, just below. Never the
 * top-left corner inside the block, where its first words are.
 */
function labelSpots(r: IRect, w: number, inset: number, outset: number): Array<[number, number]> {
  const right = r.x + r.w - inset - w;
  return [
    [right, r.y + inset],
    [r.x + r.w + outset - w, r.y - outset - LABEL_H],
    [r.x - outset, r.y - outset - LABEL_H],
    [right, r.y + r.h - inset - LABEL_H],
    [r.x + r.w + outset - w, r.y + r.h + outset],
  ];
}

/** Places labels so that they cover no text and no other label, inside the page part of the image. */
class LabelPlacer {
  private readonly placed = new RectIndex();
  private readonly text: RectIndex | null;

  constructor(private readonly width: number, private readonly height: number, textRects: readonly Rect[] | undefined) {
    this.text = textRects ? new RectIndex(textRects.map(irect)) : null;
  }

  /**
   * The first free spot for one of `texts` (longest first), or null. `inset`/`outset`: what the
   * block's own outline takes inside and outside its rect.
   */
  place(r: IRect, texts: string[], inset: number, outset = 0): { x: number; y: number; text: string } | null {
    for (const text of texts) {
      const w = labelWidth(text);
      if (w > r.w) continue;
      // Without the text's boxes, a spot inside the block may be on its words: outside ones only.
      const spots = labelSpots(r, w, inset, outset).filter((_, i) => this.text || i === 1 || i === 2 || i === 4);
      for (const [x, y] of spots) {
        if (x < 0 || y < 0 || x + w > this.width || y + LABEL_H > this.height) continue;
        if (this.placed.hits(x, y, w, LABEL_H) || this.text?.hits(x, y, w, LABEL_H)) continue;
        this.placed.add({ x, y, w, h: LABEL_H });
        return { x, y, text };
      }
    }
    return null;
  }
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
function insideOutline(r: IRect, sw: number, colour: string): string {
  if (r.w <= 2 * sw || r.h <= 2 * sw) return rectEl(r.x, r.y, r.w, r.h, `fill="${colour}"`);
  // outer rect minus inner rect, even-odd: exact pixel coverage with integer coordinates
  const d = `M${r.x} ${r.y}h${r.w}v${r.h}h${-r.w}z` +
    `M${r.x + sw} ${r.y + sw}v${r.h - 2 * sw}h${r.w - 2 * sw}v${-(r.h - 2 * sw)}z`;
  return `<path d="${d}" fill="${colour}" fill-rule="evenodd"/>`;
}

/**
 * A frame of width `sw` around the rect, its inner edge on the rect, so that it covers nothing of
 * the block (text starts at a block's very edge). A side with no room for it in the image is drawn
 * inside the rect instead.
 */
function outsideFrame(r: IRect, sw: number, width: number, height: number): { box: IRect; svg: string } {
  const l = r.x - sw >= 0, t = r.y - sw >= 0, rt = r.x + r.w + sw <= width, b = r.y + r.h + sw <= height;
  const outer = { x: l ? r.x - sw : r.x, y: t ? r.y - sw : r.y, w: 0, h: 0 };
  outer.w = (rt ? r.x + r.w + sw : r.x + r.w) - outer.x;
  outer.h = (b ? r.y + r.h + sw : r.y + r.h) - outer.y;
  const inner = { x: l ? r.x : r.x + sw, y: t ? r.y : r.y + sw, w: 0, h: 0 };
  inner.w = (rt ? r.x + r.w : r.x + r.w - sw) - inner.x;
  inner.h = (b ? r.y + r.h : r.y + r.h - sw) - inner.y;
  if (inner.w <= 0 || inner.h <= 0) return { box: outer, svg: rectEl(outer.x, outer.y, outer.w, outer.h, `fill="${MAIN_COLOUR}"`) };
  const d = `M${outer.x} ${outer.y}h${outer.w}v${outer.h}h${-outer.w}z` +
    `M${inner.x} ${inner.y}v${inner.h}h${inner.w}v${-inner.h}z`;
  return { box: outer, svg: `<path d="${d}" fill="${MAIN_COLOUR}" fill-rule="evenodd"/>` };
}

function overlaps(a: IRect, b: IRect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function union(a: IRect, b: IRect): IRect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/**
 * The main content as drawn: every block of `decision.main.blockIds` (the main block alone when
 * the list is empty), and the regions that get the thick border. Main blocks one above the other
 * with no other leaf between them share one border, so an article split into paragraphs reads as
 * one; a block elsewhere (an article continued after an advertisement) gets a border of its own.
 */
export function mainRegions(tree: BlockTree, decision: Decision): { blocks: IRect[]; regions: IRect[] } {
  const main = decision.main;
  if (!main) return { blocks: [], regions: [] };
  const rectOf = new Map(decision.blocks.map((b) => [b.id, b.rect]));
  const ids = (main.blockIds.length ? main.blockIds : [main.id]).filter((id, _, all) => !all.some((a) => id.startsWith(a + '-')));
  const blocks = ids.map((id) => (id === main.id ? main.rect : rectOf.get(id) ?? null))
    .filter((r): r is Rect => r !== null).map(irect).filter((r) => r.w > 0 && r.h > 0);
  const inMain = (id: string) => ids.some((m) => id === m || id.startsWith(m + '-'));
  const others = leaves(tree.root).filter((l) => !inMain(l.id)).map((l) => irect(l.rect)).filter((r) => r.w > 2 && r.h > 2);
  // Others are shrunk by 1 px: a neighbour that only touches a main block does not split it.
  const shrunk = others.map((r) => ({ x: r.x + 1, y: r.y + 1, w: r.w - 2, h: r.h - 2 }));
  const regions: IRect[] = [];
  for (const b of [...blocks].sort((p, q) => p.y - q.y || p.x - q.x)) {
    const last = regions[regions.length - 1];
    if (last && b.y <= last.y + last.h + MAIN_JOIN_GAP && b.x < last.x + last.w && last.x < b.x + b.w) {
      const joined = union(last, b);
      if (!shrunk.some((o) => overlaps(o, joined))) {
        regions[regions.length - 1] = joined;
        continue;
      }
    }
    regions.push(b);
  }
  return { blocks, regions };
}

const LEGEND_ROWS: ReadonlyArray<readonly [string, string]> = [...ROLE_ORDER.map((r) => [r, ROLE_COLOURS[r]] as const), ['separator', SEPARATOR_COLOUR]];
const LEGEND_ROW_H = 16;
const LEGEND_H = 24 + LEGEND_ROWS.length * LEGEND_ROW_H + 6;
const NOTE_LINE_H = 15;
/** Characters of 11 px text that fit on a line of the margin. */
const NOTE_CHARS = Math.floor((LEGEND_MARGIN - 24) / 6.2);

/** Words into lines of at most `max` characters (a longer word is cut). */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = word.length > max ? word.slice(0, max - 1) + '…' : word;
    if (line && line.length + 1 + w.length > max) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

/** The notes under the legend: what the main content is, or that there is none. */
function notes(decision: Decision): string[] {
  const main = decision.main;
  if (!main) return [`No main content (page type: ${decision.pageType}).`];
  const n = main.blockIds.length || 1;
  return [`Main content: block ${main.id}, score ${fmtScore(main.score)}${n > 1 ? `, ${n} blocks` : ''}.`];
}

/** The image around the screenshot: the page, the margin right of it, and the cut strip below. */
export function canvasSize(input: Pick<OverlayInput, 'width' | 'height' | 'maxHeight' | 'pageHeight' | 'decision'>): { width: number; height: number } {
  const noteLines = notes(input.decision).reduce((s, t) => s + wrap(t, NOTE_CHARS).length, 0);
  const marginH = 8 + LEGEND_H + 10 + noteLines * NOTE_LINE_H + 8;
  const cut = input.pageHeight > input.maxHeight;
  return { width: input.width + LEGEND_MARGIN, height: Math.max(input.height, marginH) + (cut ? BANNER_HEIGHT : 0) };
}

function marginPrims(input: OverlayInput, canvas: { width: number; height: number }): Primitive[] {
  const x0 = input.width;
  const out: Primitive[] = [];
  // The margin's background comes with the canvas; a rule marks where the page ends.
  out.push(prim(x0, 0, 1, canvas.height, rectEl(x0, 0, 1, canvas.height, 'fill="#b0b0b8"')));
  const x = x0 + 10;
  const y = 8;
  const w = LEGEND_MARGIN - 20;
  let svg = rectEl(x, y, w, LEGEND_H, 'fill="#ffffff" stroke="#222222" stroke-width="1"') + textEl(x + 8, y + 16, 12, '#222222', 'viseg roles', true);
  LEGEND_ROWS.forEach(([name, colour], i) => {
    const ry = y + 24 + i * LEGEND_ROW_H;
    svg += rectEl(x + 8, ry + 2, 12, 12, `fill="${colour}"`) + textEl(x + 26, ry + 12, 11, '#222222', name);
  });
  out.push(prim(x, y, w + 1, LEGEND_H + 1, svg));
  let ny = y + LEGEND_H + 10;
  for (const note of notes(input.decision)) {
    for (const line of wrap(note, NOTE_CHARS)) {
      out.push(prim(x, ny, w, NOTE_LINE_H, textEl(x + 2, ny + 11, 11, '#222222', line)));
      ny += NOTE_LINE_H;
    }
  }
  return out;
}

/** All primitives in paint order, in the coordinates of the whole image ({@link canvasSize}). */
export function overlayPrimitives(input: OverlayInput): Primitive[] {
  const { width, height, tree, decision } = input;
  const canvas = canvasSize(input);
  const out: Primitive[] = [];
  // page primitives stay on the page: never in the margin or the cut strip
  const onPage = (p: Primitive | null): Primitive | null => {
    if (!p || p.x1 <= 0 || p.y1 <= 0 || p.x0 >= width || p.y0 >= height) return null;
    return { ...p, page: true };
  };
  const push = (p: Primitive | null) => {
    if (p) out.push(p);
  };
  const byId = new Map(decision.blocks.map((b) => [b.id, b]));
  const main = mainRegions(tree, decision);

  // 1. main fill, under everything else
  for (const b of main.blocks) push(onPage(prim(b.x, b.y, b.w, b.h, rectEl(b.x, b.y, b.w, b.h, `fill="${MAIN_COLOUR}" fill-opacity="${MAIN_FILL_OPACITY}"`))));

  // 2. separators (of the chosen level)
  const view = levelView(tree, input.level);
  for (const s of view.separators) push(onPage(separatorPrim(s)));

  // 3. leaf outlines in their role's colour (the chosen level's blocks, in that level's roles)
  const leafList = view.blocks;
  const roleOf = (rec: BlockRecord | undefined): Role => (rec ? roleAt(rec, input.level ?? 'fine') : 'other');
  for (const leaf of leafList) {
    const r = irect(leaf.rect);
    if (r.w <= 0 || r.h <= 0) continue;
    const colour = roleColour(roleOf(byId.get(leaf.id)));
    push(onPage(prim(r.x, r.y, r.w, r.h, insideOutline(r, LEAF_STROKE, colour))));
  }

  // 4. labels: the main label's place first, then leaves, biggest first
  const placer = new LabelPlacer(width, height, input.textRects);
  let mainLabel: Primitive | null = null;
  const first = main.regions[0];
  if (decision.main && first && first.w >= MIN_LABEL_W && first.h >= MIN_LABEL_H) {
    const spot = placer.place(first, [`MAIN ${decision.main.id} score ${fmtScore(decision.main.score)}`, `MAIN ${decision.main.id}`, 'MAIN'], 0, MAIN_BORDER);
    if (spot) mainLabel = label(spot.x, spot.y, spot.text, MAIN_COLOUR);
  }
  const byArea = leafList.map((leaf, i) => ({ leaf, i, r: irect(leaf.rect) }))
    .sort((a, b) => b.r.w * b.r.h - a.r.w * a.r.h || a.i - b.i);
  let labels = 0;
  for (const { leaf, r } of byArea) {
    if (labels >= MAX_LABELS) break;
    if (r.w < MIN_LABEL_W || r.h < MIN_LABEL_H || r.y >= height || r.x >= width) continue;
    const rec = byId.get(leaf.id);
    const role = roleOf(rec);
    const spot = placer.place(r, [`${leaf.id} ${role} ${fmtScore(rec?.score)}`, leaf.id], LEAF_STROKE);
    if (!spot) continue;
    push(label(spot.x, spot.y, spot.text, roleColour(role)));
    labels++;
  }

  // 5. the margin: legend and notes
  out.push(...marginPrims(input, canvas));

  // 6. the cut strip below the page
  if (input.pageHeight > input.maxHeight) {
    const y = canvas.height - BANNER_HEIGHT;
    const text = `cut at ${height} px of ${int(input.pageHeight)} px (--max-height)`;
    out.push(prim(0, y, canvas.width, BANNER_HEIGHT, rectEl(0, y, canvas.width, BANNER_HEIGHT, 'fill="#111111"') +
      textEl(10, y + 19, 14, '#ffffff', text, true)));
  }

  // 7. the main content's border, last, around the blocks' rects (its inner edge on them)
  for (const r of main.regions) {
    const f = outsideFrame(r, MAIN_BORDER, width, height);
    push(onPage(prim(f.box.x, f.box.y, f.box.w, f.box.h, f.svg)));
  }
  push(mainLabel);
  return out;
}

function svgDoc(left: number, top: number, w: number, h: number, page: { width: number; height: number }, prims: Primitive[]): string {
  // runs of page primitives go in a group clipped to the page, keeping the paint order
  let body = '';
  let clipped = false;
  for (const p of prims) {
    if (!!p.page !== clipped) {
      body += clipped ? '</g>' : '<g clip-path="url(#page)">';
      clipped = !clipped;
    }
    body += p.svg;
  }
  if (clipped) body += '</g>';
  const defs = prims.some((p) => p.page) ? `<defs><clipPath id="page">${rectEl(0, 0, page.width, page.height, '')}</clipPath></defs>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${left} ${top} ${w} ${h}" ` +
    `shape-rendering="crispEdges" font-family="sans-serif">${defs}${body}</svg>`;
}

/** Cut the primitives into tiles of the whole image (empty tiles left out), each a standalone SVG at its offset. */
export function overlayTiles(input: OverlayInput, tile: number = TILE): OverlayTile[] {
  const prims = overlayPrimitives(input);
  const { width, height } = canvasSize(input);
  const cols = Math.ceil(width / tile);
  const rowsN = Math.ceil(height / tile);
  const buckets: Primitive[][] = Array.from({ length: cols * rowsN }, () => []);
  for (const p of prims) {
    const c0 = Math.max(0, Math.floor(p.x0 / tile));
    const c1 = Math.min(cols - 1, Math.floor((p.x1 - 1) / tile));
    const r0 = Math.max(0, Math.floor(p.y0 / tile));
    const r1 = Math.min(rowsN - 1, Math.floor((p.y1 - 1) / tile));
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) at(buckets, r * cols + c).push(p);
  }
  const tiles: OverlayTile[] = [];
  for (let r = 0; r < rowsN; r++) {
    for (let c = 0; c < cols; c++) {
      const body = at(buckets, r * cols + c);
      if (!body.length) continue;
      const left = c * tile;
      const top = r * tile;
      const w = Math.min(tile, width - left);
      const h = Math.min(tile, height - top);
      tiles.push({ left, top, width: w, height: h, svg: svgDoc(left, top, w, h, input, body) });
    }
  }
  return tiles;
}
