#!/usr/bin/env node
// End-to-end cross-validation: every page is analysed by the pipeline with the models of the fold
// that did not see its domain, and scored with WCXB's word metric.
// usage: node scripts/train/cv-eval.mjs <snapshot dir> <gold.json> <work dir> [out.json]
// <work dir> holds folds.tsv (page, fold) and fold-<k>/ with content-first.json,
// content-second.json and page-type.json (scripts/train/fit.py). Every page is read a second time
// with its gold type given (the `pageType` option), to tell what the page-type model costs.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { readGoldFile } from '../../dist/eval/gold.js';
import { scoreWords } from '../../dist/eval/words.js';
import { GIVEN_PAGE_TYPES } from '../../dist/options.js';
import { analyzeSnapshot } from '../../dist/pipeline/analyze.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';
import { foldModels, readFolds } from './folds.mjs';

const [dir, goldFile, work, out] = process.argv.slice(2);
if (!dir || !goldFile || !work) {
  console.error('usage: node scripts/train/cv-eval.mjs <snapshot dir> <gold.json> <work dir> [out.json]');
  process.exit(2);
}
const gold = readGoldFile(goldFile);
const folds = readFolds(work);
const modelsOf = foldModels(work);
const pred = {};
const givenPred = {};
const types = {};
const ms = [];
for (const [id, k] of folds) {
  const snap = readSnapshotFile(path.join(dir, `${id}.json.gz`));
  const t0 = performance.now();
  const a = analyzeSnapshot(snap, { models: modelsOf(k) });
  ms.push(performance.now() - t0);
  pred[id] = a.content.text;
  types[id] = a.decision.pageType;
  const type = gold.pages[id]?.pageType;
  givenPred[id] = GIVEN_PAGE_TYPES.includes(type) ? analyzeSnapshot(snap, { models: modelsOf(k), pageType: type }).content.text : pred[id];
}
const ids = [...folds.keys()].sort();
const scores = scoreWords(gold.pages, pred, ids);
const given = scoreWords(gold.pages, givenPred, ids);
const givenF1 = new Map(given.pages.map((p) => [p.id, p.f1]));
const confusion = {};
for (const id of ids) {
  const t = gold.pages[id]?.pageType ?? 'article';
  confusion[t] ??= {};
  confusion[t][types[id]] = (confusion[t][types[id]] ?? 0) + 1;
}
ms.sort((a, b) => a - b);
const result = {
  pages: ids.length,
  summary: scores.summary,
  types: scores.types,
  pageTypeConfusion: confusion,
  analysisMs: { median: ms[ms.length >> 1], p90: ms[Math.floor(ms.length * 0.9)] },
  typeGiven: { summary: given.summary, types: given.types },
  perPage: scores.pages.map((p) => ({ id: p.id, type: p.pageType, predicted: types[p.id], f1: Math.round(p.f1 * 10000) / 10000, givenF1: Math.round(givenF1.get(p.id) * 10000) / 10000 })),
};
if (out) writeFileSync(out, JSON.stringify(result, null, 1));
const f = (x) => x.toFixed(3);
console.log(`all ${ids.length} pages: F1 ${f(scores.summary.f1)} P ${f(scores.summary.precision)} R ${f(scores.summary.recall)}`);
for (const [t, s] of Object.entries(scores.types)) console.log(`  ${t.padEnd(14)} ${String(s.pages).padStart(4)}  F1 ${f(s.f1)}  P ${f(s.precision)}  R ${f(s.recall)}`);
console.log(`with the gold page type given: all F1 ${f(given.summary.f1)}; ${Object.entries(given.types).map(([t, x]) => `${t} ${f(x.f1)}`).join(', ')}`);
console.log(`analysis median ${result.analysisMs.median.toFixed(1)} ms, p90 ${result.analysisMs.p90.toFixed(1)} ms`);
