/** `viseg extract <inputs...>`: the main content of each page, as text/HTML/Markdown/JSON or JSONL records. */
import path from 'node:path';
import { Command, Option } from 'commander';
import type { ResolvedInput } from '../browser/index.js';
import { defaultConcurrency, OptionsError } from '../options.js';
import { STRATEGY_NAMES } from '../strategies/index.js';
import { runBatch } from '../pipeline/batch.js';
import type { ExtractRecord, PageResult } from '../pipeline/record.js';
import { addRenderOptions, collectInputs, EXIT_OK, EXIT_SOME_FAILED, intArg, openSession, reportFatal, toExtractOptions, type RenderCliOptions } from './common.js';
import { openSink, recordedInputs } from './output.js';
import { startProgress } from './progress.js';
import { screenshotHooks, screenshotTarget, writeAnnotated, type ScreenshotCliOptions } from './screenshot-options.js';

interface ExtractCliOptions extends RenderCliOptions, ScreenshotCliOptions {
  format: 'text' | 'html' | 'markdown' | 'json';
  jsonl?: boolean;
  out?: string;
  inputFile?: string;
  resume?: boolean;
  quiet?: boolean;
}

/** The label a record carries: the argument as given, or dir/file for files found in a directory. */
export function inputLabel(input: ResolvedInput): string {
  if (input.kind === 'file' && input.path) {
    const base = path.basename(input.path);
    if (path.basename(input.input) !== base) return path.join(input.input, base);
  }
  return input.input;
}

function printSingle(r: ExtractRecord, format: ExtractCliOptions['format']): number {
  if (format === 'json') {
    process.stdout.write(JSON.stringify(r, null, 2) + '\n');
    return r.ok ? EXIT_OK : EXIT_SOME_FAILED;
  }
  if (!r.ok) {
    process.stderr.write(`viseg: ${r.input}: ${r.error?.code}: ${r.error?.message}\n`);
    return EXIT_SOME_FAILED;
  }
  if (!r.mainBlock) {
    process.stderr.write(`viseg: ${r.input}: no main content found (page type: ${r.pageType})\n`);
    return EXIT_SOME_FAILED;
  }
  const body = format === 'html' ? r.html : format === 'markdown' ? r.markdown : r.text;
  process.stdout.write(body.endsWith('\n') ? body : body + '\n');
  return EXIT_OK;
}

export function extractCommand(): Command {
  const cmd = new Command('extract')
    .description('extract the main content of pages (URLs, .html/.htm/.html.gz files, directories, - for stdin)')
    .argument('[inputs...]', 'http(s) URLs, .html/.htm/.xhtml files (or .gz, up to 100 MB inflated), folders of them, - for stdin')
    .addOption(new Option('-f, --format <format>', 'output for a single input').choices(['text', 'html', 'markdown', 'json']).default('text'))
    .option('--jsonl', 'one JSON record per input, in input order (the default for several inputs)')
    .option('-o, --out <file>', 'write JSONL records to this file instead of stdout')
    .option('--input-file <file>', 'read inputs from a file, one URL or path per line')
    .option('--resume', 'skip inputs already recorded in --out and append the rest')
    .option('-c, --concurrency <n>', 'pages rendered at once', intArg('--concurrency'), defaultConcurrency())
    .option('--explain', 'add the decision record (candidates, features, score components) to each record')
    .addOption(new Option('--strategy <name>', 'how the main content is chosen (docs/strategies.md)').choices([...STRATEGY_NAMES]).default('vips'))
    .option('-q, --quiet', 'no progress bar');
  addRenderOptions(cmd);
  cmd.option('--screenshot <file>', 'annotated screenshot of the decision (single input)')
    .option('--screenshot-dir <dir>', 'one annotated screenshot per input, named after the input')
    .option('--max-height <px>', 'cap for very tall pages in screenshots', intArg('--max-height'), 16_000);
  cmd.action(async (args: string[], o: ExtractCliOptions) => {
    process.exitCode = await runExtract(args, o);
  });
  return cmd;
}

async function runExtract(args: string[], o: ExtractCliOptions): Promise<number> {
  let session;
  try {
    if (o.resume && !o.out) throw new OptionsError('--resume needs --out <file>');
    const opts = toExtractOptions(o);
    session = await openSession(o);
    let inputs = await collectInputs(args, o.inputFile, session, opts.root);
    if (o.screenshot && inputs.length > 1) throw new OptionsError('--screenshot takes a single input; use --screenshot-dir for several');
    const jsonl = o.jsonl || o.out !== undefined || inputs.length > 1;
    if (o.resume) {
      const seen = recordedInputs(o.out!);
      inputs = inputs.filter((i) => !seen.has(inputLabel(i)));
    }
    const sink = jsonl ? openSink(o.out, o.resume ?? false) : null;
    const progress = startProgress(inputs.length, o.quiet ?? false);
    let failed = 0;
    let single: PageResult | null = null;
    try {
      await runBatch(session, inputs, opts, {
        concurrency: opts.concurrency,
        hooks: (input, i) => screenshotHooks(o, input, i, inputLabel(input), opts),
        onDone: (r) => progress.tick(r.record.ok),
        emit: async (r, i) => {
          r.record.input = inputLabel(inputs[i]!);
          const target = screenshotTarget(o, r.record.input, i);
          if (target) await writeAnnotated(r, target, o.maxHeight);
          if (!r.record.ok) failed++;
          if (sink) sink.write(r.record);
          else single = r;
        },
      });
    } finally {
      progress.stop();
      sink?.close();
    }
    if (single) return printSingle((single as PageResult).record, o.format);
    return failed ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e);
  } finally {
    await session?.close();
  }
}
