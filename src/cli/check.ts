/**
 * `viseg check <dir>`: extract every fixture site in `<dir>` (subfolders with index.html and
 * expected.json), compare with expected.json, print a table (or `--json`), write an HTML report of
 * the failing sites, and exit 0 (all pass), 1 (any failure) or 2 (usage error). `--update`
 * rewrites expected.json from the current output and prints what changed.
 */
import { Command } from 'commander';
import { discoverSites, runCheck } from '../check/run.js';
import { formatDiff, formatTable, toJsonResult, useColor } from '../check/format.js';
import { OptionsError, screenshotOptionsSchema } from '../options.js';
import { writeReport } from '../report/index.js';
import {
  addConcurrencyOption, addRenderOptions, dflt, EXIT_OK, EXIT_SOME_FAILED, intArg, openSession, reportFatal, toExtractOptions, withFlags,
  type RenderCliOptions,
} from './common.js';
import { startProgress } from './progress.js';
import { jsonLine } from '../record/jsonl.js';
import { outRaw } from './terminal.js';

/** Where the report goes when `--report` is not given and something failed. */
export const DEFAULT_REPORT = 'viseg-check-report.html';

interface CheckCliOptions extends RenderCliOptions {
  json?: boolean;
  /** A path, `false` for `--no-report`, undefined when neither was given. */
  report?: string | false;
  update?: boolean;
  updateGold?: boolean;
  maxHeight?: number;
  quiet?: boolean;
}

const EXAMPLES = `
Examples:
  $ viseg check sites/                         # table of sites; exit 1 when one fails
  $ viseg check sites/ --json                  # one JSON object, for CI tools
  $ viseg check sites/ --update                # rewrite expected.json from the current output
  $ viseg check sites/ --report failed.html

A site is a folder with index.html (and its assets) and expected.json: "type" (article, listing,
other), "title", "byline", "publishedTime" (null: not checked), "contains" and "excludes" snippets,
"goldText" and "minF1" (default 0.8).`;

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('extract the fixture sites in <dir> (subfolders with index.html + expected.json) and check each against its expected.json')
    .argument('<dir>', 'folder of sites')
    .option('--json', 'print one JSON object instead of the table')
    .option('--report <file>', `HTML report with annotated screenshots of the failing sites (default: ${DEFAULT_REPORT}, written only when something failed)`)
    .option('--no-report', 'do not write the HTML report')
    .option('--update', 'rewrite each expected.json from the current output and print what changed')
    .option('--update-gold', 'with --update: replace goldText with the extracted text too')
    .option('--max-height <px>', `cap for very tall pages in report screenshots, in CSS px ${dflt(screenshotOptionsSchema.parse({}).maxHeight)}`, intArg('--max-height', 'px'))
    .option('-q, --quiet', 'no progress bar');
  addConcurrencyOption(cmd);
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (dir: string, o: CheckCliOptions) => {
    process.exitCode = await runCheckCli(dir, o);
  });
  return cmd;
}

async function runCheckCli(dir: string, o: CheckCliOptions): Promise<number> {
  let session;
  try {
    if (o.updateGold && !o.update) throw new OptionsError('--update-gold needs --update');
    const { maxHeight } = withFlags(() => screenshotOptionsSchema.parse({ maxHeight: o.maxHeight }));
    const opts = toExtractOptions(o);
    const sites = await discoverSites(dir); // usage errors before a browser is launched
    session = await openSession(o);
    const wantReport = o.report !== false;
    const progress = startProgress(sites.filter((s) => s.index).length, o.quiet ?? false);
    let run;
    try {
      run = await runCheck(session, dir, opts, {
        update: o.update ?? false,
        updateGold: o.updateGold ?? false,
        report: wantReport,
        maxHeight,
        concurrency: opts.concurrency,
        onDone: (ok) => progress.tick(ok),
      });
    } finally {
      progress.stop();
    }

    let reportFile: string | null = null;
    if (typeof o.report === 'string') reportFile = o.report;
    else if (wantReport && run.failed) reportFile = DEFAULT_REPORT;
    if (reportFile) {
      const entries = run.sites.filter((s) => !s.comparison.pass && s.reportEntry).map((s) => s.reportEntry!);
      const title = run.failed ? `viseg check: ${run.failed} of ${run.sites.length} sites failed` : `viseg check: all ${run.sites.length} sites passed`;
      await writeReport(entries, reportFile, { title });
    }

    if (o.json) {
      outRaw(jsonLine(toJsonResult(run.sites, { dir, report: reportFile, updated: o.update ?? false })) + '\n');
    } else {
      const lines: string[] = [];
      if (o.update) lines.push(formatDiff(run.sites));
      lines.push(formatTable(run.sites, { color: useColor(process.stdout) }));
      if (reportFile) lines.push(`report: ${reportFile}\n`);
      outRaw(lines.filter(Boolean).join('\n')); // page text in it is printable already (check/format.ts)
    }
    return run.failed ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e, 'check');
  } finally {
    await session?.close();
  }
}
