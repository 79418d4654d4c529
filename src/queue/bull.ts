/**
 * BullMQ and ioredis, loaded when a queue command first talks to Redis: every other command (and
 * a library user who never queues) would otherwise pay for loading them at start-up.
 */
import { createRequire } from 'node:module';
import type * as BullMQ from 'bullmq';
import type * as IORedis from 'ioredis';

const load = createRequire(import.meta.url);
let bull: typeof BullMQ | undefined;
let redis: typeof IORedis | undefined;

export function bullmq(): typeof BullMQ {
  return (bull ??= load('bullmq') as typeof BullMQ);
}

export function ioredis(): typeof IORedis {
  return (redis ??= load('ioredis') as typeof IORedis);
}
