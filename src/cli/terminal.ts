/**
 * Everything the command line prints goes through here. Text outputs lose every C0 and C1
 * control character except tab and newline (util/controls.ts says why); JSON keeps them, escaped
 * (record/jsonl.ts `jsonLine`).
 *
 * When the reader of stdout goes away (`viseg extract ... | head`), the run ends quietly with
 * status 0, as Unix tools do, after the cleanups registered with {@link onExit}.
 */

import { printable } from '../util/controls.js';
import { within } from '../util/async.js';

export { printable };

/** Write text to stdout, controls removed. */
export function out(text: string): void {
  process.stdout.write(printable(text));
}

/** Write text to stdout as it is: JSON, whose controls are escaped already. */
export function outRaw(text: string): void {
  process.stdout.write(text);
}

/** A message line on stderr, prefixed `viseg: `, controls removed. */
export function say(message: string): void {
  process.stderr.write(printable(`viseg: ${message}`.replace(/\n*$/, '\n')));
}

const cleanups = new Set<() => Promise<void>>();

/** Run `fn` (e.g. close the browser) before the process ends early; returns the unregister function. */
export function onExit(fn: () => Promise<void>): () => void {
  cleanups.add(fn);
  return () => void cleanups.delete(fn);
}

let ending = false;

/** End the process now with `code`, after the registered cleanups (at most 5 s). */
export async function endEarly(code: number): Promise<never> {
  if (!ending) {
    ending = true;
    await within(Promise.allSettled([...cleanups].map((fn) => fn())), 5000, { unref: true });
  }
  process.exit(code);
}

/** stdout's reader went away (EPIPE): stop quietly with status 0. Other stream errors are real. */
export function watchStdout(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') void endEarly(0);
    else throw e;
  });
}
