/**
 * `viseg worker`: take pages from a Redis queue (`viseg queue add`) and render them as
 * `viseg extract` does, with the options stored with each job, until stopped.
 * SIGTERM/SIGINT: take no more pages, finish the ones in flight, close the browser; a second
 * signal hands the pages in flight back to the queue at once.
 */
import { Command } from 'commander';
import { defaultConcurrency } from '../options.js';
import { runWorker } from '../queue/index.js';
import { addBrowserOptions, intArg, reportFatal } from './common.js';
import { addQueueOptions } from './queue.js';

interface WorkerCliOptions {
  redis?: string;
  queue?: string;
  concurrency: number;
  lockMs: number;
  browserPath?: string;
  wsEndpoint?: string;
  cdpEndpoint?: string;
}

export function workerCommand(): Command {
  const cmd = new Command('worker').description(
    'render pages from a Redis queue (viseg queue add) until stopped, exactly as extract would, and store their records. ' +
      'SIGTERM/SIGINT finishes the pages in flight (a second signal hands them back to the queue); a worker that dies loses ' +
      'nothing: its pages go back to the queue after --lock-ms and another worker renders them.',
  );
  addQueueOptions(cmd)
    .option('-c, --concurrency <n>', 'pages rendered at once', intArg('--concurrency'), defaultConcurrency())
    .option('--lock-ms <ms>', 'how long the pages of a worker that stopped answering stay locked before another worker takes them', intArg('--lock-ms'), 30_000);
  addBrowserOptions(cmd);
  cmd.action(async (o: WorkerCliOptions) => {
    process.exitCode = await runWorkerCli(o);
  });
  return cmd;
}

async function runWorkerCli(o: WorkerCliOptions): Promise<number> {
  const log = (line: string) => void process.stderr.write(`viseg worker: ${line}\n`);
  let worker;
  try {
    worker = await runWorker({
      redis: o.redis, queue: o.queue, concurrency: o.concurrency, lockMs: o.lockMs,
      browserPath: o.browserPath, wsEndpoint: o.wsEndpoint, cdpEndpoint: o.cdpEndpoint, log,
    });
  } catch (e) {
    return reportFatal(e);
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
