/**
 * `extract --out results.jsonl --resume` after a SIGKILL loses nothing and repeats nothing: the
 * run is killed after its 4th record line appears, the rerun with --resume appends the rest, and
 * every input ends up with exactly one (ok) record.
 */
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haveChromium, parseJsonl, runCli, tempDir } from './helpers.js';

const N = 12;

function page(i: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page ${i}</title></head><body>
<header><nav><a href="#">Home</a> <a href="#">Archive</a></nav></header>
<main><article><h1>Numbered page ${i}</h1>
<p>This is page number ${i} of the resume test. It has enough prose to be picked as the main content: a few sentences about nothing much, written out in full so that the classifier sees a real paragraph.</p>
<p>The second paragraph of page ${i} repeats the idea with different words, because one short paragraph alone can look like a teaser rather than an article body.</p>
</article></main><footer>Footer of page ${i}</footer></body></html>`;
}

function countLines(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).length;
}

describe.skipIf(!haveChromium)('batch: --resume after a kill', () => {
  it('ends with exactly one record per input', async () => {
    const dir = tempDir();
    const inputs: string[] = [];
    for (let i = 1; i <= N; i++) {
      const f = path.join(dir, `page-${String(i).padStart(2, '0')}.html`);
      writeFileSync(f, page(i));
      inputs.push(f);
    }
    const list = path.join(dir, 'list.txt');
    writeFileSync(list, inputs.join('\n') + '\n');
    const out = path.join(dir, 'results.jsonl');

    let poll: NodeJS.Timeout | undefined;
    let killedAt = -1;
    const first = await runCli(['extract', '--input-file', list, '-c', '1', '-q', '--out', out], {
      onSpawn: (child) => {
        poll = setInterval(() => {
          const n = countLines(out);
          if (n >= 4 && killedAt < 0) {
            killedAt = n;
            child.kill('SIGKILL');
          }
        }, 20);
      },
    });
    clearInterval(poll);
    expect(first.signal, `the first run should have been killed (exit ${first.code}, ${first.stderr})`).toBe('SIGKILL');
    const before = parseJsonl(readFileSync(out, 'utf8').split('\n').slice(0, -1).join('\n')); // complete lines only
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(before.length).toBeLessThan(N);

    const second = await runCli(['extract', '--input-file', list, '-c', '1', '-q', '--out', out, '--resume']);
    expect(second.code, second.stderr).toBe(0);
    const recs = parseJsonl(readFileSync(out, 'utf8'));
    const counts = new Map<string, number>();
    for (const r of recs) counts.set(r.input, (counts.get(r.input) ?? 0) + 1);
    for (const input of inputs) expect(counts.get(input), `records for ${input}`).toBe(1);
    expect(recs.length).toBe(N);
    expect(recs.every((r) => r.ok)).toBe(true);
    // input order within each run; the resumed run continues where the first stopped
    expect(recs.map((r) => r.input)).toEqual(inputs);
    for (const r of recs) expect(r.text).toContain(`This is page number ${Number(/page-(\d+)/.exec(r.input)![1])} of the resume test`);
  }, 90_000);
});
