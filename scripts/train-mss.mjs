#!/usr/bin/env node
/**
 * Train the `mss` strategy's Naive Bayes token model from recorded snapshots.
 *
 *   npm run build
 *   node scripts/train-mss.mjs --gold <gold.json> [--out models/mss-model.json] [--min-count 3] \
 *        [--max-tri 30000] [--max-uni 15000] <snapshot dir>...
 *
 * Each directory holds recorded PageSnapshots as `<id>.json.gz` (or `.json`); `<id>` must be a key
 * of gold.json (id -> {articleBody} or a plain string). Pages without gold are skipped. The
 * training logic is in src/strategies/mss-train.ts (imported here from dist/).
 */
import { readFileSync, readdirSync, writeFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { MssTrainer } = await import(join(root, 'dist/strategies/mss-train.js'));
const { readSnapshotFile } = await import(join(root, 'dist/snapshot/file.js'));

function usage(msg) {
  if (msg) process.stderr.write(`train-mss: ${msg}\n`);
  process.stderr.write('usage: node scripts/train-mss.mjs --gold gold.json [--out models/mss-model.json] [--min-count N] [--max-tri N] [--max-uni N] <snapshot dir>...\n');
  process.exit(2);
}

const args = process.argv.slice(2);
const opts = { gold: '', out: join(root, 'models/mss-model.json'), minCount: 3, maxTri: 30000, maxUni: 15000, dirs: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const val = () => args[++i] ?? usage(`${a} needs a value`);
  if (a === '--gold') opts.gold = val();
  else if (a === '--out') opts.out = val();
  else if (a === '--min-count') opts.minCount = Number(val());
  else if (a === '--max-tri') opts.maxTri = Number(val());
  else if (a === '--max-uni') opts.maxUni = Number(val());
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else opts.dirs.push(a);
}
if (!opts.gold) usage('--gold is required');
if (!opts.dirs.length) usage('no snapshot directory');

const goldRaw = JSON.parse(readFileSync(opts.gold, 'utf8'));
const gold = Object.fromEntries(Object.entries(goldRaw).map(([k, v]) => [k, typeof v === 'string' ? v : String(v?.articleBody ?? '')]));

function snapshotFiles(dir) {
  return readdirSync(dir).filter((f) => /\.json(\.gz)?$/.test(f)).sort().map((f) => join(dir, f));
}
const idOf = (file) => basename(file).replace(/\.json(\.gz)?$/, '');

const trainer = new MssTrainer({ minCount: opts.minCount, maxFeatures: { tri: opts.maxTri, uni: opts.maxUni } });
let pages = 0, tokens = 0, content = 0, skipped = 0;
for (const dir of opts.dirs) {
  if (!statSync(dir).isDirectory()) usage(`not a directory: ${dir}`);
  for (const file of snapshotFiles(dir)) {
    const id = idOf(file);
    if (!(id in gold)) {
      skipped++;
      continue;
    }
    const r = trainer.add(readSnapshotFile(file), gold[id]);
    pages++;
    tokens += r.tokens;
    content += r.content;
  }
}
const model = trainer.finish();
model.meta = { ...model.meta, trainedOn: opts.dirs.map((d) => basename(d)), tokens, contentTokens: content };
const json = JSON.stringify(model);
writeFileSync(opts.out, json + '\n');
const kept = Object.fromEntries(Object.entries(model.features).map(([k, v]) => [k, Object.keys(v).length]));
process.stdout.write(`trained on ${pages} pages (${skipped} without gold skipped), ${tokens} tokens, ${content} content; ` +
  `kept ${JSON.stringify(kept)}; wrote ${opts.out} (${(json.length / 1024).toFixed(0)} KiB)\n`);
