/**
 * docs/accuracy.md and the bundled models tell the same story: the cross-validated WCXB figures
 * that `npm run train` writes into each model's provenance are the ones the document prints, in
 * the main table and as the shipped seed's column, so neither can be refreshed without the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../../..');
const doc = readFileSync(path.join(ROOT, 'docs', 'accuracy.md'), 'utf8');

interface EndToEnd {
  pages: number;
  all: { f1: number };
  byType: Record<string, { pages: number; f1: number }>;
}

function endToEnd(file: string): EndToEnd {
  const model = JSON.parse(readFileSync(path.join(ROOT, 'models', file), 'utf8')) as { provenance: { endToEnd?: EndToEnd } };
  const e = model.provenance.endToEnd;
  if (!e) throw new Error(`models/${file} has no provenance.endToEnd`);
  return e;
}

/** The cells of the table row whose first cell is `label`, in the section that starts at `heading`. */
function row(heading: string, label: string): string[] {
  const start = doc.indexOf(heading);
  expect(start, heading).toBeGreaterThanOrEqual(0);
  const next = doc.indexOf('\n#', start + heading.length);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const rows = section.split('\n').filter((l) => l.startsWith('|')).map((l) => l.split('|').slice(1, -1).map((c) => c.trim().replace(/\*\*/g, '')));
  const cells = rows.find((r) => r[0] === label);
  if (!cells) throw new Error(`no row "${label}" under "${heading}" in docs/accuracy.md`);
  return cells;
}

/**
 * The document prints 3 decimals of the full figure, the provenance keeps 4: they agree when they
 * are at most half a unit of the third decimal apart (plus the provenance's own rounding).
 */
function same(printed: string | undefined, f1: number | undefined, what: string): void {
  expect(printed, what).toMatch(/^\d\.\d{3}$/);
  expect(Math.abs(Number(printed) - (f1 ?? NaN)), `${what}: ${printed} printed, ${f1} in the models`).toBeLessThanOrEqual(0.00055);
}

describe('docs/accuracy.md and models/', () => {
  const content = endToEnd('content-first.json');
  const types = Object.keys(content.byType);

  it('both models carry the figures of the same run', () => {
    expect(endToEnd('page-type.json')).toEqual(content);
    expect(types.length).toBe(7);
  });

  it('prints the models\' cross-validated F1 for every page type and for all pages', () => {
    for (const t of types) {
      const cells = row('## Main content of every kind of page', t);
      expect(Number(cells[1]), `${t} pages`).toBe(content.byType[t]?.pages);
      same(cells[2], content.byType[t]?.f1, `${t} F1`);
    }
    const all = row('## Main content of every kind of page', 'all');
    expect(Number(all[1])).toBe(content.pages);
    same(all[2], content.all.f1, 'all pages F1');
  });

  it('gives the same figures as the shipped seed\'s column of the seed table', () => {
    const header = row('### Training seed', 'page type');
    const shipped = header.findIndex((c) => c.endsWith('(shipped)'));
    expect(shipped).toBeGreaterThan(0);
    for (const t of types) same(row('### Training seed', t)[shipped], content.byType[t]?.f1, t);
    same(row('### Training seed', 'all')[shipped], content.all.f1, 'all pages');
  });
});
