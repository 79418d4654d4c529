/**
 * BullMQ and ioredis, loaded when a queue command first talks to Redis: every other command (and
 * a library user who never queues) would otherwise pay for loading them at start-up.
 */
import type * as BullMQ from 'bullmq';
import type * as IORedis from 'ioredis';
import { lazyRequire } from '../util/lazy.js';

export const bullmq = lazyRequire<typeof BullMQ>('bullmq');
export const ioredis = lazyRequire<typeof IORedis>('ioredis');
