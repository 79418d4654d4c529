/** The text report of `viseg bench`: plain fixed-width tables. */
import type { PassResult } from './meter.js';
import type { BenchResult } from './run.js';
import type { StageSummary } from './stats.js';

const STAGE_NOTES: Record<string, string> = {
  load: 'navigate + settle + scroll (loadPage)',
  snapshot: 'captureSnapshot',
  screenshot: 'take + annotate',
  annotate: 'part of screenshot',
  other: 'context/page create + close, input check',
  total: 'per page, end to end',
  setup: 'newContext + newPage',
  navigate: 'goto until load event',
  settle: 'quiet windows + fonts',
  scroll: 'scroll pass',
  close: 'context close',
};

function pad(s: string, n: number): string {
  return s.length >= n ? s : s + ' '.repeat(n - s.length);
}
function lpad(s: string, n: number): string {
  return s.length >= n ? s : ' '.repeat(n - s.length) + s;
}
function num(x: number | null | undefined, digits = 1): string {
  return x === null || x === undefined || !Number.isFinite(x) ? 'n/a' : x.toFixed(digits);
}

export function stageTable(title: string, stages: Record<string, StageSummary>): string {
  const rows = [`${pad(title, 12)}${lpad('median', 9)}${lpad('p90', 9)}${lpad('mean', 9)}${lpad('max', 9)}${lpad('n', 6)}  (ms)`];
  for (const [k, s] of Object.entries(stages)) {
    rows.push(`${pad('  ' + k, 12)}${lpad(num(s.median), 9)}${lpad(num(s.p90), 9)}${lpad(num(s.mean), 9)}${lpad(num(s.max), 9)}${lpad(String(s.n), 6)}  ${STAGE_NOTES[k] ?? ''}`);
  }
  return rows.join('\n');
}

function failures(p: PassResult): string {
  const codes = Object.entries(p.failureCodes).map(([k, v]) => `${k} ${v}`).join(', ');
  return codes ? `${p.failures} (${codes})` : String(p.failures);
}

export function formatBench(r: BenchResult): string {
  const s = r.settings;
  const out: string[] = [];
  out.push(`viseg bench: ${s.inputs} page(s)${s.repeat > 1 ? ` x ${s.repeat}` : ''}, concurrency ${s.concurrency}` +
    `${s.rounds > 1 ? `, ${s.rounds} rounds (passes alternate, figures summed)` : ''}${s.screenshot ? ', with annotated screenshots' : ''}`);
  if (s.browserArgs.length) out.push(`extra browser switches: ${s.browserArgs.join(' ')}`);
  out.push(`browser: ${s.browser}; node ${s.node}; ${s.cpus} CPU(s); load average ${r.loadAverage.start} -> ${r.loadAverage.end}`);
  out.push(`machine speed: reference work ${r.referenceMs.start} ms before, ${r.referenceMs.end} ms after (lower is faster; compare runs alongside it)`);
  out.push('');
  const passes: Array<[string, PassResult]> = [];
  if (r.bare) passes.push(['bare', r.bare]);
  if (r.full) passes.push(['full', r.full]);
  const col = (f: (p: PassResult) => string) => passes.map(([, p]) => lpad(f(p), 14)).join('');
  out.push(`${pad('', 22)}${passes.map(([n]) => lpad(n, 14)).join('')}`);
  out.push(`${pad('pages', 22)}${col((p) => String(p.pages))}`);
  out.push(`${pad('wall clock (s)', 22)}${col((p) => num(p.wallSeconds, 2))}`);
  out.push(`${pad('pages/s', 22)}${col((p) => num(p.pagesPerSecond, 2))}`);
  out.push(`${pad('failures', 22)}${col((p) => failures(p))}`);
  out.push(`${pad('peak RSS total (MB)', 22)}${col((p) => num(p.peakRssMb, 0))}`);
  out.push(`${pad('  node (MB)', 22)}${col((p) => num(p.peakRssMbNode, 0))}`);
  out.push(`${pad('  browser (MB)', 22)}${col((p) => num(p.peakRssMbBrowser, 0))}`);
  out.push(`${pad('  browser anon (MB)', 22)}${col((p) => num(p.peakAnonMbBrowser, 0))}`);
  out.push(`${pad('CPU node (s)', 22)}${col((p) => num(p.cpu.nodeSeconds, 1))}`);
  out.push(`${pad('CPU browser (s)', 22)}${col((p) => num(p.cpu.browserSeconds, 1))}`);
  out.push(`${pad('CPU per page (ms)', 22)}${col((p) => num(p.cpu.msPerPage, 0))}`);
  out.push(`${pad('tab: next page direct', 22)}${col((p) => String(p.tabChanges.direct))}`);
  out.push(`${pad('  via about:blank', 22)}${col((p) => String(p.tabChanges.blank))}`);
  if (r.ratioToBare !== null) out.push(`\nfull / bare wall time: ${r.ratioToBare.toFixed(2)}x`);
  if (r.rounds.length > 1) {
    out.push('rounds (wall s): ' + r.rounds.map((x) => x.order.map((n) => `${n} ${num(n === 'bare' ? x.bareSeconds : x.fullSeconds, 2)}`).join(', ')).join(' | '));
  }
  if (r.bare) out.push('', stageTable('bare', r.bare.stages));
  if (r.full) out.push('', stageTable('full', r.full.stages));
  const series = (r.full ?? r.bare)!.memorySeries;
  if (series.length > 1) {
    out.push('', `memory (${r.full ? 'full' : 'bare'} pass)`, `${lpad('pages', 8)}${lpad('node MB', 10)}${lpad('browser MB', 12)}${lpad('anon MB', 10)}${lpad('total MB', 10)}`);
    for (const p of series) {
      out.push(`${lpad(String(p.pages), 8)}${lpad(num(p.nodeMb, 0), 10)}${lpad(num(p.browserMb, 0), 12)}${lpad(num(p.browserAnonMb, 0), 10)}${lpad(num(p.totalMb, 0), 10)}`);
    }
  }
  const samples = passes.flatMap(([n, p]) => p.failureSamples.map((f) => `  ${n}: ${f.code} ${f.url ?? ''}: ${f.message}`));
  if (samples.length) out.push('', 'failures (first 10 per pass)', ...samples);
  out.push('', `memory: ${s.memoryMethod}`);
  return out.join('\n') + '\n';
}
