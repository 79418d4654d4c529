#!/usr/bin/env node
// Features and labels of every text block of every recorded snapshot, for scripts/train/fit.py.
//
// usage: node scripts/train/dump.mjs <snapshot dir> <gold.json> <out prefix> [first-pass scores.tsv]
//
// Writes, for the pages that have both a snapshot and a gold entry (sorted by id):
//   <prefix>.bin       float32 rows x features: the first-pass features of each text block, and
//                      with a scores file (page, block, score from the first pass) the
//                      second-pass features after them
//   <prefix>.rows.tsv  page, block, words, coverage (share of the block's words in the gold text)
//   <prefix>.pages.bin float32 pages x page features (the page-type model's input)
//   <prefix>.json      feature names and families, page feature names, pages (id, rows, domain, type)
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTextBlocks, indexNodes } from '../../dist/classify/text-blocks.js';
import { indexBlocks, joinTables, scoreContextFeatures, textBlockFeatures } from '../../dist/classify/block-features.js';
import { pageTypeFeatures } from '../../dist/classify/page-type-features.js';
import { alignBlocks } from '../../dist/eval/align.js';
import { segment } from '../../dist/segment/index.js';
import { readSnapshotFile } from '../../dist/snapshot/file.js';

const [dir, goldFile, prefix, scoresFile] = process.argv.slice(2);
if (!dir || !goldFile || !prefix) {
  console.error('usage: node scripts/train/dump.mjs <snapshot dir> <gold.json> <out prefix> [first-pass scores.tsv]');
  process.exit(2);
}
const gold = JSON.parse(readFileSync(goldFile, 'utf8'));
const scores = new Map();
if (scoresFile) {
  for (const line of readFileSync(scoresFile, 'utf8').split('\n')) {
    if (!line) continue;
    const [page, block, p] = line.split('\t');
    if (!scores.has(page)) scores.set(page, []);
    scores.get(page)[Number(block)] = Number(p);
  }
}
const bin = createWriteStream(`${prefix}.bin`);
const pagesBin = createWriteStream(`${prefix}.pages.bin`);
const rows = createWriteStream(`${prefix}.rows.tsv`);
rows.write('page\tblock\twords\tcoverage\n');
let names = null;
let families = null;
let pageNames = null;
const pages = [];
let n = 0;
const write = (stream, data) => new Promise((resolve) => (stream.write(data) ? resolve() : stream.once('drain', resolve)));
for (const f of readdirSync(dir).filter((f) => f.endsWith('.json.gz')).sort()) {
  const id = f.replace(/\.json\.gz$/, '');
  const g = gold[id];
  if (!g) continue;
  const snap = readSnapshotFile(path.join(dir, f));
  const tree = segment(snap);
  const blocks = buildTextBlocks(snap, indexNodes(snap), { includeHidden: true });
  const ix = indexBlocks(snap, tree, blocks);
  let table = textBlockFeatures(ix);
  if (scoresFile) {
    const s = scores.get(id) ?? []; // a page without text blocks has no scores
    if (s.length !== blocks.length) throw new Error(`${id}: ${s.length} first-pass scores for ${blocks.length} blocks`);
    table = joinTables(table, scoreContextFeatures(ix, s));
  }
  const pf = pageTypeFeatures(snap, textBlockFeatures(ix), blocks);
  names ??= table.names;
  families ??= table.families;
  pageNames ??= pf.names;
  const text = typeof g === 'string' ? g : g.articleBody ?? '';
  const al = alignBlocks(blocks.map((b) => b.text), text);
  await write(bin, Buffer.from(table.data.buffer, table.data.byteOffset, table.data.byteLength));
  await write(pagesBin, Buffer.from(pf.values.buffer, pf.values.byteOffset, pf.values.byteLength));
  let out = '';
  for (let i = 0; i < blocks.length; i++) out += `${id}\t${i}\t${al.words[i]}\t${al.coverage[i].toFixed(4)}\n`;
  await write(rows, out);
  pages.push({ id, rows: blocks.length, domain: g.domain ?? id, pageType: g.pageType ?? 'article' });
  n += blocks.length;
}
await new Promise((r) => bin.end(r));
await new Promise((r) => pagesBin.end(r));
await new Promise((r) => rows.end(r));
writeFileSync(`${prefix}.json`, JSON.stringify({ names, families, pageNames, pages }));
console.error(`${pages.length} pages, ${n} text blocks, ${names?.length} features, ${pageNames?.length} page features`);
