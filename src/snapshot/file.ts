/**
 * A snapshot as a file: the one writer and the one reader of what `viseg snapshot -o` writes, what
 * `viseg eval` and `viseg check` read back, and the recorded fixtures. The file is the snapshot's
 * JSON, gzipped when its name ends in `.gz`; the reader gunzips by content (gzip's magic bytes),
 * not by name, and validates the whole snapshot through the schema, so a file of another snapshot
 * version or of another format is refused with a {@link SnapshotError} saying so.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { parseSnapshot, SnapshotError } from './schema.js';
import type { PageSnapshot } from './types.js';
import { escapedJson } from '../util/controls.js';

/** Whether a file name asks for gzip (`.gz`, any case). */
export function isGzipName(file: string): boolean {
  return file.toLowerCase().endsWith('.gz');
}

/**
 * A snapshot file's bytes: its JSON (indented when `indent` is given; controls escaped as in every
 * JSON viseg writes, since page text is hostile) and a newline, gzipped at
 * the highest level when `gzip` (Node's gzip header carries no name or time, so the same snapshot
 * always gives the same bytes).
 */
export function encodeSnapshot(snapshot: PageSnapshot, o: { gzip: boolean; indent?: number }): Buffer {
  const json = Buffer.from(escapedJson(snapshot, o.indent) + '\n', 'utf8');
  return o.gzip ? gzipSync(json, { level: 9 }) : json;
}

/** A snapshot from a file's bytes (plain or gzipped JSON), validated. Throws {@link SnapshotError}. */
export function decodeSnapshot(bytes: Uint8Array): PageSnapshot {
  let text: string;
  try {
    text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : Buffer.from(bytes)).toString('utf8');
  } catch (e) {
    throw new SnapshotError(`not a viseg snapshot: ${(e as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new SnapshotError(`not a viseg snapshot: not JSON (${(e as Error).message})`);
  }
  return parseSnapshot(value);
}

/** Read and validate a snapshot file. Throws {@link SnapshotError} (or the file system's error). */
export function readSnapshotFile(file: string): PageSnapshot {
  return decodeSnapshot(readFileSync(file));
}
