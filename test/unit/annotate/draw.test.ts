import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshotSize, shownWidth } from '../../../src/annotate/capture.js';
import { annotate, PNG_OPTIONS } from '../../../src/annotate/draw.js';
import { hexToRgb, MAIN_COLOUR, ROLE_COLOURS, ROLE_ORDER } from '../../../src/annotate/colours.js';
import { BANNER_HEIGHT, LEGEND_MARGIN, MAIN_BORDER, mainRegions, overlayPrimitives, overlayTiles, xmlEscape } from '../../../src/annotate/overlay.js';
import { crc32, pageAreaOf, withPageArea } from '../../../src/annotate/png-area.js';
import { el, page, para, text, words } from '../helpers/snapshot-builder.js';
import { blankPng, fakePage, gridPage, pixel, rawPixels } from './fake.js';
import { at } from '../../../src/util/at.js';

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
  it('is the page plus a margin, and frames the main content around its rect', async () => {
    const { tree, decision } = fakePage();
    const png = await blankPng(800, 600);
    const out = await annotate(png, tree, decision, { maxHeight: 16000, pageHeight: 600 });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([800 + LEGEND_MARGIN, 600]);
    expect(pageAreaOf(out)).toEqual({ width: 800, height: 600 });
    const img = await rawPixels(out);
    const { x, y, w, h } = decision.main!.rect;
    // the border lies around the rect, its inner edge on it: all four sides, the full width
    for (let d = 1; d <= MAIN_BORDER; d++) {
      expect(pixel(img, x - d, y + h / 2)).toEqual(MAIN);
      expect(pixel(img, x + w - 1 + d, y + h / 2)).toEqual(MAIN);
      expect(pixel(img, x + w / 2, y - d)).toEqual(MAIN);
      expect(pixel(img, x + w / 2, y + h - 1 + d)).toEqual(MAIN);
    }
    expect(pixel(img, x - MAIN_BORDER - 1, y + h / 2)).not.toEqual(MAIN);
    // inside, past the leaf's own 2 px outline: tinted, not opaque, so the text stays readable
    const inside = pixel(img, x + 5, y + h / 2);
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

  it('states the cut in a strip below the page, not over it', async () => {
    const { tree, decision } = fakePage();
    const png = await blankPng(800, 600, { r: 0, g: 0, b: 0 });
    const cutPng = await annotate(png, tree, decision, { maxHeight: 600, pageHeight: 2400 });
    const fullPng = await annotate(png, tree, decision, { maxHeight: 16000, pageHeight: 600 });
    expect((await sharp(cutPng).metadata()).height).toBe(600 + BANNER_HEIGHT);
    expect((await sharp(fullPng).metadata()).height).toBe(600);
    const cut = await rawPixels(cutPng);
    const full = await rawPixels(fullPng);
    // the page's own pixels are the same whether or not it was cut: nothing covers them
    for (const [x, y] of [[400, 590], [100, 599], [700, 560]] as const) expect(pixel(cut, x, y)).toEqual(pixel(full, x, y));
    let dark = 0;
    for (let y = 600; y < 600 + BANNER_HEIGHT; y++) for (let x = 100; x < 700; x++) if (pixel(cut, x, y).every((c) => c < 60)) dark++;
    expect(dark).toBeGreaterThan(600 * BANNER_HEIGHT * 0.5);
    const text = overlayPrimitives({ width: 800, height: 600, ...fakePage(), maxHeight: 600, pageHeight: 2400 }).map((p) => p.svg).join('');
    expect(text).toContain('cut at 600 px of 2400 px (--max-height)');
  });

  it('puts the legend and the notes in the margin, not over the page', async () => {
    const { tree, decision } = fakePage();
    const black = await blankPng(800, 600, { r: 0, g: 0, b: 0 });
    const img = await rawPixels(await annotate(black, tree, decision, { maxHeight: 16000, pageHeight: 600 }));
    // the legend box is white in the margin; the page's top-right corner stays as it was
    expect(pixel(img, 800 + 60, 15)).toEqual([255, 255, 255]);
    for (const [x, y] of [[700, 15], [790, 40], [650, 60]] as const) expect(pixel(img, x, y)).toEqual([0, 0, 0]);
    const marginText = (d: typeof decision) => overlayPrimitives({ width: 800, height: 600, tree, decision: d, maxHeight: 16000, pageHeight: 600 })
      .filter((p) => p.x0 >= 800).map((p) => [...p.svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' ')).join(' ');
    expect(marginText(decision)).toContain('viseg roles');
    expect(marginText(decision)).toContain('Main content: block 1-2-1, score 9.5.');
    expect(marginText({ ...decision, main: null, pageType: 'listing' })).toContain('No main content (page type: listing).');
    // a short page grows to hold the legend: the page's part is still its own size
    const short = await annotate(await blankPng(300, 80), tree, decision, { maxHeight: 16000, pageHeight: 80 });
    expect(pageAreaOf(short)).toEqual({ width: 300, height: 80 });
    expect((await sharp(short).metadata()).height).toBeGreaterThan(200);
  });

  it('renders thousands of leaf blocks, the last one as well as the first', async () => {
    const g = gridPage(3000);
    const png = await blankPng(1200, g.height);
    const out = await annotate(png, g.tree, g.decision, { maxHeight: 16000, pageHeight: g.height });
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([1200 + LEGEND_MARGIN, g.height]);
    const img = await rawPixels(out);
    expect(pixel(img, g.decision.main!.rect.x - 1, g.decision.main!.rect.y + 50)).toEqual(MAIN);
    // the first and the last leaf are outlined (the page is white where nothing is drawn)
    for (const b of [at(g.tree.root.children, 0), g.tree.root.children.at(-1)!]) {
      const y = b.rect.y + Math.floor(b.rect.h / 2);
      expect(pixel(img, b.rect.x + 1, y), b.id).not.toEqual([255, 255, 255]);
      expect(pixel(img, b.rect.x + 10, y), b.id).toEqual([255, 255, 255]);
    }
  });

  it('never fails on an image taller than an SVG rasteriser can render in one piece', async () => {
    const g = gridPage(200);
    const height = 40_000;
    const png = await sharp({ create: { width: 400, height, channels: 3, background: '#ffffff' } }).png(PNG_OPTIONS).toBuffer();
    g.decision.main = { id: '1-1', rect: { x: 10, y: 35_000, w: 300, h: 4000 }, score: 1, blockIds: ['1-1'] };
    const out = await annotate(png, g.tree, g.decision, { maxHeight: 40_000, pageHeight: 50_000 });
    const meta = await sharp(out, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height]).toEqual([400 + LEGEND_MARGIN, height + BANNER_HEIGHT]);
    const img = await rawPixels(out);
    expect(pixel(img, 9, 37_000)).toEqual(MAIN);
    expect(pixel(img, 310, 39_000)).toEqual(MAIN);
  });
});

describe('labels', () => {
  /** The fake page with the first line of each leaf's text where a reader starts: its top-left. */
  function withText() {
    const { tree, decision } = fakePage();
    const textRects = decision.blocks.filter((b) => b.leaf).map((b) => ({ x: b.rect.x, y: b.rect.y, w: Math.min(b.rect.w, 240), h: 18 }));
    return { tree, decision, textRects };
  }

  it('never cover the first words of a block, nor any other text they were told about', () => {
    const { tree, decision, textRects } = withText();
    const prims = overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600, textRects });
    const labels = prims.filter((p) => p.svg.startsWith('<rect') && p.svg.includes('<text') && p.x1 <= 800);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    for (const l of labels) {
      for (const t of textRects) {
        const hit = l.x0 < t.x + t.w && t.x < l.x1 && l.y0 < t.y + t.h && t.y < l.y1;
        expect(hit, `${l.svg} covers text at ${JSON.stringify(t)}`).toBe(false);
      }
    }
  });

  it('without text boxes, still stay off the top-left corner inside each block', () => {
    const { tree, decision } = fakePage();
    const prims = overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600 });
    const labels = prims.filter((p) => p.svg.startsWith('<rect') && p.svg.includes('<text') && p.x1 <= 800);
    for (const b of decision.blocks.filter((x) => x.leaf)) {
      const corner = { x: b.rect.x, y: b.rect.y, w: 60, h: 18 };
      for (const l of labels) expect(l.x0 < corner.x + corner.w && corner.x < l.x1 && l.y0 < corner.y + corner.h && corner.y < l.y1).toBe(false);
    }
  });

  it('are left out where no place is free of text', () => {
    const { tree, decision } = fakePage();
    const everything = [{ x: 0, y: 0, w: 800, h: 600 }];
    const prims = overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600, textRects: everything });
    expect(prims.filter((p) => p.svg.includes('<text') && p.x1 <= 800)).toEqual([]);
  });
});

describe('main content', () => {
  it('draws every block of decision.main.blockIds as main: one frame per run of blocks', () => {
    const { tree, decision } = fakePage();
    // the article continued in the footer, with the sidebar... not between them: one frame each
    const d = { ...decision, main: { ...decision.main!, blockIds: ['1-2-1', '1-3'] } };
    const r = mainRegions(tree, d);
    expect(r.blocks).toEqual([{ x: 20, y: 120, w: 560, h: 300 }, { x: 0, y: 500, w: 800, h: 100 }]);
    expect(r.regions).toHaveLength(2);
    const fills = overlayPrimitives({ width: 800, height: 600, tree, decision: d, maxHeight: 16000, pageHeight: 600 })
      .filter((p) => p.svg.includes(`fill="${MAIN_COLOUR}" fill-opacity`));
    expect(fills.map((p) => [p.x0, p.y0])).toEqual([[20, 120], [0, 500]]);
  });

  it('joins main blocks one above the other with nothing between them into one frame', () => {
    const { tree, decision } = gridPage(40, 800);
    // 1-1 and 1-21 are one above the other in the 20-column grid, 1-41 would be below them
    const d = { ...decision, main: { id: '1', rect: tree.root.rect, score: 1, blockIds: ['1-1', '1-21'] } };
    expect(mainRegions(tree, d).regions).toEqual([{ x: 0, y: 0, w: 40, h: 60 }]);
    // with a block of another role between them, two frames
    const gapped = { ...d, main: { ...d.main, blockIds: ['1-1', '1-41'] } };
    const g2 = gridPage(60, 800);
    expect(mainRegions(g2.tree, { ...g2.decision, main: gapped.main }).regions).toHaveLength(2);
  });
});

describe('png page area', () => {
  it('travels in a tEXt chunk with a valid CRC', async () => {
    const png = await blankPng(30, 20);
    const marked = withPageArea(png, { width: 25, height: 20 });
    expect(pageAreaOf(marked)).toEqual({ width: 25, height: 20 });
    expect(pageAreaOf(png)).toBeNull();
    expect((await sharp(marked).metadata()).width).toBe(30);
    const data = Buffer.from('tEXtviseg:page\u000025x20', 'latin1');
    expect(crc32(data)).toBe(zlib.crc32(data));
  });
});

describe('screenshot width', () => {
  const PARA = words(60);
  it('is the viewport width when only a stray element makes the document wider', () => {
    const snap = page(el('body', { rect: [0, 0, 1366, 3000] }, [
      ...Array.from({ length: 20 }, (_, i) => para(PARA, [100, 100 + i * 140, 800, 120])),
      el('div', { rect: [7000, 200, 125, 40] }, [text('Skip to content', [7000, 200, 125, 20])]),
    ]), { document: { width: 7125, height: 3000 } });
    expect(shownWidth(snap)).toBe(1366);
    expect(screenshotSize(snap, { maxHeight: 2000 })).toEqual({ width: 1366, height: 2000 });
  });

  it('is wider when content really is wider (a wide table), and just as wide as it', () => {
    const snap = page(el('body', { rect: [0, 0, 1366, 3000] }, [
      ...Array.from({ length: 5 }, (_, i) => para(PARA, [100, 100 + i * 140, 800, 120])),
      ...Array.from({ length: 30 }, (_, i) => text('cell '.repeat(40), [100, 800 + i * 30, 2400, 20])),
    ]), { document: { width: 2600, height: 3000 } });
    expect(shownWidth(snap)).toBe(2500);
  });

  it('is the document width when the document is narrower than the viewport', () => {
    const snap = page(el('body', { rect: [0, 0, 1351, 900] }, [para(PARA, [0, 0, 600, 200])]), { document: { width: 1351, height: 900 } });
    expect(shownWidth(snap)).toBe(1351);
  });
});

describe('overlay svg', () => {
  it('escapes label text and tiles large images, page primitives clipped to the page', () => {
    expect(xmlEscape('<a&"\'>\u0001')).toBe('&lt;a&amp;&quot;&#39;&gt;');
    const { tree, decision } = fakePage();
    const tiles = overlayTiles({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600 }, 256);
    expect(tiles.length).toBeGreaterThan(4);
    for (const t of tiles) {
      expect(t.svg).toContain('shape-rendering="crispEdges"');
      expect(t.svg).toContain(`viewBox="${t.left} ${t.top} ${t.width} ${t.height}"`);
      expect(t.svg).not.toMatch(/font-family="(?!sans-serif")/);
    }
    // tiles of the page clip what they draw to it; tiles of the margin draw no page primitive
    const page = tiles.find((t) => t.left === 0 && t.top === 0)!;
    expect(page.svg).toContain('<clipPath id="page"><rect x="0" y="0" width="800" height="600" /></clipPath>');
    expect(page.svg).toContain('<g clip-path="url(#page)">');
    for (const t of tiles.filter((x) => x.left >= 800)) expect(t.svg).not.toContain('clip-path');
  });

  it('draws the main border last, only its label after it', () => {
    const { tree, decision } = fakePage();
    const prims = overlayPrimitives({ width: 800, height: 600, tree, decision, maxHeight: 16000, pageHeight: 600 });
    const border = prims.findIndex((p) => p.svg.startsWith('<path') && p.svg.includes(MAIN_COLOUR) && p.svg.includes(`M${20 - MAIN_BORDER} ${120 - MAIN_BORDER}`));
    expect(border).toBeGreaterThan(0);
    const after = prims.slice(border + 1);
    expect(after.length).toBeLessThanOrEqual(1);
    for (const p of after) expect(p.svg).toContain('MAIN 1-2-1');
  });
});
