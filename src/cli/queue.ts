/**
 * `viseg queue add|results|status|clear`: put pages on a Redis job queue (BullMQ) for any number of
 * `viseg worker`s, and read their records back in enqueue order.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { Command, Option } from 'commander';
import { readInputList } from '../browser/index.js';
import { OptionsError, screenshotOptionsSchema } from '../options.js';
import {
  clearQueue, DEFAULT_ATTEMPTS, DEFAULT_QUEUE, DEFAULT_REDIS_URL, drainResults, enqueue, queueStatus, resultLines, resolveLocation,
  type QueueLocation, type QueueStatus,
} from '../queue/index.js';
import { DEFAULT_STRATEGY, STRATEGY_NAMES } from '../strategies/index.js';
import { addPageOptions, dflt, EXIT_OK, EXIT_SOME_FAILED, intArg, pageTypeOption, reportFatal, toExtractOptions, withFlags, type RenderCliOptions } from './common.js';
import { startProgress } from './progress.js';
import { out, outRaw, say } from './terminal.js';

/** `--redis` and `--queue`, shared with `viseg worker`. */
export function addQueueOptions(cmd: Command): Command {
  return cmd
    .option('--redis <url>', `Redis URL (default: $VISEG_REDIS_URL, else ${DEFAULT_REDIS_URL})`)
    .option('--queue <name>', `queue name (default: $VISEG_QUEUE, else ${DEFAULT_QUEUE})`);
}

interface AddCliOptions extends RenderCliOptions, QueueLocation {
  inputFile?: string;
  force?: boolean;
  attempts?: number;
  screenshotDir?: string;
  maxHeight?: number;
  json?: boolean;
}

const ADD_EXAMPLES = `
Examples:
  $ viseg queue add --input-file urls.txt                 # one job per URL, extract's default options
  $ viseg queue add https://example.com/a https://example.com/b --explain
  $ viseg queue add /shared/pages/ --screenshot-dir /shared/shots/
  $ viseg queue add --input-file urls.txt --force         # render them all again
  $ viseg queue add --input-file urls.txt --redis redis://queue.internal:6379 --queue nightly

Exit status: 0 the inputs are queued; 1 Redis could not be reached; 2 usage error.`;

function addCommand(): Command {
  const cmd = new Command('add')
    .description(
      'put pages on the queue, with the extraction options the workers render them with. Inputs as for extract: URLs, ' +
        '.html/.htm/.html.gz files and folders (expanded here). Local files are read by the WORKERS at the same absolute ' +
        'paths: queue them only where every worker sees the same files (a shared volume); otherwise queue URLs. ' +
        'An input already queued or done with the same options is not added again, unless --force.',
    )
    .argument('[inputs...]', 'URLs, HTML files, folders')
    .option('--input-file <file>', 'read inputs from a file, one URL or path per line');
  addQueueOptions(cmd)
    .option('--force', 'add inputs again even when already queued or done: rendered again, the new record replaces the old one')
    .option('--attempts <n>', `renders of a failing page before its error record is stored, 1-20 ${dflt(DEFAULT_ATTEMPTS)}`, intArg('--attempts'))
    .option('--explain', 'add the decision record to each record')
    .addOption(new Option('--strategy <name>', `how the main content is chosen ${dflt(DEFAULT_STRATEGY)}`).choices([...STRATEGY_NAMES]))
    .addOption(pageTypeOption());
  addPageOptions(cmd)
    .option('--screenshot-dir <dir>', 'one annotated screenshot per input, written by the workers (a folder every worker can write to)')
    .option('--max-height <px>', `cap for very tall pages in screenshots, in CSS px ${dflt(screenshotOptionsSchema.parse({}).maxHeight)}`, intArg('--max-height', 'px'))
    .option('--json', 'print the counts as JSON');
  cmd.addHelpText('after', ADD_EXAMPLES);
  cmd.action(async (args: string[], o: AddCliOptions) => {
    process.exitCode = await runAdd(args, o);
  });
  return cmd;
}

async function runAdd(args: string[], o: AddCliOptions): Promise<number> {
  try {
    const all = [...args];
    if (o.inputFile) {
      try {
        all.push(...(await readInputList(o.inputFile)));
      } catch (e) {
        throw new OptionsError(`cannot read --input-file ${o.inputFile}: ${(e as Error).message}`);
      }
    }
    const { concurrency: _c, keepArtifacts: _k, ...extract } = toExtractOptions(o);
    const r = await withFlags(() => enqueue(all, {
      ...extract, redis: o.redis, queue: o.queue, force: o.force, attempts: o.attempts, screenshotDir: o.screenshotDir, maxHeight: o.maxHeight,
    }));
    if (o.json) outRaw(JSON.stringify(r) + '\n');
    else {
      out(
        `queue ${r.queue}: ${r.added} added, ${r.alreadyQueued} already queued, ${r.alreadyDone} already done` +
          `${r.requeued ? `, ${r.requeued} re-added (an earlier add was interrupted)` : ''} (${r.inputs} input(s); ${r.total} in the queue)\n`,
      );
    }
    return EXIT_OK;
  } catch (e) {
    return reportFatal(e, 'queue add');
  }
}

interface ResultsCliOptions extends QueueLocation {
  out?: string;
  follow?: boolean;
  drain?: boolean;
  quiet?: boolean;
}

const RESULTS_EXAMPLES = `
Examples:
  $ viseg queue results -o results.jsonl                  # the records finished so far
  $ viseg queue results --follow -o results.jsonl         # wait for every input, with a progress bar
  $ viseg queue results --drain --follow -o results.jsonl # and free Redis of each record once it is written

Exit status: 0 every input has an ok record; 1 some failed or are unfinished; 2 usage error.`;

function resultsCommand(): Command {
  const cmd = new Command('results')
    .description(
      "write each input's record once, in the order the inputs were added (JSONL, as extract --jsonl). Without --follow: " +
        'the records finished so far, skipping unfinished inputs; exit code 1 when some are unfinished or failed.',
    )
    .option('-o, --out <file>', 'write to this file instead of stdout')
    .option('--follow', 'wait for unfinished inputs and stream their records as they finish, until every input has one')
    .option('--drain', 'append to --out and delete each record from Redis once the file holding it is on disk; resumes the same file')
    .option('-q, --quiet', 'no progress bar');
  addQueueOptions(cmd);
  cmd.addHelpText('after', RESULTS_EXAMPLES);
  cmd.action(async (o: ResultsCliOptions) => {
    process.exitCode = await runResults(o);
  });
  return cmd;
}

const OK_FIELD = /^\{"input":"(?:[^"\\]|\\.)*","ok":(true|false)/;

async function runResults(o: ResultsCliOptions): Promise<number> {
  let fd: number | null = null;
  try {
    if (o.drain && !o.out) throw new OptionsError('--drain needs --out <file>');
    const loc = resolveLocation(o);
    const before = await queueStatus(loc);
    const progress = startProgress(before.inputs - (o.drain ? before.drained : 0), o.quiet || !o.follow);
    let failed = 0;
    const seen = (json: string) => {
      const ok = OK_FIELD.exec(json)?.[1] !== 'false';
      if (!ok) failed++;
      progress.tick(ok);
    };
    let unfinished: number;
    try {
      if (o.drain) {
        const r = await drainResults({ ...loc, out: o.out!, follow: o.follow, onLine: seen });
        unfinished = r.unfinished;
        say(`${r.written} record(s) drained to ${o.out} (${r.inFile} in the file)`);
      } else {
        const state = { unfinished: 0 };
        fd = o.out ? openSync(o.out, 'w') : null;
        for await (const json of resultLines({ ...loc, follow: o.follow, state })) {
          if (fd !== null) writeSync(fd, json + '\n');
          else if (!process.stdout.write(json + '\n')) await new Promise((r) => process.stdout.once('drain', r));
          seen(json);
        }
        unfinished = state.unfinished;
      }
    } finally {
      progress.stop();
    }
    if (unfinished) say(`${unfinished} input(s) not finished yet (--follow waits for them)`);
    return failed || unfinished ? EXIT_SOME_FAILED : EXIT_OK;
  } catch (e) {
    return reportFatal(e, 'queue results');
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

function formatStatus(s: QueueStatus): string {
  const rows = [
    `queue ${s.queue}: ${s.inputs} input(s)`,
    `  waiting  ${s.waiting}`,
    `  active   ${s.active}`,
    `  done     ${s.done} (${s.ok} ok, ${s.failed} failed${s.drained ? `; ${s.drained} drained to a file` : ''})`,
    `  last minute: ${s.lastMinute.pages} page(s), ${s.lastMinute.pagesPerSecond.toFixed(2)} pages/s`,
    `  workers  ${s.workers.length}`,
  ];
  for (const w of s.workers) {
    rows.push(`    ${w.id}  ${w.active}/${w.concurrency} active, ${w.pages} record(s) (${w.failed} failed, ${w.retried} retried) since ${w.startedAt}`);
  }
  if (s.redisMemoryBytes !== null) rows.push(`  Redis memory ${(s.redisMemoryBytes / 1024 / 1024).toFixed(1)} MB`);
  return rows.join('\n') + '\n';
}

function statusCommand(): Command {
  const cmd = new Command('status')
    .description('waiting / active / done / failed counts, throughput over the last minute, and the connected workers')
    .option('--json', 'print one JSON object');
  addQueueOptions(cmd);
  cmd.addHelpText('after', `
Examples:
  $ viseg queue status
  $ viseg queue status --json | jq .lastMinute.pagesPerSecond`);
  cmd.action(async (o: QueueLocation & { json?: boolean }) => {
    try {
      const s = await queueStatus(o);
      // worker ids and hosts come from Redis: the text form loses their control characters
      if (o.json) outRaw(JSON.stringify(s) + '\n');
      else out(formatStatus(s));
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'queue status');
    }
  });
  return cmd;
}

function clearCommand(): Command {
  const cmd = new Command('clear').description('delete the queue: its jobs, records and index (workers stay connected)');
  addQueueOptions(cmd);
  cmd.addHelpText('after', `
Examples:
  $ viseg queue clear --queue nightly`);
  cmd.action(async (o: QueueLocation) => {
    try {
      await clearQueue(o);
      process.exitCode = EXIT_OK;
    } catch (e) {
      process.exitCode = reportFatal(e, 'queue clear');
    }
  });
  return cmd;
}

export function queueCommand(): Command {
  const cmd = new Command('queue').description('a Redis job queue (BullMQ) for runs bigger than one machine: add pages, read results, watch progress');
  for (const c of [addCommand(), resultsCommand(), statusCommand(), clearCommand()]) cmd.addCommand(c);
  cmd.addHelpText('after', `
Examples:
  $ viseg queue add --input-file urls.txt && viseg worker &
  $ viseg queue status
  $ viseg queue results --follow -o results.jsonl

Redis: --redis URL or $VISEG_REDIS_URL on every command (and on viseg worker).`);
  return cmd;
}
