#!/usr/bin/env node
/** The `viseg` command line: one file per command in this folder, put together in program.ts. */
import { CommanderError } from 'commander';
import { EXIT_USAGE } from './common.js';
import { buildProgram } from './program.js';
import { watchStdout } from './terminal.js';

async function main(): Promise<void> {
  watchStdout();
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
