/**
 * viseg on a job queue: `enqueue` inputs with their extraction options into Redis (BullMQ), run
 * any number of `runWorker`s on any number of machines, read the records back in enqueue order
 * with `readResults` (or `drainResults` to a file), and watch with `queueStatus`.
 * docs/scale-out.md describes the design and how to size a fleet.
 */
export { enqueue, DEFAULT_ATTEMPTS, type EnqueueOptions, type EnqueueResult } from './enqueue.js';
export { runWorker, DEFAULT_LOCK_MS, type WorkerOptions, type QueueWorker, type WorkerStats } from './worker.js';
export { readResults, drainResults, resultLines, DrainedError, type ResultsOptions, type ResultsStream, type DrainOptions, type DrainResult } from './results.js';
export { queueStatus, clearQueue, type QueueStatus, type WorkerInfo } from './status.js';
export { QueueConnectionError } from './redis.js';
export { DEFAULT_QUEUE, DEFAULT_REDIS_URL, resolveLocation, displayUrl, type QueueLocation } from './keys.js';
