/** The `viseg` program: its commands (one file per command in this folder), help and usage errors. */
import { Command } from 'commander';
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
import { helpPointer } from './common.js';
import { printable } from './terminal.js';

const require = createRequire(import.meta.url);
const pkg = require('../../package.json') as { version: string };

const EXAMPLES = `
Examples:
  $ viseg extract https://example.com/story -f markdown
  $ viseg extract pages/ -o results.jsonl --explain --screenshot-dir shots/
  $ viseg report results.jsonl
  $ viseg segment page.html -f tree
  $ viseg check sites/

Run 'viseg <command> --help' for a command's options and examples.`;

/** Usage errors: one line saying what is wrong, one saying where help is (never the whole help). */
function usageErrors(c: Command, name: string): Command {
  return c
    .exitOverride()
    .showHelpAfterError(name ? helpPointer(name) : "run 'viseg --help' for the commands")
    .configureOutput({ outputError: (str, write) => write(printable(str.replace(/^error: /, 'viseg: '))) });
}

export function buildProgram(): Command {
  const program = new Command('viseg')
    .description('Render pages in Chromium, cut them into visual blocks (VIPS), pick the main content, and show why.')
    .version(pkg.version)
    .addHelpText('after', EXAMPLES);
  usageErrors(program, '');
  program.addCommand(extractCommand());
  program.addCommand(snapshotCommand());
  program.addCommand(segmentCommand());
  program.addCommand(reportCommand());
  program.addCommand(evalCommand());
  program.addCommand(checkCommand());
  program.addCommand(benchCommand());
  program.addCommand(queueCommand());
  program.addCommand(workerCommand());
  for (const c of program.commands) {
    usageErrors(c, c.name());
    for (const sub of c.commands) usageErrors(sub, `${c.name()} ${sub.name()}`); // viseg queue add, ...
  }
  return program;
}
