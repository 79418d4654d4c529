/**
 * A batch's progress bar and its closing summary, both on stderr.
 *
 * The bar redraws its line in place; when records go to stdout on the same terminal it would be
 * torn by them and smear over them, so it is only shown when stdout does not go to a terminal
 * (a file, a pipe) or takes no records.
 */
import cliProgress from 'cli-progress';
import type { ErrorCode } from '../browser/errors.js';
import type { ExtractRecord } from '../record/schema.js';
import { printable, say } from './terminal.js';

export interface Progress {
  tick(ok: boolean): void;
  stop(): void;
}

/** `stdoutBusy`: records or pages are being written to stdout. */
export function startProgress(total: number, quiet: boolean, stdoutBusy = false): Progress {
  if (quiet || !process.stderr.isTTY || total < 2 || (stdoutBusy && process.stdout.isTTY)) return { tick: () => undefined, stop: () => undefined };
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

/** How many failed inputs the summary names. */
export const SUMMARY_FAILURES = 5;

/** Counts a batch's records for its summary. */
export class BatchSummary {
  total = 0;
  ok = 0;
  noMain = 0;
  readonly byCode = new Map<ErrorCode, number>();
  readonly firstFailures: Array<{ input: string; code: ErrorCode; message: string }> = [];

  add(r: ExtractRecord): void {
    this.total++;
    if (r.ok) {
      this.ok++;
      if (!r.mainBlock && !r.text) this.noMain++;
      return;
    }
    const code = r.error?.code ?? 'INTERNAL_ERROR';
    this.byCode.set(code, (this.byCode.get(code) ?? 0) + 1);
    if (this.firstFailures.length < SUMMARY_FAILURES) this.firstFailures.push({ input: r.input, code, message: r.error?.message ?? '' });
  }

  get failed(): number {
    return this.total - this.ok;
  }

  /**
   * The summary lines: counts, failures by code (most frequent first), the first failing inputs
   * with their message, and where the output went.
   */
  lines(where: string | null, extra: string[] = []): string[] {
    const codes = [...this.byCode].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([c, n]) => `${c} ${n}`);
    const head = `${this.total} page${this.total === 1 ? '' : 's'}: ${this.ok} ok` +
      (this.noMain ? ` (${this.noMain} without main content)` : '') +
      `, ${this.failed} failed` + (codes.length ? ` (${codes.join(', ')})` : '');
    const out = [head, ...extra];
    if (this.failed) {
      out.push(this.failed > this.firstFailures.length ? `first ${this.firstFailures.length} failures:` : 'failures:');
      for (const f of this.firstFailures) out.push(`  ${f.input}: ${f.code}: ${clip(f.message)}`);
    }
    if (where) out.push(where);
    return out;
  }

  print(where: string | null, extra: string[] = []): void {
    for (const l of this.lines(where, extra)) say(l);
  }
}

function clip(s: string, max = 200): string {
  const one = printable(s).replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}
