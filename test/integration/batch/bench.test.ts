/**
 * `viseg bench`: the pure measuring helpers, and one small run of the command for the shape of its
 * JSON. Nothing here asserts on speed: the numbers depend on the machine.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { descendants, MemorySampler, parseProcStat, parseStatusKb, parseVmRssKb, readTree, type ProcReader } from '../../../src/bench/proc.js';
import { referenceMs, referenceWork } from '../../../src/bench/reference.js';
import { runPool } from '../../../src/bench/passes.js';
import { repeatInputs } from '../../../src/bench/run.js';
import { median, percentile, StageRecorder, summarize } from '../../../src/bench/stats.js';
import { BROKEN, haveChromium, runCli } from './helpers.js';
import { outOfRange } from '../../../src/util/at.js';

describe('bench helpers', () => {
  it('percentile interpolates linearly between ranks (numpy default)', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([4, 1, 3, 2], 0)).toBe(1);
    expect(percentile([4, 1, 3, 2], 100)).toBe(4);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBeCloseTo(91, 10);
    expect(percentile([7], 90)).toBe(7);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
    expect(median([3, 1, 2, NaN])).toBe(2);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('summarize and StageRecorder', () => {
    expect(summarize([])).toBeNull();
    expect(summarize([1, 2, 3, 4, 100])).toEqual({ n: 5, median: 3, p90: 61.6, mean: 22, max: 100 });
    const r = new StageRecorder();
    r.add('load', 10);
    r.add('load', 30);
    r.add('snapshot', undefined);
    r.add('segment', NaN);
    expect(Object.keys(r.summaries(['load', 'snapshot', 'segment']))).toEqual(['load']);
    expect(r.summaries(['load']).load!.median).toBe(20);
  });

  it('parses /proc/<pid>/stat, including a command name with spaces and parentheses', () => {
    const line = '4242 (Web Content (x)) S 17 4242 4242 0 -1 4194560 1000 0 0 0 250 50 7 3 20 0 30 0 100 0 0';
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 17, cpuTicks: 300, childCpuTicks: 10 });
    expect(parseProcStat('garbage')).toBeNull();
  });

  it('parses VmRSS and other kB fields of /proc/<pid>/status', () => {
    const status = 'Name:\tchromium\nVmPeak:\t  999 kB\nVmRSS:\t  123456 kB\nRssAnon:\t   2048 kB\n';
    expect(parseVmRssKb(status)).toBe(123456);
    expect(parseStatusKb(status, 'RssAnon')).toBe(2048);
    expect(parseVmRssKb('Name:\tkthreadd\n')).toBeNull();
  });

  it('finds all descendants of a process, and only those', () => {
    const procs = [
      { pid: 1, ppid: 0 }, { pid: 10, ppid: 1 }, { pid: 11, ppid: 10 }, { pid: 12, ppid: 11 }, { pid: 13, ppid: 11 },
      { pid: 20, ppid: 1 }, { pid: 21, ppid: 20 },
    ];
    expect(descendants(10, procs)).toEqual([11, 12, 13]);
    expect(descendants(12, procs)).toEqual([]);
  });

  it('samples a process tree through an injected /proc reader and keeps the peaks', () => {
    let rss = 100 * 1024;
    const stat = (pid: number, ppid: number, ticks: number, reaped = 0) => `${pid} (p) S ${ppid} 0 0 0 -1 0 0 0 0 0 ${ticks} 0 ${reaped} 0 20 0 1 0 0 0 0`;
    const reader: ProcReader = {
      available: () => true,
      pids: () => [1, 50, 51, 52, 99],
      stat: (pid) => ({ 1: stat(1, 0, 0), 50: stat(50, 1, 0, 30), 51: stat(51, 50, 100), 52: stat(52, 51, 50), 99: stat(99, 1, 0) } as Record<number, string>)[pid] ?? null,
      status: (pid) => (pid === 50 ? `VmRSS:\t${50 * 1024} kB\n` : pid === 51 || pid === 52 ? `VmRSS:\t${rss} kB\nRssAnon:\t1024 kB\n` : null),
    };
    const tree = readTree(50, reader);
    expect(tree.pids).toEqual([51, 52]);
    expect(tree.descendantsRssKb).toBe(200 * 1024);
    expect(tree.descendantsCpuTicks).toBe(150);
    expect(tree.rootChildCpuTicks).toBe(30); // a reaped (crashed) browser's CPU
    const s = new MemorySampler({ rootPid: 50, reader });
    expect(s.sample()).toMatchObject({ nodeMb: 50, browserMb: 200, browserAnonMb: 2, totalMb: 250, browserProcesses: 2 });
    rss = 300 * 1024;
    s.sample();
    rss = 10 * 1024;
    s.sample();
    expect(s.peaks()).toEqual({ nodeMb: 50, browserMb: 600, browserAnonMb: 2, totalMb: 650 });
    expect(s.samples).toBe(3);
  });

  it('the reference work is deterministic, and its time is the median of the timed runs after one untimed run', () => {
    expect(referenceWork()).toBe(referenceWork());
    // a fake clock: each call of the work advances it by the next scripted duration
    const durations = [50, 1, 30, 2, 20]; // the first call is the untimed one
    let clock = 0;
    let calls = 0;
    const work = () => (clock += (durations[calls++] ?? outOfRange()));
    // timed runs take 1, 30, 2 and 20 ms: the median of four is the upper middle one
    expect(referenceMs(4, work, () => clock)).toBe(20);
    expect(calls).toBe(5);
  });

  it('runPool keeps at most n tasks in flight and runs each index once', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await runPool(3, 10, async (i) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      seen.push(i);
      inFlight--;
    });
    expect(most).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(repeatInputs(['a', 'b'], 3)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
  });
});

describe.skipIf(!haveChromium)('viseg bench', () => {
  it('prints one JSON object with timings per stage, both passes, memory and the ratio', async () => {
    const pages = ['article-a.html', 'article-b.html'].map((f) => path.join(BROKEN, f));
    const r = await runCli(['bench', ...pages, '--repeat', '2', '--rounds', '1', '--screenshot', '--json', '-q', '--memory-every', '2', '-c', '2']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.mode).toBe('both');
    expect(j.pages).toBe(4);
    expect(j.failures).toBe(0);
    expect(j.pagesPerSecond).toBeGreaterThan(0);
    expect(j.bare.pages).toBe(4);
    expect(j.bare.pagesPerSecond).toBeGreaterThan(0);
    expect(typeof j.ratioToBare).toBe('number');
    for (const k of ['load', 'snapshot', 'segment', 'classify', 'content', 'screenshot', 'total']) {
      expect(j.stages[k], k).toMatchObject({ n: 4 });
      expect(j.stages[k].p90, k).toBeGreaterThanOrEqual(j.stages[k].median);
    }
    for (const k of ['setup', 'navigate', 'settle', 'scroll', 'load', 'close']) expect(j.bare.stages[k], k).toMatchObject({ n: 4 });
    expect(j.peakRssMbNode).toBeGreaterThan(10);
    if (process.platform === 'linux') {
      expect(j.peakRssMbBrowser).toBeGreaterThan(10);
      expect(j.peakRssMb).toBeGreaterThanOrEqual(j.peakRssMbNode);
    }
    expect(j.memorySeries.map((p: { pages: number }) => p.pages)).toEqual([2, 4]);
    expect(j.settings).toMatchObject({ inputs: 2, repeat: 2, rounds: 1, concurrency: 2, screenshot: true });
    expect(j.rounds).toHaveLength(1);
    expect(j.rounds[0].bareSeconds).toBeCloseTo(j.bare.wallSeconds, 1);
    // Each worker's tab went from page to page 4 - 2 = 2 times in each pass, one way or the other.
    for (const p of [j, j.bare]) expect(p.tabChanges.direct + p.tabChanges.blank).toBe(2);
    expect(j.referenceMs.start).toBeGreaterThan(0);
    expect(j.referenceMs.end).toBeGreaterThan(0);
  }, 90_000);

  it('--rounds alternates the passes and sums each one over its rounds', async () => {
    const pages = ['article-a.html', 'article-c.html'].map((f) => path.join(BROKEN, f));
    const r = await runCli(['bench', ...pages, '--rounds', '2', '--json', '-q', '-c', '2']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.settings.rounds).toBe(2);
    expect(j.rounds.map((x: { order: string[] }) => x.order)).toEqual([['bare', 'full'], ['full', 'bare']]);
    expect(j.pages).toBe(4);
    expect(j.bare.pages).toBe(4);
    expect(j.stages.total.n).toBe(4);
    expect(j.bare.stages.navigate.n).toBe(4);
    const sum = (k: 'bareSeconds' | 'fullSeconds') => j.rounds.reduce((a: number, x: Record<string, number>) => a + (x[k] ?? outOfRange(k)), 0);
    expect(j.bare.wallSeconds).toBeCloseTo(sum('bareSeconds'), 1);
    expect(j.full.wallSeconds).toBeCloseTo(sum('fullSeconds'), 1);
    expect(j.ratioToBare).toBeCloseTo(j.full.wallSeconds / j.bare.wallSeconds, 1);
    expect(j.pagesPerSecond).toBeCloseTo(4 / j.full.wallSeconds, 1);
    // Two rounds are the default when both passes run.
    const text = await runCli(['bench', (pages[0] ?? outOfRange(0)), '-q', '-c', '1']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain('2 rounds');
    expect(text.stdout).toMatch(/tab: next page direct\s+\d+\s+\d+\n\s+via about:blank\s+\d+\s+\d+/);
    expect(text.stdout).toMatch(/rounds \(wall s\): bare [\d.]+, full [\d.]+ \| full [\d.]+, bare [\d.]+/);
    expect((await runCli(['bench', (pages[0] ?? outOfRange(0)), '--rounds', '0', '-q'])).code).toBe(2);
  }, 120_000);

  it('--bare runs only the bare pass', async () => {
    const r = await runCli(['bench', path.join(BROKEN, 'article-c.html'), '--bare', '--json', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.mode).toBe('bare');
    expect(j.full).toBeNull();
    expect(j.ratioToBare).toBeNull();
    expect(j.stages.navigate.n).toBe(1);
    expect(j.settings.rounds).toBe(1); // one pass: nothing to alternate
  }, 60_000);
});
