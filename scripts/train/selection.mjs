#!/usr/bin/env node
// The calibration power of the expected-F1 selection for each page type, chosen on the whole
// pipeline's output with out-of-fold models (run by scripts/train/run.mjs).
//
// usage: node scripts/train/selection.mjs <snapshot dir> <gold.json> <work dir> [--jobs N]
//   --jobs  worker threads (default: one per core)
//
// The classifier keeps the blocks that maximise a page's expected word F1, reading each block's
// score raised to a power as the probability that it is main content (src/classify/choose.ts).
// Scores are not equally well calibrated on every kind of page (an article's teasers score higher
// than they should, a listing's cards lower), so the power is chosen per page type: the one that
// maximises the mean word F1 of the pages the classifier selects for as that type. classify blends
// these powers by a page's type probabilities (blendedPower in src/classify/index.ts), so a page
// the page-type model is sure of is read at its type's power. Choosing the powers for the blend
// itself (each type's power in turn, over all pages at their blended powers) fitted the training
// folds better and cross-validated worse, so each type's is chosen on its own pages.
//
// Each page's text is what `viseg extract` would give at each candidate power, keep and drop rules
// included (one segmentation and one scoring per page serve every power: textAtPowers), with the
// models of the fold that did not see its domain (<work>/fold-<k>/).
// The rules after the selection change what a power keeps (they complete grids, drop rails and
// repeats), so the power that is best for the blocks alone is not the best for the page's text.
// Each fold's powers are chosen without that fold's pages (<work>/fold-<k>/selection.json), so
// the end-to-end cross-validation stays honest; <work>/selection.json uses every page.
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** Candidate powers. */
const GRID = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5, 3];
/** A type with fewer training pages than this keeps the default power. */
const MIN_PAGES = 20;

const dist = (p) => import(new URL(`../../dist/${p}`, import.meta.url).href);

if (!isMainThread) {
  // a worker: each page's F1 at every candidate power, and the type the classifier selected for
  const { foldModels } = await import('./folds.mjs');
  const { readGoldFile } = await dist('eval/gold.js');
  const { scoreWordsPage } = await dist('eval/words.js');
  const { textAtPowers } = await dist('pipeline/analyze.js');
  const { readSnapshotFile } = await dist('snapshot/file.js');
  const { dir, goldFile, work, pages } = workerData;
  const gold = readGoldFile(goldFile).pages;
  const modelsOf = foldModels(work);
  const out = [];
  for (const { id, fold } of pages) {
    const snapshot = readSnapshotFile(path.join(dir, `${id}.json.gz`));
    // the type the page's selection starts from (the page-type step's: the model's, or a declared
    // thread), which no power changes; a listing that a power's selection makes read as an
    // article stays with the listings, so every power of a page counts for one type
    const { startType: type, texts } = textAtPowers(snapshot, modelsOf(fold), GRID);
    out.push({ id, fold, type, f1: texts.map((text) => scoreWordsPage(id, gold[id] ?? { text: '' }, text).f1) });
  }
  parentPort.postMessage(out);
} else {
  const { values: o, positionals } = parseArgs({ allowPositionals: true, options: { jobs: { type: 'string' } } });
  const [dir, goldFile, work] = positionals;
  if (!dir || !goldFile || !work) {
    console.error('usage: node scripts/train/selection.mjs <snapshot dir> <gold.json> <work dir> [--jobs N]');
    process.exit(2);
  }
  const { SELECTION_POWER } = await dist('classify/params.js');
  const { readFolds } = await import('./folds.mjs');
  const all = [...readFolds(work)].map(([id, fold]) => ({ id, fold }));
  const asked = o.jobs === undefined ? availableParallelism() : Number(o.jobs);
  if (!Number.isInteger(asked) || asked < 1) {
    console.error(`--jobs takes a whole number of worker threads, 1 or more (got ${o.jobs})`);
    process.exit(2);
  }
  const jobs = Math.min(all.length, asked);
  const parts = await Promise.all(Array.from({ length: jobs }, (_, j) => new Promise((resolve, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { dir, goldFile, work, pages: all.filter((_, i) => i % jobs === j) } });
    let answered = false;
    w.once('message', (m) => {
      answered = true;
      resolve(m);
    });
    w.once('error', reject);
    w.once('exit', (code) => { if (!answered) reject(new Error(`worker ${j} exited with code ${code} before it answered`)); });
  })));
  // in id order, whatever the number of workers
  const pages = parts.flat().sort((a, b) => (a.id < b.id ? -1 : 1));

  const choose = (train) => {
    const byType = {};
    for (const t of [...new Set(train.map((p) => p.type))].sort()) {
      const of = train.filter((p) => p.type === t);
      if (of.length < MIN_PAGES) continue;
      const mean = GRID.map((_, g) => of.reduce((a, p) => a + p.f1[g], 0) / of.length);
      let best = GRID.indexOf(SELECTION_POWER);
      mean.forEach((m, g) => { if (m > mean[best] + 1e-9) best = g; });
      byType[t] = GRID[best];
    }
    return byType;
  };
  const write = (file, byType, trainPages) =>
    writeFileSync(file, JSON.stringify({ format: 'viseg-selection-1', default: SELECTION_POWER, byPageType: byType, provenance: { trainPages, grid: GRID, minPages: MIN_PAGES, scores: 'whole pipeline, out-of-fold models' } }, null, 1));
  const k = Math.max(...pages.map((p) => p.fold)) + 1;
  for (let f = 0; f < k; f++) {
    const train = pages.filter((p) => p.fold !== f);
    write(path.join(work, `fold-${f}`, 'selection.json'), choose(train), train.length);
  }
  const chosen = choose(pages);
  write(path.join(work, 'selection.json'), chosen, pages.length);
  writeFileSync(path.join(work, 'selection-grid.json'), JSON.stringify({ grid: GRID, pages }));
  console.error(`selection powers by page type: ${JSON.stringify(chosen)}`);
}
