/** Benchmarking helpers behind `viseg bench`. */
export { percentile, median, summarize, StageRecorder, ratio, round1, round2, type StageSummary } from './stats.js';
export {
  parseProcStat, parseVmRssKb, parseStatusKb, descendants, readTree, readCpu, cpuDelta, MemorySampler, linuxProcReader, CLOCK_TICKS_PER_SECOND,
  type ProcStat, type ProcReader, type TreeReading, type MemorySample, type MemoryPeaks, type CpuReading,
} from './proc.js';
export {
  runBench, runPool, repeatInputs, FULL_STAGES, BARE_STAGES, MEMORY_METHOD,
  type BenchOptions, type BenchResult, type PassResult, type MemoryPoint, type BenchContext,
} from './run.js';
export { formatBench, stageTable } from './format.js';
