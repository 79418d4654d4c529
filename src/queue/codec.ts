/**
 * Records as they are kept in Redis: the record's JSON (exactly the bytes `viseg extract --jsonl`
 * writes for it), Brotli-compressed, after a one-byte format tag. A record's text, HTML and
 * Markdown say the same thing three times, which Brotli folds together (docs/scale-out.md has the
 * sizes measured on real pages).
 */
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type { ExtractRecord } from '../pipeline/record.js';
import { parseRecordLine } from '../record/jsonl.js';

const FORMAT_BROTLI_JSON = 1;

/** Quality 5 of 11: most of the size gain at a small part of the CPU of the higher qualities. */
const QUALITY = 5;

export function encodeRecord(record: ExtractRecord): Buffer {
  const json = Buffer.from(JSON.stringify(record), 'utf8');
  const body = brotliCompressSync(json, {
    params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: json.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  return Buffer.concat([Buffer.from([FORMAT_BROTLI_JSON]), body]);
}

/** The record's JSON text (one JSONL line without its newline). */
export function decodeRecordJson(blob: Buffer): string {
  if (blob.length === 0 || blob[0] !== FORMAT_BROTLI_JSON) throw new Error(`unknown record format ${blob[0] ?? '(empty)'} in the queue`);
  return brotliDecompressSync(blob.subarray(1)).toString('utf8');
}

/** The record in `blob`, validated by the record schema; throws if it is not one. */
export function decodeRecord(blob: Buffer): ExtractRecord {
  const r = parseRecordLine(decodeRecordJson(blob));
  if (!r.ok) throw new Error(`a record in the queue is ${r.error}`);
  return r.record;
}
