/**
 * Start-up loads only what the command needs: playwright-core when a browser is started, BullMQ
 * and ioredis when a queue command talks to Redis. Loading them is most of a start-up, and
 * `--help`, usage errors, and `eval`/`check`/`segment` of recorded snapshots need neither.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { requireBuiltCli, ROOT } from '../batch/helpers.js';

const run = promisify(execFile);

/** The heavy packages loaded after importing `modules` (dist paths) in a fresh Node and running `then`. */
async function loadedAfter(modules: string[], then = ''): Promise<string[]> {
  const imports = modules.map((m, i) => `const m${i} = await import(${JSON.stringify(pathToFileURL(path.join(ROOT, 'dist', m)).href)});`).join('\n');
  const script = `${imports}
${then}
const { createRequire } = await import('node:module');
const cache = Object.keys(createRequire(import.meta.url).cache);
console.log(JSON.stringify(['playwright-core', 'bullmq', 'ioredis'].filter((p) => cache.some((k) => k.includes('/node_modules/' + p + '/')))));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
  return JSON.parse(stdout) as string[];
}

describe('start-up', () => {
  it('the command line and the library load neither the browser driver nor the queue client until used', async () => {
    requireBuiltCli();
    expect(await loadedAfter(['cli/program.js', 'index.js'], 'm0.buildProgram();')).toEqual([]);
    // what loads them: looking for a browser, and connecting to Redis (refused: nothing listens on port 1)
    expect(await loadedAfter(['browser/find.js'], 'try { m0.findBrowser(); } catch {}')).toEqual(['playwright-core']);
    const connect = "await m0.connectIndex(m0.resolveLocation({ redis: 'redis://127.0.0.1:1' }), { readyTimeoutMs: 300 }).then((c) => c.close(), () => {});";
    expect(await loadedAfter(['queue/redis.js', 'queue/keys.js'], connect.replace('m0.resolveLocation', 'm1.resolveLocation'))).toEqual(['ioredis']);
  }, 60_000);
});
