#!/usr/bin/env node
// What each rule after the model is worth: every page is read with the models of the fold that
// did not see its domain (as cv-eval.mjs reads it), once with every rule and once without each
// rule in turn, and scored with WCXB's word metric. A rule's worth on a page type is the mean
// change of F1 over that type's pages when it is left out (negative: the rule helps), with the
// standard error of that mean (paired by page) and the number of pages whose F1 moved.
// usage: node scripts/train/rule-ablation.mjs <snapshot dir> <gold.json> <work dir> <out.json>
// <work dir> holds folds.tsv and fold-<k>/ (scripts/train/fit.py). Run `npm run build` first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RULES, loadModels } from '../../dist/classify/index.js';
import { readGoldFile } from '../../dist/eval/gold.js';
import { scoreWords } from '../../dist/eval/words.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';
import { SKIPS, change, textsWithoutEachRule } from './rule-worth.mjs';

const [dir, goldFile, work, out] = process.argv.slice(2);
if (!dir || !goldFile || !work || !out) {
  console.error('usage: node scripts/train/rule-ablation.mjs <snapshot dir> <gold.json> <work dir> <out.json>');
  process.exit(2);
}
const gold = readGoldFile(goldFile);
const folds = new Map(readFileSync(path.join(work, 'folds.tsv'), 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t')).map(([p, f]) => [p, Number(f)]));
const ids = [...folds.keys()].sort();
const preds = SKIPS.map(() => ({}));
const models = new Map();
for (const id of ids) {
  const k = folds.get(id);
  if (!models.has(k)) models.set(k, loadModels(path.join(work, `fold-${k}`)));
  const texts = textsWithoutEachRule(readSnapshotFile(path.join(dir, `${id}.json.gz`)), models.get(k));
  texts.forEach((t, v) => (preds[v][id] = t));
}
const f1s = preds.map((pred) => new Map(scoreWords(gold.pages, pred, ids).pages.map((p) => [p.id, p.f1])));
const base = f1s[0];
const typeOf = (id) => gold.pages[id]?.pageType ?? 'article';
const types = [...new Set(ids.map(typeOf))].sort();
const groups = [['all', ids], ...types.map((t) => [t, ids.filter((id) => typeOf(id) === t)])];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const round = (x) => Math.round(x * 1e5) / 1e5;

const result = {
  pages: ids.length,
  metric: 'WCXB word F1, each page analysed with the models of the fold that did not see its domain',
  baseline: Object.fromEntries(groups.map(([g, group]) => [g, { pages: group.length, f1: round(mean(group.map((id) => base.get(id)))) }])),
  rules: RULES.map((rule, r) => ({ rule, ...Object.fromEntries(groups.map(([g, group]) => [g, change(base, f1s[r + 1], group)])) })),
};
writeFileSync(out, JSON.stringify(result, null, 1));
for (const r of result.rules) console.log(`${r.rule.padEnd(22)} all ${r.all.delta >= 0 ? '+' : ''}${r.all.delta.toFixed(4)} (${r.all.changed} pages)`);
