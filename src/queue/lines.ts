/** The complete lines of a JSONL file that a killed writer may have left with a torn last line. */
import { closeSync, ftruncateSync, openSync, readFileSync } from 'node:fs';

/** The file's complete lines (without their newlines); a torn last line is cut off the file. */
export function readCompleteLines(file: string): string[] {
  const buf = readFileSync(file);
  const end = buf.lastIndexOf(0x0a) + 1;
  if (end !== buf.length) {
    const fd = openSync(file, 'r+');
    try {
      ftruncateSync(fd, end);
    } finally {
      closeSync(fd);
    }
  }
  return buf.subarray(0, end).toString('utf8').split('\n').slice(0, -1).filter((l) => l.trim());
}
