/** `viseg report <results.jsonl | dir> -o report.html`: one self-contained HTML page of the results. */
import { Command } from 'commander';
import { loadReportInputs, writeReport } from '../report/index.js';
import { EXIT_OK, reportFatal } from './common.js';
import { say } from './terminal.js';

const EXAMPLES = `
Examples:
  $ viseg extract pages/ --explain --screenshot-dir run/screenshots -o run/results.jsonl
  $ viseg report run/ -o report.html          # results.jsonl and its screenshots
  $ viseg report results.jsonl --title "Nightly run"`;

export function reportCommand(): Command {
  return new Command('report')
    .description('write a self-contained HTML report from extract results (run extract with --explain and --screenshot-dir for overlays)')
    .argument('<results>', 'a results JSONL file, or a directory holding results.jsonl and screenshots')
    .option('-o, --out <file>', 'the HTML file to write (default: report.html)')
    .option('--title <title>', 'report title')
    .addHelpText('after', EXAMPLES)
    .action(async (results: string, o: { out?: string; title?: string }) => {
      try {
        const file = o.out ?? 'report.html';
        let skipped = 0;
        const { entries, warnings } = await loadReportInputs(results, (s) => {
          if (++skipped <= 3) say(`warning: ${results}: line ${s.line} skipped: ${s.error}`);
        });
        if (skipped > 3) say(`warning: ${skipped} lines skipped in all`);
        for (const w of warnings) say(`warning: ${w}`);
        await writeReport(entries, file, o.title ? { title: o.title } : {});
        say(`wrote ${file} (${entries.length} page${entries.length === 1 ? '' : 's'})`);
        process.exitCode = EXIT_OK;
      } catch (e) {
        process.exitCode = reportFatal(e, 'report');
      }
    });
}
