/**
 * The layer and cycle rules of eslint.config.js fire: `npm run lint` passing on the tree means
 * something only if an upward import or a cycle would fail it. Code is linted as if it were a file
 * of src/, through ESLint's Node API and the project's own config.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('eslint.config.js layers', () => {
  it('rejects an import from a layer above', async () => {
    // segment sits below classify, pipeline and cli
    const found = await problems('src/segment/probe.ts', [
      "import { classify } from '../classify/index.js';",
      "import { analyzeSnapshot } from '../pipeline/analyze.js';",
      "import type { ExtractRecord } from '../record/schema.js';",
      'export const used = [classify, analyzeSnapshot] as const;',
      'export type R = ExtractRecord;',
    ].join('\n'));
    expect(found).toHaveLength(3);
    for (const p of found) expect(p).toMatch(/^import-x\/no-restricted-paths: .*src\/segment may import only from its own layer and the layers below it/);
  });

  it('rejects imports between siblings and from the options up into the stages', async () => {
    expect(await problems('src/queue/probe.ts', "export { discoverSites } from '../check/run.js';")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/queue may import/),
    ]);
    // (the strategies import the options, so this is a cycle too)
    expect(await problems('src/options.ts', "import { STRATEGIES } from './strategies/index.js';\nexport const s = STRATEGIES;")).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/options\.ts may import/),
    );
    expect(await problems('src/util/probe.ts', "export { resolveExtractOptions } from '../options.js';")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/util may import/),
    ]);
  });

  it('accepts imports from the layers below and from its own', async () => {
    expect(await problems('src/pipeline/probe.ts', [
      "import { segment } from '../segment/index.js';",
      "import { parseRecord } from '../record/schema.js';",
      "import { resolveExtractOptions } from '../options.js';",
      "import { analyzeSnapshot } from './analyze.js';",
      'export const used = [segment, parseRecord, resolveExtractOptions, analyzeSnapshot];',
    ].join('\n'))).toEqual([]);
  });

  it('rejects an import cycle', async () => {
    // classify/index.ts imports roles.ts: roles.ts importing the index back closes a cycle
    const found = await problems('src/classify/roles.ts', "import { classify } from './index.js';\nexport const c = classify;");
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });
});
