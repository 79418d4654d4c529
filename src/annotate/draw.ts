/**
 * Draw the decision over the raw screenshot: leaf blocks outlined in their role's colour, the main
 * content filled translucently with a 6 px border in {@link MAIN_COLOUR} whose outer edge lies
 * exactly on its blocks' rects, separators as translucent bands, and labels that cover no text; a
 * margin right of the page holds the legend and notes, and a strip below it says when the page was
 * cut at `--max-height` (see overlay.ts).
 *
 * Deterministic: the same inputs give byte-identical PNGs (fixed encoder options, no metadata, no
 * timestamps, only the generic `sans-serif` font family).
 */
import sharp from 'sharp';
import type { Decision } from '../classify/index.js';
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import { hexToRgb } from './colours.js';
import { canvasSize, MARGIN_COLOUR, overlayTiles } from './overlay.js';
import { withPageArea } from './png-area.js';

export { ROLE_COLOURS, MAIN_COLOUR, SEPARATOR_COLOUR, roleColour } from './colours.js';

export interface AnnotateOptions {
  /** The `--max-height` cap the screenshot was taken with (CSS px). */
  maxHeight: number;
  /** Height of the whole rendered document (`snapshot.document.height`). */
  pageHeight: number;
  /** The page's snapshot: with it, labels are placed where they cover none of the page's text. */
  snapshot?: PageSnapshot;
  /** Blocks to outline: the tree's leaves (`fine`, the default) or the page's regions (`top`). */
  level?: 'top' | 'fine';
}

/** PNG encoder settings used for every annotated image. */
export const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: false } as const;

/** Boxes of the visible text of a snapshot. */
export function textRects(snapshot: PageSnapshot): Rect[] {
  return snapshot.nodes.filter((n) => n.kind === 'text' && n.visible && n.rect.w > 0 && n.rect.h > 0).map((n) => n.rect);
}

/**
 * Annotate a screenshot (1 image px = 1 CSS px, top-left at the document origin). Returns a PNG of
 * the screenshot with the margin (and strip) of {@link canvasSize} around it; the page's size is
 * recorded in the PNG (png-area.ts). Blocks outside the screenshot are not drawn.
 */
export async function annotate(png: Buffer, tree: BlockTree, decision: Decision, opts: AnnotateOptions): Promise<Buffer> {
  const meta = await sharp(png, { limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new Error('annotate: cannot read the screenshot size');
  const input = {
    width, height, tree, decision, maxHeight: opts.maxHeight, pageHeight: opts.pageHeight, level: opts.level,
    ...(opts.snapshot ? { textRects: textRects(opts.snapshot) } : {}),
  };
  const canvas = canvasSize(input);
  const tiles = overlayTiles(input);
  // Rasterise each tile once, up front: left lazy, the PNG encoder pulls the overlay in thin
  // strips and librsvg would re-render the whole tile for every strip.
  const layers = await Promise.all(tiles.map(async (t) => {
    const { data, info } = await sharp(Buffer.from(t.svg, 'utf8'), {
      limitInputPixels: false,
      // our own SVG: lift librsvg's safety limits (huge documents with thousands of elements)
      unlimited: true,
    }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { input: data, raw: { width: info.width, height: info.height, channels: info.channels as 4 }, left: t.left, top: t.top };
  }));
  const [r, g, b] = hexToRgb(MARGIN_COLOUR);
  // sharp composites over the image as extended, whatever the order of the calls
  const out = await sharp(png, { limitInputPixels: false })
    .removeAlpha()
    .extend({ top: 0, left: 0, right: canvas.width - width, bottom: canvas.height - height, background: { r, g, b, alpha: 1 } })
    .composite(layers)
    .png(PNG_OPTIONS)
    .toBuffer();
  return withPageArea(out, { width, height });
}
