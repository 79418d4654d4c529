#!/usr/bin/env node
/** The `viseg` command line: one file per command in this folder. */
import { Command, CommanderError } from 'commander';
import { createRequire } from 'node:module';
import { extractCommand } from './extract.js';
import { snapshotCommand } from './snapshot.js';
import { evalCommand } from './eval.js';
import { checkCommand } from './check.js';
import { segmentCommand } from './segment.js';
import { reportCommand } from './report.js';
import { benchCommand } from './bench.js';
import { queueCommand } from './queue.js';
import { workerCommand } from './worker.js';
import { EXIT_USAGE } from './common.js';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

export function buildProgram(): Command {
  const program = new Command('viseg')
    .description('Render pages in Chromium, cut them into visual blocks (VIPS), pick the main content, and show why.')
    .version(pkg.version)
    .showHelpAfterError()
    .exitOverride();
  program.addCommand(extractCommand());
  program.addCommand(snapshotCommand());
  program.addCommand(segmentCommand());
  program.addCommand(reportCommand());
  program.addCommand(evalCommand());
  program.addCommand(checkCommand());
  program.addCommand(benchCommand());
  program.addCommand(queueCommand());
  program.addCommand(workerCommand());
  for (const c of program.commands) c.exitOverride().showHelpAfterError();
  return program;
}

async function main(): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(process.argv);
  } catch (e) {
    if (e instanceof CommanderError) {
      process.exitCode = e.exitCode === 0 ? 0 : EXIT_USAGE;
      return;
    }
    throw e;
  }
}

await main();
