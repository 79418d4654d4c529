#!/usr/bin/env node
/**
 * Record the original boilerpipe's output as expected data for the CI test of the port
 * (test/unit/strategies/boilerpipe-java.test.ts): test/data/boilerpipe/expected.json, plus a copy
 * of each page's snapshot in test/data/boilerpipe/ unless it already lives in the repo.
 *
 *   scripts/boilerpipe-java.sh java.json <pages dir>      # the original on the HTML
 *   node scripts/boilerpipe-expected.mjs --java java.json --source "NAME" [--prefix P] [--copy]
 *        <snapshot dir> <id>...
 *
 * Each run adds (or replaces) the given pages: key `<prefix><id>`, the snapshot path (copied into
 * test/data/boilerpipe/ with --copy, else as given, relative to the repo), the source named by
 * --source, and the Java text. Prints how the port does on them, as the test will check it.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { contentText, runBoilerpipe } = await import(join(root, 'dist/strategies/boilerpipe/index.js'));
const { readSnapshotFile } = await import(join(root, 'dist/snapshot/file.js'));

const args = process.argv.slice(2);
const opts = { java: '', source: '', prefix: '', copy: false, rest: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--java') opts.java = args[++i];
  else if (a === '--source') opts.source = args[++i];
  else if (a === '--prefix') opts.prefix = args[++i];
  else if (a === '--copy') opts.copy = true;
  else opts.rest.push(a);
}
const [dir, ...ids] = opts.rest;
if (!opts.java || !opts.source || !dir || !ids.length) {
  process.stderr.write('usage: node scripts/boilerpipe-expected.mjs --java java.json --source NAME [--prefix P] [--copy] <snapshot dir> <id>...\n');
  process.exit(2);
}
const java = JSON.parse(readFileSync(opts.java, 'utf8'));
const dataDir = join(root, 'test/data/boilerpipe');
mkdirSync(dataDir, { recursive: true });
const file = join(dataDir, 'expected.json');
const expected = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { pages: {} };
const words = (s) => (s ?? '').toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
for (const id of ids) {
  const full = Object.keys(java).find((k) => k === id || k.startsWith(id));
  if (!full) throw new Error(`${id}: no Java output`);
  const src = join(dir, `${full}.json.gz`);
  const key = `${opts.prefix}${id}`;
  let snapshot = relative(root, src);
  if (opts.copy) {
    snapshot = `test/data/boilerpipe/${key}.json.gz`;
    copyFileSync(src, join(root, snapshot));
  }
  const text = java[full].articleBody;
  expected.pages[key] = { source: `${opts.source} ${full}`, snapshot, java: text };
  const port = contentText(runBoilerpipe(readSnapshotFile(src)).doc);
  const same = words(port).join(' ') === words(text).join(' ');
  process.stdout.write(`${key}: Java ${words(text).length} words, port ${words(port).length}, ${same ? 'same words' : 'DIFFERENT'}\n`);
}
expected.pages = Object.fromEntries(Object.entries(expected.pages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(file, JSON.stringify(expected, null, 1) + '\n');
