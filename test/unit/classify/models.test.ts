/** Loading a model folder: the selection calibration is read, validated, and optional. */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadModels, MODEL_FILES } from '../../../src/classify/models.js';

const bundled = path.resolve(__dirname, '../../../models');
const dirs: string[] = [];

function folder(selection?: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'viseg-models-'));
  dirs.push(dir);
  for (const f of [MODEL_FILES.first, MODEL_FILES.pageType]) copyFileSync(path.join(bundled, f), path.join(dir, f));
  if (selection !== undefined) writeFileSync(path.join(dir, MODEL_FILES.selection), JSON.stringify(selection));
  return dir;
}

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('loadModels', () => {
  it('reads the calibration power per page type', () => {
    const m = loadModels(folder({ format: 'viseg-selection-1', byPageType: { article: 1.75, forum: 0.9 } }));
    expect(m.selection).toEqual({ article: 1.75, forum: 0.9 });
  });

  it('works without a selection file (params.ts default for every type)', () => {
    expect(loadModels(folder()).selection).toBeUndefined();
  });

  it('refuses a selection file of another format or with a bad power, naming the file and the field', () => {
    expect(() => loadModels(folder({ format: 'viseg-thresholds-1', byPageType: { article: 0.6 } }))).toThrow(/selection\.json: format/);
    expect(() => loadModels(folder({ format: 'viseg-selection-1', byPageType: { article: -1 } }))).toThrow(/selection\.json: byPageType\.article/);
    expect(() => loadModels(folder({ format: 'viseg-selection-1', byPageType: { poem: 1 } }))).toThrow(/selection\.json/);
  });

  it('the bundled folder has a selection for every page type with content', () => {
    const m = loadModels(bundled);
    for (const t of ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service'] as const) expect(m.selection?.[t]).toBeGreaterThan(0);
  });
});
