#!/usr/bin/env node
// What each rule after the model is worth: every page is read with the models of the fold that
// did not see its domain (as cv-eval.mjs reads it), once with every rule and once without each
// rule in turn, and scored with WCXB's word metric. A rule's worth on a page type is the mean
// change of F1 over that type's pages when it is left out (negative: the rule helps), with its
// standard error clustered by domain (rule-worth.mjs) and the number of pages whose F1 moved.
// usage: node scripts/train/rule-ablation.mjs <snapshot dir> <gold.json> <work dir> <out.json>
// <work dir> is the one `npm run train` used (.viseg-cache/train): folds.tsv and fold-<k>/.
// Run `npm run build` first.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RULES } from '../../dist/classify/index.js';
import { readGoldFile } from '../../dist/eval/gold.js';
import { scoreWords } from '../../dist/eval/words.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';
import { foldModels, readFolds } from './folds.mjs';
import { SKIPS, change, round, textsWithoutEachRule } from './rule-worth.mjs';

const [dir, goldFile, work, out] = process.argv.slice(2);
if (!dir || !goldFile || !work || !out) {
  console.error('usage: node scripts/train/rule-ablation.mjs <snapshot dir> <gold.json> <work dir> <out.json>');
  process.exit(2);
}
const gold = readGoldFile(goldFile);
// the domain of each page (WCXB's gold names it; else the URL's host, else the page itself)
const raw = JSON.parse(readFileSync(goldFile, 'utf8'));
const domainOf = (id) => {
  const e = raw[id];
  if (typeof e?.domain === 'string') return e.domain;
  try {
    return new URL(e?.url).hostname;
  } catch {
    return id;
  }
};
const folds = readFolds(work);
const modelsOf = foldModels(work);
const ids = [...folds.keys()];
const preds = SKIPS.map(() => ({}));
for (const [id, k] of folds) {
  const texts = textsWithoutEachRule(readSnapshotFile(path.join(dir, `${id}.json.gz`)), modelsOf(k));
  texts.forEach((t, v) => (preds[v][id] = t));
}
const scores = preds.map((pred) => scoreWords(gold.pages, pred, ids));
const f1s = scores.map((s) => new Map(s.pages.map((p) => [p.id, p.f1])));
const typeOf = (id) => gold.pages[id]?.pageType ?? 'article';
const groups = [['all', ids], ...Object.keys(scores[0].types).map((t) => [t, ids.filter((id) => typeOf(id) === t)])];

const result = {
  pages: ids.length,
  metric: 'WCXB word F1, each page analysed with the models of the fold that did not see its domain',
  baseline: { all: { pages: ids.length, f1: round(scores[0].summary.f1) }, ...Object.fromEntries(Object.entries(scores[0].types).map(([t, s]) => [t, { pages: s.pages, f1: round(s.f1) }])) },
  rules: RULES.map((rule, r) => ({ rule, ...Object.fromEntries(groups.map(([g, group]) => [g, change(f1s[0], f1s[r + 1], group, domainOf)])) })),
};
writeFileSync(out, JSON.stringify(result, null, 1));
for (const r of result.rules) console.log(`${r.rule.padEnd(22)} all ${r.all.delta >= 0 ? '+' : ''}${r.all.delta.toFixed(4)} (${r.all.changed} pages)`);
