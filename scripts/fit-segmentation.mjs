#!/usr/bin/env node
// Fit the segmenter's separator weights and level rules (src/segment/params.ts) to people's
// segmentations, with k-fold cross-validation over pages.
//
// usage: node scripts/fit-segmentation.mjs DATASET SNAPSHOTS [--folds 5] [--rules-only] [--out fit.json]
//   DATASET    the seg-random dataset folder (gold/<page>.json)
//   SNAPSHOTS  <page>.json.gz snapshots of its pages (viseg eval --segmentation DATASET --snapshots DIR
//              records them)
//
// Method. Pages are dealt into k folds by their sorted ids (page i into fold i mod k). For each fold
// the weights and rules are fitted on the other folds and scored on it; the held-out figures are
// the pooled scores of every page when its fold was held out. The values written into params.ts
// are fitted on all pages (their figures on the same pages are the in-sample figures).
//
// Fitting one training set:
//   1. the level rules, given the weights: every rule of the grid below is tried; the fine rule
//      with the best mean fine F1 is kept, then the top rule with the best mean top F1 given it,
//      among the rules whose permitted DoC is at most the fine rule's (the top level is the
//      coarser: what the fine level keeps whole, the top level does not divide);
//   2. the weights: coordinate ascent on (top F1 + fine F1) / 2 of step 1's best rules, one weight
//      at a time over a few candidate values, until a pass changes nothing (at most PASSES passes).
//      Each page is prepared, cut into Phase-1 blocks and searched for separators once
//      (src/segment: segmenter); a weight candidate only weighs the separators again and builds
//      the tree. With --rules-only the weights stay the paper's and only step 1 runs.
// (run `npm run build` first: the script drives dist/)
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { segmenter, cutLevels, DEFAULT_PARAMS, PAPER_WEIGHTS } from '../dist/segment/index.js';
import { assignItems, bcubed, f1, goldLabels, parseSegGold, summarize } from '../dist/eval/segmentation.js';
import { readSnapshotFile } from '../dist/snapshot/file.js';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const folds = Number(opt('--folds', '5'));
const rulesOnly = args.includes('--rules-only');
if (rulesOnly) args.splice(args.indexOf('--rules-only'), 1);
const outFile = opt('--out', null);
const [dataset, snapDir] = args;
if (!dataset || !snapDir) {
  console.error('usage: node scripts/fit-segmentation.mjs DATASET SNAPSHOTS [--folds 5] [--rules-only] [--out fit.json]');
  process.exit(2);
}

const PASSES = 2;
/** Candidate values per weight (the paper's value is always among them). */
const WEIGHT_GRID = {
  distance: [0.5, 1, 2],
  line: [0, 2, 4],
  background: [0, 2, 4],
  fontSize: [0, 2, 4],
  fontWeight: [0, 2, 4],
  headingBelow: [-2, 0, 2],
  textBothSides: [-4, -2, 0],
  span: [0, 4],
};
const RULE_GRID = [];
for (let pdoc = 1; pdoc <= 10; pdoc++) {
  for (const minArea of [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8]) {
    for (const maxArea of [0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 2]) RULE_GRID.push({ pdoc, minArea, maxArea });
  }
}

const goldDir = path.join(dataset, 'gold');
const ids = readdirSync(goldDir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();
const pages = [];
for (const id of ids) {
  const gold = parseSegGold(JSON.parse(readFileSync(path.join(goldDir, `${id}.json`), 'utf8')), id);
  let snap;
  try {
    snap = readSnapshotFile(path.join(snapDir, `${id}.json.gz`));
  } catch {
    console.error(`${id}: no snapshot, left out`);
    continue;
  }
  if (!gold.items.some((it) => it.goldTop !== null || it.goldBlock !== null)) continue; // nothing to score
  const weights = gold.items.map((it) => it.chars);
  pages.push({ id, gold, segment: segmenter(snap), weights, labels: { top: goldLabels(gold, 'top'), fine: goldLabels(gold, 'fine') } });
}
console.error(`${pages.length} pages with gold text; ${folds} folds; ${RULE_GRID.length} level rules per level`);

function index(root) {
  const m = new Map();
  const walk = (b) => {
    m.set(b.id, b);
    for (const c of b.children) walk(c);
  };
  walk(root);
  return m;
}

/**
 * For one weight setting: per page, the F1 of every fine rule (fine level), and of every
 * (fine rule, top rule) pair's top level, memoised by the cut.
 */
function evaluate(weights) {
  return pages.map((p) => {
    const tree = p.segment({ pdoc: 11, params: { weights } });
    const byId = index(tree.root);
    const memo = new Map();
    const score = (idsOfCut, level) => {
      const key = `${level}:${idsOfCut.join(',')}`;
      let v = memo.get(key);
      if (v === undefined) {
        const pred = assignItems(p.gold, idsOfCut.map((i) => byId.get(i).rect));
        const { P, R } = bcubed(p.weights, p.labels[level], pred);
        v = { P, R, F1: f1(P, R), nPred: new Set(pred.filter((x) => x !== null)).size };
        memo.set(key, v);
      }
      return v;
    };
    return { tree, score };
  });
}

function mean(xs) {
  const v = xs.filter((x) => !Number.isNaN(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
}

/** Best fine rule, then best top rule given it, on the pages `sel` of an evaluation. */
function fitRules(ev, sel) {
  let fine = null;
  for (const r of RULE_GRID) {
    const f1 = mean(sel.map((i) => ev[i].score(cutLevels(ev[i].tree.root, { top: r, fine: r }, true).fine, 'fine').F1));
    if (!fine || f1 > fine.f1 + 1e-12) fine = { rule: r, f1 };
  }
  let top = null;
  for (const r of RULE_GRID) {
    // The top level is the coarser one: a block coherent enough for the fine level to keep whole
    // is not divided by the top level either, so its permitted DoC is at most the fine level's.
    if (r.pdoc > fine.rule.pdoc) continue;
    const f1 = mean(sel.map((i) => ev[i].score(cutLevels(ev[i].tree.root, { top: r, fine: fine.rule }, true).top, 'top').F1));
    if (!top || f1 > top.f1 + 1e-12) top = { rule: r, f1 };
  }
  return { fine: fine.rule, top: top.rule, objective: (fine.f1 + top.f1) / 2 };
}

const cache = new Map();
function evaluateCached(weights) {
  const key = JSON.stringify(weights);
  let ev = cache.get(key);
  if (!ev) {
    ev = evaluate(weights);
    if (cache.size > 64) cache.clear();
    cache.set(key, ev);
  }
  return ev;
}

function fit(sel) {
  let weights = { ...PAPER_WEIGHTS };
  let best = fitRules(evaluateCached(weights), sel);
  for (let pass = 0; pass < (rulesOnly ? 0 : PASSES); pass++) {
    let changed = false;
    for (const [name, values] of Object.entries(WEIGHT_GRID)) {
      for (const v of values) {
        if (v === weights[name]) continue;
        const w = { ...weights, [name]: v };
        const r = fitRules(evaluateCached(w), sel);
        if (r.objective > best.objective + 1e-4) {
          weights = w;
          best = r;
          changed = true;
        }
      }
    }
    if (!changed) break;
  }
  return { weights, top: best.top, fine: best.fine, objective: best.objective };
}

/** Scores of each page in `sel` under fitted values. */
function scorePages(fitted, sel) {
  const ev = evaluateCached(fitted.weights);
  return sel.map((i) => {
    const lv = cutLevels(ev[i].tree.root, { top: fitted.top, fine: fitted.fine }, true);
    return { id: pages[i].id, top: ev[i].score(lv.top, 'top'), fine: ev[i].score(lv.fine, 'fine') };
  });
}

function summary(rows) {
  const lv = (m) => ({ ...m, Pbg: NaN, Rbg: NaN, F1bg: NaN, nGold: 0 });
  const s = { top: summarize(rows.map((r) => lv(r.top))), fine: summarize(rows.map((r) => lv(r.fine))) };
  return { top: { F1: s.top.F1, P: s.top.P, R: s.top.R, segments: s.top.segments }, fine: { F1: s.fine.F1, P: s.fine.P, R: s.fine.R, segments: s.fine.segments } };
}

const all = pages.map((_, i) => i);
const heldOut = [];
const perFold = [];
for (let k = 0; k < folds; k++) {
  const test = all.filter((i) => i % folds === k);
  const train = all.filter((i) => i % folds !== k);
  const f = fit(train);
  const rows = scorePages(f, test);
  heldOut.push(...rows);
  perFold.push({ fold: k, pages: test.length, fitted: f, heldOut: summary(rows) });
  console.error(`fold ${k}: top ${summary(rows).top.F1.toFixed(3)} fine ${summary(rows).fine.F1.toFixed(3)}  ${JSON.stringify(f)}`);
}
const final = fit(all);
const inSample = summary(scorePages(final, all));
const paper = fitRules(evaluateCached(PAPER_WEIGHTS), all);
const result = {
  pages: pages.length,
  folds,
  rulesOnly,
  fitted: final,
  heldOut: summary(heldOut),
  inSample,
  paperWeightsInSample: summary(scorePages({ weights: PAPER_WEIGHTS, top: paper.top, fine: paper.fine }, all)),
  paperWeightsRules: { top: paper.top, fine: paper.fine },
  current: { weights: DEFAULT_PARAMS.weights, top: DEFAULT_PARAMS.top, fine: DEFAULT_PARAMS.fine },
  perFold,
};
const json = JSON.stringify(result, null, 1);
if (outFile) writeFileSync(outFile, json + '\n');
process.stdout.write(json + '\n');
