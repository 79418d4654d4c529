#!/usr/bin/env node
/**
 * Measure the queue on this machine: one run per worker count, each against a fresh Redis
 * (redis-server on a free loopback port, temporary folder), the same pages, the same total
 * concurrency split between the workers. Prints one JSON line per run and a Markdown table;
 * `--out` also writes the runs as one JSON file, from which scripts/benchmarks-doc.mjs makes the
 * table of docs/scale-out.md.
 *
 *   npm run build
 *   node scripts/scale-out.mjs --workers 1,2 --concurrency 12 --out docs/benchmarks/queue/scale-out.json <pages dir or files...>
 *
 * Per run: the workers are started on an empty queue and wait until their browsers are up; the
 * clock starts when `viseg queue add` returns and stops when `viseg queue results --follow` has
 * written every record. CPU and peak memory of each worker (its Node process plus the browser it
 * launched) come from /proc, sampled every 200 ms (dist/bench/proc.js, as `viseg bench` does).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, loadavg, availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTree, CLOCK_TICKS_PER_SECOND } from '../dist/bench/proc.js';
import { referenceMs } from '../dist/bench/reference.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist/cli/main.js');
const REDIS = process.env.VISEG_TEST_REDIS ?? '/usr/bin/redis-server';

function args() {
  const a = process.argv.slice(2);
  const o = { workers: [1, 2], concurrency: 12, inputs: [] };
  for (let i = 0; i < a.length; i++) {
    if (a[i] === '--workers') o.workers = a[++i].split(',').map(Number);
    else if (a[i] === '--concurrency') o.concurrency = Number(a[++i]);
    else if (a[i] === '--out') o.out = a[++i];
    else o.inputs.push(a[i]);
  }
  if (!o.inputs.length) throw new Error('usage: node scripts/scale-out.mjs [--workers 1,2] [--concurrency 12] [--out runs.json] <pages...>');
  return o;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function startRedis() {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'viseg-scale-redis-'));
  const proc = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--logfile', ''], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      if (/Ready to accept connections/.test(out)) resolve();
    });
    proc.once('exit', () => reject(new Error(`redis-server exited:\n${out}`)));
  });
  proc.stdout.resume();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () => new Promise((r) => { proc.once('exit', () => { rmSync(dir, { recursive: true, force: true }); r(); }); proc.kill('SIGTERM'); }),
  };
}

function run(argv, env = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [CLI, ...argv], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (err += d));
    p.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`viseg ${argv.join(' ')}: exit ${code}\n${err}`))));
  });
}

function startWorker(redis, concurrency) {
  const p = spawn(process.execPath, [CLI, 'worker', '--redis', redis, '--queue', 'scale', '-c', String(concurrency)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const ready = new Promise((resolve, reject) => {
    p.stderr.on('data', (d) => {
      err += d;
      if (/ on queue /.test(err)) resolve();
    });
    p.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${err}`)));
  });
  return { p, ready, stderr: () => err };
}

/** CPU seconds (Node + its descendants, reaped ones included) and RSS (MB) of a worker now. */
function measure(pid) {
  const t = readTree(pid);
  let nodeTicks = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nodeTicks = Number(f[11]) + Number(f[12]);
  } catch {
    /* gone */
  }
  return {
    cpu: (nodeTicks + t.descendantsCpuTicks + t.rootChildCpuTicks) / CLOCK_TICKS_PER_SECOND,
    rssMb: ((t.rootRssKb ?? 0) + t.descendantsRssKb) / 1024,
    anonMb: t.descendantsAnonKb / 1024,
  };
}

async function once(o, workers) {
  const redis = await startRedis();
  const per = Math.max(1, Math.round(o.concurrency / workers));
  const ws = Array.from({ length: workers }, () => startWorker(redis.url, per));
  try {
    await Promise.all(ws.map((w) => w.ready));
    const cpu0 = ws.map((w) => measure(w.p.pid).cpu);
    const peaks = ws.map(() => ({ rssMb: 0, anonMb: 0 }));
    const timer = setInterval(() => ws.forEach((w, i) => {
      const m = measure(w.p.pid);
      peaks[i].rssMb = Math.max(peaks[i].rssMb, m.rssMb);
      peaks[i].anonMb = Math.max(peaks[i].anonMb, m.anonMb);
    }), 200);
    const ref0 = referenceMs();
    const load0 = loadavg()[0];
    await run(['queue', 'add', '--redis', redis.url, '--queue', 'scale', ...o.inputs]);
    const t0 = performance.now();
    const outDir = mkdtempSync(path.join(tmpdir(), 'viseg-scale-'));
    const out = path.join(outDir, 'results.jsonl');
    await run(['queue', 'results', '--follow', '-q', '--out', out, '--redis', redis.url, '--queue', 'scale']).catch(() => undefined); // exit 1: some pages failed
    const wall = (performance.now() - t0) / 1000;
    clearInterval(timer);
    const status = JSON.parse(await run(['queue', 'status', '--json', '--redis', redis.url, '--queue', 'scale']));
    const cpu = ws.map((w, i) => measure(w.p.pid).cpu - cpu0[i]);
    const records = readFileSync(out, 'utf8').trim().split('\n').length;
    rmSync(outDir, { recursive: true, force: true });
    return {
      workers, concurrencyPerWorker: per, pages: records, ok: status.ok, failed: status.failed, wallSeconds: +wall.toFixed(2),
      pagesPerSecond: +(records / wall).toFixed(2),
      cpuSecondsPerWorker: cpu.map((c) => +c.toFixed(1)),
      cpuMsPerPage: Math.round((cpu.reduce((a, b) => a + b, 0) * 1000) / records),
      peakRssMbPerWorker: peaks.map((p) => Math.round(p.rssMb)),
      peakBrowserAnonMbPerWorker: peaks.map((p) => Math.round(p.anonMb)),
      redisUsedMb: +(status.redisMemoryBytes / 1048576).toFixed(1),
      loadAverage: [+load0.toFixed(2), +loadavg()[0].toFixed(2)],
      referenceMs: [ref0, referenceMs()],
      cpus: availableParallelism(),
    };
  } finally {
    for (const w of ws) w.p.kill('SIGTERM');
    await Promise.all(ws.map((w) => new Promise((r) => (w.p.exitCode !== null ? r() : w.p.once('exit', r)))));
    await redis.stop();
  }
}

const o = args();
const results = [];
for (const n of o.workers) {
  const r = await once(o, n);
  results.push(r);
  process.stdout.write(JSON.stringify(r) + '\n');
}
if (o.out) writeFileSync(o.out, JSON.stringify({ concurrency: o.concurrency, runs: results }, null, 2) + '\n');
process.stdout.write('\n| workers x pages at once | pages | wall (s) | pages/s | CPU per page (ms) | peak RSS per worker (MB) | reference ms | load avg |\n|---|---|---|---|---|---|---|---|\n');
for (const r of results) {
  process.stdout.write(`| ${r.workers} x ${r.concurrencyPerWorker} | ${r.pages} | ${r.wallSeconds} | ${r.pagesPerSecond} | ${r.cpuMsPerPage} | ${r.peakRssMbPerWorker.join(', ')} | ${r.referenceMs.join(' -> ')} | ${r.loadAverage.join(' -> ')} |\n`);
}
