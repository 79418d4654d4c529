/** docs/benchmarks.md's and docs/scale-out.md's tables are generated from the recorded runs, and kept so. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { readQueueRuns, readRuns, render, renderScaleOut, scaleTable, tables } from '../../../scripts/benchmarks-doc.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');

describe('docs/benchmarks.md', () => {
  it('is up to date with docs/benchmarks/*.json (node scripts/benchmarks-doc.mjs regenerates it)', () => {
    const doc = read('docs/benchmarks.md');
    const runs = readRuns(path.join(ROOT, 'docs/benchmarks'));
    expect(runs.length).toBeGreaterThan(0);
    expect(render(doc, runs)).toBe(doc);
  });

  it('has one row per run in each table, with the figures of its JSON', () => {
    const runs = readRuns(path.join(ROOT, 'docs/benchmarks'));
    const text = tables(runs) as string;
    for (const { name, r } of runs) {
      const rows = text.split('\n').filter((l) => l.startsWith(`| ${name} |`));
      expect(rows).toHaveLength(2);
      expect(rows[0]).toContain(`| ${r.full.pagesPerSecond.toFixed(2)} | ${r.bare.pagesPerSecond.toFixed(2)} |`);
    }
  });
});

describe('docs/scale-out.md', () => {
  it('is up to date with docs/benchmarks/queue/*.json', () => {
    const doc = read('docs/scale-out.md');
    expect(renderScaleOut(doc, readQueueRuns(path.join(ROOT, 'docs/benchmarks/queue')))).toBe(doc);
    expect(doc).not.toMatch(/SCALE_|_TABLE/);
  });

  it('has one row per worker count with its pages/s', () => {
    const { scale } = readQueueRuns(path.join(ROOT, 'docs/benchmarks/queue'));
    const rows = (scaleTable(scale.runs) as string).split('\n').slice(2);
    expect(rows.map((l) => l.split(' | ')[0])).toEqual(scale.runs.map((r: { workers: number; concurrencyPerWorker: number }) => `| ${r.workers} x ${r.concurrencyPerWorker}`));
    for (const [i, r] of scale.runs.entries()) expect(rows[i]).toContain(`| ${r.pagesPerSecond.toFixed(2)} |`);
  });
});
