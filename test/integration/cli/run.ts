/**
 * Running the built command line for the CLI tests: with stdin, in a folder, through a shell (for
 * `ulimit`) or on a pseudo-terminal (`script`), and the hostile pages they use.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, CLI, requireBuiltCli, ROOT } from '../batch/helpers.js';

export { CHROMIUM, CLI, haveChromium, ROOT, tempDir } from '../batch/helpers.js';

export interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  stdin?: string | Buffer;
  env?: Record<string, string>;
  /** Kill after this long and fail (default 120 s; the machine may be busy). */
  killAfterMs?: number;
}

function spawnRun(cmd: string, args: string[], o: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: o.cwd ?? ROOT,
      env: { ...process.env, VISEG_BROWSER_PATH: CHROMIUM, ...o.env },
      stdio: [o.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    if (o.stdin !== undefined) child.stdin!.end(o.stdin);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${cmd} ${args.join(' ')} did not finish\n${stderr}`));
    }, o.killAfterMs ?? 120_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** `viseg ...args`. */
export function viseg(args: string[], o: RunOptions = {}): Promise<Run> {
  requireBuiltCli();
  return spawnRun(process.execPath, [CLI, ...args], o);
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** `viseg ...args` from /bin/sh, after `shellSetup` (e.g. `ulimit -f 64`). */
export function visegInShell(shellSetup: string, args: string[], o: RunOptions = {}): Promise<Run> {
  requireBuiltCli();
  return spawnRun('/bin/sh', ['-c', `${shellSetup}; exec ${quote(process.execPath)} ${quote(CLI)} ${args.map(quote).join(' ')}`], o);
}

/** `viseg ...args` on a pseudo-terminal (stdout and stderr the same terminal), as `script` records it. */
export function visegOnTerminal(args: string[], o: RunOptions = {}): Promise<Run> {
  requireBuiltCli();
  const command = [process.execPath, CLI, ...args].map(quote).join(' ');
  return spawnRun('script', ['-qec', command, '/dev/null'], { ...o, env: { COLUMNS: '120', LINES: '40', TERM: 'xterm', ...o.env } });
}

/** An article body long enough to be the main content. */
export function prose(topic: string, paragraphs = 3): string {
  return Array.from({ length: paragraphs }, (_, i) =>
    `<p>Paragraph ${i + 1} about ${topic}. It runs to several sentences so that the page reads as an article, with full stops and commas, and words enough for the classifier to count it as prose rather than a teaser.</p>`).join('\n');
}

/** Write `files` (name -> content) under `dir`; returns `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

export function page(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>
<header><nav><a href="/">Home</a> <a href="/archive/">Archive</a></nav></header>
<main><article><h1>${title}</h1>
${body}
</article></main><footer><p>Footer text</p></footer></body></html>`;
}

/** C0/C1 controls other than tab and newline. */
export const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
