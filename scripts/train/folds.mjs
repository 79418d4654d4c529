// The cross-validation folds `npm run train` leaves in its work dir (fit.py writes folds.tsv and
// fold-<k>/), for the scripts that read each page with the models that did not see its domain.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadModels } from '../../dist/classify/index.js';

/** Page id -> fold, from <work>/folds.tsv, in id order. */
export function readFolds(work) {
  const rows = readFileSync(path.join(work, 'folds.tsv'), 'utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
  return new Map(rows.map(([p, f]) => [p, Number(f)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The models of each fold (<work>/fold-<k>/), each loaded once, on first use. */
export function foldModels(work) {
  const models = new Map();
  return (k) => {
    if (!models.has(k)) models.set(k, loadModels(path.join(work, `fold-${k}`)));
    return models.get(k);
  };
}
