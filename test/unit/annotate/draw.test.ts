import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { annotate, PNG_OPTIONS } from '../../../src/annotate/draw.js';
import { hexToRgb, MAIN_COLOUR, ROLE_COLOURS, ROLE_ORDER } from '../../../src/annotate/colours.js';
import { BANNER_HEIGHT, MAIN_BORDER, overlayPrimitives, overlayTiles, xmlEscape } from '../../../src/annotate/overlay.js';
import { blankPng, fakePage, gridPage, pixel, rawPixels } from './fake.js';

const MAIN = hexToRgb(MAIN_COLOUR);

describe('ROLE_COLOURS', () => {
  it('has a distinct hex colour for every role', () => {
    const values = ROLE_ORDER.map((r) => ROLE_COLOURS[r]);
    expect(Object.keys(ROLE_COLOURS).sort()).toEqual([...ROLE_ORDER].sort());
    for (const v of values) expect(v).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(values).size).toBe(values.length);
    expect(ROLE_COLOURS.main).toBe('#e4007c');
  });
});

describe('annotate', () => {
  it('keeps the size and draws the main border exactly on the reported rect', async () => {
    const { tree, decision } = fakePage();
    const png = await blankPng(800, 600);
    const out = await annotate(png, tree, decision, { maxHeight: 16000, pageHeight: 600 });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
    const img = await rawPixels(out);
    const { x, y, w, h } = decision.main!.rect;
    // along all four edges, and the full border width inside the rect
    for (let i = 0; i < w; i += 7) {
      expect(pixel(img, x + i, y)).toEqual(MAIN);
      expect(pixel(img, x + i, y + h - 1)).toEqual(MAIN);
    }
    for (let j = 0; j < h; j += 7) {
      expect(pixel(img, x, y + j)).toEqual(MAIN);
      expect(pixel(img, x + w - 1, y + j)).toEqual(MAIN);
    }
    for (let d = 0; d < MAIN_BORDER; d++) expect(pixel(img, x + d, y + h / 2)).toEqual(MAIN);
    // the outer edge is on the rect: the pixel just outside is not the main colour
    expect(pixel(img, x - 1, y + h / 2)).not.toEqual(MAIN);
    expect(pixel(img, x + w, y + h / 2)).not.toEqual(MAIN);
    // translucent fill inside: tinted, not opaque
    const inside = pixel(img, x + w / 2, y + h - 40);
    expect(inside).not.toEqual([255, 255, 255]);
    expect(inside).not.toEqual(MAIN);
    expect(inside[0]).toBeGreaterThan(240);
  });

  it('outlines leaves in their role colour', async () => {
    const { tree, decision } = fakePage();
    const img = await rawPixels(await annotate(await blankPng(800, 600), tree, decision, { maxHeight: 16000, pageHeight: 600 }));
    // sidebar leaf 1-2-2 at (600,120,180,300): its right edge, below any label
    expect(pixel(img, 779, 300)).toEqual(hexToRgb(ROLE_COLOURS.sidebar));
    // footer leaf bottom-left corner
    expect(pixel(img, 0, 599)).toEqual(hexToRgb(ROLE_COLOURS.footer));
  });

  it('is deterministic: two runs are byte-identical', async () => {
    const { tree, decision } = fakePage();
    const png = await blankPng(800, 600);
    const a = await annotate(png, tree, decision, { maxHeight: 500, pageHeight: 900 });
    const b = await annotate(png, tree, decision, { maxHeight: 500, pageHeight: 900 });
    expect(a.equals(b)).toBe(true);
  });

  it('states the cut when the page was taller than the cap', async () => {
    const { tree, decision } = fakePage();
    const png = await blankPng(800, 600);
    const cut = await rawPixels(await annotate(png, tree, decision, { maxHeight: 600, pageHeight: 2400 }));
    const full = await rawPixels(await annotate(png, tree, decision, { maxHeight: 16000, pageHeight: 600 }));
    const dark = (img: typeof cut) => {
      let n = 0;
      for (let y = 600 - BANNER_HEIGHT; y < 600; y++) {
        for (let x = 100; x < 700; x++) {
          const [r, g, b] = pixel(img, x, y);
          if (r < 60 && g < 60 && b < 60) n++;
        }
      }
      return n;
    };
    expect(dark(cut)).toBeGreaterThan(600 * BANNER_HEIGHT * 0.5);
    expect(dark(full)).toBe(0);
    const text = overlayPrimitives({ width: 800, height: 600, ...fakePage(), maxHeight: 600, pageHeight: 2400 }).map((p) => p.svg).join('');
    expect(text).toContain('cut at 600 px of 2400 px (--max-height)');
  });

  it('draws a legend in the top-right corner', async () => {
    const { tree, decision } = fakePage();
    const img = await rawPixels(await annotate(await blankPng(800, 600, { r: 0, g: 0, b: 0 }), tree, decision, { maxHeight: 16000, pageHeight: 600 }));
    // the legend box is (almost) white over the black page
    expect(pixel(img, 700, 15)[0]).toBeGreaterThan(200);
  });

  it('renders thousands of leaf blocks in reasonable time', async () => {
    const g = gridPage(3000);
    const png = await blankPng(1200, g.height);
    const t0 = performance.now();
    const out = await annotate(png, g.tree, g.decision, { maxHeight: 16000, pageHeight: g.height });
    expect(performance.now() - t0).toBeLessThan(20_000);
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([1200, g.height]);
    const img = await rawPixels(out);
    expect(pixel(img, g.decision.main!.rect.x, g.decision.main!.rect.y + 50)).toEqual(MAIN);
  });

  it('never fails on an image taller than an SVG rasteriser can render in one piece', async () => {
    const g = gridPage(200);
    const height = 40_000;
    const png = await sharp({ create: { width: 400, height, channels: 3, background: '#ffffff' } }).png(PNG_OPTIONS).toBuffer();
    g.decision.main = { id: '1-1', rect: { x: 10, y: 35_000, w: 300, h: 4000 }, score: 1, blockIds: ['1-1'] };
    const out = await annotate(png, g.tree, g.decision, { maxHeight: 40_000, pageHeight: 50_000 });
    const meta = await sharp(out, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([400, height]);
    const img = await rawPixels(out);
    expect(pixel(img, 10, 37_000)).toEqual(MAIN);
    expect(pixel(img, 309, 38_999)).toEqual(MAIN);
  });
});

describe('overlay svg', () => {
  it('escapes label text and tiles large images', () => {
    expect(xmlEscape('<a&"\'>\u0001')).toBe('&lt;a&amp;&quot;&#39;&gt;');
    const { tree, decision } = fakePage();
    const tiles = overlayTiles({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600 }, 256);
    expect(tiles.length).toBeGreaterThan(4);
    for (const t of tiles) {
      expect(t.svg).toContain('shape-rendering="crispEdges"');
      expect(t.svg).toContain(`viewBox="${t.left} ${t.top} ${t.width} ${t.height}"`);
      expect(t.svg).not.toMatch(/font-family="(?!sans-serif")/);
    }
  });

  it('draws the main border last', () => {
    const { tree, decision } = fakePage();
    const prims = overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600 });
    const border = prims.findIndex((p) => p.svg.startsWith('<path') && p.svg.includes(MAIN_COLOUR) && p.svg.includes(`M${20 + MAIN_BORDER} ${120 + MAIN_BORDER}`));
    expect(border).toBeGreaterThan(0);
    // only the main label (inside the border) may follow it
    expect(prims.length - border).toBeLessThanOrEqual(2);
    const after = prims.slice(border + 1);
    for (const p of after) expect(p.x0).toBeGreaterThanOrEqual(20 + MAIN_BORDER);
  });
});
