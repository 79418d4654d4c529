/** `viseg snapshot <input>`: the PageSnapshot JSON of one page (what every later stage consumes). */
import { writeFileSync } from 'node:fs';
import { Command } from 'commander';
import { jsonLine } from '../record/jsonl.js';
import { encodeSnapshot, isGzipName } from '../snapshot/file.js';
import { addRenderOptions, EXIT_OK, EXIT_SOME_FAILED, renderOne, reportFatal, type RenderCliOptions } from './common.js';
import { outRaw } from './terminal.js';

const EXAMPLES = `
Examples:
  $ viseg snapshot https://example.com/story -o story.json.gz   # gzipped
  $ viseg snapshot page.html --pretty | less
  # later, without a browser: analyzeSnapshot(readSnapshotFile('story.json.gz')) from the library`;

interface SnapshotCliOptions extends RenderCliOptions {
  out?: string;
  pretty?: boolean;
}

export function snapshotCommand(): Command {
  const cmd = new Command('snapshot')
    .description('write the rendered page snapshot (boxes, styles, text, links, images, metadata) as JSON')
    .argument('<input>', 'URL, HTML file or - for stdin')
    .option('-o, --out <file>', 'write to a file (.json, or .json.gz to compress)')
    .option('--pretty', 'indent the JSON');
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (input: string, o: SnapshotCliOptions) => {
    try {
      const r = await renderOne('snapshot', input, o);
      if (!r) {
        process.exitCode = EXIT_SOME_FAILED;
        return;
      }
      if (o.out) writeFileSync(o.out, encodeSnapshot(r.snapshot, { gzip: isGzipName(o.out), indent: o.pretty ? 2 : undefined }));
      else outRaw(jsonLine(r.snapshot, o.pretty ? 2 : undefined) + '\n');
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'snapshot');
    }
  });
  return cmd;
}
