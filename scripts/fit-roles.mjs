#!/usr/bin/env node
// Fit the role model (models/roles.json, src/classify/roles.ts) to the block types people marked
// on the seg-random pages, with k-fold cross-validation over pages, and measure the roles.
//
// usage: node scripts/fit-roles.mjs DATASET SNAPSHOTS [--folds 5] [--deals 5] [--jobs 1] [--work DIR] [--out models/roles.json] [--report fit-roles.json] [--table-only]
//   DATASET    the seg-random dataset folder (gold/<page>.json)
//   SNAPSHOTS  <page>.json.gz snapshots of its pages (viseg eval --segmentation DATASET --snapshots DIR
//              records them)
//
// 1. Every page is analysed as viseg does by default (the shipped segmentation and content
//    models); the role features of its fine blocks (src/classify/role-features.ts; a region that
//    is a fine block too is one of them, for its fine role: its top-level role is the rules') go
//    into a table, with, per block, the characters of each role
//    class it holds: a character's class is the type of its people's innermost block mapped by
//    GOLD_TYPE_ROLES (src/eval/segmentation.ts) onto the model's classes, counted with the fine
//    block that holds it, exactly as the role accuracy counts it.
// 2. scripts/train/fit_roles.py fits gradient-boosted trees on it (XGBoost), one model per fold
//    (every page but the fold's) and one on all pages.
// 3. Held out: every page is analysed again with the model of the fold that did not see it, and
//    its roles scored as `viseg eval --segmentation` scores them (each level with its own role:
//    `role` at the top, `fineRole` at the fine level); in sample: with the final model.
// Pages are dealt into folds as scripts/fit-segmentation.mjs deals them (page i of the sorted ids
// with gold text into fold i mod k). With 81 pages, a few long ones hold most characters, so one
// deal's held-out figure moves by about a point with the deal: steps 2 and 3 are repeated for
// --deals deals (the first as above, the others the same after a shuffle seeded by the deal's
// number), and the held-out figures are their mean. The roles do not change the blocks, so the
// segmentation figures are those of the shipped level rules.
// --jobs fits that many folds at once, each in its own process (the same models, sooner on a
// machine with as many cores).
// With --table-only the script stops after step 1 (the table in --work, for experiments).
// (run `npm run build` first: the script drives dist/)
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => import(path.join(root, 'dist', p));
const { analyzeSnapshot } = await dist('pipeline/analyze.js');
const { loadModels } = await dist('classify/models.js');
const { compileModel } = await dist('classify/model.js');
const { readSnapshotFile } = await dist('snapshot/file.js');
const { ROLE_FEATURES } = await dist('classify/role-features.js');
const { ROLE_CLASSES, blockNodes, roleTable } = await dist('classify/roles.js');
const seg = await dist('eval/segmentation.js');
const { mulberry32 } = await dist('util/random.js');

const USAGE = 'usage: node scripts/fit-roles.mjs DATASET SNAPSHOTS [--folds 5] [--deals 5] [--jobs 1] [--work DIR] [--out models/roles.json] [--report fit-roles.json] [--table-only]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { folds: { type: 'string', default: '5' }, deals: { type: 'string', default: '5' }, jobs: { type: 'string', default: '1' }, work: { type: 'string' }, out: { type: 'string' }, report: { type: 'string' }, 'table-only': { type: 'boolean', default: false } },
  });
} catch (e) {
  console.error(`${e.message}\n${USAGE}`);
  process.exit(2);
}
const folds = Number(parsed.values.folds);
const dealCount = Number(parsed.values.deals);
const jobs = Number(parsed.values.jobs);
const work = parsed.values.work ?? mkdtempSync(path.join(os.tmpdir(), 'viseg-roles-'));
const outFile = parsed.values.out ?? path.join(root, 'models', 'roles.json');
const reportFile = parsed.values.report ?? null;
const tableOnly = parsed.values['table-only'];
const [dataset, snapDir] = parsed.positionals;
if (!dataset || !snapDir || !(folds >= 2) || !(Number.isInteger(dealCount) && dealCount >= 1) || !(Number.isInteger(jobs) && jobs >= 1)) {
  console.error(USAGE);
  process.exit(2);
}
mkdirSync(work, { recursive: true });

/** Each gold type's class: the first of its agreeing roles that is a class of the model. */
const TYPE_CLASS = Object.fromEntries(Object.entries(seg.GOLD_TYPE_ROLES).map(([t, roles]) => [t, ROLE_CLASSES.indexOf(roles.find((r) => ROLE_CLASSES.includes(r)))]));
for (const [t, c] of Object.entries(TYPE_CLASS)) if (c < 0) throw new Error(`gold type ${t} maps to no class of the role model`);

const contentModels = loadModels(path.join(root, 'models'));
/** A role model that calls everything content: roles do not feed back into the features. */
const placeholder = compileModel({
  format: 'viseg-trees-1', target: 'roles', classes: [...ROLE_CLASSES], features: [...ROLE_FEATURES],
  base: ROLE_CLASSES.map((c) => (c === 'content' ? 1 : 0)), trees: [], provenance: {},
});

const pages = [];
for (const p of seg.readSegDataset(dataset)) {
  let snap;
  try {
    snap = readSnapshotFile(path.join(snapDir, `${p.id}.json.gz`));
  } catch {
    console.error(`${p.id}: no snapshot, left out`);
    continue;
  }
  if (!p.gold.items.some((it) => it.goldTop !== null || it.goldBlock !== null)) continue;
  pages.push({ id: p.id, gold: p.gold, snap, fold: pages.length % folds });
}
console.error(`${pages.length} pages with gold text; ${folds} folds, ${dealCount} deal(s)`);

/** Each deal's fold per page: deal 0 is the pages' own; deal d shuffles them first (seed d, the same deals on every machine). */
const deals = Array.from({ length: dealCount }, (_, d) => {
  const order = pages.map((p) => p.id);
  if (d > 0) {
    const next = mulberry32(d);
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  return Object.fromEntries(order.map((id, i) => [id, i % folds]));
});

// 1. The table.
const k = ROLE_CLASSES.length;
const n = ROLE_FEATURES.length;
const features = [];
const rows = [['page', 'fold', 'block', ...ROLE_CLASSES].join('\t')];
const typedChars = {};
for (const p of pages) {
  const a = analyzeSnapshot(p.snap, { models: { ...contentModels, roles: placeholder } });
  const table = roleTable(a.decision.blocks, a.decision.main, p.snap, a.tree.levels, blockNodes(a.tree.root));
  const at = new Map(table.blocks.map((b, i) => [b.id, i]));
  const chars = table.blocks.map(() => new Array(k).fill(0));
  const ids = a.tree.levels.fine;
  const assigned = seg.assignItems(p.gold, seg.levelPredictions(a.tree, a.decision).fine.rects);
  let total = 0;
  p.gold.items.forEach((it, j) => {
    const t = seg.goldType(p.gold, it, 'fine');
    if (!t) return;
    total += it.chars;
    const leaf = assigned[j];
    if (leaf === null || leaf === undefined) return;
    const i = at.get(ids[leaf]);
    if (i !== undefined) chars[i][TYPE_CLASS[t]] += it.chars;
  });
  typedChars[p.id] = total;
  table.blocks.forEach((b, i) => {
    features.push(table.rows.subarray(i * n, (i + 1) * n));
    rows.push([p.id, p.fold, b.id, ...chars[i]].join('\t'));
  });
}
const X = new Float32Array(features.length * n);
features.forEach((r, i) => X.set(r, i * n));
writeFileSync(path.join(work, 'roles.bin'), Buffer.from(X.buffer));
writeFileSync(path.join(work, 'roles.rows.tsv'), rows.join('\n') + '\n');
writeFileSync(path.join(work, 'roles.deals.json'), JSON.stringify(deals));
writeFileSync(path.join(work, 'roles.meta.json'), JSON.stringify({ dataset: path.basename(path.resolve(dataset)), names: ROLE_FEATURES, classes: ROLE_CLASSES, typedChars }));
console.error(`${features.length} fine blocks; table in ${work}`);
if (tableOnly) process.exit(0);

// 2. The fit.
const py = spawnSync('/usr/bin/python3', [path.join(root, 'scripts', 'train', 'fit_roles.py'), work, '--folds', String(folds), '--jobs', String(jobs)], { stdio: 'inherit' });
if (py.status !== 0) process.exit(py.status ?? 1);

// 3. The roles, held out and in sample, scored as viseg eval --segmentation scores them.
function evaluate(modelOf) {
  return pages.map((p) => {
    const a = analyzeSnapshot(p.snap, { models: { ...contentModels, roles: modelOf(p) } });
    return seg.evaluateSegPage(p.id, p.gold, seg.levelPredictions(a.tree, a.decision), null);
  });
}
const golds = new Map(pages.map((p) => [p.id, p.gold]));
const rolesOf = (evaluated) => seg.summarizeSeg(evaluated, golds).roles;
const read = (file) => compileModel(JSON.parse(readFileSync(file, 'utf8')));
const r3 = (x) => Math.round(x * 1000) / 1000;
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const perDeal = deals.map((deal, d) => {
  const foldModels = Array.from({ length: folds }, (_, f) => read(path.join(work, `deal-${d}`, `fold-${f}`, 'roles.json')));
  const evaluated = evaluate((p) => foldModels[deal[p.id]]);
  const all = rolesOf(evaluated);
  const perFold = foldModels.map((_, f) => {
    const r = rolesOf(evaluated.filter((_, i) => deal[pages[i].id] === f));
    return { fold: f, pages: pages.filter((p) => deal[p.id] === f).length, top: r3(r.top.pooled), fine: r3(r.fine.pooled) };
  });
  return { deal: d, all, perFold };
});
// the reference that calls every block main content is the same in every deal
const { top: { allMain: topMain }, fine: { allMain: fineMain } } = perDeal[0].all;
const final = read(path.join(work, 'roles.json'));
const inSample = rolesOf(evaluate(() => final));
const brief = (r) => ({ top: { pooled: r3(r.top.pooled), macro: r3(r.top.macro) }, fine: { pooled: r3(r.fine.pooled), macro: r3(r.fine.macro) } });
const meanOf = (level, key) => r3(mean(perDeal.map((x) => x.all[level][key])));
const report = {
  pages: pages.length, folds, deals: dealCount, blocks: features.length,
  heldOut: { top: { pooled: meanOf('top', 'pooled'), macro: meanOf('top', 'macro') }, fine: { pooled: meanOf('fine', 'pooled'), macro: meanOf('fine', 'macro') } },
  perDeal: perDeal.map((x) => ({ deal: x.deal, ...brief(x.all) })),
  inSample: brief(inSample),
  allMain: { top: { pooled: r3(topMain.pooled), macro: r3(topMain.macro) }, fine: { pooled: r3(fineMain.pooled), macro: r3(fineMain.macro) } },
  perFold: perDeal[0].perFold,
  classes: JSON.parse(readFileSync(path.join(work, 'roles.cv.json'), 'utf8')),
};
copyFileSync(path.join(work, 'roles.json'), outFile);
const json = JSON.stringify(report, null, 1);
if (reportFile) writeFileSync(reportFile, json + '\n');
process.stdout.write(json + '\n');
console.error(`wrote ${outFile}`);
