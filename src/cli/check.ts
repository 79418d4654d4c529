/**
 * `viseg check <dir>`: extract every fixture site in `<dir>` (subfolders with index.html and
 * expected.json), compare with expected.json, print a table (or `--json`), write an HTML report of
 * the failing sites, and exit 0 (all pass), 1 (any failure) or 2 (usage error). `--update`
 * rewrites expected.json from the current output and prints what changed.
 */
import { Command } from 'commander';
import { discoverSites, runCheck } from '../check/run.js';
import { formatDiff, formatTable, toJsonResult, useColor } from '../check/format.js';
import { defaultConcurrency, OptionsError } from '../options.js';
import { writeReport } from '../report/index.js';
import { addRenderOptions, EXIT_OK, EXIT_SOME_FAILED, intArg, openSession, reportFatal, toExtractOptions, type RenderCliOptions } from './common.js';
import { startProgress } from './progress.js';

/** Where the report goes when `--report` is not given and something failed. */
export const DEFAULT_REPORT = 'viseg-check-report.html';

interface CheckCliOptions extends RenderCliOptions {
  json?: boolean;
  /** A path, `false` for `--no-report`, undefined when neither was given. */
  report?: string | false;
  update?: boolean;
  updateGold?: boolean;
  maxHeight: number;
  quiet?: boolean;
}

export function checkCommand(): Command {
  const cmd = new Command('check')
    .description('extract the fixture sites in <dir> (subfolders with index.html + expected.json) and check each against its expected.json')
    .argument('<dir>', 'folder of sites')
    .option('--json', 'print one JSON object instead of the table')
    .option('--report <file>', `HTML report with annotated screenshots of the failing sites (default: ${DEFAULT_REPORT}, written only when something failed)`)
    .option('--no-report', 'do not write the HTML report')
    .option('--update', 'rewrite each expected.json from the current output and print what changed')
    .option('--update-gold', 'with --update: replace goldText with the extracted text too')
    .option('-c, --concurrency <n>', 'pages rendered at once', intArg('--concurrency'), defaultConcurrency())
    .option('--max-height <px>', 'cap for very tall pages in report screenshots', intArg('--max-height'), 16_000)
    .option('-q, --quiet', 'no progress bar');
  addRenderOptions(cmd);
  cmd.action(async (dir: string, o: CheckCliOptions) => {
    process.exitCode = await runCheckCli(dir, o);
  });
  return cmd;
}

async function runCheckCli(dir: string, o: CheckCliOptions): Promise<number> {
  let session;
  try {
    if (o.updateGold && !o.update) throw new OptionsError('--update-gold needs --update');
    if (o.maxHeight < 1) throw new OptionsError('--max-height must be at least 1');
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
        maxHeight: o.maxHeight,
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
      process.stdout.write(JSON.stringify(toJsonResult(run.sites, { dir, report: reportFile, updated: o.update ?? false })) + '\n');
    } else {
      const out: string[] = [];
      if (o.update) out.push(formatDiff(run.sites));
      out.push(formatTable(run.sites, { color: useColor(process.stdout) }));
      if (reportFile) out.push(`report: ${reportFile}\n`);
      process.stdout.write(out.filter(Boolean).join('\n'));
    }
    return run.failed ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e);
  } finally {
    await session?.close();
  }
}
