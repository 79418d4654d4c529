/**
 * The pure pipeline (segment -> classify -> content) on recorded snapshots of the fixture sites:
 * no browser. Each site's expected.json says what must and must not be extracted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { scorePage } from '../../../src/eval/score.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';

const root = path.resolve(__dirname, '../../..');
const snapDir = path.join(root, 'test/snapshots');
const sites = readdirSync(snapDir).filter((f) => f.endsWith('.json.gz')).map((f) => f.replace('.json.gz', '')).sort();

interface Expected {
  type: 'article' | 'listing' | 'other';
  contains: string[];
  excludes: string[];
  goldText: string | null;
  title: string | null;
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('recorded fixture snapshots', () => {
  it('has a snapshot for every fixture site', () => {
    const dirs = readdirSync(path.join(root, 'fixtures/sites'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(sites).toEqual(dirs);
  });

  for (const site of sites) {
    it(`${site}: page type, snippets and F1`, () => {
      const snapshot = JSON.parse(gunzipSync(readFileSync(path.join(snapDir, `${site}.json.gz`))).toString('utf8')) as PageSnapshot;
      const expected = JSON.parse(readFileSync(path.join(root, 'fixtures/sites', site, 'expected.json'), 'utf8')) as Expected;
      const a = analyzeSnapshot(snapshot);
      expect(a.decision.pageType).toBe(expected.type);
      if (expected.type === 'listing') {
        expect(a.decision.main).toBeNull();
        expect(a.content.text).toBe('');
        return;
      }
      const text = norm(a.content.text);
      expect(expected.contains.filter((c) => !text.includes(norm(c)))).toEqual([]);
      if (expected.goldText) expect(scorePage(site, expected.goldText, a.content.text).f1).toBeGreaterThanOrEqual(0.9);
      expect(expected.excludes.filter((c) => text.includes(norm(c)))).toEqual([]);
    });
  }

  it('gives the same result for the same snapshot', () => {
    const snapshot = JSON.parse(gunzipSync(readFileSync(path.join(snapDir, 'news-sidebar.json.gz'))).toString('utf8')) as PageSnapshot;
    const a = analyzeSnapshot(snapshot);
    const b = analyzeSnapshot(structuredClone(snapshot));
    expect(JSON.stringify(b.decision)).toBe(JSON.stringify(a.decision));
    expect(b.content).toEqual(a.content);
  });
});
