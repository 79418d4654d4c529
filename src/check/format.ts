/**
 * `viseg check` output: the results table, the `--update` diff, and the `--json` object. Pure and
 * deterministic (no timings, sites in the order given). Text that comes from pages (snippets,
 * titles, error messages) reaches the table without control characters, so only the table's own
 * colours are escape sequences.
 */
import { printableLine } from '../util/controls.js';
import { describeFailures, summarizeFailures, type SiteComparison } from './compare.js';
import { describeChanges, type Change } from './update.js';

export interface SiteRow {
  site: string;
  comparison: SiteComparison;
  /** `--update` only: what changed in expected.json (empty: nothing). */
  changes?: Change[] | null;
  /** `--update` only: why expected.json was not rewritten. */
  updateSkipped?: string | null;
}

/** Colour only on a terminal, never when NO_COLOR is set (to anything), never when TERM=dumb. */
export function useColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  return !!stream.isTTY && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}

const paint = (on: boolean, code: string) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

function fmtF1(c: SiteComparison): string {
  return c.f1 === null ? '-' : c.f1.toFixed(3);
}

/**
 * The results table: one row per site (site, pass/FAIL, F1, what failed), each failure spelled out
 * on indented lines below its row, and a summary line.
 */
export function formatTable(rows: SiteRow[], opts: { color?: boolean } = {}): string {
  const color = opts.color ?? false;
  const green = paint(color, '32');
  const red = paint(color, '1;31');
  const dim = paint(color, '2');
  const siteW = Math.max(4, ...rows.map((r) => printableLine(r.site).length));
  const head = `${'SITE'.padEnd(siteW)}  RESULT  F1     DETAILS`;
  const lines = [head];
  for (const r of rows) {
    const c = r.comparison;
    const result = c.pass ? green('pass'.padEnd(6)) : red('FAIL'.padEnd(6));
    const details = c.pass ? '' : printableLine(summarizeFailures(c));
    lines.push(`${printableLine(r.site).padEnd(siteW)}  ${result}  ${fmtF1(c).padEnd(5)}  ${details}`.trimEnd());
    if (!c.pass) for (const d of describeFailures(c)) lines.push(dim(`    ${printableLine(d)}`));
  }
  const failed = rows.filter((r) => !r.comparison.pass).length;
  const passed = rows.length - failed;
  const summary = `${rows.length} site${rows.length === 1 ? '' : 's'}: ${passed} passed, ${failed} failed`;
  lines.push('', failed ? red(summary) : green(summary));
  return lines.join('\n') + '\n';
}

/** The `--update` diff: per site, what changed in its expected.json. */
export function formatDiff(rows: SiteRow[]): string {
  const lines: string[] = [];
  for (const r of rows) {
    const site = printableLine(r.site);
    if (r.updateSkipped) {
      lines.push(`${site}: not updated (${printableLine(r.updateSkipped)})`);
      continue;
    }
    if (!r.changes) continue;
    if (!r.changes.length) {
      lines.push(`${site}: unchanged`);
      continue;
    }
    lines.push(`${site}:`);
    for (const d of describeChanges(r.changes)) lines.push(`  ${printableLine(d)}`);
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}

function round(x: number | null): number | null {
  return x === null ? null : Math.round(x * 10000) / 10000;
}

/** The `--json` object. */
export function toJsonResult(rows: SiteRow[], extra: { dir: string; report: string | null; updated: boolean }): Record<string, unknown> {
  const failed = rows.filter((r) => !r.comparison.pass).length;
  return {
    ok: failed === 0,
    dir: extra.dir,
    total: rows.length,
    passed: rows.length - failed,
    failed,
    report: extra.report,
    sites: rows.map((r) => ({
      site: r.site,
      pass: r.comparison.pass,
      f1: round(r.comparison.f1),
      minF1: r.comparison.minF1,
      missed: r.comparison.missed,
      leaked: r.comparison.leaked,
      fields: r.comparison.fields,
      errors: r.comparison.errors,
      ...(extra.updated ? { changes: r.changes ?? [], ...(r.updateSkipped ? { updateSkipped: r.updateSkipped } : {}) } : {}),
    })),
  };
}
