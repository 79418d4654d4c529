/**
 * Small fake block trees, decisions and records for the annotate/report tests.
 */
import sharp from 'sharp';
import type { BlockFeatures, BlockRecord, Decision } from '../../../src/classify/index.js';
import type { Role } from '../../../src/classify/types.js';
import { emptyRecord, type ExtractRecord } from '../../../src/pipeline/record.js';
import type { Block, BlockTree, Separator } from '../../../src/segment/types.js';
import type { Rect } from '../../../src/snapshot/types.js';
import { outOfRange } from '../../../src/util/at.js';

export function rect(x: number, y: number, w: number, h: number): Rect {
  return { x, y, w, h };
}

export function features(p: Partial<BlockFeatures> = {}): BlockFeatures {
  return {
    chars: 100, words: 20, linkDensity: 0.1, textDensity: 1.5, wordsPerLine: 8, sentences: 3, relFontSize: 1,
    centring: 0.5, top: 0.1, areaShare: 0.1, paragraphs: 2, headings: 0, listItems: 0, links: 1, images: 0,
    formControls: 0, tables: 0, mainShare: 0, prose: 0.2, hint: null, positionFixed: false,
    linkWords: 0, headlineLinks: 0, linkItems: 0, listShare: 0, shortRuns: 0, ...p,
  };
}

export function block(id: string, r: Rect, children: Block[] = [], separators: Separator[] = []): Block {
  return { id, rect: r, doc: children.length ? 5 : 9, children, nodes: [], stats: { chars: 10, linkChars: 0, words: 2, textNodes: 1 }, separators };
}

export function record(b: Block, role: Role, score: number, p: Partial<BlockRecord> = {}): BlockRecord {
  return {
    id: b.id, rect: b.rect, doc: b.doc, leaf: b.children.length === 0, role, fineRole: role, score, logOdds: score,
    components: { text: score / 2, links: score / 4, geometry: score / 4 }, features: features(), excerpt: `text of ${b.id}`, ...p,
  };
}

function walk(b: Block, out: Block[] = []): Block[] {
  out.push(b);
  for (const c of b.children) walk(c, out);
  return out;
}

/**
 * An 800 × 600 page: header 1-1 (0,0,800,100), main area 1-2 with two leaves 1-2-1 (article,
 * 20,120,560,300) and 1-2-2 (sidebar 600,120,180,300), footer 1-3 (0,500,800,100).
 */
export function fakePage(): { tree: BlockTree; decision: Decision } {
  const sepH: Separator = { orientation: 'horizontal', rect: rect(0, 100, 800, 20), weight: 8, reasons: ['distance(20px)+5'] };
  const sepV: Separator = { orientation: 'vertical', rect: rect(580, 120, 20, 300), weight: 4, reasons: ['distance(20px)+1'] };
  const header = block('1-1', rect(0, 0, 800, 100));
  const article = block('1-2-1', rect(20, 120, 560, 300));
  const side = block('1-2-2', rect(600, 120, 180, 300));
  const mid = block('1-2', rect(20, 120, 760, 300), [article, side], [sepV]);
  const footer = block('1-3', rect(0, 500, 800, 100));
  const root = block('1', rect(0, 0, 800, 600), [header, mid, footer], [sepH]);
  const tree: BlockTree = { root, pdoc: 8, separators: [sepH, sepV] };
  const roles: Record<string, Role> = { '1': 'other', '1-1': 'header', '1-2': 'other', '1-2-1': 'main', '1-2-2': 'sidebar', '1-3': 'footer' };
  const scores: Record<string, number> = { '1': 1, '1-1': 0.5, '1-2': 2, '1-2-1': 9.5, '1-2-2': 1.25, '1-3': -1 };
  const blocks = walk(root).map((b) => record(b, (roles[b.id] ?? outOfRange(b.id)), (scores[b.id] ?? outOfRange(b.id))));
  const decision: Decision = {
    pageType: 'article',
    pageTypeScores: { article: 1 },
    main: { id: '1-2-1', rect: article.rect, score: 9.5, blockIds: ['1-2-1'] },
    reason: 'block 1-2-1 has the highest score',
    runnerUp: { id: '1-2-2', score: 1.25 },
    margin: 8.25,
    merged: [],
    container: null,
    dropped: [],
    trace: [],
    blocks,
    selection: { roots: [], exclude: [] },
  };
  return { tree, decision };
}

/** A page of `n` leaf blocks in a grid (for load tests). */
export function gridPage(n: number, width = 1200): { tree: BlockTree; decision: Decision; height: number } {
  const cols = 20;
  const cw = Math.floor(width / cols);
  const rh = 30;
  const leaves: Block[] = [];
  for (let i = 0; i < n; i++) leaves.push(block(`1-${i + 1}`, rect((i % cols) * cw, Math.floor(i / cols) * rh, cw, rh)));
  const height = Math.ceil(n / cols) * rh;
  const root = block('1', rect(0, 0, width, height), leaves);
  const separators: Separator[] = [];
  for (let r = 1; r < Math.ceil(n / cols); r++) separators.push({ orientation: 'horizontal', rect: rect(0, r * rh, width, 0), weight: 3 + (r % 5), reasons: [] });
  const tree: BlockTree = { root, pdoc: 8, separators };
  const roles: Role[] = ['header', 'navigation', 'content', 'other', 'related'];
  const blocks = walk(root).map((b, i) => record(b, i === 0 ? 'other' : (roles[i % roles.length] ?? outOfRange(i % roles.length)), (i % 17) / 3));
  const mainRect = rect(cw * 2, rh * 3, cw * 6, rh * 10);
  const decision: Decision = {
    pageType: 'article', pageTypeScores: { article: 1 }, main: { id: '1-50', rect: mainRect, score: 3, blockIds: ['1-50'] }, reason: 'test', runnerUp: null, margin: null,
    merged: [], container: null, dropped: [], trace: [], blocks, selection: { roots: [], exclude: [] },
  };
  return { tree, decision, height };
}

export async function blankPng(width: number, height: number, colour = { r: 255, g: 255, b: 255 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour }, limitInputPixels: false })
    .png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
}

export async function rawPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number; channels: number }> {
  const { data, info } = await sharp(png, { limitInputPixels: false }).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export function pixel(img: { data: Buffer; width: number; channels: number }, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * img.channels;
  return [(img.data[i] ?? outOfRange(i)), (img.data[i + 1] ?? outOfRange(i + 1)), (img.data[i + 2] ?? outOfRange(i + 2))];
}

export function fakeRecord(i: number, p: Partial<ExtractRecord> = {}): ExtractRecord {
  const r = emptyRecord(`page-${i}.html`);
  return {
    ...r, ok: true, url: `http://127.0.0.1:1/page-${i}.html`, finalUrl: `http://127.0.0.1:1/page-${i}.html`, title: `Page ${i}`,
    byline: 'A. Writer', publishedTime: '2024-01-02T00:00:00Z', siteName: 'Example', lang: 'en', wordCount: 321, pageType: 'article',
    text: `Body text of page ${i}.`, html: '<p>x</p>', markdown: 'x', mainBlock: { id: '1-2-1', rect: rect(20, 120, 560, 300), score: 9.5 },
    timings: { load: 100 + i, snapshot: 20, segment: 5, classify: 3, content: 2, total: 130 + i },
    ...p,
  };
}
