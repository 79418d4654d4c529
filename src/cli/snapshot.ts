/** `viseg snapshot <input>`: the PageSnapshot JSON of one page (what every later stage consumes). */
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { Command } from 'commander';
import { addRenderOptions, EXIT_OK, EXIT_SOME_FAILED, renderOne, reportFatal, type RenderCliOptions } from './common.js';

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
  cmd.action(async (input: string, o: SnapshotCliOptions) => {
    try {
      const r = await renderOne('snapshot', input, o);
      if (!r) {
        process.exitCode = EXIT_SOME_FAILED;
        return;
      }
      const json = JSON.stringify(r.snapshot, null, o.pretty ? 2 : undefined);
      if (o.out) writeFileSync(o.out, o.out.endsWith('.gz') ? gzipSync(json) : json + '\n');
      else process.stdout.write(json + '\n');
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e);
    }
  });
  return cmd;
}
