/**
 * Record files (JSONL: one JSON record per line). Read as a stream, so a file of any size can be
 * resumed or reported on; written a whole line at a time, so a full disk or a kill never leaves a
 * torn line in the middle of the file.
 */
import { closeSync, createReadStream, fstatSync, ftruncateSync, openSync, readSync, writeSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseRecord, type ExtractRecord } from './schema.js';
import { escapedJson } from '../util/controls.js';

/** JSON text of `value` on one line, with C1 controls and U+2028/2029 escaped as well (terminal- and JS-safe). */
export function jsonLine(value: unknown, indent?: number): string {
  return escapedJson(value, indent);
}

export interface SkippedLine {
  /** 1-based line number. */
  line: number;
  error: string;
}

export interface RecordLine {
  record: ExtractRecord;
  /** 1-based line number. */
  line: number;
  /** The line as it is in the file. */
  raw: string;
}

/** One JSONL line as a record, validated by the record schema, or the reason it is not one. */
export function parseRecordLine(raw: string): { ok: true; record: ExtractRecord } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    return { ok: false, error: `not JSON (${(e as Error).message})` };
  }
  return parseRecord(json);
}

/**
 * The records of a JSONL file in file order, read as a stream. Blank lines are passed over; a line
 * that is not a record (not JSON, or not a viseg record) is reported to `onSkip` and passed over.
 */
export async function* readRecords(file: string, onSkip?: (s: SkippedLine) => void): AsyncGenerator<RecordLine> {
  let n = 0;
  for await (const raw of readLines(file)) {
    n++;
    if (!raw.trim()) continue;
    const r = parseRecordLine(raw);
    if (r.ok) yield { record: r.record, line: n, raw };
    else onSkip?.({ line: n, error: r.error });
  }
}

/** The lines of a text file, streamed (`\n` or `\r\n` ends). */
export function readLines(file: string): AsyncIterable<string> {
  return createInterface({ input: createReadStream(file), crlfDelay: Infinity });
}

/**
 * Cut a torn last line (a run killed mid-write) off `file`, so that appending starts on a line of
 * its own. Reads only the end of the file. Returns the bytes removed (0 when none, or no file).
 */
export async function cutTornTail(file: string): Promise<number> {
  let size: number;
  try {
    size = (await stat(file)).size;
  } catch {
    return 0;
  }
  if (size === 0) return 0;
  const fd = openSync(file, 'r+');
  try {
    const chunk = Buffer.alloc(64 * 1024);
    let end = size;
    while (end > 0) {
      const start = Math.max(0, end - chunk.length);
      const n = readSync(fd, chunk, 0, end - start, start);
      const nl = chunk.subarray(0, n).lastIndexOf(0x0a);
      if (nl >= 0) {
        const keep = start + nl + 1;
        if (keep < size) ftruncateSync(fd, keep);
        return size - keep;
      }
      end = start;
    }
    ftruncateSync(fd, 0);
    return size;
  } finally {
    closeSync(fd);
  }
}

/** Writing the output file failed; the file holds whole records only. */
export class OutputWriteError extends Error {
  constructor(readonly file: string, cause: unknown) {
    super(`cannot write ${file}: ${(cause as Error).message ?? String(cause)}; the file ends with the last whole record`, { cause });
    this.name = 'OutputWriteError';
  }
}

export interface LineWriter {
  /** Write `text` (which ends with a newline) whole, or throw {@link OutputWriteError} leaving the file as it was. */
  write(text: string): void;
  close(): void;
}

/** The system calls a {@link LineWriter} uses (a test can make them fail the way a full disk does). */
export interface LineWriterIo {
  writeSync: (fd: number, buf: Buffer, offset: number, length: number) => number;
  ftruncateSync: (fd: number, len: number) => void;
}

/**
 * Open `file` for whole-line writes (`append`: after what is there). A write that fails part-way
 * (ENOSPC, EFBIG, EIO) is undone by cutting the file back to where the line began.
 */
export function openLineWriter(file: string, append: boolean, io: LineWriterIo = { writeSync, ftruncateSync }): LineWriter {
  const fd = openSync(file, append ? 'a' : 'w');
  let size = fstatSync(fd).size;
  let closed = false;
  return {
    write(text) {
      const buf = Buffer.from(text, 'utf8');
      let done = 0;
      try {
        while (done < buf.length) done += io.writeSync(fd, buf, done, buf.length - done);
      } catch (e) {
        try {
          if (done > 0) io.ftruncateSync(fd, size);
        } catch {
          /* the write error is the one to report */
        }
        throw new OutputWriteError(file, e);
      }
      size += buf.length;
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}
