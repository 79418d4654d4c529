/**
 * `viseg bench <pages dir>`: per-stage timings, pages/s, peak memory, and the ratio of the full
 * pipeline to a bare render (navigate + settle + scroll) of the same pages. A measurement, never a
 * pass/fail check: the exit code is 0 whenever the benchmark ran (1 only when no page succeeded).
 */
import cliProgress from 'cli-progress';
import { Command } from 'commander';
import { formatBench, runBench } from '../bench/index.js';
import { OptionsError, screenshotOptionsSchema } from '../options.js';
import { jsonLine } from '../record/jsonl.js';
import {
  addConcurrencyOption, addRenderOptions, checkInputs, dflt, EXIT_OK, EXIT_SOME_FAILED, inputArgs, intArg, openSession, reportFatal,
  toExtractOptions, withFlags, type RenderCliOptions,
} from './common.js';
import { out, outRaw } from './terminal.js';

interface BenchCliOptions extends RenderCliOptions {
  repeat: number;
  rounds?: number;
  inputFile?: string;
  limit?: number;
  bare?: boolean;
  screenshot?: boolean;
  maxHeight?: number;
  json?: boolean;
  memoryEvery: number;
  sampleMs: number;
  quiet?: boolean;
}

const EXAMPLES = `
Examples:
  $ viseg bench pages/                          # both passes, two rounds, a table
  $ viseg bench pages/ --repeat 20 --no-bare    # memory over many pages
  $ viseg bench pages/ --json > bench.json
  $ viseg bench pages/ -c 8 --rounds 4          # another concurrency, more rounds

A measurement, not a check: the exit status is 0 whenever the benchmark ran.`;

export function benchCommand(): Command {
  const cmd = new Command('bench')
    .description('benchmark the pipeline over pages: per-stage timings, pages/s, peak memory, full vs bare render')
    .argument('[inputs...]', 'a folder of pages (or pages, URLs)')
    .option('--input-file <file>', 'read inputs from a file, one URL or path per line')
    .option('--repeat <n>', 'go through the page list this many times', intArg('--repeat'), 1)
    .option('--limit <n>', 'only the first n inputs (before repeating)', intArg('--limit'))
    .option('--rounds <n>', 'run the passes this many times, alternating their order (bare, full, full, bare, ...) so that neither pass is favoured by going first or by the machine speeding up or slowing down; figures are summed (default: 2 with both passes, else 1)', intArg('--rounds'))
    .option('--bare', 'only the bare render pass (navigate + settle + scroll)')
    .option('--no-bare', 'only the full pipeline pass (default: both passes, alternating)')
    .option('--screenshot', 'also take and annotate a screenshot of every page (PNG discarded)')
    .option('--max-height <px>', `cap for very tall pages in screenshots, in CSS px ${dflt(screenshotOptionsSchema.parse({}).maxHeight)}`, intArg('--max-height', 'px'))
    .option('--json', 'print one JSON object')
    .option('--memory-every <n>', 'memory series: one point every n pages', intArg('--memory-every'), 100)
    .option('--sample-ms <ms>', 'RSS sampling period', intArg('--sample-ms', 'ms'), 200)
    .option('-q, --quiet', 'no progress bar');
  addConcurrencyOption(cmd);
  addRenderOptions(cmd);
  cmd.addHelpText('after', EXAMPLES);
  cmd.action(async (args: string[], o: BenchCliOptions) => {
    process.exitCode = await runBenchCli(args, o);
  });
  return cmd;
}

function progress(quiet: boolean) {
  let bar: cliProgress.SingleBar | null = null;
  const on = !quiet && process.stderr.isTTY;
  return {
    onPassStart: (pass: string, total: number) => {
      if (!on) return;
      bar = new cliProgress.SingleBar(
        { stream: process.stderr, format: `bench ${pass.padEnd(4)} {bar} {value}/{total} pages | eta {eta_formatted}`, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      bar.start(total, 0);
    },
    onPage: () => bar?.increment(1),
    onPassEnd: () => {
      bar?.stop();
      bar = null;
    },
  };
}

async function runBenchCli(args: string[], o: BenchCliOptions): Promise<number> {
  let session;
  try {
    if (o.repeat < 1) throw new OptionsError('--repeat must be at least 1');
    if (o.rounds !== undefined && o.rounds < 1) throw new OptionsError('--rounds must be at least 1');
    if (o.limit !== undefined && o.limit < 1) throw new OptionsError('--limit must be at least 1');
    if (o.memoryEvery < 1) throw new OptionsError('--memory-every must be at least 1');
    if (o.sampleMs < 10) throw new OptionsError('--sample-ms must be at least 10 ms');
    const { maxHeight } = withFlags(() => screenshotOptionsSchema.parse({ maxHeight: o.maxHeight }));
    const opts = toExtractOptions(o);
    const checked = await checkInputs(await inputArgs(args, o.inputFile), opts.root);
    session = await openSession(o);
    let inputs = await checked.withServer(session);
    if (o.limit !== undefined) inputs = inputs.slice(0, o.limit);
    const p = progress(o.quiet ?? false);
    const result = await runBench(session, { inputs, repeat: o.repeat, opts, browserArgs: o.browserArg ?? [] }, {
      concurrency: opts.concurrency,
      rounds: o.rounds,
      bare: o.bare !== false,
      full: o.bare !== true,
      screenshot: o.screenshot ?? false,
      maxHeight,
      memoryEvery: o.memoryEvery,
      sampleMs: o.sampleMs,
      measureBrowser: !o.wsEndpoint && !o.cdpEndpoint,
      ...p,
    });
    if (o.json) outRaw(jsonLine(result) + '\n');
    else out(formatBench(result));
    return result.ok === 0 ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e, 'bench');
  } finally {
    await session?.close();
  }
}
