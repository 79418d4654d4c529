#!/usr/bin/env node
// Writes docs/accuracy.md from measurements: the cross-validated WCXB figures that `npm run train`
// leaves (cv-final.json), the same figures for models refitted with other seeds
// (scripts/train/seeds.mjs: seeds.json), the same pages read without each rule after the model
// (scripts/train/rule-ablation.mjs: rules.json), and `viseg eval` runs on recorded snapshots of the
// other dev sets.
//
// usage: node scripts/accuracy-doc.mjs --cv <work>/cv-final.json --seeds <work>/seeds.json --rules <work>/rules.json
//          --wcxb <snapshots> --wcxb-gold gold.json
//          --article-bench <snapshots> --article-bench-js <snapshots> --article-bench-gold gold.json
//          --readability <snapshots> --readability-gold gold.json --readability-meta meta.json
//          [--out docs/accuracy.md]
//
// Snapshots: node scripts/record-snapshots.mjs <pages dir> <snapshot dir> (npm run build first).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildTextBlocks } from '../dist/classify/text-blocks.js';
import { RULES, bundledModels } from '../dist/classify/index.js';
import { readGoldFile } from '../dist/eval/gold.js';
import { scorePage } from '../dist/eval/score.js';
import { wordPrf } from '../dist/eval/words.js';
import { readSnapshotFile } from '../dist/snapshot/file.js';
import { metadataAgreement } from './metadata-agreement.mjs';
import { SKIPS, change, textsWithoutEachRule } from './train/rule-worth.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: o } = parseArgs({
  options: {
    cv: { type: 'string' }, seeds: { type: 'string' }, rules: { type: 'string' }, wcxb: { type: 'string' }, 'wcxb-gold': { type: 'string' },
    'article-bench': { type: 'string' }, 'article-bench-js': { type: 'string' }, 'article-bench-gold': { type: 'string' },
    readability: { type: 'string' }, 'readability-gold': { type: 'string' }, 'readability-meta': { type: 'string' },
    out: { type: 'string', default: path.join(root, 'docs', 'accuracy.md') },
  },
});
for (const k of ['cv', 'seeds', 'rules', 'wcxb', 'wcxb-gold', 'article-bench', 'article-bench-js', 'article-bench-gold', 'readability', 'readability-gold', 'readability-meta']) {
  if (!o[k]) {
    console.error(`missing --${k}; see the usage at the top of ${path.relative(process.cwd(), fileURLToPath(import.meta.url))}`);
    process.exit(2);
  }
}

const cli = path.join(root, 'dist', 'cli', 'main.js');
const evalJson = (dir, gold, ...args) => JSON.parse(execFileSync(process.execPath, [cli, 'eval', dir, '--gold', gold, '--json', '-q', ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }));
const f3 = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
const TYPES = ['article', 'documentation', 'service', 'forum', 'product', 'listing', 'collection'];
/** Published figures quoted in the issue tracker, for orientation (not measured here). */
const RS_TRAFILATURA = { article: 0.932, documentation: 0.932, service: 0.844, forum: 0.808, product: 0.641, listing: 0.707, collection: 0.716, all: 0.859 };

const cv = JSON.parse(readFileSync(o.cv, 'utf8'));
const seedRuns = JSON.parse(readFileSync(o.seeds, 'utf8')).runs;
const shippedRun = seedRuns.find((r) => r.shipped);
if (!shippedRun || Math.abs(shippedRun.all - cv.summary.f1) > 1e-9) {
  console.error(`${o.seeds} was not made from ${o.cv}: run scripts/train/seeds.mjs again after \`npm run train\``);
  process.exit(2);
}
const rules = JSON.parse(readFileSync(o.rules, 'utf8'));
// rules.json rounds to 1e-5: a page's F1 moved by more than about 0.01 shows
const sameAsCv = (got, want) => got !== undefined && want !== undefined && Math.abs(got.f1 - want.f1) <= 6e-6;
if (!sameAsCv(rules.baseline.all, cv.summary) || Object.keys(cv.types).some((t) => !sameAsCv(rules.baseline[t], cv.types[t]))) {
  console.error(`${o.rules} was not made with the models and snapshots of ${o.cv}: run scripts/train/rule-ablation.mjs again`);
  process.exit(2);
}
const model = JSON.parse(readFileSync(path.join(root, 'models', 'content-first.json'), 'utf8')).provenance;
const pageModel = JSON.parse(readFileSync(path.join(root, 'models', 'page-type.json'), 'utf8')).provenance;
const heuristicWcxb = evalJson(o.wcxb, o['wcxb-gold'], '--metric', 'words', '--per-type', '--strategy', 'heuristic');
const ab = evalJson(o['article-bench'], o['article-bench-gold'], '--metric', 'shingles', '--strategy', 'all');
const abjs = evalJson(o['article-bench-js'], o['article-bench-gold'], '--metric', 'shingles', '--strategy', 'all');
const rp = evalJson(o.readability, o['readability-gold'], '--metric', 'shingles', '--strategy', 'all');
const row = (r, s) => r.strategies.find((x) => x.strategy === s);
/** The browsers that recorded a snapshot folder (scripts/record-snapshots.mjs's BROWSER.txt). */
function browsersOf(dir) {
  const file = path.join(dir, 'BROWSER.txt');
  if (!existsSync(file)) return [];
  return [...new Set(readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter(Boolean))];
}

const lines = [];
const w = (s = '') => lines.push(s);
w('# Accuracy');
w();
w('Generated by `scripts/accuracy-doc.mjs` from measurements; do not edit by hand. How to');
w('regenerate it is at the end.');
w();
// Another Chromium build renders some pages a few pixels differently, and the figures move with it
const folders = [['WCXB', o.wcxb], ['article-bench', o['article-bench']], ['article-bench JS', o['article-bench-js']], ['Readability', o.readability]];
const renderedBy = folders.map(([name, dir]) => [name, browsersOf(dir).join(' and ') || 'a browser not recorded']);
w(new Set(renderedBy.map(([, b]) => b)).size === 1
  ? `Every page was rendered by ${renderedBy[0][1]} (the snapshot folders' \`BROWSER.txt\`).`
  : `Pages rendered by: ${renderedBy.map(([name, b]) => `${name}, ${b}`).join('; ')} (the snapshot folders' \`BROWSER.txt\`).`);
w();
w('## Main content of every kind of page (WCXB dev, cross-validated)');
w();
w(`${cv.pages} pages of the WCXB development set (seven page types; gold main content with`);
w('must-have and must-not-have snippets). Metric: WCXB word F1 (bag of `\\w+` tokens, per page,');
w('averaged), the same figures as the benchmark\'s reference scorer. The models are fitted on these');
w(`pages, so every page is scored by the models of the ${model.crossValidation.folds}-fold split that did not see its`);
w('**domain** (folds grouped by domain): no site is in both the training and the scored pages.');
w('The selection\'s calibration per page type is chosen inside the same folds, on the text the whole');
w('pipeline returns (keep and drop rules included), and each page blends the types\' calibrations by');
w('its page-type probabilities. The heuristic strategy (viseg\'s hand-tuned rules before the models;');
w('`--strategy heuristic`) is shown on the same snapshots.');
w();
w('| page type | pages | viseg F1 | precision | recall | with-snippets found | without-snippets found | heuristic F1 | rs-trafilatura (published) |');
w('|---|---|---|---|---|---|---|---|---|');
for (const t of TYPES) {
  const s = cv.types[t];
  if (!s) continue;
  w(`| ${t} | ${s.pages} | **${f3(s.f1)}** | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(s.with)} | ${f3(s.without)} | ${f3(heuristicWcxb.types[t]?.f1)} | ${f3(RS_TRAFILATURA[t])} |`);
}
const a = cv.summary;
w(`| **all** | ${cv.pages} | **${f3(a.f1)}** | ${f3(a.precision)} | ${f3(a.recall)} | ${f3(a.with)} | ${f3(a.without)} | ${f3(heuristicWcxb.f1)} | ${f3(RS_TRAFILATURA.all)} |`);
w();
// Pages whose gold body is empty: WCXB scores them 1 for no text and 0 for any text.
const wcxbGold = readGoldFile(o['wcxb-gold']).pages;
const goldEmpty = (p) => wordPrf('', wcxbGold[p.id]?.text ?? '')[2] === 1;
const visibleWords = (id) => buildTextBlocks(readSnapshotFile(path.join(o.wcxb, `${id}.json.gz`))).reduce((n, b) => n + b.words, 0);
const empty = cv.perPage.filter((p) => p.predicted === 'other');
const emptyRight = empty.filter(goldEmpty);
const emptyMissed = empty.filter((p) => !goldEmpty(p));
const blank = emptyMissed.filter((p) => visibleWords(p.id) < 20);
const counts = (pages) => Object.entries(pages.reduce((m, p) => ({ ...m, [p.type]: (m[p.type] ?? 0) + 1 }), {})).sort(([x], [y]) => TYPES.indexOf(x) - TYPES.indexOf(y));
const listed = (pages) => counts(pages).map(([t, n]) => `${t} ${n}`).join(', ');
const goldEmptyPages = cv.perPage.filter(goldEmpty);
const textOnEmpty = goldEmptyPages.filter((p) => p.predicted !== 'other');
w(`${empty.length} pages come back as \`other\` (no main content). ${emptyRight.length} of them have an empty gold body too, and score 1.`);
if (emptyMissed.length) {
  w(`The other ${emptyMissed.length} (${listed(emptyMissed)}) have gold text and score 0. ${blank.length} of them show fewer than 20 words`);
  w('of text as `viseg extract` renders the saved page, its JavaScript-off fallback included:');
  w('their body is built by scripts that the saved page cannot load offline.');
}
w(`${goldEmptyPages.length} pages have an empty gold body (the set's SOURCE.md: nothing counts as main content there).`);
w(`viseg returns text on ${textOnEmpty.length} of them, and each of those scores 0 whatever the text${textOnEmpty.length ? `: ${counts(textOnEmpty).map(([t, n]) => `${t} ${n} of ${cv.types[t]?.pages}`).join(', ')} pages` : ''}.`);
w();
w('### Training seed');
w();
const seedsLabel = (r) => (r.seeds && r.seeds.length > 1 ? `seeds ${r.seeds[0]}–${r.seeds[r.seeds.length - 1]}` : `seed ${r.seed}`);
w('The trees sample rows and columns at random, so the same data and folds fitted with another');
w('random state give other models, and other figures.');
if (shippedRun.seeds && shippedRun.seeds.length > 1) {
  w(`The content model averages the margins of ${shippedRun.seeds.length} fits with consecutive seeds (\`fit.py --bag\`); the`);
  w('page-type model is one fit, with the first seed.');
}
w('Refitted with the seeds below (`scripts/train/seeds.mjs`: content and page-type models, selection');
w(`and cross-validation as above), the figures move as follows; the shipped models are ${seedsLabel(shippedRun)},`);
w('the table above. A difference between two versions of viseg that is smaller than a type\'s');
w('spread here is not evidence either way.');
w();
const seedCols = seedRuns.map((r) => (r.shipped ? `${seedsLabel(r)} (shipped)` : seedsLabel(r)));
w(`| page type | ${seedCols.join(' | ')} | mean | spread |`);
w(`|---|${seedCols.map(() => '---').join('|')}|---|---|`);
const seedRow = (label, values) => {
  const mean = values.reduce((x, y) => x + y, 0) / values.length;
  w(`| ${label} | ${values.map(f3).join(' | ')} | ${f3(mean)} | ${f3(Math.max(...values) - Math.min(...values))} |`);
};
for (const t of TYPES) if (seedRuns.every((r) => r.types[t] !== undefined)) seedRow(t, seedRuns.map((r) => r.types[t]));
seedRow('**all**', seedRuns.map((r) => r.all));
w();
w('### Page type');
w();
w(`Page-type accuracy (cross-validated by domain): ${f3(pageModel.crossValidation.accuracy)}. Recall by type:`);
w(Object.entries(pageModel.crossValidation.recallByType).map(([t, r]) => `${t} ${f3(r)}`).join(', ') + '.');
w();
w('Confusion (rows: gold type; columns: predicted type, `other` = no main content):');
w();
const cols = [...TYPES, 'other'];
w(`| gold \\ predicted | ${cols.join(' | ')} |`);
w(`|---|${cols.map(() => '---').join('|')}|`);
for (const t of TYPES) w(`| ${t} | ${cols.map((c) => cv.pageTypeConfusion[t]?.[c] ?? 0).join(' | ')} |`);
w();
if (!cv.typeGiven) {
  console.error(`${o.cv} has no typeGiven figures: run scripts/train/cv-eval.mjs (or \`npm run train\`) again`);
  process.exit(2);
}
w('What the page-type errors cost: the same pages, models and folds, with each page read as its gold');
w('type (`--page-type`, which takes the type instead of the model\'s):');
w();
w('| page type | type from the model | gold type given | difference |');
w('|---|---|---|---|');
const givenRow = (label, model, given) => w(`| ${label} | ${f3(model)} | ${f3(given)} | ${given - model >= 0 ? '+' : '−'}${f3(Math.abs(given - model))} |`);
for (const t of TYPES) if (cv.types[t] && cv.typeGiven.types[t]) givenRow(t, cv.types[t].f1, cv.typeGiven.types[t].f1);
givenRow('**all**', cv.summary.f1, cv.typeGiven.summary.f1);
w();
const largest = Math.max(...TYPES.filter((t) => cv.types[t] && cv.typeGiven.types[t]).map((t) => Math.abs(cv.typeGiven.types[t].f1 - cv.types[t].f1)));
// pages the model reads as another type, and how their F1 moves when read as their gold type
const misread = cv.perPage.filter((p) => p.predicted !== p.type && p.predicted !== 'other');
const by = (d) => misread.filter((p) => (d > 0 ? p.givenF1 - p.f1 > 0.05 : p.f1 - p.givenF1 > 0.05));
w(`No type moves by more than ${f3(largest)} when its gold type is given: what remains to gain on a`);
w('type is in which blocks are kept, not in what the page is read as. Of the');
w(`${misread.length} pages the model reads as another type (by gold type):`);
w();
w(`- ${by(1).length} gain more than 0.05 when read as their gold type: ${listed(by(1))};`);
w(`- ${by(-1).length} lose more than 0.05: ${listed(by(-1))}. On those, the rules of the type the model read`);
w('  fit the gold better than their own type\'s.');
w();
w('### The model');
w();
w(`Gradient-boosted trees (XGBoost, exported to JSON and evaluated in TypeScript) over ${model.data.blocks.toLocaleString('en')} text blocks`);
w(`of ${model.data.pages} pages (data hash \`${model.data.hash}\`); label: ${model.label}. Block-level`);
w(`weighted AUC ${f3(model.crossValidation.weightedAuc)}, accuracy ${f3(model.crossValidation.weightedAccuracy)} (cross-validated by domain). Features with the most gain:`);
w(model.topFeaturesByGain.slice(0, 12).map(([n]) => `\`${n}\``).join(', ') + '.');
w();
w(`Analysis time (segment + classify + content, from a snapshot) in that run: median ${cv.analysisMs.median.toFixed(1)} ms, 90th percentile`);
w(`${cv.analysisMs.p90.toFixed(1)} ms per page, on a shared 2-core machine (\`viseg bench\` measures speed properly).`);
w();
w('### The rules after the model');
w();
w('After the scores have chosen, rules written by hand keep or leave out blocks (src/classify/rules/,');
w('run in this order by src/classify/choose.ts). Each row is the change of mean F1 when the pages are');
w('read without that rule alone, with the same out-of-fold models and selection powers: negative means');
w('the rule helps. \\* marks a change larger than twice its standard error, clustered by domain.');
w('How to read it:');
w('- The rules were written while reading these pages and the other dev sets, so unlike the model\'s');
w('  scores they are in-sample: on other pages, expect them to be worth less.');
w('- Each rule is left out alone, with the others in place, so two rules that catch the same blocks');
w('  can each show little. The selection powers were chosen with every rule on.');
w('- Leaving out `dropTeaserArticles` also leaves out the second reading of a listing as an article,');
w('  which starts from what that rule finds.');
w('- With this many cells, a few stars come by chance.');
w();
const signed = (x) => {
  const r = Number(x.toFixed(4));
  return `${r > 0 ? '+' : r < 0 ? '−' : ''}${Math.abs(r).toFixed(4)}`;
};
const ruleCell = (c) => (c === undefined ? '–' : c.changed === 0 ? '·' : `${signed(c.delta)}${c.significant && Number(c.delta.toFixed(4)) !== 0 ? '\\*' : ''}`);
w(`| rule | pages moved | all | ${TYPES.join(' | ')} |`);
w(`|---|---|---|${TYPES.map(() => '---').join('|')}|`);
const firing = rules.rules.filter((r) => r.all.changed > 0);
for (const r of firing) w(`| \`${r.rule}\` | ${r.all.changed} | ${ruleCell(r.all)} | ${TYPES.map((t) => ruleCell(r[t])).join(' | ')} |`);
w();
w('· : no page of that type moved.');
const idle = rules.rules.filter((r) => r.all.changed === 0).map((r) => `\`${r.rule}\``);
if (idle.length) w(`${idle.join(', ')} moved no WCXB page.`);
w();
// the other dev sets, read with the shipped models (fitted on WCXB only) and their own metric
const otherSets = [['article-bench', o['article-bench'], o['article-bench-gold']], ['article-bench JS', o['article-bench-js'], o['article-bench-gold']], ['Readability', o.readability, o['readability-gold']]];
const shipped = bundledModels();
const otherWorth = otherSets.map(([, dir, goldFile]) => {
  const gold = readGoldFile(goldFile).pages;
  const ids = readdirSync(dir).filter((f) => f.endsWith('.json.gz')).map((f) => f.slice(0, -'.json.gz'.length)).filter((id) => id in gold).sort();
  const f1s = SKIPS.map(() => new Map());
  for (const id of ids) {
    textsWithoutEachRule(readSnapshotFile(path.join(dir, `${id}.json.gz`)), shipped).forEach((t, v) => f1s[v].set(id, scorePage(id, gold[id].text, t).f1));
  }
  return RULES.map((_, r) => change(f1s[0], f1s[r + 1], ids));
});
w('The same on the other dev sets, for the rules that move a page there: the shipped models (which');
w('have not seen these pages; the rules have), the mean of each page\'s 4-gram shingle F1 (the figures');
w('below average P and R over pages first), the standard error by page, and the pages it moved:');
w();
w(`| rule | ${otherSets.map(([name]) => name).join(' | ')} |`);
w(`|---|${otherSets.map(() => '---').join('|')}|`);
RULES.forEach((rule, r) => {
  if (otherWorth.every((set) => set[r].changed === 0)) return;
  w(`| \`${rule}\` | ${otherWorth.map((set) => (set[r].changed === 0 ? '·' : `${ruleCell(set[r])} (${set[r].changed})`)).join(' | ')} |`);
});
w();
w('## News and blog articles (article-bench dev)');
w();
w(`${Object.keys(JSON.parse(readFileSync(o['article-bench-gold'], 'utf8'))).length} news and blog pages with gold article text; metric: 4-gram shingle F1 (P and R averaged over`);
w('pages). "JS" is the same pages rewritten so that the body appears only after JavaScript runs.');
w('None of these pages is in the models\' training data.');
w();
w('| strategy | static F1 | static P | static R | JS F1 | JS P | JS R |');
w('|---|---|---|---|---|---|---|');
for (const s of ab.strategies) {
  const j = row(abjs, s.strategy);
  w(`| ${s.strategy === 'vips' ? '**viseg (default)**' : s.strategy} | ${f3(s.f1)} | ${f3(s.precision)} | ${f3(s.recall)} | ${f3(j?.f1)} | ${f3(j?.precision)} | ${f3(j?.recall)} |`);
}
w();
w('## Readability\'s test pages');
w();
w('130 pages of Mozilla Readability\'s test suite, scored against Readability\'s own accepted');
w('output (4-gram shingle F1). That output is not an independent annotation, so this measures');
w('agreement with Readability, not accuracy.');
w();
w('| strategy | F1 | P | R |');
w('|---|---|---|---|');
for (const s of rp.strategies) w(`| ${s.strategy === 'vips' ? '**viseg (default)**' : s.strategy} | ${f3(s.f1)} | ${f3(s.precision)} | ${f3(s.recall)} |`);
w();
w('## Metadata');
w();
w('How often `viseg extract`\'s metadata agrees with what the dev sets expect: the same value once');
w('white space and case are set aside; publication dates on the day. "Other" counts pages given');
w('another value, "none" pages given no value, "extra" pages given a value where the set expects none.');
w();
w('- Readability\'s expected metadata is Readability\'s own output (its test cases\'');
w('  `expected-metadata.json`), so these rows measure agreement with Readability. Readability reads');
w('  dates only from meta tags: where it expects none, the page may still print one.');
w('- WCXB\'s title, author and date were drafted with a language model and reviewed. Its pages are');
w('  the ones the content models were fitted on, which moves what is read from the DOM around the');
w('  chosen content (its `<h1>`, a byline element, a dateline).');
w('- The metadata rules were written by reading where viseg disagreed with both sets, so both are');
w('  in-sample: on other pages, expect the fields to agree less often.');
w();
const readabilityGold = JSON.parse(readFileSync(o['readability-gold'], 'utf8'));
const readabilityMeta = JSON.parse(readFileSync(o['readability-meta'], 'utf8'));
const wcxbRaw = JSON.parse(readFileSync(o['wcxb-gold'], 'utf8'));
const meta = [
  ['Readability\'s test pages', metadataAgreement(o.readability, Object.fromEntries(Object.keys(readabilityGold).map((id) => [id, { title: readabilityGold[id].title, ...readabilityMeta[id] }])), ['title', 'byline', 'publishedTime', 'siteName', 'lang'])],
  ['WCXB dev', metadataAgreement(o.wcxb, Object.fromEntries(Object.entries(wcxbRaw).map(([id, g]) => [id, { title: g.title, byline: g.author, publishedTime: g.date }])), ['title', 'byline', 'publishedTime'])],
];
const pct = (n, d) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');
w('| pages | field | expected | agree | other | none | extra |');
w('|---|---|---|---|---|---|---|');
for (const [label, fields] of meta) {
  for (const [f, s] of Object.entries(fields)) w(`| ${label} | ${f} | ${s.expected} | ${s.agree} (${pct(s.agree, s.expected)}) | ${s.differ} | ${s.missing} | ${s.extra} of ${s.withoutExpected} |`);
}
w();
w('## How to regenerate');
w();
w('```sh');
w('npm run build');
w('node scripts/record-snapshots.mjs <wcxb-dev>/pages snapshots/wcxb');
w('npm run train -- --snapshots snapshots/wcxb --gold <wcxb-dev>/gold.json   # models/ and .viseg-cache/train/cv-final.json');
w('node scripts/record-snapshots.mjs <article-bench-dev>/pages snapshots/ab');
w('node scripts/record-snapshots.mjs <article-bench-dev>/pages-js snapshots/ab-js');
w('node scripts/record-snapshots.mjs <readability-pages>/pages snapshots/readability');
w('node scripts/train/seeds.mjs --snapshots snapshots/wcxb --gold <wcxb-dev>/gold.json   # .viseg-cache/train/seeds.json');
w('node scripts/train/rule-ablation.mjs snapshots/wcxb <wcxb-dev>/gold.json .viseg-cache/train .viseg-cache/train/rules.json');
w('node scripts/accuracy-doc.mjs --cv .viseg-cache/train/cv-final.json --seeds .viseg-cache/train/seeds.json \\');
w('  --rules .viseg-cache/train/rules.json \\');
w('  --wcxb snapshots/wcxb --wcxb-gold <wcxb-dev>/gold.json \\');
w('  --article-bench snapshots/ab --article-bench-js snapshots/ab-js --article-bench-gold <article-bench-dev>/gold.json \\');
w('  --readability snapshots/readability --readability-gold <readability-pages>/gold.json --readability-meta <readability-pages>/meta.json');
w('```');
w();
w('The dev sets (WCXB dev, article-bench dev, Readability\'s test pages) are not shipped with viseg;');
w('their SOURCE notes say where they come from.');
writeFileSync(o.out, lines.join('\n') + '\n');
console.error(`wrote ${o.out}`);
