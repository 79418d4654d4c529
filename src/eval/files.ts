/**
 * The predictions `viseg eval` reads (gold files: ./gold.ts), with one schema and one reader:
 * - predictions: viseg's JSONL records (`input` gives the page id, `text` the prediction), or a
 *   JSON object like the gold file, optionally wrapped as `{ "version": ..., "output": {...} }`.
 */
import { open, readFile } from 'node:fs/promises';
import { z } from 'zod';
import { OptionsError } from '../options.js';
import { readRecords } from '../record/jsonl.js';
import { entryText, schemaProblem, textMapSchema, type TextMap } from './gold.js';
import { pageId } from './score.js';
import { at } from '../util/at.js';

const wrappedTextMapSchema = z.looseObject({ version: z.unknown(), output: textMapSchema });

function texts(map: TextMap): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [id, v] of Object.entries(map)) out[id] = entryText(v);
  return out;
}

/** Whether the file starts like one JSON object rather than lines of records (reads 64 KB at most). */
async function looksLikeOneObject(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const head = buf.subarray(0, bytesRead).toString('utf8').trimStart();
    if (!head.startsWith('{')) return false;
    const firstLine = at(head.split('\n', 1), 0);
    // a JSONL file's first line is a whole record, with "input" and "ok"
    try {
      const first = JSON.parse(firstLine) as Record<string, unknown>;
      return !('input' in first && 'ok' in first);
    } catch {
      return true; // an object spread over several lines
    }
  } finally {
    await fh.close();
  }
}

/**
 * Predictions: page id -> extracted text. viseg records are streamed (a results file may be
 * large); lines that are not records are reported to `onSkip`.
 */
export async function readPredictions(file: string, onSkip?: (line: number, error: string) => void): Promise<Record<string, string>> {
  if (await looksLikeOneObject(file)) {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      throw new OptionsError(`cannot read predictions ${file}: ${(e as Error).message}`);
    }
    const wrapped = wrappedTextMapSchema.safeParse(json);
    if (wrapped.success) return texts(wrapped.data.output);
    const r = textMapSchema.safeParse(json);
    if (!r.success) throw new OptionsError(`predictions ${file} are neither viseg records nor a map of page id to {"articleBody": "..."}: ${schemaProblem(r.error)}`);
    return texts(r.data);
  }
  const out: Record<string, string> = {};
  for await (const { record } of readRecords(file, (s) => onSkip?.(s.line, s.error))) out[pageId(record.input)] = record.text;
  return out;
}
