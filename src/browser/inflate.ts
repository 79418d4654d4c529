/**
 * Reading pages and assets with a size cap, gzip included. A 1.5 MB `.html.gz` can inflate to
 * 1.5 GB: inflating it in one synchronous call blocks the event loop (every other page's deadline
 * with it) and holds the whole result in memory. Here inflation is a zlib stream, which runs on
 * libuv's thread pool, and stops as soon as the output passes the cap.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { VisegError } from './errors.js';

/** The largest page (or asset) viseg reads, after inflation: 100 MB. */
export const MAX_INPUT_BYTES = 100 * 1024 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b];

/** True when `bytes` start like a gzip stream. */
export function looksGzipped(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/** The input is larger than {@link MAX_INPUT_BYTES} (inflated). Code INPUT_TOO_LARGE. */
export class InputTooLargeError extends VisegError {
  constructor(name: string, cap: number) {
    super('INPUT_TOO_LARGE', `${name} is larger than ${Math.round(cap / 1024 / 1024)} MB${/\.gz$/i.test(name) ? ' once inflated' : ''}, viseg's limit for one page.`);
    this.name = 'InputTooLargeError';
  }
}

/** A gzip stream that is not valid. Code BINARY_INPUT: what it holds is not a page. */
export class CorruptGzipError extends VisegError {
  constructor(name: string) {
    super('BINARY_INPUT', `${name} is not valid gzip`);
    this.name = 'CorruptGzipError';
  }
}

async function collect(source: Readable, name: string, cap: number, gzipped: boolean): Promise<Buffer> {
  const stream = gzipped ? source.pipe(createGunzip()) : source;
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > cap) throw new InputTooLargeError(name, cap);
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof VisegError) throw e;
    if (gzipped && (e as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new CorruptGzipError(name);
    throw e;
  } finally {
    source.destroy();
    stream.destroy();
  }
  return Buffer.concat(chunks, total);
}

/** Read a file, gunzipping it when `gzipped`, never holding more than `cap` bytes. */
export function readCapped(file: string, gzipped: boolean, cap = MAX_INPUT_BYTES): Promise<Buffer> {
  return collect(createReadStream(file), file, cap, gzipped);
}

/** Gunzip bytes (read from stdin) off the event loop, never holding more than `cap` bytes. */
export function inflateCapped(bytes: Buffer, name: string, cap = MAX_INPUT_BYTES): Promise<Buffer> {
  return collect(Readable.from([bytes]), name, cap, true);
}
