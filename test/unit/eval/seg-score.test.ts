/**
 * src/eval/segmentation.ts against the seg-random dataset's reference scorer, seg_score.py: its
 * output on the hand-made pages of test/fixtures-eval/seg-gold (predictions in seg-pred) is stored
 * in seg-pred/scores.csv (per page, system and level) and seg-pred/summary.json (the macro
 * averages); see the README there. The pages cover nested and overlapping leaves (the smaller
 * wins), a zero-width leaf through a line's centre (never a segment), leaf edges through centres
 * (inside), leaves spanning rows of 128 px above and below the page, text outside every gold
 * block and every leaf, a sub-block outside every top-level block, a missing prediction (one
 * segment for the page), a page whose leaves hold no text (precision undefined) and one without
 * gold text (recall undefined).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  evaluateSegPage, GOLD_LEVELS, readSegDataset, summarizeSeg, SYSTEMS, type LevelPrediction, type LevelScore, type SystemName,
} from '../../../src/eval/segmentation.js';
import type { Rect } from '../../../src/snapshot/types.js';
import { at, outOfRange } from '../../../src/util/at.js';

const dir = new URL('../../fixtures-eval/', import.meta.url);
const dataset = readSegDataset(fileURLToPath(new URL('seg-gold/', dir)));

interface PredNode {
  rect: Rect;
  children?: PredNode[];
}

/** The leaves of a `viseg segment` JSON, as seg_score.py reads them: every node without children. */
function leaves(n: PredNode): Rect[] {
  return n.children?.length ? n.children.flatMap(leaves) : [n.rect];
}

/** seg_score.py scores one prediction file at both levels: its leaves stand for each. */
function prediction(id: string): Record<'top' | 'fine', LevelPrediction> | null {
  const file = new URL(`seg-pred/${id}.json`, dir);
  if (!existsSync(file)) return null;
  const rects = leaves((JSON.parse(readFileSync(file, 'utf8')) as { root: PredNode }).root);
  const level = { rects, roles: rects.map(() => 'other' as const) };
  return { top: level, fine: level };
}

const pages = dataset.map((p) => {
  const pred = prediction(p.id);
  return evaluateSegPage(p.id, p.gold, pred, pred ? null : 'no prediction');
});
const summary = summarizeSeg(pages, new Map(dataset.map((p) => [p.id, p.gold])));

const [header, ...rows] = readFileSync(new URL('seg-pred/scores.csv', dir), 'utf8').trim().split('\n').map((l) => l.split(','));
const col = (name: string): number => header?.indexOf(name) ?? outOfRange(name);
const reference = JSON.parse(readFileSync(new URL('seg-pred/summary.json', dir), 'utf8')) as {
  pages: number;
  predictionsMissing: string[];
  systems: Record<SystemName, Record<'top' | 'fine', Record<string, number>>>;
};

/** `x` agrees with the reference to 3 decimals (NaN with `nan`: both undefined). */
function agrees(x: number, ref: number): boolean {
  if (Number.isNaN(ref)) return Number.isNaN(x);
  return Math.abs(x - ref) <= 0.0005 + 1e-12;
}

const SCORES = ['P', 'R', 'F1', 'Pbg', 'Rbg', 'F1bg'] as const;

describe('segmentation scores against seg_score.py', () => {
  it('scores the same pages, and counts the same missing prediction', () => {
    expect(pages.map((p) => p.id)).toEqual([...new Set(rows.map((r) => at(r, col('page'))))]);
    expect(pages.filter((p) => p.error !== null).map((p) => p.id)).toEqual(reference.predictionsMissing);
    expect(summary.pages).toBe(reference.pages);
  });

  it('gives each page, system and level the reference scores (3 decimals) and segment counts', () => {
    expect(rows).toHaveLength(pages.length * SYSTEMS.length * GOLD_LEVELS.length);
    for (const r of rows) {
      const [id, system, level] = [at(r, col('page')), at(r, col('system')) as SystemName, at(r, col('level')) as 'top' | 'fine'];
      const page = pages.find((p) => p.id === id) ?? outOfRange(id);
      const got: LevelScore = page.scores[system][level];
      for (const k of SCORES) {
        const ref = Number(at(r, col(k)));
        expect(agrees(got[k], ref), `${id} ${system} ${level} ${k}: ${got[k]}, seg_score.py ${at(r, col(k))}`).toBe(true);
      }
      expect([got.nGold, got.nPred], `${id} ${system} ${level}`).toEqual([Number(at(r, col('nGold'))), Number(at(r, col('nPred')))]);
    }
  });

  it('gives the reference macro averages (3 decimals)', () => {
    for (const system of SYSTEMS) {
      for (const level of GOLD_LEVELS) {
        const ref = reference.systems[system][level];
        const got = summary.systems[system][level];
        expect(got.pages, `${system} ${level} pages`).toBe(ref.pages);
        for (const k of [...SCORES, 'F1star', 'segments', 'goldSegments'] as const) {
          const r = ref[k] ?? outOfRange(k);
          expect(agrees(got[k], r), `${system} ${level} ${k}: ${got[k]}, seg_score.py ${r}`).toBe(true);
        }
      }
    }
  });
});
