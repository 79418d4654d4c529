/** `viseg eval --gold gold.json <predictions.jsonl | pages dir | snapshots dir>`: P/R/F1 with the reference metrics. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from 'commander';
import { buildContent } from '../content/index.js';
import { analyzeSnapshot } from '../pipeline/analyze.js';
import { readSnapshotFile } from '../snapshot/file.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { getStrategy, STRATEGY_NAMES } from '../strategies/index.js';
import { readPredictions } from '../eval/files.js';
import { GoldFileError, readGoldFile, readIds, type GoldFile } from '../eval/gold.js';
import { pageId, scoreAll, type PageScore, type Summary } from '../eval/score.js';
import { scoreWords, type WordPageScore, type WordSummary } from '../eval/words.js';
import { contentOptions, DEFAULT_STRATEGY, OptionsError, type ResolvedExtractOptions } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { addConcurrencyOption, addRenderOptions, checkInputs, dflt, EXIT_OK, intArg, openSession, pageTypeOption, reportFatal, toExtractOptions, type RenderCliOptions } from './common.js';
import { openRecordSink } from './output.js';
import { startProgress } from './progress.js';
import { jsonLine } from '../record/jsonl.js';
import { out, outRaw, say } from './terminal.js';
import { runSegmentationEval } from './eval-segmentation.js';
import { DEFAULT_GRID } from '../eval/segmentation.js';
import { at } from '../util/at.js';

interface EvalCliOptions extends RenderCliOptions {
  gold?: string;
  segmentation?: string;
  snapshots?: string;
  saveSegments?: string;
  grid?: string;
  strategy?: string;
  json?: boolean;
  compare?: string;
  worst?: number;
  out?: string;
  quiet?: boolean;
  metric?: 'shingles' | 'words';
  perType?: boolean;
  ids?: string;
}

function loadGold(file: string): GoldFile {
  try {
    return readGoldFile(file);
  } catch (e) {
    if (e instanceof GoldFileError) throw new OptionsError(`--gold: ${e.message}`);
    throw e;
  }
}

/** id -> gold text, as the shingle scorer wants it. */
function goldTexts(g: GoldFile, ids?: readonly string[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const id of ids ?? Object.keys(g.pages)) texts[id] = g.pages[id]?.text ?? '';
  return texts;
}

function roundRow(r: Record<string, number | string>): Record<string, number | string> {
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 10000) / 10000 : v]));
}

function fmt(x: number): string {
  return x.toFixed(3);
}

function printTable(label: string, s: Summary, pages: PageScore[], worst: number, other?: { label: string; s: Summary; pages: PageScore[] }): void {
  const w = { write: out };
  if (other) {
    w.write(`${''.padEnd(10)} ${label.slice(0, 30).padEnd(30)} ${other.label.slice(0, 30).padEnd(30)}\n`);
    for (const k of ['f1', 'precision', 'recall', 'accuracy'] as const) w.write(`${k.padEnd(10)} ${fmt(s[k]).padEnd(30)} ${fmt(other.s[k]).padEnd(30)}\n`);
    w.write(`pages      ${String(s.pages).padEnd(30)} ${other.s.pages}\n\n`);
    const byId = new Map(other.pages.map((p) => [p.id, p]));
    const diffs = pages.map((p) => ({ p, q: byId.get(p.id)! })).filter((d) => d.q && Math.abs(d.p.f1 - d.q.f1) > 0.0005)
      .sort((a, b) => Math.abs(b.p.f1 - b.q.f1) - Math.abs(a.p.f1 - a.q.f1) || (a.p.id < b.p.id ? -1 : 1)).slice(0, worst);
    if (diffs.length) {
      w.write(`largest per-page differences (F1)\n`);
      for (const d of diffs) w.write(`  ${d.p.id.slice(0, 40).padEnd(40)} ${fmt(d.p.f1)}  ${fmt(d.q.f1)}  ${d.q.f1 - d.p.f1 >= 0 ? '+' : ''}${fmt(d.q.f1 - d.p.f1)}\n`);
    }
    return;
  }
  w.write(`F1 ${fmt(s.f1)}  P ${fmt(s.precision)}  R ${fmt(s.recall)}  exact ${fmt(s.accuracy)}  pages ${s.pages}\n`);
  const bad = [...pages].sort((a, b) => a.f1 - b.f1 || (a.id < b.id ? -1 : 1)).slice(0, worst);
  if (bad.length) {
    w.write(`\nworst pages\n  ${'page'.padEnd(40)} ${'F1'.padEnd(6)} ${'P'.padEnd(6)} R\n`);
    for (const p of bad) w.write(`  ${p.id.slice(0, 40).padEnd(40)} ${fmt(p.f1)}  ${fmt(p.precision)}  ${fmt(p.recall)}\n`);
  }
}

/** The pure stages' options of a run, but the strategy: each strategy is scored on its own. */
type StageOptions = Pick<ResolvedExtractOptions, 'pdoc' | 'pageType'>;

/** The main-content text one strategy picks from a snapshot, and how long it took (ms). */
export function runStrategy(snapshot: PageSnapshot, name: string, opts: StageOptions = {}): { text: string; ms: number } {
  const t0 = performance.now();
  let text: string;
  // the segmentation level and a given page type are the vips strategy's; the others take neither
  if (name === 'vips') text = analyzeSnapshot(snapshot, contentOptions({ ...opts, strategy: name })).content.text;
  else {
    const r = getStrategy(name).run(snapshot);
    text = r.selection.roots.length ? buildContent(snapshot, r.selection, { baseUrl: snapshot.finalUrl }).text : '';
  }
  return { text, ms: performance.now() - t0 };
}

interface DirRun {
  /** strategy name -> page id -> text */
  predictions: Map<string, Record<string, string>>;
  /** strategy name -> estimated pages/s: pages / ((render ms + strategy ms) summed / concurrency) */
  pagesPerSecond: Map<string, number>;
}

/** Render every page of a directory once; score one strategy, or every strategy on the same snapshots. */
async function extractDir(dir: string, o: EvalCliOptions, strategies: string[]): Promise<DirRun> {
  const opts = { ...toExtractOptions(o), keepArtifacts: strategies.length > 1 };
  const checked = await checkInputs([dir], opts.root);
  const session = await openSession(o);
  const predictions = new Map(strategies.map((s) => [s, {} as Record<string, string>]));
  const busyMs = new Map(strategies.map((s) => [s, 0]));
  let pages = 0;
  try {
    const inputs = await checked.withServer(session);
    const sink = o.out ? openRecordSink(o.out, false) : null;
    const progress = startProgress(inputs.length, o.quiet ?? false);
    try {
      await runBatch(session, inputs, opts, {
        concurrency: opts.concurrency,
        onDone: (r) => progress.tick(r.record.ok),
        emit: (r) => {
          const id = pageId(r.record.input);
          const t = r.record.timings;
          const render = t.load + t.snapshot;
          pages++;
          if (strategies.length === 1) {
            predictions.get(at(strategies, 0))![id] = r.record.text;
            busyMs.set(at(strategies, 0), busyMs.get(at(strategies, 0))! + render + t.segment + t.classify + t.content);
          } else {
            for (const s of strategies) {
              const out = r.snapshot ? runStrategy(r.snapshot, s, opts) : { text: '', ms: 0 };
              predictions.get(s)![id] = out.text;
              busyMs.set(s, busyMs.get(s)! + render + out.ms);
            }
          }
          delete r.snapshot;
          delete r.tree;
          sink?.write(r.record);
        },
      });
    } finally {
      progress.stop();
      sink?.close();
    }
  } finally {
    await session.close();
  }
  const pagesPerSecond = new Map([...busyMs].map(([s, ms]) => [s, ms > 0 ? (pages * 1000 * opts.concurrency) / ms : 0]));
  return { predictions, pagesPerSecond };
}

/** Snapshot files (`viseg snapshot` output) in a directory: `<id>.json` or `<id>.json.gz`. */
function snapshotFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => /\.json(\.gz)?$/i.test(f)).sort();
}

function hasPages(dir: string): boolean {
  return readdirSync(dir).some((f) => /\.(x?html?)(\.gz)?$/i.test(f));
}

/** Run the pure stages over recorded snapshots (no browser): id -> text for each strategy. */
function analyzeSnapshotDir(dir: string, strategies: string[], ids: ReadonlySet<string> | null, opts: StageOptions): DirRun {
  const predictions = new Map(strategies.map((s) => [s, {} as Record<string, string>]));
  const busyMs = new Map(strategies.map((s) => [s, 0]));
  let pages = 0;
  for (const f of snapshotFiles(dir)) {
    const id = f.replace(/\.json(\.gz)?$/i, '');
    if (ids && !ids.has(id)) continue;
    let snapshot: PageSnapshot;
    try {
      snapshot = readSnapshotFile(path.join(dir, f));
    } catch (e) {
      say(`warning: ${f}: ${(e as Error).message}; scored as empty`);
      continue;
    }
    pages++;
    for (const s of strategies) {
      const r = runStrategy(snapshot, s, opts);
      predictions.get(s)![id] = r.text;
      busyMs.set(s, busyMs.get(s)! + r.ms);
    }
  }
  const pagesPerSecond = new Map([...busyMs].map(([s, ms]) => [s, ms > 0 ? (pages * 1000) / ms : 0]));
  return { predictions, pagesPerSecond };
}

function printWords(label: string, a: ReturnType<typeof scoreWords>, perType: boolean, worst: number): void {
  const row = (name: string, s: WordSummary): string =>
    `${name.padEnd(14)} ${String(s.pages).padStart(5)}  ${fmt(s.f1)}  ${fmt(s.precision)}  ${fmt(s.recall)}  ${fmt(s.with)}  ${fmt(s.without)}\n`;
  out(`${label}\n${'page type'.padEnd(14)} ${'pages'.padStart(5)}  F1     P      R      with   without\n`);
  if (perType) for (const [t, s] of Object.entries(a.types)) out(row(t, s));
  out(row('all', a.summary));
  const bad = [...a.pages].sort((x, y) => x.f1 - y.f1 || (x.id < y.id ? -1 : 1)).slice(0, worst);
  if (bad.length) {
    out(`\nworst pages\n  ${'page'.padEnd(30)} ${'type'.padEnd(14)} ${'F1'.padEnd(6)} ${'P'.padEnd(6)} R\n`);
    for (const p of bad) out(`  ${p.id.slice(0, 30).padEnd(30)} ${p.pageType.slice(0, 14).padEnd(14)} ${fmt(p.f1)}  ${fmt(p.precision)}  ${fmt(p.recall)}\n`);
  }
}

function roundWords(s: WordSummary): Record<string, number> {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, k === 'pages' ? v : Math.round(v * 10000) / 10000]));
}

/** Rows in the worst-pages table when `--worst` is not given. */
const WORST = 10;

const EXAMPLES = `
Examples:
  $ viseg eval --gold gold.json results.jsonl                # records from viseg extract -o results.jsonl
  $ viseg eval --gold gold.json pages/                       # extract the pages first, then score
  $ viseg eval --gold gold.json pages/ --strategy all        # every strategy on one rendering
  $ viseg eval --gold gold.json snapshots/ --strategy all    # every strategy on recorded snapshots, no browser
  $ viseg eval --gold wcxb/gold.json results.jsonl --metric words --per-type
  $ viseg eval --gold gold.json a.jsonl --compare b.jsonl    # side by side, largest differences
  $ viseg eval --gold gold.json results.jsonl --json
  $ viseg eval --segmentation seg-random/                    # blocks against people's blocks, both levels

gold.json maps page ids (file names without .html) to {"articleBody": "..."}, as the
article-extraction-benchmark datasets ship it; WCXB's gold also carries pageType, with and
without, and is scored with its word metric by default.`;

export function evalCommand(): Command {
  const cmd = new Command('eval')
    .description('score extractions against gold text (4-gram shingle P/R/F1, or WCXB word P/R/F1 per page type), or segmentations against human-marked blocks (--segmentation)')
    .argument('[predictions]', 'a viseg JSONL file, a JSON map id -> {articleBody}, a directory of pages to extract first, or a directory of snapshots (viseg snapshot -o <id>.json.gz) to analyse without a browser')
    .option('--gold <file>', 'gold JSON: id -> {articleBody} (WCXB files also carry pageType, with and without)')
    .addOption(new Option('--metric <name>', 'shingles: 4-gram shingle bags, P and R averaged over pages (article-extraction benchmark); words: WCXB word-level P/R/F1 per page with snippet rates (default: words when the gold carries page types or snippets, else shingles)').choices(['shingles', 'words']))
    .option('--per-type', 'with --metric words: one row per page type')
    .option('--ids <file>', 'score only these page ids (one per line)')
    .option('--segmentation <dataset>', 'score both levels of blocks against a human-marked segmentation dataset (gold/<page>.json, pages/<page>/)')
    .option('--snapshots <dir>', 'with --segmentation: analyse <page>.json.gz snapshots found here instead of rendering, and save the ones rendered')
    .option('--save-segments <dir>', 'with --segmentation: write each page\'s `viseg segment --level top|fine` JSON under <dir>/top and <dir>/fine')
    .option('--grid <COLSxROWPX>', `with --segmentation: the grid baseline's cells ${dflt(`${DEFAULT_GRID.cols}x${DEFAULT_GRID.rowPx}`)}`)
    .option('--json', 'print one JSON object')
    .option('--compare <other>', 'a second predictions file to show side by side')
    .option('--worst <n>', `rows in the worst-pages table ${dflt(WORST)}`, intArg('--worst'))
    .option('-o, --out <file>', 'with a pages directory: also write the extraction records (JSONL)')
    .addOption(new Option('--strategy <name>', `with a pages or snapshots directory: the strategy to score, or "all" for one row each ${dflt(DEFAULT_STRATEGY)}`).choices([...STRATEGY_NAMES, 'all']))
    .addOption(pageTypeOption('with a pages or snapshots directory: '))
    .option('-q, --quiet', 'no progress bar');
  addConcurrencyOption(cmd);
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (predictions: string | undefined, o: EvalCliOptions) => {
    try {
      if (o.segmentation) {
        if (predictions !== undefined || o.gold) throw new OptionsError('--segmentation takes no predictions argument and no --gold');
        await runSegmentationEval({ ...o, segmentation: o.segmentation, worst: o.worst ?? WORST });
        process.exitCode = EXIT_OK;
        return;
      }
      if (o.snapshots || o.saveSegments) throw new OptionsError('--snapshots and --save-segments go with --segmentation');
      if (!o.gold) throw new OptionsError('--gold <file> is required (or --segmentation <dataset>)');
      if (predictions === undefined) throw new OptionsError('give a predictions file or a directory of pages');
      const goldFile = loadGold(o.gold);
      const ids = o.ids ? readIds(o.ids) : null;
      const metric = o.metric ?? (goldFile.wcxbLayout ? 'words' : 'shingles');
      const gold = goldTexts(goldFile, ids ?? undefined);
      if (o.perType && metric !== 'words') throw new OptionsError('--per-type goes with --metric words');
      const skipped = (file: string) => (line: number, error: string) => say(`warning: ${file}: line ${line} skipped: ${error}`);
      let isDir = false;
      try {
        isDir = statSync(predictions).isDirectory();
      } catch {
        throw new OptionsError(`no such file or directory: ${predictions}`);
      }
      if (!isDir && o.strategy && o.strategy !== DEFAULT_STRATEGY) throw new OptionsError('--strategy applies to a pages or snapshots directory, not to a predictions file');
      if (!isDir && o.pageType) throw new OptionsError('--page-type applies to a pages or snapshots directory, not to a predictions file');
      if (o.strategy === 'all' && o.pageType) throw new OptionsError('--page-type is read by the vips strategy only: score it with --strategy vips, not all');
      // the options the pure stages take, checked as viseg extract checks them
      const stage: StageOptions = toExtractOptions({ ...o, strategy: o.strategy === 'all' ? undefined : o.strategy });
      const snapshots = isDir && !hasPages(predictions) && snapshotFiles(predictions).length > 0;
      const idSet = ids ? new Set(ids) : null;
      const score = (pred: Record<string, string>) => scoreWords(goldFile.pages, pred, ids ?? undefined);
      if (isDir && o.strategy === 'all') {
        const names = [...STRATEGY_NAMES];
        const run = snapshots ? analyzeSnapshotDir(predictions, names, idSet, stage) : await extractDir(predictions, { ...o, strategy: undefined }, names);
        const rows = names.map((name) => {
          const pred = run.predictions.get(name)!;
          const s = metric === 'words' ? score(pred).summary : scoreAll(gold, pred).summary;
          return { strategy: name, f1: s.f1, precision: s.precision, recall: s.recall, pagesPerSecond: run.pagesPerSecond.get(name)! };
        });
        if (o.json) outRaw(jsonLine({ metric, strategies: rows.map((r) => roundRow(r)) }) + '\n');
        else {
          out(`${'strategy'.padEnd(12)} ${'F1'.padEnd(6)} ${'P'.padEnd(6)} ${'R'.padEnd(6)} pages/s\n`);
          for (const r of rows) out(`${r.strategy.padEnd(12)} ${fmt(r.f1)}  ${fmt(r.precision)}  ${fmt(r.recall)}  ${r.pagesPerSecond.toFixed(2)}\n`);
        }
        process.exitCode = EXIT_OK;
        return;
      }
      const strategy = o.strategy ?? DEFAULT_STRATEGY;
      const pred = !isDir ? await readPredictions(predictions, skipped(predictions))
        : snapshots ? analyzeSnapshotDir(predictions, [strategy], idSet, stage).predictions.get(strategy)!
        : (await extractDir(predictions, o, [strategy])).predictions.get(strategy)!;
      if (metric === 'words') {
        const a = score(pred);
        const b = o.compare ? score(await readPredictions(o.compare, skipped(o.compare))) : undefined;
        if (o.json) {
          const types = Object.fromEntries(Object.entries(a.types).map(([t, s]) => [t, roundWords(s)]));
          const perPage = a.pages.map((p: WordPageScore) => ({ id: p.id, pageType: p.pageType, f1: p.f1, precision: p.precision, recall: p.recall }));
          outRaw(jsonLine({ metric, ...roundWords(a.summary), ...(o.perType ? { types } : {}), perPage, ...(b ? { compare: roundWords(b.summary) } : {}) }) + '\n');
        } else {
          printWords(predictions, a, o.perType ?? false, o.worst ?? WORST);
          if (b && o.compare) printWords(o.compare, b, o.perType ?? false, 0);
        }
        process.exitCode = EXIT_OK;
        return;
      }
      const a = scoreAll(gold, pred);
      const b = o.compare ? scoreAll(gold, await readPredictions(o.compare, skipped(o.compare))) : undefined;
      if (o.json) {
        const round = (s: Summary) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * 10000) / 10000]));
        const perPage = a.pages.map((p) => ({ id: p.id, f1: p.f1, precision: p.precision, recall: p.recall }));
        outRaw(jsonLine({ metric, ...round(a.summary), perPage, ...(b ? { compare: round(b.summary) } : {}) }) + '\n');
      } else {
        printTable(predictions, a.summary, a.pages, o.worst ?? WORST, b && o.compare ? { label: o.compare, s: b.summary, pages: b.pages } : undefined);
      }
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'eval');
    }
  });
  return cmd;
}
