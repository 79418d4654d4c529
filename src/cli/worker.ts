/**
 * `viseg worker`: take pages from a Redis queue (`viseg queue add`) and render them as
 * `viseg extract` does, with the options stored with each job, until stopped.
 * SIGTERM/SIGINT: take no more pages, finish the ones in flight, close the browser; a second
 * signal hands the pages in flight back to the queue at once.
 */
import { Command } from 'commander';
import { DEFAULT_LOCK_MS, runWorker } from '../queue/index.js';
import { addBrowserOptions, addConcurrencyOption, dflt, intArg, reportFatal, withFlags } from './common.js';
import { addQueueOptions } from './queue.js';
import { say } from './terminal.js';

interface WorkerCliOptions {
  redis?: string;
  queue?: string;
  concurrency?: number;
  lockMs?: number;
  browserPath?: string;
  wsEndpoint?: string;
  cdpEndpoint?: string;
  browserArg?: string[];
}

export function workerCommand(): Command {
  const cmd = new Command('worker').description(
    'render pages from a Redis queue (viseg queue add) until stopped, exactly as extract would, and store their records. ' +
      'SIGTERM/SIGINT finishes the pages in flight (a second signal hands them back to the queue); a worker that dies loses ' +
      'nothing: its pages go back to the queue after --lock-ms and another worker renders them.',
  );
  addQueueOptions(cmd);
  addConcurrencyOption(cmd)
    .option('--lock-ms <ms>', `how long the pages of a worker that stopped answering stay locked before another worker takes them, in ms ${dflt(DEFAULT_LOCK_MS)}`, intArg('--lock-ms', 'ms'));
  addBrowserOptions(cmd);
  cmd.addHelpText('after', `
Examples:
  $ viseg worker                                          # Redis from $VISEG_REDIS_URL, default concurrency
  $ viseg worker --redis redis://queue.internal:6379 -c 12
  $ viseg worker --ws-endpoint ws://browser:3000/         # render in a Playwright browser server

Exit status: 0 stopped by SIGTERM/SIGINT; 1 Redis or the browser could not be reached; 2 usage error.`);
  cmd.action(async (o: WorkerCliOptions) => {
    process.exitCode = await runWorkerCli(o);
  });
  return cmd;
}

async function runWorkerCli(o: WorkerCliOptions): Promise<number> {
  // lines name inputs and errors from pages: `say` drops their control characters
  const log = (line: string) => say(`worker: ${line}`);
  let worker;
  try {
    worker = await withFlags(() => runWorker({
      redis: o.redis, queue: o.queue, concurrency: o.concurrency, lockMs: o.lockMs,
      browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint, browserArgs: o.browserArg, log,
    }));
  } catch (e) {
    return reportFatal(e, 'worker');
  }
  const w = worker;
  let signals = 0;
  const stopped = new Promise<void>((resolve) => {
    const onSignal = (sig: NodeJS.Signals) => {
      signals++;
      if (signals === 1) {
        log(`${sig}: taking no more pages; finishing ${w.active} in flight (${sig} again hands them back to the queue)`);
        void w.close().then(resolve);
      } else if (signals === 2) {
        log(`${sig}: handing ${w.active} page(s) in flight back to the queue`);
        void w.close({ handBack: true }).then(resolve);
      } else process.exit(130);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
  });
  await stopped;
  log(`stopped: ${w.stats.pages} record(s) stored (${w.stats.failed} failed, ${w.stats.retried} retried)`);
  return 0;
}
