/**
 * Many inputs through one session with a fixed number of workers. Results are handed to `emit`
 * strictly in input order, whatever order the pages finish in, so output never depends on
 * concurrency or timing.
 */
import type { ResolvedInput } from '../browser/index.js';
import type { ResolvedExtractOptions } from '../options.js';
import { processInput, type PageHooks } from './page.js';
import type { PageResult } from './record.js';
import type { Session } from './session.js';
import { TabPool, type TabChanges } from './tabs.js';
import { at } from '../util/at.js';

export interface BatchOptions {
  concurrency: number;
  /** Called for each result in input order. Awaited, so a slow writer applies back-pressure. */
  emit: (result: PageResult, index: number) => Promise<void> | void;
  /** Called as each page finishes (any order): progress bars. */
  onDone?: (result: PageResult, index: number) => void;
  hooks?: (input: ResolvedInput, index: number) => PageHooks;
}

export interface BatchStats {
  /** How the workers' reused tabs went from page to page (see pipeline/tabs.ts). */
  tabChanges: TabChanges;
}

export async function runBatch(session: Session, inputs: ResolvedInput[], opts: ResolvedExtractOptions, batch: BatchOptions): Promise<BatchStats> {
  const tabChanges: TabChanges = { direct: 0, blank: 0 };
  const done = new Map<number, PageResult>();
  let nextToEmit = 0;
  let nextToStart = 0;
  let emitting: Promise<void> = Promise.resolve();

  const flush = (): Promise<void> => {
    emitting = emitting.then(async () => {
      while (done.has(nextToEmit)) {
        const r = done.get(nextToEmit)!;
        done.delete(nextToEmit);
        await batch.emit(r, nextToEmit);
        nextToEmit++;
      }
    });
    return emitting;
  };

  const worker = async (): Promise<void> => {
    const tabs = new TabPool();
    try {
      await work(tabs);
    } finally {
      tabChanges.direct += tabs.changes.direct;
      tabChanges.blank += tabs.changes.blank;
      await tabs.close();
    }
  };
  const work = async (tabs: TabPool): Promise<void> => {
    while (nextToStart < inputs.length) {
      const i = nextToStart++;
      const input = at(inputs, i);
      const result = await processInput(session, input, opts, batch.hooks?.(input, i) ?? {}, tabs);
      batch.onDone?.(result, i);
      done.set(i, result);
      // bound memory: don't run far ahead of the writer
      await flush();
    }
  };
  const n = Math.max(1, Math.min(batch.concurrency, inputs.length));
  await Promise.all(Array.from({ length: n }, worker));
  await flush();
  return { tabChanges };
}
