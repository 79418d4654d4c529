/**
 * playwright-core, loaded when a browser is first needed. Loading it is most of the command line's
 * start-up (about a second on a busy machine), and `--help`, usage errors, and `eval`, `check` or
 * `segment` of recorded snapshots start no browser. It is the module an `import` would give: Node
 * keeps one instance of a CommonJS package, so `instanceof errors.TimeoutError` holds either way.
 */
import { createRequire } from 'node:module';
import type * as Playwright from 'playwright-core';

const load = createRequire(import.meta.url);
let loaded: typeof Playwright | undefined;

export function playwright(): typeof Playwright {
  return (loaded ??= load('playwright-core') as typeof Playwright);
}
