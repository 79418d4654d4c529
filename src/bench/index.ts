/** Benchmarking helpers behind `viseg bench`. */
export { percentile, median, summarize, StageRecorder, ratio, round1, round2, type StageSummary } from './stats.js';
export {
  parseProcStat, parseVmRssKb, parseStatusKb, descendants, readTree, readCpu, cpuDelta, MemorySampler, linuxProcReader, CLOCK_TICKS_PER_SECOND,
  type ProcStat, type ProcReader, type TreeReading, type MemorySample, type MemoryPeaks, type CpuReading,
} from './proc.js';
export { runBench, repeatInputs, MEMORY_METHOD, type BenchOptions, type BenchResult, type BenchContext } from './run.js';
export { PassMeter, type PassResult, type MemoryPoint, type MeterOptions, type PassName } from './meter.js';
export { benchBare, benchFull, runPool, FULL_STAGES, BARE_STAGES, type PassOptions } from './passes.js';
export { formatBench, stageTable } from './format.js';
