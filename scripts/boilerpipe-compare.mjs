#!/usr/bin/env node
/**
 * Compare viseg's boilerpipe port with the original Java ArticleExtractor on the same pages.
 *
 *   npm run build
 *   scripts/boilerpipe-java.sh [--blocks java-blocks.jsonl] java.json <pages dir>   # the original, on the HTML
 *   node scripts/record-snapshots.mjs <pages dir> <snapshot dir>                    # viseg's renderings
 *   node scripts/boilerpipe-compare.mjs --java java.json [--out port.json] [--out-blocks port-blocks.json] [--blocks java-blocks.jsonl]
 *        [--worst N] [--json] <snapshot dir>...
 *
 * Per page (the pages with both a snapshot and a Java output): the port's text (the shared content
 * stage's text of the selection) against the Java text, as a bag-of-words F1 over lower-cased \w+
 * tokens (WCXB's tokens). Prints the mean, the distribution and the worst pages, and the mean for
 * the content blocks' own text (what boilerpipe prints, invisible text included) as well. --out writes the
 * port's texts as id -> {articleBody}, the layout ../tools/score.py and wcxb_score.py read, to
 * score both outputs against gold with the same scorer; --out-blocks the same for the content
 * blocks' own text. --blocks (the harness's block dump) also
 * compares the text blocks themselves before any filter: how many blocks agree on their words.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = (p) => import(join(root, 'dist', p));
const { contentText, createBoilerpipe, extractTextDocument, runBoilerpipe } = await dist('strategies/boilerpipe/index.js');
const { buildContent } = await dist('content/index.js');
const { readSnapshotFile } = await dist('snapshot/file.js');

function usage(msg) {
  if (msg) process.stderr.write(`boilerpipe-compare: ${msg}\n`);
  process.stderr.write('usage: node scripts/boilerpipe-compare.mjs --java java.json [--out port.json] [--out-blocks port-blocks.json] [--blocks java-blocks.jsonl] [--worst N] [--json] <snapshot dir>...\n');
  process.exit(2);
}

const args = process.argv.slice(2);
const opts = { java: '', out: '', outBlocks: '', blocks: '', worst: 10, json: false, dirs: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const val = () => args[++i] ?? usage(`${a} needs a value`);
  if (a === '--java') opts.java = val();
  else if (a === '--out') opts.out = val();
  else if (a === '--out-blocks') opts.outBlocks = val();
  else if (a === '--blocks') opts.blocks = val();
  else if (a === '--worst') opts.worst = Number(val());
  else if (a === '--json') opts.json = true;
  else if (a === '-h' || a === '--help') usage();
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else opts.dirs.push(a);
}
if (!opts.java || !opts.dirs.length) usage('--java and a snapshot directory are required');

const java = JSON.parse(readFileSync(opts.java, 'utf8'));
const javaBlocks = new Map();
if (opts.blocks) {
  for (const line of readFileSync(opts.blocks, 'utf8').split('\n')) if (line.trim()) {
    const d = JSON.parse(line);
    javaBlocks.set(d.id, d);
  }
}

const words = (s) => (s ?? '').toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
/** Bag-of-words F1 of two texts (1 when both are empty). */
function bagF1(a, b) {
  const x = words(a);
  const y = words(b);
  if (!x.length && !y.length) return 1;
  if (!x.length || !y.length) return 0;
  const count = new Map();
  for (const w of x) count.set(w, (count.get(w) ?? 0) + 1);
  let overlap = 0;
  for (const w of y) {
    const c = count.get(w) ?? 0;
    if (c > 0) {
      overlap++;
      count.set(w, c - 1);
    }
  }
  if (!overlap) return 0;
  const p = overlap / y.length;
  const r = overlap / x.length;
  return (2 * p * r) / (p + r);
}
const read = readSnapshotFile;

const strategy = createBoilerpipe();
const rows = [];
const port = {};
const portBlocks = {};
let blocksSame = 0;
let blocksJava = 0;
let blocksPort = 0;
for (const dir of opts.dirs) {
  for (const f of readdirSync(dir).filter((f) => /\.json(\.gz)?$/.test(f)).sort()) {
    const id = basename(f).replace(/\.json(\.gz)?$/, '');
    if (!(id in java)) continue;
    const snap = read(join(dir, f));
    const res = strategy.run(snap);
    const text = res.selection.roots.length ? buildContent(snap, res.selection, { baseUrl: snap.finalUrl }).text : '';
    port[id] = { articleBody: text };
    const javaText = java[id].articleBody ?? '';
    const blocksText = contentText(runBoilerpipe(snap).doc);
    portBlocks[id] = { articleBody: blocksText };
    rows.push({ id, f1: bagF1(javaText, text), blocksF1: bagF1(javaText, blocksText), javaWords: words(javaText).length, portWords: words(text).length });
    const jb = javaBlocks.get(id);
    if (jb) {
      // Blocks agree when the same word sequence opens them, in order (a multiset over the page).
      const key = (t) => words(t).join(' ');
      const javaKeys = new Map();
      for (const b of jb.blocks) javaKeys.set(key(b.text), (javaKeys.get(key(b.text)) ?? 0) + 1);
      const ours = extractTextDocument(snap).textBlocks;
      for (const b of ours) {
        const k = key(b.text);
        const c = javaKeys.get(k) ?? 0;
        if (c > 0) {
          blocksSame++;
          javaKeys.set(k, c - 1);
        }
      }
      blocksJava += jb.blocks.length;
      blocksPort += ours.length;
    }
  }
}
if (opts.out) writeFileSync(opts.out, JSON.stringify(port));
if (opts.outBlocks) writeFileSync(opts.outBlocks, JSON.stringify(portBlocks));

const n = rows.length;
const mean = rows.reduce((s, r) => s + r.f1, 0) / Math.max(1, n);
const sorted = rows.map((r) => r.f1).sort((a, b) => a - b);
const q = (p) => (n ? sorted[Math.min(n - 1, Math.floor(p * (n - 1)))] : 0);
const bins = [
  ['= 1', (x) => x >= 0.99995],
  ['[0.99, 1)', (x) => x >= 0.99 && x < 0.99995],
  ['[0.9, 0.99)', (x) => x >= 0.9 && x < 0.99],
  ['[0.5, 0.9)', (x) => x >= 0.5 && x < 0.9],
  ['< 0.5', (x) => x < 0.5],
];
const summary = {
  pages: n,
  meanF1: mean,
  meanBlocksF1: rows.reduce((s, r) => s + r.blocksF1, 0) / Math.max(1, n),
  median: q(0.5),
  p10: q(0.1),
  distribution: Object.fromEntries(bins.map(([k, t]) => [k, sorted.filter(t).length])),
  ...(opts.blocks ? { blocks: { java: blocksJava, port: blocksPort, same: blocksSame } } : {}),
};
if (opts.json) {
  process.stdout.write(JSON.stringify({ ...summary, pagesF1: Object.fromEntries(rows.map((r) => [r.id, Number(r.f1.toFixed(4))])) }) + '\n');
} else {
  process.stdout.write(`port vs Java ArticleExtractor, bag-of-words F1 over ${n} pages: mean ${mean.toFixed(4)}, median ${summary.median.toFixed(4)}, p10 ${summary.p10.toFixed(4)}\n`);
  process.stdout.write(`content blocks' own text (boilerpipe's output format, invisible text included): mean ${summary.meanBlocksF1.toFixed(4)}\n`);
  for (const [k, v] of Object.entries(summary.distribution)) process.stdout.write(`  F1 ${k.padEnd(12)} ${String(v).padStart(5)} pages\n`);
  if (summary.blocks) {
    const { java: bj, port: bp, same } = summary.blocks;
    process.stdout.write(`text blocks before the filters: Java ${bj}, port ${bp}, same words ${same} (${((100 * same) / Math.max(1, bj)).toFixed(1)}% of Java's)\n`);
  }
  for (const r of [...rows].sort((a, b) => a.f1 - b.f1).slice(0, opts.worst)) {
    process.stdout.write(`  ${r.id.slice(0, 16).padEnd(16)} F1 ${r.f1.toFixed(3)}  Java ${r.javaWords} words, port ${r.portWords}\n`);
  }
}
