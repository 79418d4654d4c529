/**
 * Segmentation scores against human-marked blocks: BCubed precision, recall and F1 over text
 * characters (the "chars" measure of Kiesel et al., CIKM 2020 / ECIR 2021), computed exactly as
 * the seg-random dataset's reference scorer `seg_score.py` does, so that both give the same
 * figures; plus a role accuracy against the people's block types.
 *
 * Elements are the gold's text items (one text node's characters on one line), weighted by their
 * non-space character count. An item belongs
 *   - to a gold segment: at level "top" its top-level block; at level "fine" its innermost block;
 *   - to a predicted segment: the smallest predicted leaf rectangle that holds the centre of its
 *     line box (none when no leaf does).
 * An element in no predicted segment is left out of precision, one in no gold segment out of
 * recall; an element in a predicted segment but in no gold segment scores 0 precision (and
 * symmetrically). Page F1 = 2PR/(P+R); pages where P or R is undefined (no text) are left out of
 * the means. The "bg" variant counts text outside every gold block as one more gold segment and
 * text outside every leaf as one more predicted segment.
 *
 * Baselines: "page" (one segment), "grid" (COLS equal columns over the page width, rows ROWPX
 * high; 3×384 by default) and "lines" (every text item alone).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { Decision, Role } from '../classify/types.js';
import type { Block, BlockTree } from '../segment/types.js';
import type { Rect } from '../snapshot/types.js';
import { addAt, at, own } from '../util/at.js';

export const GOLD_LEVELS = ['top', 'fine'] as const;
export type GoldLevel = (typeof GOLD_LEVELS)[number];

const rectTuple = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** One gold page: `gold/<page>.json` of the seg-random dataset. */
export const segGoldSchema = z.object({
  id: z.string().optional(),
  url: z.string().optional(),
  excludedByAuthor: z.boolean().optional(),
  page: z.object({ width: z.number(), height: z.number() }),
  blocks: z.array(z.object({
    level: z.number().int(),
    type: z.string(),
    tag: z.string().optional(),
    rect: rectTuple,
    parent: z.number().int().nullable(),
  }).passthrough()),
  items: z.array(z.object({
    rect: rectTuple,
    chars: z.number(),
    text: z.string(),
    goldBlock: z.number().int().nullable(),
    goldTop: z.number().int().nullable(),
  })),
}).passthrough();

export type SegGold = z.infer<typeof segGoldSchema>;

/** Parse and check a gold page; throws an Error naming what is wrong. */
export function parseSegGold(raw: unknown, label: string): SegGold {
  const r = segGoldSchema.safeParse(raw);
  if (!r.success) {
    const i = at(r.error.issues, 0);
    throw new Error(`${label}: not a segmentation gold file (${i.path.join('.') || 'root'}: ${i.message})`);
  }
  return r.data;
}

/** BCubed precision and recall; NaN where undefined. */
export interface PR {
  P: number;
  R: number;
}

type Label = number | string | null;

/**
 * BCubed over weighted elements. `gold[i]`/`pred[i]` are the labels of element i (null: none).
 * With `background`, null labels become one extra segment on their side.
 */
export function bcubed(weights: readonly number[], gold: readonly Label[], pred: readonly Label[], background = false): PR {
  const g = dense(gold, background);
  const p = dense(pred, background);
  return { P: side(weights, p, g), R: side(weights, g, p) };
}

/** Labels as small integers (-1: none); with `background`, none is one more label. */
function dense(labels: readonly Label[], background: boolean): { ids: Int32Array; n: number } {
  const map = new Map<Label, number>();
  const ids = new Int32Array(labels.length);
  for (const [i, x] of labels.entries()) {
    if (x === null && !background) {
      ids[i] = -1;
      continue;
    }
    let k = map.get(x);
    if (k === undefined) map.set(x, (k = map.size));
    ids[i] = k;
  }
  return { ids, n: map.size };
}

/** Weighted mean over elements with a `by` label of the share of their `by`-cluster that shares their `other` label. */
function side(w: readonly number[], by: { ids: Int32Array; n: number }, other: { ids: Int32Array; n: number }): number {
  const tot = new Float64Array(by.n);
  const joint = new Map<number, number>();
  let denom = 0;
  for (let i = 0; i < w.length; i++) {
    const k = at(by.ids, i);
    if (k < 0) continue;
    addAt(tot, k, at(w, i));
    denom += at(w, i);
    const o = at(other.ids, i);
    if (o < 0) continue;
    const key = k * (other.n + 1) + o;
    joint.set(key, (joint.get(key) ?? 0) + at(w, i));
  }
  if (denom <= 0) return NaN;
  let s = 0;
  for (const [key, x] of joint) s += (x * x) / at(tot, Math.floor(key / (other.n + 1)));
  return s / denom;
}

export function f1(p: number, r: number): number {
  if (Number.isNaN(p) || Number.isNaN(r)) return NaN;
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

/** The smallest leaf rectangle holding a point; rectangles indexed in rows of 128 px (as the reference scorer). */
export class LeafIndex {
  private readonly rows = new Map<number, Array<[number, number, number, number, number, number]>>();

  constructor(rects: readonly Rect[]) {
    rects.forEach((r, i) => {
      if (!(r.w > 0 && r.h > 0)) return;
      const first = Math.max(-1, Math.floor(r.y / 128));
      const last = Math.min(Math.floor((r.y + r.h) / 128), 100000);
      for (let row = first; row <= last; row++) {
        let list = this.rows.get(row);
        if (!list) this.rows.set(row, (list = []));
        list.push([r.w * r.h, i, r.x, r.y, r.x + r.w, r.y + r.h]);
      }
    });
    for (const list of this.rows.values()) list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  }

  find(cx: number, cy: number): number | null {
    for (const [, i, x0, y0, x1, y1] of this.rows.get(Math.floor(cy / 128)) ?? []) {
      if (x0 <= cx && cx <= x1 && y0 <= cy && cy <= y1) return i;
    }
    return null;
  }
}

export interface LevelScore {
  P: number;
  R: number;
  F1: number;
  Pbg: number;
  Rbg: number;
  F1bg: number;
  /** Gold segments holding text. */
  nGold: number;
  /** Predicted segments holding text. */
  nPred: number;
}

export type SystemScores = Record<GoldLevel, LevelScore>;

export interface GridSpec {
  cols: number;
  rowPx: number;
}

export const DEFAULT_GRID: GridSpec = { cols: 3, rowPx: 384 };

function centre(r: readonly number[]): [number, number] {
  return [at(r, 0) + at(r, 2) / 2, at(r, 1) + at(r, 3) / 2];
}

export function goldLabels(gold: SegGold, level: GoldLevel): Array<number | null> {
  return gold.items.map((it) => (level === 'top' ? it.goldTop : it.goldBlock));
}

/** Which predicted leaf (index into `leaves`) holds each gold text item. */
export function assignItems(gold: SegGold, leaves: readonly Rect[]): Array<number | null> {
  const idx = new LeafIndex(leaves);
  return gold.items.map((it) => idx.find(...centre(it.rect)));
}

/** Leaves standing for a page the segmenter failed on: one segment covering the page. */
export function wholePageLeaves(gold: SegGold): Rect[] {
  return [{ x: -1, y: -1, w: gold.page.width + 2, h: gold.page.height + 2 }];
}

/** Scores of one predicted labelling of the items at both gold levels. */
export function scoreLabels(gold: SegGold, pred: readonly Label[]): SystemScores {
  const w = gold.items.map((it) => it.chars);
  const nPred = new Set(pred.filter((x) => x !== null)).size;
  const out = {} as SystemScores;
  for (const level of GOLD_LEVELS) {
    const g = goldLabels(gold, level);
    const a = bcubed(w, g, pred);
    const b = bcubed(w, g, pred, true);
    out[level] = {
      P: a.P, R: a.R, F1: f1(a.P, a.R), Pbg: b.P, Rbg: b.R, F1bg: f1(b.P, b.R),
      nGold: new Set(g.filter((x) => x !== null)).size, nPred,
    };
  }
  return out;
}

/** The three reference segmentations' labels. */
export function baselineLabels(gold: SegGold, grid: GridSpec = DEFAULT_GRID): Record<'page' | 'grid' | 'lines', Label[]> {
  const pw = Math.max(1, gold.page.width);
  return {
    page: gold.items.map(() => 0),
    grid: gold.items.map((it) => {
      const [cx, cy] = centre(it.rect);
      const col = Math.min(grid.cols - 1, Math.max(0, Math.floor(cx / (pw / grid.cols))));
      return `${col},${Math.floor(Math.max(0, cy) / grid.rowPx)}`;
    }),
    lines: gold.items.map((_, i) => i),
  };
}

export interface LevelSummary {
  /** Pages where P and R are defined. */
  pages: number;
  P: number;
  R: number;
  F1: number;
  /** Harmonic mean of the mean P and mean R. */
  F1star: number;
  Pbg: number;
  Rbg: number;
  F1bg: number;
  /** Mean predicted and gold segments holding text, per page. */
  segments: number;
  goldSegments: number;
}

function mean(xs: readonly number[]): number {
  const v = xs.filter((x) => !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
}

/** Macro averages over pages, as the reference scorer. */
export function summarize(pages: readonly LevelScore[]): LevelSummary {
  const valid = pages.filter((m) => !Number.isNaN(m.F1));
  const P = mean(valid.map((m) => m.P));
  const R = mean(valid.map((m) => m.R));
  return {
    pages: valid.length, P, R, F1: mean(valid.map((m) => m.F1)), F1star: f1(P, R),
    Pbg: mean(pages.map((m) => m.Pbg)), Rbg: mean(pages.map((m) => m.Rbg)), F1bg: mean(pages.map((m) => m.F1bg)),
    segments: mean(pages.map((m) => m.nPred)), goldSegments: mean(pages.map((m) => m.nGold)),
  };
}

// ---------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------

/**
 * The people's block types and the viseg roles that agree with each. A character's role is right
 * when the role of the viseg block holding it is one of its type's roles. Types outside this table
 * (Image, Logo, Title, Author, Searchbar, Table, Video: what a block holds rather than what part of
 * the page it is) take the type of the top-level block they sit in; a character whose type is
 * still outside the table, or that lies in no marked block, is left out.
 */
export const GOLD_TYPE_ROLES: Readonly<Record<string, readonly Role[]>> = {
  Header: ['header'],
  Menu: ['navigation'],
  Content: ['main', 'content'],
  Article: ['main', 'content'],
  LinkList: ['navigation', 'related'],
  Sidebar: ['sidebar'],
  Footer: ['footer'],
  Ad: ['advertisement'],
  Comments: ['comments'],
};

/** The type a gold item counts with at a level (see GOLD_TYPE_ROLES), or null when left out. */
export function goldType(gold: SegGold, item: SegGold['items'][number], level: GoldLevel): string | null {
  const own = level === 'top' ? item.goldTop : item.goldBlock;
  if (own === null) return null;
  const t = gold.blocks[own]?.type;
  if (t && Object.hasOwn(GOLD_TYPE_ROLES, t)) return t;
  const top = item.goldTop === null ? undefined : gold.blocks[item.goldTop]?.type;
  return top && Object.hasOwn(GOLD_TYPE_ROLES, top) ? top : null;
}

export interface RoleCount {
  /** Characters with a type in the table. */
  chars: number;
  /** Of those, characters whose viseg role agrees. */
  agree: number;
}

/**
 * Role agreement on one page at one level. `roles[i]` is the role of the predicted leaf `i`
 * (`assigned[k]` the leaf holding item k, as from {@link assignItems}); an item in no leaf counts
 * as disagreeing.
 */
export function roleAgreement(gold: SegGold, level: GoldLevel, assigned: readonly (number | null)[], roles: readonly Role[]): RoleCount {
  let chars = 0;
  let agree = 0;
  gold.items.forEach((it, k) => {
    const t = goldType(gold, it, level);
    if (!t) return;
    chars += it.chars;
    const leaf = assigned[k];
    if (leaf !== null && leaf !== undefined && own(GOLD_TYPE_ROLES, t)?.includes(at(roles, leaf))) agree += it.chars;
  });
  return { chars, agree };
}

// ---------------------------------------------------------------------------------------------
// A dataset run: viseg's two levels and the baselines, per page and summed up
// ---------------------------------------------------------------------------------------------

/** What viseg predicted for a page at one of its levels: the blocks' rectangles and roles. */
export interface LevelPrediction {
  rects: Rect[];
  roles: Role[];
}

/**
 * viseg's prediction at both levels from its block tree and decision record: each level's blocks
 * with that level's role (`role` at the top, `fineRole` at the fine level).
 */
export function levelPredictions(tree: BlockTree, decision: Pick<Decision, 'blocks'>): Record<GoldLevel, LevelPrediction> {
  const rect = new Map<string, Rect>();
  const walk = (b: Block): void => {
    rect.set(b.id, b.rect);
    for (const c of b.children) walk(c);
  };
  walk(tree.root);
  const top = new Map(decision.blocks.map((b) => [b.id, b.role]));
  const fine = new Map(decision.blocks.map((b) => [b.id, b.fineRole]));
  const levels = tree.levels;
  if (!levels) throw new Error('the block tree has no levels (it was cut at a --pdoc)');
  const level = (ids: readonly string[], roles: Map<string, Role>): LevelPrediction => ({
    rects: ids.map((id) => {
      const r = rect.get(id);
      if (!r) throw new Error(`level block ${id} is not in the block tree`);
      return r;
    }),
    roles: ids.map((id) => roles.get(id) ?? 'other'),
  });
  return { top: level(levels.top, top), fine: level(levels.fine, fine) };
}

export const SYSTEMS = ['viseg', 'page', 'grid', 'lines'] as const;
export type SystemName = (typeof SYSTEMS)[number];

export interface PageEvaluation {
  id: string;
  /** Why viseg has no prediction for the page (it is then scored as one segment covering the page). */
  error: string | null;
  scores: Record<SystemName, SystemScores>;
  /** Role agreement of viseg's blocks at each level. */
  roles: Record<GoldLevel, RoleCount>;
}

/**
 * Score one page: viseg's top-level blocks against the people's top-level blocks and its fine
 * blocks against their innermost blocks, beside the baselines. `pred` null: viseg failed on the
 * page, which is scored as one segment covering it (the reference scorer does the same).
 */
export function evaluateSegPage(id: string, gold: SegGold, pred: Record<GoldLevel, LevelPrediction> | null, error: string | null, grid: GridSpec = DEFAULT_GRID): PageEvaluation {
  const fallback: LevelPrediction = { rects: wholePageLeaves(gold), roles: ['other'] };
  const p = pred ?? { top: fallback, fine: fallback };
  const assigned = { top: assignItems(gold, p.top.rects), fine: assignItems(gold, p.fine.rects) };
  const byTop = scoreLabels(gold, assigned.top);
  const byFine = scoreLabels(gold, assigned.fine);
  const base = baselineLabels(gold, grid);
  return {
    id,
    error,
    scores: {
      viseg: { top: byTop.top, fine: byFine.fine },
      page: scoreLabels(gold, base.page),
      grid: scoreLabels(gold, base.grid),
      lines: scoreLabels(gold, base.lines),
    },
    roles: { top: roleAgreement(gold, 'top', assigned.top, p.top.roles), fine: roleAgreement(gold, 'fine', assigned.fine, p.fine.roles) },
  };
}

export interface RoleSummary {
  /** Characters whose role agrees, over all characters with a type in the table (all pages pooled). */
  pooled: number;
  /** The same share per page, averaged over pages (pages without typed text left out). */
  macro: number;
  /** The two figures for the reference that calls every block main content. */
  allMain: { pooled: number; macro: number };
}

export interface SegSummary {
  pages: number;
  failed: string[];
  grid: GridSpec;
  systems: Record<SystemName, Record<GoldLevel, LevelSummary>>;
  roles: Record<GoldLevel, RoleSummary>;
}

export function summarizeSeg(pages: readonly PageEvaluation[], golds: ReadonlyMap<string, SegGold>, grid: GridSpec = DEFAULT_GRID): SegSummary {
  const systems = {} as SegSummary['systems'];
  for (const s of SYSTEMS) {
    systems[s] = { top: summarize(pages.map((p) => p.scores[s].top)), fine: summarize(pages.map((p) => p.scores[s].fine)) };
  }
  const roles = {} as SegSummary['roles'];
  for (const level of GOLD_LEVELS) {
    const share = (counts: RoleCount[]): { pooled: number; macro: number } => {
      const agree = counts.reduce((a, c) => a + c.agree, 0);
      const chars = counts.reduce((a, c) => a + c.chars, 0);
      return { pooled: chars ? agree / chars : NaN, macro: mean(counts.filter((c) => c.chars > 0).map((c) => c.agree / c.chars)) };
    };
    const allMain = pages.map((p) => {
      const g = golds.get(p.id)!;
      return roleAgreement(g, level, g.items.map(() => 0), ['main']);
    });
    roles[level] = { ...share(pages.map((p) => p.roles[level])), allMain: share(allMain) };
  }
  return { pages: pages.length, failed: pages.filter((p) => p.error !== null).map((p) => p.id), grid, systems, roles };
}

function fmt(x: number): string {
  return Number.isNaN(x) ? '  -  ' : x.toFixed(3);
}

/** The summary as a table, in the reference scorer's layout. */
export function formatSegSummary(s: SegSummary): string {
  const out: string[] = [];
  out.push(`pages: ${s.pages}   grid baseline: ${s.grid.cols}x${s.grid.rowPx}` + (s.failed.length ? `   viseg failed on ${s.failed.length} (scored as one segment): ${s.failed.join(', ')}` : ''));
  out.push('system  level  pages   P      R      F1     F1*   | bg: P      R      F1    | segments (gold)');
  for (const name of SYSTEMS) {
    for (const level of GOLD_LEVELS) {
      const m = s.systems[name][level];
      out.push(`${name.padEnd(7)} ${level.padEnd(5)} ${String(m.pages).padStart(5)}  ${fmt(m.P)}  ${fmt(m.R)}  ${fmt(m.F1)}  ${fmt(m.F1star)} |     ${fmt(m.Pbg)}  ${fmt(m.Rbg)}  ${fmt(m.F1bg)} | ${m.segments.toFixed(1)} (${m.goldSegments.toFixed(1)})`);
    }
  }
  out.push('roles (share of characters whose viseg role matches the people\'s block type)');
  for (const level of GOLD_LEVELS) {
    const r = s.roles[level];
    out.push(`  ${level.padEnd(5)} pooled ${fmt(r.pooled)}  per page ${fmt(r.macro)}   (every block main content: pooled ${fmt(r.allMain.pooled)}, per page ${fmt(r.allMain.macro)})`);
  }
  return out.join('\n') + '\n';
}

export interface SegDatasetPage {
  id: string;
  gold: SegGold;
  /** The page to render, or null when the dataset has none for this id. */
  page: string | null;
}

/** Where a dataset keeps the page of `id`: `pages/<id>/viseg-page.plain.html`, `pages/<id>/index.html` or `pages/<id>.html`. */
function pageFile(root: string, id: string): string | null {
  for (const p of [path.join(root, 'pages', id, 'viseg-page.plain.html'), path.join(root, 'pages', id, 'index.html'), path.join(root, 'pages', `${id}.html`)]) {
    if (existsSync(p)) return p;
  }
  return null;
}

/**
 * A segmentation dataset: `gold/<id>.json` and the pages. `dir` is the dataset's folder or its
 * `gold/` folder. Throws an Error naming the file on a missing folder or a malformed gold file.
 */
export function readSegDataset(dir: string): SegDatasetPage[] {
  let goldDir = dir;
  if (existsSync(path.join(dir, 'gold')) && statSync(path.join(dir, 'gold')).isDirectory()) goldDir = path.join(dir, 'gold');
  let names: string[];
  try {
    names = readdirSync(goldDir).filter((f) => f.endsWith('.json')).sort();
  } catch (e) {
    throw new Error(`cannot read the segmentation gold folder ${goldDir}: ${(e as Error).message}`);
  }
  if (names.length === 0) throw new Error(`no gold files (<page>.json) in ${goldDir}`);
  const root = path.dirname(path.resolve(goldDir));
  return names.map((f) => {
    const id = f.slice(0, -5);
    const file = path.join(goldDir, f);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: ${(e as Error).message}`);
    }
    return { id, gold: parseSegGold(raw, file), page: pageFile(root, id) };
  });
}
