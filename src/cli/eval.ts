/** `viseg eval --gold gold.json <predictions.jsonl | pages dir>`: F1/P/R with the reference metric. */
import { readFileSync, statSync } from 'node:fs';
import { Command } from 'commander';
import { pageId, scoreAll, type PageScore, type Summary } from '../eval/score.js';
import { OptionsError } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { addRenderOptions, collectInputs, EXIT_OK, intArg, openSession, reportFatal, toExtractOptions, type RenderCliOptions } from './common.js';
import { inputLabel } from './extract.js';
import { openSink } from './output.js';
import { startProgress } from './progress.js';

interface EvalCliOptions extends RenderCliOptions {
  gold: string;
  json?: boolean;
  compare?: string;
  worst: number;
  out?: string;
  quiet?: boolean;
}

/** gold.json: id -> {articleBody} (or a plain string). */
export function readGold(file: string): Record<string, string> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new OptionsError(`cannot read --gold ${file}: ${(e as Error).message}`);
  }
  const out: Record<string, string> = {};
  for (const [id, v] of Object.entries(raw as Record<string, unknown>)) {
    out[id] = typeof v === 'string' ? v : String((v as { articleBody?: string })?.articleBody ?? '');
  }
  return out;
}

/** Predictions from a viseg JSONL file (input, text) or a JSON map id -> {articleBody}. */
export function readPredictions(file: string): Record<string, string> {
  const text = readFileSync(file, 'utf8');
  const out: Record<string, string> = {};
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') && !trimmed.includes('\n{')) {
    try {
      let obj = JSON.parse(text) as Record<string, unknown>;
      if (obj && typeof obj === 'object' && 'output' in obj && 'version' in obj) obj = obj.output as Record<string, unknown>;
      if (!('input' in obj)) {
        for (const [id, v] of Object.entries(obj)) out[id] = typeof v === 'string' ? v : String((v as { articleBody?: string })?.articleBody ?? '');
        return out;
      }
    } catch {
      /* JSONL after all */
    }
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const r = JSON.parse(line) as { input?: string; text?: string };
    if (typeof r.input === 'string') out[pageId(r.input)] = r.text ?? '';
  }
  return out;
}

function fmt(x: number): string {
  return x.toFixed(3);
}

function printTable(label: string, s: Summary, pages: PageScore[], worst: number, other?: { label: string; s: Summary; pages: PageScore[] }): void {
  const w = process.stdout;
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

async function extractDir(dir: string, o: EvalCliOptions): Promise<Record<string, string>> {
  const opts = toExtractOptions(o);
  const session = await openSession(o);
  const out: Record<string, string> = {};
  try {
    const inputs = await collectInputs([dir], undefined, session);
    const sink = o.out ? openSink(o.out, false) : null;
    const progress = startProgress(inputs.length, o.quiet ?? false);
    try {
      await runBatch(session, inputs, opts, {
        concurrency: opts.concurrency,
        onDone: (r) => progress.tick(r.record.ok),
        emit: (r, i) => {
          r.record.input = inputLabel(inputs[i]!);
          out[pageId(r.record.input)] = r.record.text;
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
  return out;
}

export function evalCommand(): Command {
  const cmd = new Command('eval')
    .description('score extractions against gold text (4-gram shingle P/R/F1, as ../shared/tools/score.py)')
    .argument('<predictions>', 'a viseg JSONL file, a JSON map id -> {articleBody}, or a directory of pages to extract first')
    .requiredOption('--gold <file>', 'gold JSON: id -> {articleBody}')
    .option('--json', 'print one JSON object')
    .option('--compare <other>', 'a second predictions file to show side by side')
    .option('--worst <n>', 'rows in the worst-pages table', intArg('--worst'), 10)
    .option('-o, --out <file>', 'with a pages directory: also write the extraction records (JSONL)')
    .option('-c, --concurrency <n>', 'pages rendered at once', intArg('--concurrency'), 4)
    .option('-q, --quiet', 'no progress bar');
  addRenderOptions(cmd);
  cmd.action(async (predictions: string, o: EvalCliOptions) => {
    try {
      const gold = readGold(o.gold);
      let isDir = false;
      try {
        isDir = statSync(predictions).isDirectory();
      } catch {
        throw new OptionsError(`no such file or directory: ${predictions}`);
      }
      const pred = isDir ? await extractDir(predictions, o) : readPredictions(predictions);
      const a = scoreAll(gold, pred);
      const b = o.compare ? scoreAll(gold, readPredictions(o.compare)) : undefined;
      if (o.json) {
        const round = (s: Summary) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, Math.round(v * 10000) / 10000]));
        const perPage = a.pages.map((p) => ({ id: p.id, f1: p.f1, precision: p.precision, recall: p.recall }));
        process.stdout.write(JSON.stringify({ ...round(a.summary), perPage, ...(b ? { compare: round(b.summary) } : {}) }) + '\n');
      } else {
        printTable(predictions, a.summary, a.pages, o.worst, b && o.compare ? { label: o.compare, s: b.summary, pages: b.pages } : undefined);
      }
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e);
    }
  });
  return cmd;
}
