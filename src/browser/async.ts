/**
 * Time-bounded waiting: the few promise helpers the browser layer and the pipeline share. A page
 * may never answer (a renderer stuck in `while(true){}`), so nothing that talks to it is awaited
 * without a bound.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';

/** Resolves after `ms` (at once for a negative `ms`). */
export const sleep = (ms: number): Promise<void> => new Promise<void>((r) => setTimeout(r, Math.max(0, ms)));

/** Resolves to `true` if `p` settles in time (fulfilled or rejected), `false` on timeout. Never rejects. */
export async function within(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const guarded = p.then(
    () => true,
    () => true,
  );
  const result = await Promise.race([guarded, new Promise<boolean>((r) => (timer = setTimeout(() => r(false), Math.max(0, ms))))]);
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
