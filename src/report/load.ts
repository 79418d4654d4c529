/**
 * Report inputs from disk: the records of a `results.jsonl` (written by `viseg extract --jsonl
 * --out`, with `--explain` for block data) and the screenshots they name (`--screenshot-dir`).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { screenshotName } from '../annotate/files.js';
import { readRecords, type SkippedLine } from '../record/jsonl.js';
import type { ExtractRecord } from '../record/schema.js';
import { pngSize } from './png.js';
import type { ReportEntry } from './render.js';
import { at } from '../util/at.js';

/** Text from a record, safe on a terminal: control characters (escape sequences) become U+FFFD. */
function printable(s: unknown): string {
  return String(s).replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function pngsIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((d) => d.isFile() && /\.png$/i.test(d.name))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

/** A file's bytes, or null when there is no such file. */
async function readIfFile(p: string): Promise<Buffer | null> {
  try {
    return (await stat(p)).isFile() ? await readFile(p) : null;
  } catch {
    return null;
  }
}

/**
 * Where a record's screenshot may be, most likely first. `record.screenshot` is the path as
 * `viseg extract` was given it: relative to the directory it ran in, which is not recorded. The
 * report may run elsewhere, so a relative path is tried from the current directory, then from the
 * JSONL's folder and each folder above it (extract ran there and wrote the JSONL below). Results
 * may also have been moved along with their screenshots: the path is then tried inside the
 * JSONL's folder dropping leading folders one at a time (`out/shots/a.png`, then `shots/a.png`,
 * then `a.png`), and in its `screenshots/` subfolder.
 */
export function screenshotCandidates(recorded: string, jsonlDir: string, cwd: string = process.cwd()): string[] {
  const out: string[] = [];
  const add = (p: string) => {
    if (!out.includes(p)) out.push(p);
  };
  if (path.isAbsolute(recorded)) add(recorded);
  else {
    add(path.resolve(cwd, recorded));
    for (let dir = path.resolve(jsonlDir), k = 0; k < 8; k++) {
      add(path.join(dir, recorded));
      const up = path.dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  const parts = recorded.split(/[\\/]+/).filter((s) => s && s !== '.' && s !== '..');
  for (let k = 0; k < parts.length; k++) add(path.join(jsonlDir, ...parts.slice(k)));
  const base = parts[parts.length - 1];
  if (base) add(path.join(jsonlDir, 'screenshots', base));
  return out;
}

/** Report entries and what the reader could not find (missing screenshots), for stderr. */
export interface LoadedReport {
  entries: ReportEntry[];
  warnings: string[];
}

/**
 * Read a results JSONL file, or a directory holding `results.jsonl` (or exactly one `*.jsonl`),
 * and pair each record with its screenshot.
 *
 * A record names its screenshot (`record.screenshot`, written by `--screenshot` and
 * `--screenshot-dir`): it is looked for as {@link screenshotCandidates} says, and when it is
 * nowhere the report says so on that page and in `warnings`. Records of older runs, which do not
 * name it, are paired by file name in the JSONL's folder and its `screenshots/` subfolder:
 * `screenshotName(record.input, index)`, then the same name after the `NNNN-` counter if exactly
 * one such file is left (after `--resume`, which shifts indexes), then, with a single record and
 * a single PNG, whatever the PNG's name. Block data comes from `record.decision.blocks` (`--explain`).
 * Lines that are not records are passed to `onSkip` and left out.
 */
export async function loadReportInputs(pathToResultsJsonlOrDir: string, onSkip?: (s: SkippedLine) => void): Promise<LoadedReport> {
  let jsonl = pathToResultsJsonlOrDir;
  if (await isDir(pathToResultsJsonlOrDir)) {
    const dir = pathToResultsJsonlOrDir;
    jsonl = path.join(dir, 'results.jsonl');
    if (!(await stat(jsonl).then((s) => s.isFile(), () => false))) {
      const found = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.jsonl')).sort();
      if (found.length !== 1) throw new Error(`no results.jsonl in ${dir}` + (found.length > 1 ? ` (and ${found.length} other .jsonl files)` : ''));
      jsonl = path.join(dir, at(found, 0));
    }
  }
  const records: ExtractRecord[] = [];
  for await (const { record } of readRecords(jsonl, onSkip)) records.push(record); // streamed: the file may exceed a string's size
  if (records.length === 0) {
    throw new Error(`no viseg records in ${jsonl}: give the JSONL that \`viseg extract --jsonl\` or \`--out\` wrote (one JSON record per line)`);
  }
  const base = path.dirname(jsonl);
  const warnings: string[] = [];
  const shots: Array<Buffer | undefined> = new Array(records.length);
  const missing: Array<string | undefined> = new Array(records.length);

  await Promise.all(records.map(async (r, i) => {
    if (typeof r.screenshot !== 'string' || !r.screenshot) return;
    for (const p of screenshotCandidates(r.screenshot, base)) {
      const bytes = await readIfFile(p);
      // a record names a path, not a file the report may embed whatever it holds
      if (bytes && pngSize(bytes)) {
        shots[i] = bytes;
        return;
      }
    }
    missing[i] = r.screenshot;
  }));
  missing.forEach((p, i) => {
    if (!p) return;
    warnings.push(`page ${i + 1} (${printable(at(records, i).input)}): screenshot ${printable(p)} not found (or not a PNG), here or next to ${printable(path.basename(jsonl))}`);
  });

  // Older records that do not name their screenshot: pair by file name.
  const legacy = records.map((r, i) => (typeof r.screenshot === 'string' && r.screenshot ? -1 : i)).filter((i) => i >= 0);
  if (legacy.length) {
    const dirs = [base, path.join(base, 'screenshots')];
    const files = new Map<string, string>(); // name -> full path (first folder wins)
    for (const d of dirs) for (const n of await pngsIn(d)) if (!files.has(n)) files.set(n, path.join(d, n));
    const named = new Set(records.map((r) => (typeof r.screenshot === 'string' ? path.basename(r.screenshot) : '')));
    const used = new Set<string>([...files.keys()].filter((n) => named.has(n)));
    const chosen = new Map<number, string>();
    for (const i of legacy) {
      const name = screenshotName(at(records, i).input, i);
      if (files.has(name) && !used.has(name)) {
        used.add(name);
        chosen.set(i, files.get(name)!);
      }
    }
    for (const i of legacy) {
      if (chosen.has(i)) continue;
      const tail = screenshotName(at(records, i).input, i).replace(/^\d{4}-/, '');
      const candidates = [...files.keys()].filter((n) => !used.has(n) && /^\d{4,}-/.test(n) && n.replace(/^\d{4,}-/, '') === tail);
      if (candidates.length === 1) {
        used.add(at(candidates, 0));
        chosen.set(i, files.get(at(candidates, 0))!);
      }
    }
    if (records.length === 1 && !chosen.has(0) && files.size === 1) chosen.set(0, at([...files.values()], 0));
    for (const [i, file] of chosen) shots[i] = await readFile(file);
  }

  const entries = records.map((record, i): ReportEntry => {
    const entry: ReportEntry = { record };
    const blocks = record.decision?.blocks;
    if (Array.isArray(blocks)) entry.blocks = blocks;
    if (shots[i]) entry.screenshot = shots[i];
    if (missing[i]) entry.missingScreenshot = missing[i];
    return entry;
  });
  return { entries, warnings };
}
