#!/usr/bin/env node
// The content threshold for each page type, chosen on out-of-fold scores (run by scripts/train/run.mjs).
//
// usage: node scripts/train/thresholds.mjs <snapshot dir> <gold.json> <work dir> <content model name>
//
// A block is main content when its score reaches its page's threshold. What suits a thread (keep
// every short reply) is not what suits an article (drop the short teasers around it), so the
// threshold is chosen per predicted page type: the one that maximises the mean word F1 of the
// pages the page-type model assigns to that type, joining the text of the blocks kept. Scores
// and predicted types are out-of-fold (<work>/<name>.oof.tsv, page-type.oof.tsv), and each
// fold's thresholds are chosen without that fold's pages (<work>/fold-<k>/thresholds.json), so
// the end-to-end cross-validation stays honest; <work>/thresholds.json uses every page.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTextBlocks, indexNodes } from '../../dist/classify/text-blocks.js';
import { CONTENT_THRESHOLD } from '../../dist/classify/params.js';
import { readGoldFile } from '../../dist/eval/gold.js';
import { scoreWordsPage } from '../../dist/eval/words.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';

const [dir, goldFile, work, name] = process.argv.slice(2);
if (!dir || !goldFile || !work || !name) {
  console.error('usage: node scripts/train/thresholds.mjs <snapshot dir> <gold.json> <work dir> <content model name>');
  process.exit(2);
}
/** Candidate thresholds. */
const GRID = [0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7];
/** A type with fewer training pages than this keeps the default threshold. */
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

// each page's F1 at every candidate threshold
const pages = [];
for (const id of [...folds.keys()].sort()) {
  const s = scores.get(id) ?? [];
  const snap = readSnapshotFile(path.join(dir, `${id}.json.gz`));
  const texts = buildTextBlocks(snap, indexNodes(snap), { includeHidden: true }).map((b) => b.text);
  const f1 = GRID.map((t) => scoreWordsPage(id, gold[id] ?? { text: '' }, texts.filter((_, i) => s[i] >= t).join('\n')).f1);
  pages.push({ id, fold: folds.get(id), type: predicted.get(id) ?? 'article', f1 });
}

function choose(train) {
  const byType = {};
  for (const t of [...new Set(train.map((p) => p.type))].sort()) {
    const of = train.filter((p) => p.type === t);
    if (of.length < MIN_PAGES) continue;
    const mean = GRID.map((_, g) => of.reduce((a, p) => a + p.f1[g], 0) / of.length);
    let best = GRID.indexOf(CONTENT_THRESHOLD);
    mean.forEach((m, g) => { if (m > mean[best] + 1e-9) best = g; });
    byType[t] = GRID[best];
  }
  return byType;
}

const k = Math.max(...folds.values()) + 1;
const write = (file, byType, trainPages) =>
  writeFileSync(file, JSON.stringify({ format: 'viseg-thresholds-1', default: CONTENT_THRESHOLD, byPageType: byType, provenance: { trainPages, grid: GRID, minPages: MIN_PAGES, scores: `${name} out-of-fold` } }, null, 1));
for (let f = 0; f < k; f++) write(path.join(work, `fold-${f}`, 'thresholds.json'), choose(pages.filter((p) => p.fold !== f)), pages.filter((p) => p.fold !== f).length);
const all = choose(pages);
write(path.join(work, 'thresholds.json'), all, pages.length);
console.error(`thresholds by predicted page type: ${JSON.stringify(all)}`);
