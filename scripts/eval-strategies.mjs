#!/usr/bin/env node
/**
 * Score every extraction strategy over recorded snapshots.
 *
 *   npm run build
 *   node scripts/eval-strategies.mjs --gold gold.json [--strategies a,b,...] [--mss-cv K --train dir1,dir2]
 *        [--json] [--worst N] <snapshot dir>...
 *
 * For each directory and strategy: run the strategy on every `<id>.json.gz` snapshot, build the
 * text with the shared content stage (buildContent), and score it with the reference metric
 * (dist/eval/score.js scoreAll) against the gold texts of the pages present in the directory.
 * `whole-page` (all of <body>) is printed as a floor.
 *
 * --mss-cv K: also score `mss-cv`, the MSS strategy with K-fold cross-validated models: pages are
 * split into K folds by sorted id, and each page is extracted with a model trained (on the
 * --train directories) without any page of its fold — the honest number, since the shipped model
 * was trained on these very pages.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => import(join(root, 'dist', p));
const { STRATEGIES, createMss, MssTrainer } = await dist('strategies/index.js');
const { buildContent } = await dist('content/index.js');
const { scoreAll } = await dist('eval/score.js');
const { readSnapshotFile } = await dist('snapshot/file.js');

function usage(msg) {
  if (msg) process.stderr.write(`eval-strategies: ${msg}\n`);
  process.stderr.write('usage: node scripts/eval-strategies.mjs --gold gold.json [--strategies a,b] [--mss-cv K --train d1,d2] [--json] [--worst N] <dir>...\n');
  process.exit(2);
}

const args = process.argv.slice(2);
const opts = { gold: null, strategies: null, cv: 0, train: [], json: false, worst: 0, dirs: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const val = () => args[++i] ?? usage(`${a} needs a value`);
  if (a === '--gold') opts.gold = val();
  else if (a === '--strategies') opts.strategies = val().split(',').filter(Boolean);
  else if (a === '--mss-cv') opts.cv = Number(val());
  else if (a === '--train') opts.train = val().split(',').filter(Boolean);
  else if (a === '--json') opts.json = true;
  else if (a === '--worst') opts.worst = Number(val());
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else opts.dirs.push(a);
}
if (!opts.gold) usage('--gold is required (the gold file of the data set the snapshots are of)');
if (!opts.dirs.length) usage('no snapshot directory');
if (opts.cv && opts.cv < 2) usage('--mss-cv needs K >= 2');
if (opts.cv && !opts.train.length) opts.train = opts.dirs;

const goldRaw = JSON.parse(readFileSync(opts.gold, 'utf8'));
const gold = Object.fromEntries(Object.entries(goldRaw).map(([k, v]) => [k, typeof v === 'string' ? v : String(v?.articleBody ?? '')]));
const files = (dir) => readdirSync(dir).filter((f) => /\.json(\.gz)?$/.test(f)).sort().map((f) => join(dir, f));
const idOf = (file) => basename(file).replace(/\.json(\.gz)?$/, '');
const read = readSnapshotFile;

const names = opts.strategies ?? Object.keys(STRATEGIES);
for (const n of names) if (!STRATEGIES[n]) usage(`unknown strategy ${n}; known: ${Object.keys(STRATEGIES).join(', ')}`);
const runners = names.map((n) => ({ name: n, run: (s) => STRATEGIES[n].run(s) }));
runners.push({ name: 'whole-page', run: (s) => ({ selection: { roots: [s.root], exclude: [] }, pageType: 'other' }) });

// K-fold MSS models, trained on the --train dirs without the held-out fold's ids.
if (opts.cv) {
  const allIds = [...new Set(opts.train.flatMap((d) => files(d).map(idOf)).filter((id) => id in gold))].sort();
  const foldOf = new Map(allIds.map((id, i) => [id, i % opts.cv]));
  const trainers = Array.from({ length: opts.cv }, () => new MssTrainer());
  for (const dir of opts.train) for (const f of files(dir)) {
    const id = idOf(f);
    if (!(id in gold)) continue;
    const snap = read(f);
    trainers.forEach((t, k) => {
      if (foldOf.get(id) !== k) t.add(snap, gold[id]);
    });
  }
  const models = trainers.map((t) => createMss({ model: t.finish() }));
  runners.push({ name: 'mss-cv', run: (s, id) => models[foldOf.get(id) ?? 0].run(s) });
}

const results = [];
for (const dir of opts.dirs) {
  const pages = files(dir).map((f) => ({ id: idOf(f), file: f })).filter((p) => p.id in gold);
  const preds = Object.fromEntries(runners.map((r) => [r.name, {}]));
  const times = Object.fromEntries(runners.map((r) => [r.name, 0]));
  const types = Object.fromEntries(runners.map((r) => [r.name, {}]));
  const errors = Object.fromEntries(runners.map((r) => [r.name, 0]));
  const empty = [];
  for (const p of pages) {
    const snap = read(p.file);
    if (!snap.nodes.some((n) => n.kind === 'text' && n.visible && (n.text ?? '').trim())) empty.push(p.id);
    for (const r of runners) {
      const t0 = performance.now();
      try {
        const res = r.run(snap, p.id);
        const text = res.selection.roots.length ? buildContent(snap, res.selection, { baseUrl: snap.finalUrl }).text : '';
        preds[r.name][p.id] = text;
        types[r.name][res.pageType] = (types[r.name][res.pageType] ?? 0) + 1;
      } catch (e) {
        errors[r.name]++;
        preds[r.name][p.id] = '';
        if (errors[r.name] === 1) process.stderr.write(`${r.name} failed on ${p.id}: ${e?.stack ?? e}\n`);
      }
      times[r.name] += performance.now() - t0;
    }
  }
  const g = Object.fromEntries(pages.map((p) => [p.id, gold[p.id]]));
  for (const r of runners) {
    const { summary, pages: per } = scoreAll(g, preds[r.name]);
    results.push({ dir, strategy: r.name, empty, ...summary, msPerPage: times[r.name] / Math.max(1, pages.length), pageTypes: types[r.name], errors: errors[r.name], per });
  }
}

if (opts.json) {
  process.stdout.write(JSON.stringify(results.map(({ per, ...r }) => r)) + '\n');
} else {
  for (const dir of opts.dirs) {
    const rows = results.filter((r) => r.dir === dir);
    process.stdout.write(`\n${dir}  (${rows[0]?.pages ?? 0} pages with gold)\n`);
    const empty = rows[0]?.empty ?? [];
    if (empty.length) process.stdout.write(`note: ${empty.length} snapshot(s) hold no visible text (capture problem?): ${empty.map((id) => id.slice(0, 8)).join(' ')}\n`);
    process.stdout.write(`${'strategy'.padEnd(12)} ${'F1'.padStart(6)} ${'P'.padStart(6)} ${'R'.padStart(6)} ${'ms/page'.padStart(8)}  page types\n`);
    for (const r of rows) {
      const types = Object.entries(r.pageTypes).map(([k, v]) => `${k} ${v}`).join(', ');
      process.stdout.write(`${r.strategy.padEnd(12)} ${r.f1.toFixed(3).padStart(6)} ${r.precision.toFixed(3).padStart(6)} ${r.recall.toFixed(3).padStart(6)} ${r.msPerPage.toFixed(1).padStart(8)}  ${types}${r.errors ? `  ERRORS ${r.errors}` : ''}\n`);
      if (opts.worst) {
        for (const p of [...r.per].sort((a, b) => a.f1 - b.f1).slice(0, opts.worst)) {
          process.stdout.write(`    ${p.id.slice(0, 16)} F1 ${p.f1.toFixed(3)} P ${p.precision.toFixed(3)} R ${p.recall.toFixed(3)}\n`);
        }
      }
    }
  }
}
