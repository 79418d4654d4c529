/** `viseg extract <inputs...>`: the main content of each page, as text/HTML/Markdown/JSON or JSONL records. */
import path from 'node:path';
import { Command, Option } from 'commander';
import type { ResolvedInput } from '../browser/index.js';
import { DEFAULT_STRATEGY, OptionsError, screenshotOptionsSchema } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { inputLabel } from '../pipeline/public-urls.js';
import { emptyRecord, type ExtractRecord, type PageResult } from '../pipeline/record.js';
import type { Session } from '../pipeline/session.js';
import { STRATEGY_NAMES } from '../strategies/index.js';
import {
  addConcurrencyOption, addRenderOptions, checkInputs, dflt, EXIT_OK, EXIT_SOME_FAILED, inputArgs, intArg, openSession, pageTypeOption, reportFatal,
  toExtractOptions, withFlags, type RenderCliOptions,
} from './common.js';
import {
  checkProperty, chooseOutput, FORMATS, openRecordSink, outputName, prepareResume, printPage, propertyText, renderPage, resolvedKey,
  writePageFile, type Format, type OutputChoice, type Property, type RecordSink,
} from './output.js';
import { BatchSummary, startProgress } from './progress.js';
import { screenshotHooks, screenshotTarget, writeAnnotated, type ScreenshotCliOptions } from './screenshot-options.js';
import { say } from './terminal.js';
import { at } from '../util/at.js';

interface ExtractCliOptions extends RenderCliOptions, ScreenshotCliOptions {
  format?: Format;
  jsonl?: boolean;
  out?: string;
  outputDir?: string;
  property?: string;
  withMetadata?: boolean;
  inputFile?: string;
  resume?: boolean;
  retryFailed?: boolean;
  quiet?: boolean;
}

const EXAMPLES = `
Examples:
  $ viseg extract https://example.com/story                    # the article as text
  $ viseg extract page.html -f markdown --with-metadata > page.md
  $ viseg extract page.html -o page.md                          # the format follows the file name
  $ viseg extract saved/page.html --base-url https://example.com/story
  $ viseg extract https://example.com/story --property title
  $ viseg extract pages/ -o results.jsonl                       # one JSON record per page
  $ viseg extract pages/ -o results.jsonl --resume --retry-failed
  $ viseg extract pages/ --output-dir md/ -f markdown           # one file per page
  $ cat page.html | viseg extract - -f html
  $ viseg extract pages/ --explain --screenshot-dir shots/ -o results.jsonl && viseg report results.jsonl

Exit status: 0 every page ok; 1 a page failed (or a single page has no main content); 2 usage error.`;

export function extractCommand(): Command {
  const cmd = new Command('extract')
    .description('extract the main content of pages (URLs, .html/.htm/.html.gz files, folders, - for stdin)')
    .argument('[inputs...]', 'http(s) URLs, .html/.htm/.xhtml files (or .gz, up to 100 MB inflated), folders of them, or - for stdin')
    .addOption(new Option('-f, --format <format>', 'text, html, markdown, json (one page) or jsonl (records) (default: text for one page or --output-dir, jsonl for several; with -o FILE, from its extension)').choices([...FORMATS]))
    .option('--jsonl', 'one JSON record per input, in input order (same as --format jsonl)')
    .option('-o, --out <file|dir/>', 'write to this file (a folder, or a name ending in /: one file per input) instead of stdout')
    .option('--output-dir <dir>', 'one file per input in the chosen --format, named after the input')
    .option('-p, --property <name>', 'print one field of the record (title, byline, publishedTime, url, wordCount, ...) of a single page')
    .option('--with-metadata', 'title, author, date, URL and page type as front matter (markdown), a header (text) or a <head> (html)')
    .option('--input-file <file>', 'read inputs from a file, one URL or path per line')
    .option('--resume', 'skip inputs that already have a record in -o FILE (any spelling of the same file or URL) and append the rest')
    .option('--retry-failed', 'like --resume, and render the inputs whose record is an error again, replacing that record')
    .option('--explain', 'add the decision record (candidates, features, score components) to each record')
    .addOption(new Option('--strategy <name>', `how the main content is chosen ${dflt(DEFAULT_STRATEGY)}`).choices([...STRATEGY_NAMES]))
    .addOption(pageTypeOption())
    .option('-q, --quiet', 'no progress bar and no summary at the end of a batch');
  addConcurrencyOption(cmd);
  addRenderOptions(cmd);
  cmd.option('--screenshot <file>', 'annotated screenshot of the decision (single input)')
    .option('--screenshot-dir <dir>', 'one annotated screenshot per input, named after the input')
    .option('--max-height <px>', `cap for very tall pages in screenshots, in CSS px ${dflt(screenshotOptionsSchema.parse({}).maxHeight)}`, intArg('--max-height', 'px'))
    .addOption(new Option('--screenshot-level <level>', `blocks the screenshot outlines: fine = the tree's leaves, top = the page's regions ${dflt('fine')}`).choices(['fine', 'top']));
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (args: string[], o: ExtractCliOptions) => {
    process.exitCode = await runExtract(args, o);
  });
  return cmd;
}

/** The record of an input that failed before it could be loaded (no browser needed). */
function failedRecord(input: ResolvedInput): PageResult {
  const record = emptyRecord(inputLabel(input));
  if (input.kind === 'file') record.url = record.input;
  record.error = input.error ?? { code: 'INPUT_NOT_FOUND', message: `no URL for input ${input.input}` };
  return { record };
}

/** Exit status of a single page: 1 when it failed or has no main content (said on stderr). */
function singleStatus(r: ExtractRecord): number {
  if (!r.ok) {
    say(`${r.input}: ${r.error?.code}: ${r.error?.message}`);
    return EXIT_SOME_FAILED;
  }
  if (!r.mainBlock && !r.text) {
    say(`${r.input}: no main content found (page type: ${r.pageType})`);
    return EXIT_SOME_FAILED;
  }
  return EXIT_OK;
}

interface Writer {
  emit(r: PageResult, index: number): Promise<void>;
  close(): void;
  /** Where the output went, for the summary. */
  where: string | null;
}

function openWriter(choice: OutputChoice, o: ExtractCliOptions, property: Property | null, append: boolean): Writer {
  const { target, format } = choice;
  if (format === 'jsonl') {
    const sink: RecordSink = openRecordSink(target.kind === 'file' ? target.path : undefined, append);
    return { emit: async (r) => sink.write(r.record), close: () => sink.close(), where: target.kind === 'file' ? `records in ${target.path}` : null };
  }
  if (target.kind === 'dir') {
    const taken = new Set<string>();
    let written = 0;
    const w: Writer = {
      where: null,
      emit: async (r) => {
        const rec = r.record;
        const name = outputName(rec.input, format, taken);
        if (!rec.ok || (!rec.mainBlock && !rec.text && format !== 'json')) return;
        await writePageFile(target.path, name, renderPage(rec, format, o.withMetadata ?? false));
        written++;
        w.where = `${written} file${written === 1 ? '' : 's'} in ${target.path}`;
      },
      close: () => undefined,
    };
    return w;
  }
  // one page, to stdout or a file
  return {
    where: target.kind === 'file' ? `output in ${target.path}` : null,
    emit: async (r) => {
      const rec = r.record;
      const hasContent = rec.ok && (rec.mainBlock !== null || rec.text !== '');
      // a JSON record and a field are written whatever happened; a page only when there is one
      const text = property ? propertyText(rec, property) : format === 'json' || hasContent ? renderPage(rec, format, o.withMetadata ?? false) : null;
      if (text === null) return;
      if (target.kind === 'file') await writePageFile(path.dirname(target.path), path.basename(target.path), text);
      else printPage(text, property ? 'text' : format);
    },
    close: () => undefined,
  };
}

async function runExtract(args: string[], o: ExtractCliOptions): Promise<number> {
  let session: Session | undefined;
  try {
    // Everything that can be a usage error is checked before a browser starts.
    const opts = toExtractOptions(o);
    const maxHeight = withFlags(() => screenshotOptionsSchema.parse({ maxHeight: o.maxHeight })).maxHeight;
    const checked = await checkInputs(await inputArgs(args, o.inputFile), opts.root);
    const pages = checked.inputs.length;
    const choice = chooseOutput(o, pages);
    const property = o.property !== undefined ? checkProperty(o.property) : null;
    if (property && (pages > 1 || choice.target.kind === 'dir')) throw new OptionsError('--property prints one field of one page; for several pages use --format jsonl and pick the field from each record');
    if (property && (o.format !== undefined || o.jsonl)) throw new OptionsError('--property prints one field: leave out --format');
    if (o.withMetadata && (choice.format === 'json' || choice.format === 'jsonl' || property)) {
      throw new OptionsError('--with-metadata applies to --format text, markdown and html (records carry the metadata as fields)');
    }
    const resume = o.resume || o.retryFailed;
    if (resume && (choice.target.kind !== 'file' || choice.format !== 'jsonl')) {
      throw new OptionsError(`--${o.resume ? 'resume' : 'retry-failed'} needs -o FILE with JSONL records (e.g. -o results.jsonl)`);
    }
    if (o.screenshot && pages > 1) throw new OptionsError('--screenshot takes a single input; use --screenshot-dir for several');

    const keys = checked.inputs.map((i) => resolvedKey(i, inputLabel(i)));
    let todo = checked.inputs.map((_, i) => i);
    const extra: string[] = [];
    if (resume && choice.target.kind === 'file') {
      const state = await prepareResume(choice.target.path, o.retryFailed ?? false, new Set(keys));
      todo = todo.filter((i) => !state.done.has(at(keys, i)));
      extra.push(`resumed: ${pages - todo.length} of ${pages} input${pages === 1 ? '' : 's'} already recorded` + (state.retried ? `, ${state.retried} error record${state.retried === 1 ? '' : 's'} to retry` : ''));
      if (state.skipped.length) extra.push(`${state.skipped.length} line${state.skipped.length === 1 ? '' : 's'} of ${choice.target.path} are not records (first: line ${at(state.skipped, 0).line}: ${at(state.skipped, 0).error})`);
    }

    const needBrowser = todo.some((i) => !at(checked.inputs, i).error);
    let inputs = checked.inputs;
    if (needBrowser) {
      session = await openSession(o);
      inputs = await checked.withServer(session);
    }
    const batch = todo.map((i) => at(inputs, i));
    const single = pages === 1;
    const writer = openWriter(choice, o, property, resume ?? false);
    const summary = new BatchSummary();
    const progress = startProgress(batch.length, o.quiet ?? false, choice.target.kind === 'stdout');
    let status = EXIT_OK;
    try {
      const emit = async (r: PageResult, i: number) => {
        const target = screenshotTarget(o, r.record.input, at(todo, i));
        if (target) await writeAnnotated(r, target, maxHeight, o.screenshotLevel);
        summary.add(r.record);
        await writer.emit(r, i);
        if (single) status = singleStatus(r.record);
        else if (!r.record.ok) status = EXIT_SOME_FAILED;
      };
      if (session) {
        await runBatch(session, batch, opts, {
          concurrency: opts.concurrency,
          hooks: (input, i) => screenshotHooks(o, input, at(todo, i), inputLabel(input), opts, maxHeight),
          onDone: (r) => progress.tick(r.record.ok),
          emit,
        });
      } else {
        // every input failed its checks: records without a browser
        for (const [i, input] of batch.entries()) await emit(failedRecord(input), i);
      }
    } finally {
      progress.stop();
      writer.close();
    }
    if (!single && !o.quiet) summary.print(writer.where, extra);
    return status;
  } catch (e) {
    return reportFatal(e, 'extract');
  } finally {
    await session?.close();
  }
}
