/** A progress bar on stderr, only when stderr is a terminal and not --quiet. */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(ok: boolean): void;
  stop(): void;
}

export function startProgress(total: number, quiet: boolean): Progress {
  if (quiet || !process.stderr.isTTY || total < 2) return { tick: () => undefined, stop: () => undefined };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'viseg {bar} {value}/{total} pages | {failed} failed | eta {eta_formatted}', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let failed = 0;
  bar.start(total, 0, { failed });
  return {
    tick: (ok) => {
      if (!ok) failed++;
      bar.increment(1, { failed });
    },
    stop: () => bar.stop(),
  };
}
