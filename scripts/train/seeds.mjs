#!/usr/bin/env node
// How far the cross-validated WCXB figures move with the training seed. The trees sample rows and
// columns at random, so models refitted with another random state differ, and so do their
// figures. This refits the content and page-type models with other seeds over the tables and folds
// that `npm run train` left, chooses the selection powers and cross-validates each run as run.mjs
// does, and writes <work>/seeds.json (read by scripts/accuracy-doc.mjs) with the shipped run's
// figures beside them. The content model averages fits with consecutive seeds (fit.py --bag): a
// run given seed s fits as many as the shipped model does, from s on, and none may be the shipped
// model's own.
//
// usage: node scripts/train/seeds.mjs --snapshots DIR --gold gold.json [--work DIR] [--seeds 10,13]
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fit, selectAndValidate } from './steps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { values: o } = parseArgs({
  options: {
    snapshots: { type: 'string' },
    gold: { type: 'string' },
    work: { type: 'string', default: path.join(root, '.viseg-cache', 'train') },
    seeds: { type: 'string', default: '10,13' },
  },
});
const usage = 'usage: node scripts/train/seeds.mjs --snapshots DIR --gold gold.json [--work DIR] [--seeds 10,13]';
if (!o.snapshots || !o.gold) {
  console.error(usage);
  process.exit(2);
}
const seeds = o.seeds.split(',').map((s) => Number(s.trim()));
if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s) || s < 0)) {
  console.error(`--seeds: a comma-separated list of whole numbers, not "${o.seeds}"\n${usage}`);
  process.exit(2);
}
const w = (f) => path.join(o.work, f);
for (const f of ['first.json', 'content-first.json', 'cv-final.json']) {
  if (!existsSync(w(f))) {
    console.error(`${w(f)} is missing: run \`npm run train\` with this --work first`);
    process.exit(2);
  }
}
if (existsSync(w('fold-0/content-second.json'))) {
  console.error(`${o.work} holds two-pass models; this script refits the one-pass set only`);
  process.exit(2);
}
const { params, crossValidation, seeds: bagged } = JSON.parse(readFileSync(w('content-first.json'), 'utf8')).provenance;
const shipped = params.random_state;
const bag = bagged?.length ?? 1;
const folds = String(crossValidation.folds);
const seedsOf = (first) => Array.from({ length: bag }, (_, i) => first + i);
const taken = new Set(seedsOf(shipped));
for (const seed of seeds) {
  const clash = seedsOf(seed).find((s) => taken.has(s));
  if (clash !== undefined) {
    console.error(`seed ${seed} fits seeds ${seedsOf(seed).join(', ')}, and seed ${clash} is already the shipped models' (${seedsOf(shipped).join(', ')}) or another run's: give seeds whose ${bag} consecutive seeds meet none of those`);
    process.exit(2);
  }
  for (const s of seedsOf(seed)) taken.add(s);
}

const figures = (cv) => ({
  all: cv.summary.f1,
  types: Object.fromEntries(Object.entries(cv.types).map(([t, s]) => [t, s.f1])),
});

const runs = [{ seed: shipped, seeds: seedsOf(shipped), shipped: true, ...figures(JSON.parse(readFileSync(w('cv-final.json'), 'utf8'))) }];
for (const seed of seeds) {
  const dir = w(`seed-${seed}`);
  mkdirSync(dir, { recursive: true });
  fit(['blocks', w('first'), dir, '--folds', folds, '--name', 'content-first', '--seed', String(seed), '--bag', String(bag)]);
  fit(['pagetype', w('first'), dir, '--folds', folds, '--seed', String(seed)]);
  selectAndValidate(o.snapshots, o.gold, dir, path.join(dir, 'cv.json'));
  runs.push({ seed, seeds: seedsOf(seed), shipped: false, ...figures(JSON.parse(readFileSync(path.join(dir, 'cv.json'), 'utf8'))) });
}
writeFileSync(w('seeds.json'), `${JSON.stringify({ metric: 'WCXB word F1, cross-validated by domain', runs }, null, 1)}\n`);
console.error(`wrote ${w('seeds.json')}`);
