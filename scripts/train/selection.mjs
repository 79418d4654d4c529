#!/usr/bin/env node
// The calibration power of the expected-F1 selection for each page type, chosen on out-of-fold
// scores (run by scripts/train/run.mjs).
//
// usage: node scripts/train/selection.mjs <snapshot dir> <gold.json> <work dir> <content model name>
//
// The classifier keeps the blocks that maximise a page's expected word F1, reading each block's
// score raised to a power as the probability that it is main content (src/classify/choose.ts).
// Scores are not equally well calibrated on every kind of page (an article's teasers score higher
// than they should, a listing's cards lower), so the power is chosen per predicted page type: the
// one that maximises the mean word F1 of the pages the page-type model assigns to that type,
// joining the text of the blocks kept. Scores and predicted types are out-of-fold
// (<work>/<name>.oof.tsv, page-type.oof.tsv), and each fold's powers are chosen without that
// fold's pages (<work>/fold-<k>/selection.json), so the end-to-end cross-validation stays honest;
// <work>/selection.json uses every page.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { selectByExpectedF1 } from '../../dist/classify/choose.js';
import { buildTextBlocks, indexNodes } from '../../dist/classify/text-blocks.js';
import { SELECTION_POWER } from '../../dist/classify/params.js';
import { readGoldFile } from '../../dist/eval/gold.js';
import { scoreWordsPage } from '../../dist/eval/words.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';

const [dir, goldFile, work, name] = process.argv.slice(2);
if (!dir || !goldFile || !work || !name) {
  console.error('usage: node scripts/train/selection.mjs <snapshot dir> <gold.json> <work dir> <content model name>');
  process.exit(2);
}
/** Candidate powers. */
const GRID = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.5, 3];
/** A type with fewer training pages than this keeps the default power. */
const MIN_PAGES = 20;

const gold = readGoldFile(goldFile).pages;
const tsv = (f) => readFileSync(path.join(work, f), 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
const folds = new Map(tsv('folds.tsv').map(([p, k]) => [p, Number(k)]));
const predicted = new Map(tsv('page-type.oof.tsv').map(([p, , t]) => [p, t]));
const scores = new Map();
for (const [p, b, s] of tsv(`${name}.oof.tsv`)) {
  if (!scores.has(p)) scores.set(p, []);
  scores.get(p)[Number(b)] = Number(s);
}

// each page's F1 at every candidate power
const pages = [];
for (const id of [...folds.keys()].sort()) {
  const snap = readSnapshotFile(path.join(dir, `${id}.json.gz`));
  const blocks = buildTextBlocks(snap, indexNodes(snap), { includeHidden: true });
  const s = blocks.map((_, i) => scores.get(id)?.[i] ?? 0);
  const words = blocks.map((b) => b.words);
  const f1 = GRID.map((power) => {
    const kept = selectByExpectedF1(words, s, power).kept;
    return scoreWordsPage(id, gold[id] ?? { text: '' }, kept.map((i) => blocks[i].text).join('\n')).f1;
  });
  pages.push({ id, fold: folds.get(id), type: predicted.get(id) ?? 'article', f1 });
}

function choose(train) {
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
}

const k = Math.max(...folds.values()) + 1;
const write = (file, byType, trainPages) =>
  writeFileSync(file, JSON.stringify({ format: 'viseg-selection-1', default: SELECTION_POWER, byPageType: byType, provenance: { trainPages, grid: GRID, minPages: MIN_PAGES, scores: `${name} out-of-fold` } }, null, 1));
for (let f = 0; f < k; f++) write(path.join(work, `fold-${f}`, 'selection.json'), choose(pages.filter((p) => p.fold !== f)), pages.filter((p) => p.fold !== f).length);
const all = choose(pages);
write(path.join(work, 'selection.json'), all, pages.length);
console.error(`selection powers by predicted page type: ${JSON.stringify(all)}`);
