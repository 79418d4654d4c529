/**
 * Which part of an annotated PNG is the page. The image is the page (the document from its
 * top-left corner, 1 px = 1 CSS px) plus a margin and maybe a strip (see overlay.ts); the page's
 * size travels in the PNG itself, in a `tEXt` chunk with the keyword {@link AREA_KEYWORD}, so that
 * any reader (the HTML report) can put block rectangles on the right pixels.
 */

import { at } from '../util/at.js';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** `tEXt` keyword of the page area; the text is `<width>x<height>`. */
export const AREA_KEYWORD = 'viseg:page';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 as PNG chunks use it (ISO 3309). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = at(CRC_TABLE, (c ^ b) & 0xff) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function isPng(b: Buffer): boolean {
  return b.length >= 33 && b.subarray(0, 8).equals(SIGNATURE) && b.toString('latin1', 12, 16) === 'IHDR';
}

/** The PNG with a `tEXt` chunk naming the page area, right after IHDR. */
export function withPageArea(png: Buffer, area: { width: number; height: number }): Buffer {
  if (!isPng(png)) throw new Error('withPageArea: not a PNG');
  const data = Buffer.from(`${AREA_KEYWORD}\0${Math.round(area.width)}x${Math.round(area.height)}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const ihdrEnd = 8 + 8 + png.readUInt32BE(8) + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), chunk, png.subarray(ihdrEnd)]);
}

/** The page area a PNG names, or null (a PNG viseg did not annotate, or one whose chunks were stripped). */
export function pageAreaOf(png: Buffer): { width: number; height: number } | null {
  if (!isPng(png)) return null;
  let at = 8;
  while (at + 12 <= png.length) {
    const len = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT' || type === 'IEND') return null;
    if (type === 'tEXt' && at + 8 + len <= png.length) {
      const m = /^viseg:page\0(\d+)x(\d+)$/.exec(png.toString('latin1', at + 8, at + 8 + len));
      if (m) return { width: Number(m[1]), height: Number(m[2]) };
    }
    at += 12 + len;
  }
  return null;
}
