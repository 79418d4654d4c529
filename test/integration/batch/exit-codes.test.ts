/** Exit codes of the command line: 2 for usage errors, 0 when every input is ok, 1 when some failed. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN, haveChromium, parseJsonl, runCli } from './helpers.js';

describe('batch: exit codes', () => {
  it('exits 2 on an unknown option, before doing any work', async () => {
    const r = await runCli(['extract', '--no-such-option', path.join(BROKEN, 'article-a.html')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/unknown option/i);
  });

  it('exits 2 on an invalid option value and on --resume without --out', async () => {
    expect((await runCli(['extract', '--concurrency', 'many', path.join(BROKEN, 'article-a.html')])).code).toBe(2);
    const r = await runCli(['extract', '--resume', path.join(BROKEN, 'article-a.html')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--resume needs -o FILE/);
  });

  it('exits 2 on an unknown command option of bench too', async () => {
    expect((await runCli(['bench', '--no-such-option', BROKEN])).code).toBe(2);
  });

  it.skipIf(!haveChromium)('exits 0 when all inputs are ok, 1 when one fails', async () => {
    const ok = await runCli(['extract', '--jsonl', '-q', path.join(BROKEN, 'article-a.html'), path.join(BROKEN, 'article-c.html')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(parseJsonl(ok.stdout).map((r) => r.ok)).toEqual([true, true]);
    const some = await runCli(['extract', '--jsonl', '-q', path.join(BROKEN, 'article-c.html'), path.join(BROKEN, 'missing.html')]);
    expect(some.code).toBe(1);
    expect(parseJsonl(some.stdout).map((r) => r.error?.code ?? 'ok')).toEqual(['ok', 'INPUT_NOT_FOUND']);
  }, 60_000);
});
