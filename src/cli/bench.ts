/**
 * `viseg bench <pages dir>`: per-stage timings, pages/s, peak memory, and the ratio of the full
 * pipeline to a bare render (navigate + settle + scroll) of the same pages. A measurement, never a
 * pass/fail check: the exit code is 0 whenever the benchmark ran (1 only when no page succeeded).
 */
import cliProgress from 'cli-progress';
import { Command } from 'commander';
import { formatBench, runBench } from '../bench/index.js';
import { OptionsError, resolveExtractOptions } from '../options.js';
import { addRenderOptions, collectInputs, EXIT_OK, EXIT_SOME_FAILED, intArg, openSession, reportFatal, toExtractOptions, type RenderCliOptions } from './common.js';

interface BenchCliOptions extends RenderCliOptions {
  repeat: number;
  rounds?: number;
  inputFile?: string;
  limit?: number;
  bare?: boolean;
  screenshot?: boolean;
  maxHeight: number;
  json?: boolean;
  memoryEvery: number;
  sampleMs: number;
  quiet?: boolean;
}

/** The extract default, so the two commands measure the same thing unless told otherwise. */
const DEFAULT_CONCURRENCY = resolveExtractOptions({}).concurrency;

export function benchCommand(): Command {
  const cmd = new Command('bench')
    .description('benchmark the pipeline over pages: per-stage timings, pages/s, peak memory, full vs bare render')
    .argument('[inputs...]', 'a folder of pages (or pages, URLs)')
    .option('--input-file <file>', 'read inputs from a file, one URL or path per line')
    .option('-c, --concurrency <n>', 'pages rendered at once', intArg('--concurrency'), DEFAULT_CONCURRENCY)
    .option('--repeat <n>', 'go through the page list this many times', intArg('--repeat'), 1)
    .option('--limit <n>', 'only the first n inputs (before repeating)', intArg('--limit'))
    .option('--rounds <n>', 'run the passes this many times, alternating their order (bare, full, full, bare, ...) so that neither pass is favoured by going first or by the machine speeding up or slowing down; figures are summed (default: 2 with both passes, else 1)', intArg('--rounds'))
    .option('--bare', 'only the bare render pass (navigate + settle + scroll)')
    .option('--no-bare', 'only the full pipeline pass (default: both passes, alternating)')
    .option('--screenshot', 'also take and annotate a screenshot of every page (PNG discarded)')
    .option('--max-height <px>', 'cap for very tall pages in screenshots', intArg('--max-height'), 16_000)
    .option('--json', 'print one JSON object')
    .option('--memory-every <n>', 'memory series: one point every n pages', intArg('--memory-every'), 100)
    .option('--sample-ms <ms>', 'RSS sampling period', intArg('--sample-ms'), 200)
    .option('-q, --quiet', 'no progress bar');
  addRenderOptions(cmd);
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
    if (o.sampleMs < 10) throw new OptionsError('--sample-ms must be at least 10');
    const opts = toExtractOptions(o);
    session = await openSession(o);
    let inputs = await collectInputs(args, o.inputFile, session, opts.root);
    if (o.limit !== undefined) inputs = inputs.slice(0, o.limit);
    const p = progress(o.quiet ?? false);
    const result = await runBench(session, { inputs, repeat: o.repeat, opts, browserArgs: o.browserArg ?? [] }, {
      concurrency: opts.concurrency,
      rounds: o.rounds,
      bare: o.bare !== false,
      full: o.bare !== true,
      screenshot: o.screenshot ?? false,
      maxHeight: o.maxHeight,
      memoryEvery: o.memoryEvery,
      sampleMs: o.sampleMs,
      measureBrowser: !o.wsEndpoint && !o.cdpEndpoint,
      ...p,
    });
    process.stdout.write(o.json ? JSON.stringify(result) + '\n' : formatBench(result));
    return result.ok === 0 ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e);
  } finally {
    await session?.close();
  }
}
