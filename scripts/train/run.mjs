#!/usr/bin/env node
// `npm run train`: fit the classifier's models on recorded snapshots of a dev set with gold main
// content (WCXB's layout: id -> {articleBody, pageType, domain}), cross-validated by domain, and
// write them to models/ with the data hash and the cross-validated figures.
//
// usage: node scripts/train/run.mjs --snapshots DIR --gold gold.json [--work DIR] [--out DIR] [--folds K] [--passes 1|2]
//
// Snapshots: node scripts/record-snapshots.mjs <pages dir> <snapshot dir>. Python: Debian's
// python3-xgboost, python3-sklearn and python3-numpy (/usr/bin/python3, or $PYTHON).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fit, node, selectAndValidate } from './steps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const { values: o } = parseArgs({
  options: {
    snapshots: { type: 'string' },
    gold: { type: 'string' },
    work: { type: 'string', default: path.join(root, '.viseg-cache', 'train') },
    out: { type: 'string', default: path.join(root, 'models') },
    folds: { type: 'string', default: '5' },
    passes: { type: 'string', default: '1' },
  },
});
if (!o.snapshots || !o.gold) {
  console.error('usage: node scripts/train/run.mjs --snapshots DIR --gold gold.json [--work DIR] [--out DIR] [--folds K] [--passes 1|2]');
  process.exit(2);
}
mkdirSync(o.work, { recursive: true });
const w = (f) => path.join(o.work, f);

node('dump.mjs', [o.snapshots, o.gold, w('first')]);
fit(['blocks', w('first'), o.work, '--folds', o.folds, '--name', 'content-first']);
const names = ['content-first', 'page-type'];
if (o.passes === '2') {
  node('dump.mjs', [o.snapshots, o.gold, w('second'), w('content-first.oof.tsv')]);
  fit(['blocks', w('second'), o.work, '--folds', o.folds, '--name', 'content-second']);
  names.push('content-second');
} else {
  // a one-pass model set: no second-pass model may linger in the folds from an earlier run
  for (let k = 0; k < Number(o.folds); k++) rmSync(w(`fold-${k}/content-second.json`), { force: true });
  rmSync(path.join(o.out, 'content-second.json'), { force: true });
}
fit(['pagetype', w('first'), o.work, '--folds', o.folds]);
selectAndValidate(o.snapshots, o.gold, o.work, w('cv.json'));

// the final models, with the end-to-end cross-validated figures in their provenance
const cv = JSON.parse(readFileSync(w('cv.json'), 'utf8'));
const round = (s) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 10000) / 10000 : v]));
mkdirSync(o.out, { recursive: true });
for (const name of names) {
  const model = JSON.parse(readFileSync(w(`${name}.json`), 'utf8'));
  model.provenance.endToEnd = {
    metric: 'WCXB word F1, each page analysed with the models of the fold that did not see its domain',
    pages: cv.pages,
    all: round(cv.summary),
    byType: Object.fromEntries(Object.entries(cv.types).map(([t, s]) => [t, round(s)])),
  };
  model.provenance.trainedOn = path.basename(path.dirname(path.resolve(o.gold)));
  writeFileSync(path.join(o.out, `${name}.json`), JSON.stringify(model));
}
copyFileSync(w('selection.json'), path.join(o.out, 'selection.json'));
copyFileSync(w('cv.json'), path.join(o.work, 'cv-final.json'));
console.error(`models written to ${o.out}`);
