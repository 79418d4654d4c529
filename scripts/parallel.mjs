#!/usr/bin/env node
/**
 * Run npm scripts at the same time and fail if any fails: `npm test` type-checks, lints and builds
 * this way, since each is one single-threaded process and CI has two cores. Each script's output is
 * held and printed whole when it ends, so the logs do not interleave.
 *
 *   node scripts/parallel.mjs typecheck lint:eslint build
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (!names.length) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const chunks = [];
      const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (d) => chunks.push(d));
      child.stderr.on('data', (d) => chunks.push(d));
      child.on('error', (e) => resolve({ name, code: 1, out: `${e.message}\n` }));
      child.on('close', (code, signal) => resolve({ name, code: code ?? 1, signal, out: Buffer.concat(chunks).toString('utf8') }));
    }).then((r) => {
      process.stdout.write(`> npm run ${r.name}: ${r.code === 0 ? 'ok' : `failed (${r.signal ?? `exit ${r.code}`})`}\n${r.out}`);
      return r;
    }),
);
const results = await Promise.all(runs);
process.exitCode = results.every((r) => r.code === 0) ? 0 : 1;
