/** `viseg report <results.jsonl | dir> -o report.html`: one self-contained HTML page of the results. */
import { Command } from 'commander';
import { loadReportInputs, renderableEntries, writeReport } from '../report/index.js';
import { EXIT_OK, reportFatal } from './common.js';

export function reportCommand(): Command {
  return new Command('report')
    .description('write a self-contained HTML report from extract results (run extract with --explain and --screenshot-dir for overlays)')
    .argument('<results>', 'a results JSONL file, or a directory holding results.jsonl and screenshots')
    .option('-o, --out <file>', 'the HTML file to write', 'report.html')
    .option('--title <title>', 'report title')
    .action(async (results: string, o: { out: string; title?: string }) => {
      try {
        const { entries, skipped } = renderableEntries(await loadReportInputs(results));
        for (const s of skipped) process.stderr.write(`viseg: warning: record ${s.index + 1} (${s.input}) is malformed and left out: ${s.reason}\n`);
        await writeReport(entries, o.out, o.title ? { title: o.title } : {});
        process.stderr.write(`viseg: wrote ${o.out} (${entries.length} page${entries.length === 1 ? '' : 's'})\n`);
        process.exitCode = EXIT_OK;
      } catch (e) {
        process.exitCode = reportFatal(e);
      }
    });
}
