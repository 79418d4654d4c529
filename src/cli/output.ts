/**
 * Where records go: stdout or a JSONL file (append-safe, resumable), one line each.
 */
import { closeSync, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { ExtractRecord } from '../pipeline/record.js';

export interface RecordSink {
  write(record: ExtractRecord): void;
  close(): void;
}

/** Inputs already recorded in a JSONL file; a torn last line (killed mid-write) is cut off. */
export function recordedInputs(file: string): Set<string> {
  const seen = new Set<string>();
  if (!existsSync(file)) return seen;
  const buf = readFileSync(file);
  const text = buf.toString('utf8');
  const lastNl = text.lastIndexOf('\n');
  const complete = lastNl >= 0 ? text.slice(0, lastNl + 1) : '';
  if (Buffer.byteLength(complete) !== buf.length) {
    const fd = openSync(file, 'r+');
    try {
      ftruncateSync(fd, Buffer.byteLength(complete));
    } finally {
      closeSync(fd);
    }
  }
  for (const line of complete.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = JSON.parse(line) as { input?: string };
      if (typeof r.input === 'string') seen.add(r.input);
    } catch {
      /* not a record */
    }
  }
  return seen;
}

export function openSink(out: string | undefined, append: boolean): RecordSink {
  if (!out) {
    return {
      write: (r) => void process.stdout.write(JSON.stringify(r) + '\n'),
      close: () => undefined,
    };
  }
  const fd = openSync(out, append ? 'a' : 'w');
  return {
    // one synchronous write per record: a kill never leaves more than one torn line
    write: (r) => void writeSync(fd, JSON.stringify(r) + '\n'),
    close: () => closeSync(fd),
  };
}
