/**
 * Helpers for the batch robustness tests: they run the BUILT command line (`node dist/cli/main.js`,
 * built by `npm test` before vitest starts) in a child process, the way users run it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from '../chromium.js';
import { parseRecordLine } from '../../../src/record/jsonl.js';
import type { ExtractRecord } from '../../../src/record/schema.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI = path.join(ROOT, 'dist/cli/main.js');
export const BROKEN = path.join(ROOT, 'test/fixtures-broken');
export const SITES = path.join(ROOT, 'fixtures/sites');

export { CHROMIUM, haveChromium } from '../chromium.js';

export function requireBuiltCli(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (npm test does) before these tests`);
}

export function tempDir(prefix = 'viseg-batch-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface CliOptions {
  /** Kill (SIGKILL) the child after this long and fail. Default 55 s. */
  killAfterMs?: number;
  cwd?: string;
  /** Called with the child as soon as it is spawned. */
  onSpawn?: (child: ChildProcess) => void;
}

/** Run `node dist/cli/main.js ...args` with the test browser; resolves when the process exits. */
export function runCli(args: string[], o: CliOptions = {}): Promise<CliRun> {
  requireBuiltCli();
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, VISEG_BROWSER_PATH: CHROMIUM },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    o.onSpawn?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`viseg ${args.join(' ')} did not finish within ${o.killAfterMs ?? 55_000} ms\n${stderr}`));
    }, o.killAfterMs ?? 55_000);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

export type Rec = ExtractRecord;

/** Parse JSONL; every non-empty line must be a record (validated by the record schema). */
export function parseJsonl(text: string): Rec[] {
  return text.split('\n').flatMap((l, i) => {
    if (!l.trim()) return [];
    const r = parseRecordLine(l);
    if (!r.ok) throw new Error(`line ${i + 1}: ${r.error}`);
    return [r.record];
  });
}

export function readJsonl(file: string): Rec[] {
  return existsSync(file) ? parseJsonl(readFileSync(file, 'utf8')) : [];
}
