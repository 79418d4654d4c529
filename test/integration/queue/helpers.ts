/**
 * Helpers for the queue tests: long-running `viseg worker` processes (each in its own process
 * group, so that a SIGKILL takes its browser with it, as when a machine or container dies), pages
 * that stay in flight for a while, and record comparison with `viseg extract`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, CLI, requireBuiltCli, ROOT, type Rec } from '../batch/helpers.js';

export interface Spawned {
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  readonly stderr: string;
  /** Resolves with the match once stderr matches `re`; rejects if the process exits first. */
  waitFor(re: RegExp): Promise<RegExpMatchArray>;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Signal the whole process group (the CLI and the browser it launched). */
  killGroup(signal: NodeJS.Signals): void;
}

/** Start `node dist/cli/main.js ...args` in its own process group. */
export function spawnCli(args: string[], env: Record<string, string> = {}): Spawned {
  requireBuiltCli();
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, VISEG_BROWSER_PATH: CHROMIUM, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const w of [...waiters]) w();
  });
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
      for (const w of [...waiters]) w();
    }),
  );
  return {
    child,
    get stderr() {
      return stderr;
    },
    waitFor(re) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = re.exec(stderr);
          if (m) {
            waiters.splice(waiters.indexOf(check), 1);
            resolve(m);
          } else if (child.exitCode !== null || child.signalCode !== null) {
            waiters.splice(waiters.indexOf(check), 1);
            reject(new Error(`viseg ${args.join(' ')} exited before printing ${re}:\n${stderr}`));
          }
        };
        waiters.push(check);
        check();
      });
    },
    exited,
    killGroup(signal) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        /* already gone */
      }
    },
  };
}

/**
 * `n` article pages in `dir`, each with its own title and text. Static: a page whose content
 * depended on timers could differ between two renders on a loaded machine, and the tests compare
 * records across runs. Each page is still in flight for its settle window (500 ms) and more.
 */
export function writePages(dir: string, n: number, name = 'page'): string[] {
  const files: string[] = [];
  for (let i = 1; i <= n; i++) {
    const f = path.join(dir, `${name}-${String(i).padStart(3, '0')}.html`);
    writeFileSync(f, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Queue test ${name} ${i}</title></head><body>
<header><nav><a href="#">Home</a> <a href="#">News</a> <a href="#">Sport</a></nav></header>
<main><article><h1>Queue test ${name} number ${i}</h1>
<p>Story ${i} of the ${name} queue test is an ordinary article with plain prose, so that it has one clear main content block and nothing that fails by itself. Its number is ${i * 7919}.</p>
<p>Whichever worker renders page ${i}, and however many times, its record must be the one viseg extract gives for it, and it must be written exactly once.</p>
</article></main><footer>Footer of page ${i}</footer></body></html>`);
    files.push(f);
  }
  return files;
}

/**
 * A record as `extract` and a worker both give it, minus what differs between any two runs: the
 * timings, and the private file server's origin and mount (`http://127.0.0.1:<port>/m/<n>/`,
 * chosen afresh by every run) in the URLs of local pages.
 */
export function comparable(r: Rec): string {
  const { timings: _t, ...rest } = r;
  return JSON.stringify(rest).replace(/http:\/\/127\.0\.0\.1:\d+\/m\/\d+\//g, 'LOCAL/');
}

/** Pids of the processes whose parent is `pid` (Linux /proc). */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** Whether a process is still running (a zombie waiting to be reaped is not). */
export function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Poll `check` every 100 ms until it gives a value. `guardMs` only stops a hang; it asserts nothing about time. */
export function until<T>(what: string, check: () => Promise<T | undefined>, guardMs = 240_000): Promise<T> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      try {
        const v = await check();
        if (v !== undefined) return resolve(v);
        if (Date.now() - t0 > guardMs) return reject(new Error(`never saw: ${what}`)); // a hang guard, not a timing assertion
        setTimeout(tick, 100);
      } catch (e) {
        reject(e as Error);
      }
    };
    void tick();
  });
}
