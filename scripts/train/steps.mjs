// The steps `npm run train` (run.mjs) and seeds.mjs both take, each one a child process whose
// output goes to this one's.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Debian's python3 with python3-xgboost, python3-sklearn and python3-numpy (or $PYTHON). */
const python = process.env.PYTHON ?? '/usr/bin/python3';

function run(cmd, args) {
  console.error(`$ ${[cmd, ...args].join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit' });
}

/** fit.py with these arguments (see its usage). */
export function fit(args) {
  run(python, [path.join(here, 'fit.py'), ...args]);
}

/** A Node script of this folder with these arguments. */
export function node(script, args) {
  run(process.execPath, [path.join(here, script), ...args]);
}

/**
 * Chooses the selection powers for the fold models in `work` and cross-validates the whole
 * pipeline with them, writing the figures to `cvOut`.
 */
export function selectAndValidate(snapshots, gold, work, cvOut) {
  node('selection.mjs', [snapshots, gold, work]);
  node('cv-eval.mjs', [snapshots, gold, work, cvOut]);
}
