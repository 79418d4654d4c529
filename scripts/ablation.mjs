#!/usr/bin/env node
// F1 of the `heuristic` strategy with each signal family switched off, over recorded snapshots.
// usage: node scripts/ablation.mjs <gold.json> <snapshot dir> [<snapshot dir> ...]
// Snapshots: node scripts/record-snapshots.mjs <pages dir> <snapshot dir>. Run `npm run build` first.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { buildContent } from '../dist/content/index.js';
import { scoreAll } from '../dist/eval/score.js';
import { createHeuristic, SIGNAL_FAMILIES } from '../dist/strategies/heuristic/index.js';
import { readSnapshotFile } from '../dist/snapshot/file.js';

const [goldFile, ...dirs] = process.argv.slice(2);
if (!goldFile || !dirs.length) {
  console.error('usage: node scripts/ablation.mjs <gold.json> <snapshot dir> [...]');
  process.exit(2);
}
const goldRaw = JSON.parse(readFileSync(goldFile, 'utf8'));
const gold = Object.fromEntries(Object.entries(goldRaw).map(([k, v]) => [k, typeof v === 'string' ? v : v.articleBody ?? '']));
const variants = [['all signals', []], ...SIGNAL_FAMILIES.map((f) => [`without ${f}`, [f]])];

const header = ['variant', ...dirs.map((d) => path.basename(d))];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
const snaps = dirs.map((d) => readdirSync(d).filter((f) => f.endsWith('.json.gz')).sort()
  .map((f) => [f.replace('.json.gz', ''), readSnapshotFile(path.join(d, f))])
  .filter(([id]) => id in gold));
for (const [label, disable] of variants) {
  const cells = snaps.map((list, k) => {
    const pred = {};
    const strategy = createHeuristic({ disable });
    list.forEach(([id, s]) => {
      const r = strategy.run(s);
      pred[id] = r.selection.roots.length ? buildContent(s, r.selection, { baseUrl: s.finalUrl }).text : '';
    });
    const g = Object.fromEntries(list.map(([id]) => [id, gold[id]]));
    const m = scoreAll(g, pred).summary;
    return `${m.f1.toFixed(3)} (P ${m.precision.toFixed(3)}, R ${m.recall.toFixed(3)})`;
  });
  console.log(`| ${label} | ${cells.join(' | ')} |`);
}
