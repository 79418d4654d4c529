/**
 * `viseg eval --segmentation DATASET`: render every page of a human-marked segmentation dataset
 * (seg-random's layout: `gold/<page>.json`, `pages/<page>/...html`), cut it into both levels of
 * blocks, and score them with BCubed over text characters beside the reference segmentations,
 * plus a role accuracy (see eval/segmentation.ts). The figures agree with the dataset's
 * reference scorer, `seg_score.py`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { resolveInputs } from '../browser/index.js';
import type { Decision } from '../classify/index.js';
import {
  DEFAULT_GRID, evaluateSegPage, formatSegSummary, levelPredictions, readSegDataset, summarizeSeg,
  type GridSpec, type PageEvaluation, type SegGold,
} from '../eval/segmentation.js';
import { OptionsError } from '../options.js';
import { analyzeSnapshot } from '../pipeline/analyze.js';
import { runBatch } from '../pipeline/batch.js';
import type { BlockTree } from '../segment/types.js';
import { encodeSnapshot, readSnapshotFile } from '../snapshot/file.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { openSession, toExtractOptions, type RenderCliOptions } from './common.js';
import { out, outRaw, say } from './terminal.js';
import { startProgress } from './progress.js';
import { segmentView } from './segment.js';
import { at } from '../util/at.js';

export interface SegEvalOptions extends RenderCliOptions {
  segmentation: string;
  /** Reuse `<page>.json.gz` snapshots found here; save the ones rendered. */
  snapshots?: string;
  /** Write `viseg segment --level top|fine` JSON per page under `<dir>/top` and `<dir>/fine`. */
  saveSegments?: string;
  grid?: string;
  json?: boolean;
  worst: number;
  quiet?: boolean;
  concurrency?: number;
}

export function parseGrid(v: string | undefined): GridSpec {
  if (!v) return DEFAULT_GRID;
  const m = /^(\d+)x(\d+(?:\.\d+)?)$/i.exec(v.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0) throw new OptionsError(`--grid must look like 3x384 (columns x row height in px), got ${v}`);
  return { cols: Number(m[1]), rowPx: Number(m[2]) };
}

function readSnapshot(file: string): PageSnapshot | null {
  if (!existsSync(file)) return null;
  try {
    return readSnapshotFile(file);
  } catch (e) {
    say(`warning: ${path.basename(file)}: ${(e as Error).message}; rendering the page again`);
    return null;
  }
}

export async function runSegmentationEval(o: SegEvalOptions): Promise<void> {
  const grid = parseGrid(o.grid);
  let dataset;
  try {
    dataset = readSegDataset(o.segmentation);
  } catch (e) {
    throw new OptionsError((e as Error).message);
  }
  const opts = { ...toExtractOptions(o), keepArtifacts: true };
  const golds = new Map<string, SegGold>(dataset.map((p) => [p.id, p.gold]));
  const results = new Map<string, PageEvaluation>();
  if (o.snapshots) mkdirSync(o.snapshots, { recursive: true });
  if (o.saveSegments) for (const l of ['top', 'fine']) mkdirSync(path.join(o.saveSegments, l), { recursive: true });

  const record = (id: string, tree: BlockTree | undefined, decision: Decision | undefined, error: string | null): void => {
    const gold = golds.get(id)!;
    const pred = tree && decision ? levelPredictions(tree, decision) : null;
    results.set(id, evaluateSegPage(id, gold, pred, pred ? null : error ?? 'no block tree', grid));
    if (o.saveSegments && tree && decision) {
      for (const level of ['top', 'fine'] as const) {
        writeFileSync(path.join(o.saveSegments, level, `${id}.json`), JSON.stringify(segmentView(tree, decision, level)) + '\n');
      }
    }
  };

  // Pages with a stored snapshot are analysed from it; the others are rendered.
  const toRender: typeof dataset = [];
  for (const p of dataset) {
    const snap = o.snapshots ? readSnapshot(path.join(o.snapshots, `${p.id}.json.gz`)) : null;
    if (snap) {
      try {
        const a = analyzeSnapshot(snap, { pdoc: opts.pdoc });
        record(p.id, a.tree, a.decision, null);
      } catch (e) {
        record(p.id, undefined, undefined, `INTERNAL_ERROR: ${(e as Error).message}`);
      }
    } else if (!p.page) {
      record(p.id, undefined, undefined, 'no page for this gold file');
    } else {
      toRender.push(p);
    }
  }
  if (toRender.length) {
    const session = await openSession(o);
    const progress = startProgress(toRender.length, o.quiet ?? false);
    try {
      const inputs = await resolveInputs(toRender.map((p) => p.page!), { server: session.server });
      await runBatch(session, inputs, opts, {
        concurrency: opts.concurrency,
        onDone: (r) => progress.tick(r.record.ok),
        emit: (r, i) => {
          const id = at(toRender, i).id;
          const err = r.record.ok ? null : `${r.record.error?.code}: ${r.record.error?.message}`;
          record(id, r.record.ok ? r.tree : undefined, r.record.ok ? r.decision : undefined, err);
          if (o.snapshots && r.snapshot) writeFileSync(path.join(o.snapshots, `${id}.json.gz`), encodeSnapshot(r.snapshot, { gzip: true }));
        },
      });
    } finally {
      progress.stop();
      await session.close();
    }
  }

  const pages = dataset.map((p) => results.get(p.id)!);
  const summary = summarizeSeg(pages, golds, grid);
  if (o.json) {
    outRaw(JSON.stringify({ ...summary, perPage: pages }, (_k, v: unknown) => (typeof v === 'number' && Number.isNaN(v) ? null : v)) + '\n');
    return;
  }
  out(formatSegSummary(summary));
  const worst = pages.filter((p) => !Number.isNaN(p.scores.viseg.fine.F1))
    .sort((a, b) => a.scores.viseg.fine.F1 + a.scores.viseg.top.F1 - b.scores.viseg.fine.F1 - b.scores.viseg.top.F1 || (a.id < b.id ? -1 : 1))
    .slice(0, o.worst);
  if (worst.length) {
    out(`\nworst pages (top F1, fine F1)\n`);
    for (const p of worst) out(`  ${p.id.slice(0, 40).padEnd(40)} ${p.scores.viseg.top.F1.toFixed(3)}  ${p.scores.viseg.fine.F1.toFixed(3)}${p.error ? `  (${p.error})` : ''}\n`);
  }
}
