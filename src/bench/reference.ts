/**
 * The machine's own speed, measured next to the passes: a fixed piece of single-threaded work
 * (integer arithmetic, a sort, a Map of strings, JSON) timed before the first pass and after the
 * last. Shared machines change speed by tens of per cent from one run to the next, which moves
 * pages/s more than most code changes do; two runs compare fairly only alongside this figure.
 */

/** The fixed work. Deterministic: the same numbers, sorted and counted, every time. */
import { at } from '../util/at.js';

export function referenceWork(): number {
  let x = 2463534242;
  const next = (): number => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
  const a = new Array<number>(200_000);
  for (let i = 0; i < a.length; i++) a[i] = next();
  a.sort((p, q) => p - q);
  const m = new Map<string, number>();
  for (let i = 0; i < 100_000; i++) m.set('k' + (at(a, i) % 50_000), i);
  const back = JSON.parse(JSON.stringify(a.slice(0, 50_000))) as number[];
  return m.size + back.length;
}

/**
 * Wall-clock ms of {@link referenceWork}: the median of `runs` timed runs after one untimed run
 * (which compiles the code). Lower is faster.
 */
export function referenceMs(runs = 5, work: () => unknown = referenceWork, now: () => number = () => performance.now()): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const t0 = now();
    work();
    times.push(now() - t0);
  }
  times.sort((p, q) => p - q);
  return Math.round(at(times, Math.floor(times.length / 2)));
}
