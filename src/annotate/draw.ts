/**
 * Draw the decision over the raw screenshot: leaf blocks outlined in their role's colour, the main
 * block filled translucently with a 6 px border in {@link MAIN_COLOUR} whose outer edge lies exactly
 * on `decision.main.rect`, separators as translucent bands, labels, a legend, and a banner when the
 * page was cut at `--max-height`.
 *
 * Deterministic: the same inputs give byte-identical PNGs (fixed encoder options, no metadata, no
 * timestamps, only the generic `sans-serif` font family).
 */
import sharp from 'sharp';
import type { Decision } from '../classify/index.js';
import type { BlockTree } from '../segment/types.js';
import { overlayTiles } from './overlay.js';

export { ROLE_COLOURS, MAIN_COLOUR, SEPARATOR_COLOUR, roleColour } from './colours.js';

export interface AnnotateOptions {
  /** The `--max-height` cap the screenshot was taken with (CSS px). */
  maxHeight: number;
  /** Height of the whole rendered document (`snapshot.document.height`). */
  pageHeight: number;
  /** Blocks to outline: the tree's leaves (`fine`, the default) or the page's regions (`top`). */
  level?: 'top' | 'fine';
}

/** PNG encoder settings used for every annotated image. */
export const PNG_OPTIONS = { compressionLevel: 9, adaptiveFiltering: false } as const;

/**
 * Annotate a screenshot (1 image px = 1 CSS px, top-left at the document origin). Returns a PNG of
 * exactly the input's size. Blocks outside the image (below the cut) are not drawn.
 */
export async function annotate(png: Buffer, tree: BlockTree, decision: Decision, opts: AnnotateOptions): Promise<Buffer> {
  const meta = await sharp(png, { limitInputPixels: false }).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new Error('annotate: cannot read the screenshot size');
  const tiles = overlayTiles({ width, height, tree, decision, maxHeight: opts.maxHeight, pageHeight: opts.pageHeight, level: opts.level });
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
  return sharp(png, { limitInputPixels: false })
    .composite(layers)
    .png(PNG_OPTIONS)
    .toBuffer();
}
