/**
 * Output must not depend on concurrency: the same 8 fixture sites extracted with -c 1 and -c 4
 * give records in the same (input) order with identical text. Both runs exit 0 (all inputs ok).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, readJsonl, runCli, SITES, tempDir } from './helpers.js';
import { at } from '../../../src/util/at.js';

const SITE_NAMES = ['blog-comments', 'cjk-article', 'docs-page', 'forum-thread', 'magazine-columns', 'paywall-teaser', 'rtl-arabic', 'tutorial-code'];

describe.skipIf(!haveChromium)('batch: concurrency does not change the output', () => {
  it('gives identical text for every input with -c 1 and -c 4', async () => {
    const dir = tempDir();
    const list = path.join(dir, 'list.txt');
    const inputs = SITE_NAMES.map((s) => path.join(SITES, s, 'index.html'));
    writeFileSync(list, inputs.join('\n') + '\n');
    const out1 = path.join(dir, 'c1.jsonl');
    const out4 = path.join(dir, 'c4.jsonl');
    // The two runs go side by side: each is a separate process with its own browser. The bound
    // only stops a hung run: eight pages one at a time beside another browser take long on a busy
    // machine.
    const [r1, r4] = await Promise.all([
      runCli(['extract', '--input-file', list, '-c', '1', '-q', '--out', out1], { killAfterMs: 100_000 }),
      runCli(['extract', '--input-file', list, '-c', '4', '-q', '--out', out4], { killAfterMs: 100_000 }),
    ]);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r4.code, r4.stderr).toBe(0);
    const a = readJsonl(out1);
    const b = readJsonl(out4);
    expect(a.map((r) => r.input)).toEqual(inputs);
    expect(b.map((r) => r.input)).toEqual(inputs);
    for (let i = 0; i < inputs.length; i++) {
      expect(at(a, i).ok, `${inputs[i]}: ${JSON.stringify(at(a, i).error)}`).toBe(true);
      expect(at(b, i).ok, `${inputs[i]}: ${JSON.stringify(at(b, i).error)}`).toBe(true);
      expect(at(a, i).text.length, inputs[i]).toBeGreaterThan(200);
      expect(at(b, i).text, `text of ${inputs[i]} differs between -c 1 and -c 4`).toBe(at(a, i).text);
    }
  }, 120_000);
});
