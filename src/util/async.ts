/**
 * Time-bounded waiting: the few promise helpers every layer shares (the browser, the pipeline, the
 * queue, the command line). A page or a server may never answer (a renderer stuck in
 * `while(true){}`, a Redis that went away), so nothing that talks to one is awaited without a bound.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Resolves after `ms` (at once for a negative `ms`). */
export const sleep = (ms: number): Promise<void> => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/**
 * Resolves to `true` if `p` settles in time (fulfilled or rejected), `false` on timeout. Never rejects.
 * With `unref`, the wait does not keep the process alive (for shutdown paths: a process that has
 * nothing else to do ends instead of waiting out the bound).
 */
export async function within(p: Promise<unknown>, ms: number, { unref = false }: { unref?: boolean } = {}): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const guarded = p.then(
    () => true,
    () => true,
  );
  const bound = new Promise<boolean>((r) => {
    timer = setTimeout(() => r(false), Math.max(0, ms));
    if (unref) timer.unref();
  });
  const result = await Promise.race([guarded, bound]);
  clearTimeout(timer);
  return result;
}

/** `p`'s outcome, or a rejection with `onTimeout()` when it takes longer than `ms`. */
export async function race<T>(p: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, rej) => (timer = setTimeout(() => rej(onTimeout()), Math.max(0, ms))))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Close a page, context or browser, but give up after `ms`. Never throws.
 * Returns true when the close finished in time. A page is closed without running beforeunload.
 */
export async function closeQuietly(target: Page | BrowserContext | Browser, ms: number): Promise<boolean> {
  let p: Promise<unknown>;
  try {
    p = 'mainFrame' in target ? target.close({ runBeforeUnload: false }) : target.close();
  } catch {
    return false;
  }
  let ok = false;
  const done = p.then(
    () => (ok = true),
    () => (ok = true), // already closed / target gone counts as closed
  );
  await within(done, ms);
  return ok;
}
