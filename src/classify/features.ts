/**
 * Per-block features over the VIPS block tree: text, link, density, typography, geometry,
 * tag make-up and attribute hints. Pure; computed once per block.
 */
import type { Block } from '../segment/types.js';
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import type { TextBlock } from './text-blocks.js';
import type { BlockVerdict } from './main-content.js';
import { roleHint } from './hints.js';
import type { Role } from './types.js';

export interface BlockFeatures {
  chars: number;
  words: number;
  linkDensity: number;
  /** Characters per 1,000 px² of block area. */
  textDensity: number;
  wordsPerLine: number;
  sentences: number;
  /** Chars-weighted font size over the page's body text size. */
  relFontSize: number;
  /** 1 when horizontally centred on the page, 0 at an edge. */
  centring: number;
  /** Top edge as a share of the document height. */
  top: number;
  /** Share of the document area. */
  areaShare: number;
  paragraphs: number;
  headings: number;
  listItems: number;
  links: number;
  images: number;
  formControls: number;
  tables: number;
  /** Share of the block's characters chosen as main content. */
  mainShare: number;
  /** Chars-weighted mean prose score of its text (> 0 reads like article text). */
  prose: number;
  /** A boilerplate role named by the block's own elements (tag, ARIA role, class/id). */
  hint: Role | null;
  positionFixed: boolean;
}

export interface BlockContext {
  snapshot: PageSnapshot;
  textBlocks: TextBlock[];
  verdicts: BlockVerdict[];
  /** Text block index -> kept as main content. */
  kept: Uint8Array;
  bodyFont: number;
  /** Text block indexes per leaf block id. */
  textBlocksOf: Map<string, number[]>;
}

const FORM = new Set(['input', 'select', 'textarea', 'button']);

function subtreeTags(snapshot: PageSnapshot, roots: number[]): Omit<BlockFeatures, 'chars' | 'words' | 'linkDensity' | 'textDensity' |
  'wordsPerLine' | 'sentences' | 'relFontSize' | 'centring' | 'top' | 'areaShare' | 'mainShare' | 'prose' | 'hint'> {
  const c = { paragraphs: 0, headings: 0, listItems: 0, links: 0, images: 0, formControls: 0, tables: 0, positionFixed: false };
  const stack = [...roots];
  while (stack.length) {
    const n = snapshot.nodes[stack.pop()!]!;
    if (n.kind !== 'element') continue;
    const t = n.tag;
    if (t === 'p') c.paragraphs++;
    else if (/^h[1-6]$/.test(t)) c.headings++;
    else if (t === 'li') c.listItems++;
    else if (t === 'a') c.links++;
    else if (t === 'img' || t === 'svg' || t === 'picture' || t === 'video') c.images++;
    else if (t === 'table') c.tables++;
    else if (FORM.has(t)) c.formControls++;
    if (n.style?.position === 'fixed' || n.style?.position === 'sticky') c.positionFixed = true;
    for (const ch of n.children) stack.push(ch);
  }
  return c;
}

function hintOf(snapshot: PageSnapshot, roots: number[]): Role | null {
  // The block's own root elements and, for a lone root, its wrappers up to 2 levels.
  for (const r of roots) {
    let id = r;
    for (let k = 0; k < 3 && id >= 0; k++, id = snapshot.nodes[id]!.parent) {
      const h = roleHint(snapshot.nodes[id]!);
      if (h) return h;
      if (roots.length > 1) break;
    }
  }
  return null;
}

export function blockFeatures(block: Block, leaves: Block[], ctx: BlockContext): BlockFeatures {
  const { snapshot } = ctx;
  let chars = 0, linkChars = 0, words = 0, lines = 0, sentences = 0, fontMass = 0, keptChars = 0, proseMass = 0;
  for (const leaf of leaves) {
    for (const i of ctx.textBlocksOf.get(leaf.id) ?? []) {
      const tb = ctx.textBlocks[i]!;
      const v = ctx.verdicts[i]!;
      chars += tb.chars;
      linkChars += tb.linkChars;
      words += tb.words;
      lines += tb.lines;
      sentences += v.sentences;
      fontMass += tb.fontSize * tb.chars;
      proseMass += v.prose * tb.chars;
      if (ctx.kept[i]) keptChars += tb.chars;
    }
  }
  const r: Rect = block.rect;
  const W = Math.max(1, snapshot.document.width);
  const H = Math.max(1, snapshot.document.height);
  const area = Math.max(1, r.w * r.h);
  const cx = r.x + r.w / 2;
  return {
    chars,
    words,
    linkDensity: chars ? linkChars / chars : 0,
    textDensity: (chars * 1000) / area,
    wordsPerLine: lines ? words / lines : 0,
    sentences,
    relFontSize: chars ? fontMass / chars / ctx.bodyFont : 1,
    centring: Math.max(0, 1 - Math.abs(cx - W / 2) / (W / 2)),
    top: r.y / H,
    areaShare: area / (W * H),
    mainShare: chars ? keptChars / chars : 0,
    prose: chars ? proseMass / chars : 0,
    hint: hintOf(snapshot, block.nodes),
    ...subtreeTags(snapshot, block.nodes),
  };
}

/** The fused block score: each component named so the decision record can show it. */
export function scoreComponents(f: BlockFeatures, rect: Rect, docHeight: number): Record<string, number> {
  const c: Record<string, number> = {};
  c.text = Math.log1p(f.chars * (1 - f.linkDensity));
  c.prose = Math.max(-1, Math.min(1.5, f.prose));
  c.centring = 0.5 * f.centring;
  c.structure = f.paragraphs > 0 || f.headings > 0 ? 0.3 : 0;
  c.linkDensity = -2 * f.linkDensity;
  c.position = (f.top < 0.15 && rect.h < 200 ? -0.5 : 0) + (rect.y > docHeight * 0.85 ? -0.5 : 0);
  c.hint = f.hint && f.hint !== 'main' ? -1 : 0;
  c.overlay = f.positionFixed ? -1 : 0;
  c.mainText = 3 * f.mainShare;
  return c;
}
