/**
 * Memory and CPU of this Node process and of the browser it launched, read from Linux `/proc`.
 *
 * METHOD
 * - Node: `VmRSS` of `/proc/self/status` (falls back to `process.memoryUsage.rss()` without /proc);
 *   CPU from `process.cpuUsage()`.
 * - Browser: playwright-core's `Browser` does not expose the launched browser's pid (only
 *   `BrowserServer.process()` does), so the browser's processes are found by walking `/proc`: every
 *   process whose parent chain leads to this Node process (the launched Chromium is a child of the
 *   Node process; its zygote, renderers, GPU and utility processes are its descendants, and viseg
 *   spawns no other child processes). Its RSS is the SUM of `VmRSS` of those processes. Pages
 *   shared between processes (the Chromium binary, shared libraries, shared memory) are counted
 *   once per process, so the sum overstates the real footprint (PSS would not); it is the usual
 *   and conservative figure; the sum of `RssAnon` (private anonymous memory) is kept alongside as
 *   a figure without that double counting (it leaves out the shared binary). A browser reached through `--ws-endpoint` / `--cdp-endpoint` is not
 *   a descendant and is not measured (reported as null).
 * - Browser CPU: `utime + stime + cutime + cstime` of `/proc/<pid>/stat` summed over the same
 *   processes (the `c*` fields keep the CPU of renderers that have exited and were reaped inside
 *   the tree), plus `cutime + cstime` of this Node process (a browser that crashed or was
 *   restarted and has been reaped), in clock ticks of 1/100 s (USER_HZ, 100 on Linux).
 *
 * The parsers are pure and take the text of the /proc files; the reader is injectable for tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { at } from '../util/at.js';

/** USER_HZ: clock ticks per second in /proc/<pid>/stat (100 on every mainstream Linux). */
export const CLOCK_TICKS_PER_SECOND = 100;

export interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, in clock ticks. */
  cpuTicks: number;
  /** cutime + cstime (waited-for children), in clock ticks. */
  childCpuTicks: number;
}

/**
 * Parse `/proc/<pid>/stat`. The command name (field 2) is in parentheses and may itself contain
 * spaces and parentheses, so fields are counted from the LAST `)`. Null when malformed.
 */
export function parseProcStat(text: string): ProcStat | null {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const pid = parseInt(text.slice(0, open).trim(), 10);
  // after ")": state(3) ppid(4) pgrp(5) session(6) tty_nr(7) tpgid(8) flags(9) minflt(10) cminflt(11)
  // majflt(12) cmajflt(13) utime(14) stime(15) cutime(16) cstime(17) ...
  const f = text.slice(close + 1).trim().split(/\s+/);
  if (f.length < 15) return null;
  const num = (i: number) => Number(f[i]);
  const ppid = num(1);
  const ut = num(11), st = num(12), cut = num(13), cst = num(14);
  if (![pid, ppid, ut, st, cut, cst].every(Number.isFinite)) return null;
  return { pid, ppid, cpuTicks: ut + st, childCpuTicks: cut + cst };
}

/** A `Name:   123 kB` field of `/proc/<pid>/status`, in kB; null when absent (kernel threads, zombies). */
export function parseStatusKb(status: string, field: string): number | null {
  const m = new RegExp(`^${field}:\\s+(\\d+)\\s*kB`, 'm').exec(status);
  return m ? parseInt(at(m, 1), 10) : null;
}

/** `VmRSS` in kB from the text of `/proc/<pid>/status`; null when absent. */
export function parseVmRssKb(status: string): number | null {
  return parseStatusKb(status, 'VmRSS');
}

/** Pids of all descendants of `root` (not `root` itself), given each process's parent. */
export function descendants(root: number, procs: Iterable<{ pid: number; ppid: number }>): number[] {
  const children = new Map<number, number[]>();
  for (const p of procs) {
    if (p.pid === p.ppid) continue;
    let c = children.get(p.ppid);
    if (!c) children.set(p.ppid, (c = []));
    c.push(p.pid);
  }
  const out: number[] = [];
  const seen = new Set<number>([root]);
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    out.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return out.sort((a, b) => a - b);
}

/** Access to /proc, injectable for tests. Reads return null when the process is gone. */
export interface ProcReader {
  available(): boolean;
  pids(): number[];
  stat(pid: number): string | null;
  status(pid: number): string | null;
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

export const linuxProcReader: ProcReader = {
  available: () => readOrNull('/proc/self/stat') !== null,
  pids: () => {
    try {
      return readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map((d) => parseInt(d, 10));
    } catch {
      return [];
    }
  },
  stat: (pid) => readOrNull(`/proc/${pid}/stat`),
  status: (pid) => readOrNull(`/proc/${pid}/status`),
};

export interface TreeReading {
  /** RSS of the root process, kB. */
  rootRssKb: number | null;
  /** Pids of the descendants found. */
  pids: number[];
  /** Sum of VmRSS of the descendants, kB (0 when there are none). */
  descendantsRssKb: number;
  /** Sum of RssAnon (private anonymous memory: heaps, JS, not the shared binary/libraries), kB. */
  descendantsAnonKb: number;
  /** Sum of utime+stime+cutime+cstime of the descendants, clock ticks. */
  descendantsCpuTicks: number;
  /** cutime+cstime of the root: children it has reaped (a browser that crashed or was restarted). */
  rootChildCpuTicks: number;
}

/** One pass over /proc: the root's RSS and the summed RSS and CPU of its descendants. */
export function readTree(rootPid: number, reader: ProcReader = linuxProcReader): TreeReading {
  const stats = new Map<number, ProcStat>();
  for (const pid of reader.pids()) {
    const text = reader.stat(pid);
    const s = text ? parseProcStat(text) : null;
    if (s) stats.set(pid, s);
  }
  const pids = descendants(rootPid, stats.values());
  let rss = 0;
  let anon = 0;
  let cpu = 0;
  for (const pid of pids) {
    const st = reader.status(pid);
    rss += (st ? parseVmRssKb(st) : null) ?? 0;
    anon += (st ? parseStatusKb(st, 'RssAnon') : null) ?? 0;
    const s = stats.get(pid)!;
    cpu += s.cpuTicks + s.childCpuTicks;
  }
  const rootStatus = reader.status(rootPid);
  return {
    rootRssKb: rootStatus ? parseVmRssKb(rootStatus) : null, pids, descendantsRssKb: rss, descendantsAnonKb: anon, descendantsCpuTicks: cpu,
    rootChildCpuTicks: stats.get(rootPid)?.childCpuTicks ?? 0,
  };
}

export interface MemorySample {
  /** ms since the sampler started. */
  t: number;
  nodeMb: number;
  /** Null when the browser is not a child of this process (remote browser) or /proc is missing. */
  browserMb: number | null;
  /** Sum of RssAnon over the browser's processes (no double counting of the shared binary). */
  browserAnonMb: number | null;
  totalMb: number;
  browserProcesses: number;
}

export interface MemoryPeaks {
  nodeMb: number;
  browserMb: number | null;
  browserAnonMb: number | null;
  /** Peak of node + browser measured at the same instant (not the sum of the two peaks). */
  totalMb: number;
}

export interface MemorySamplerOptions {
  /** Default 200 ms. */
  intervalMs?: number;
  /** Default `process.pid`. */
  rootPid?: number;
  /** Whether the browser is expected among the descendants (false for a remote browser). Default true. */
  measureBrowser?: boolean;
  reader?: ProcReader;
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/**
 * Samples RSS of this process and of the launched browser every `intervalMs` (timer unref'd) and
 * keeps the peaks. `sample()` also reads at once (used for the every-N-pages memory series).
 */
export class MemorySampler {
  private timer: NodeJS.Timeout | null = null;
  private readonly t0 = performance.now();
  private peakNode = 0;
  private peakBrowser: number | null = null;
  private peakBrowserAnon: number | null = null;
  private peakTotal = 0;
  private count = 0;
  readonly intervalMs: number;
  private readonly rootPid: number;
  private readonly reader: ProcReader;
  private readonly procOk: boolean;
  private readonly measureBrowser: boolean;

  constructor(opts: MemorySamplerOptions = {}) {
    this.intervalMs = opts.intervalMs ?? 200;
    this.rootPid = opts.rootPid ?? process.pid;
    this.reader = opts.reader ?? linuxProcReader;
    this.procOk = this.reader.available();
    this.measureBrowser = (opts.measureBrowser ?? true) && this.procOk;
  }

  sample(): MemorySample {
    let nodeKb: number | null = null;
    let browserKb: number | null = null;
    let anonKb: number | null = null;
    let n = 0;
    if (this.procOk) {
      if (this.measureBrowser) {
        const r = readTree(this.rootPid, this.reader);
        nodeKb = r.rootRssKb;
        browserKb = r.descendantsRssKb;
        anonKb = r.descendantsAnonKb;
        n = r.pids.length;
      } else {
        const st = this.reader.status(this.rootPid);
        nodeKb = st ? parseVmRssKb(st) : null;
      }
    }
    if (nodeKb === null && this.rootPid === process.pid) nodeKb = process.memoryUsage.rss() / 1024;
    const s: MemorySample = {
      t: Math.round(performance.now() - this.t0),
      nodeMb: mb(nodeKb ?? 0),
      browserMb: browserKb === null ? null : mb(browserKb),
      browserAnonMb: anonKb === null ? null : mb(anonKb),
      totalMb: mb((nodeKb ?? 0) + (browserKb ?? 0)),
      browserProcesses: n,
    };
    this.count++;
    this.peakNode = Math.max(this.peakNode, s.nodeMb);
    if (s.browserMb !== null) this.peakBrowser = Math.max(this.peakBrowser ?? 0, s.browserMb);
    if (s.browserAnonMb !== null) this.peakBrowserAnon = Math.max(this.peakBrowserAnon ?? 0, s.browserAnonMb);
    this.peakTotal = Math.max(this.peakTotal, s.totalMb);
    return s;
  }

  start(): this {
    if (!this.timer) {
      this.sample();
      this.timer = setInterval(() => this.sample(), this.intervalMs);
      this.timer.unref?.();
    }
    return this;
  }

  stop(): MemoryPeaks {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.sample();
    }
    return this.peaks();
  }

  peaks(): MemoryPeaks {
    return { nodeMb: this.peakNode, browserMb: this.peakBrowser, browserAnonMb: this.peakBrowserAnon, totalMb: this.peakTotal };
  }

  get samples(): number {
    return this.count;
  }
}

export interface CpuReading {
  /** Node process CPU (user + system), seconds. */
  nodeSeconds: number;
  /** Browser processes' CPU, seconds; null when not measurable. */
  browserSeconds: number | null;
}

/** Cumulative CPU of this process and its descendants (the launched browser). Subtract two readings. */
export function readCpu(measureBrowser = true, reader: ProcReader = linuxProcReader): CpuReading {
  const u = process.cpuUsage();
  const nodeSeconds = (u.user + u.system) / 1e6;
  if (!measureBrowser || !reader.available()) return { nodeSeconds, browserSeconds: null };
  const r = readTree(process.pid, reader);
  // + what this process has reaped: a browser that exited (crash, restart) takes its CPU with it
  return { nodeSeconds, browserSeconds: (r.descendantsCpuTicks + r.rootChildCpuTicks) / CLOCK_TICKS_PER_SECOND };
}

export function cpuDelta(a: CpuReading, b: CpuReading): CpuReading {
  return {
    nodeSeconds: Math.round((b.nodeSeconds - a.nodeSeconds) * 100) / 100,
    browserSeconds: a.browserSeconds === null || b.browserSeconds === null ? null : Math.round((b.browserSeconds - a.browserSeconds) * 100) / 100,
  };
}
