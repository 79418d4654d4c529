/**
 * A CommonJS package required on first use rather than imported at start-up: loading the browser
 * driver or the queue client is most of a command's start-up, and most commands need neither. It
 * is the module an `import` would give: Node keeps one instance of a CommonJS package, so
 * `instanceof` checks against its classes hold either way.
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

/** A function that requires `name` the first time it is called and returns it every time. */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
