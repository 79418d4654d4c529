/**
 * Report inputs from disk: the records of a `results.jsonl` (written by `viseg extract --jsonl
 * --out`, with `--explain` for block data) and the screenshots next to it (`--screenshot-dir`).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { screenshotName } from '../cli/screenshot-options.js';
import { readRecords, type SkippedLine } from '../record/jsonl.js';
import { parseRecord, type ExtractRecord } from '../record/schema.js';
import type { ReportEntry } from './render.js';

/** Records of JSONL text, validated; blank, torn or non-record lines are skipped. */
export function parseRecords(text: string): ExtractRecord[] {
  const out: ExtractRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = parseRecord(JSON.parse(line));
      if (r.ok) out.push(r.record);
    } catch {
      /* torn or foreign line */
    }
  }
  return out;
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

/**
 * Read a results JSONL file, or a directory holding `results.jsonl` (or exactly one `*.jsonl`),
 * and pair each record with its screenshot.
 *
 * Screenshots are looked for in the JSONL's folder and in its `screenshots/` subfolder, named as
 * `--screenshot-dir` names them: `screenshotName(record.input, index)` with `index` the record's
 * position in the file. When that exact name is missing (e.g. after `--resume`, which shifts
 * indexes), a file with the same name after the `NNNN-` counter is used if exactly one such file
 * is left. With a single record and a single PNG, they are paired whatever the PNG's name
 * (`--screenshot <file>`). Block data comes from `record.decision.blocks` (`--explain`). Lines that
 * are not records are passed to `onSkip` and left out.
 */
export async function loadReportInputs(pathToResultsJsonlOrDir: string, onSkip?: (s: SkippedLine) => void): Promise<ReportEntry[]> {
  let jsonl = pathToResultsJsonlOrDir;
  if (await isDir(pathToResultsJsonlOrDir)) {
    const dir = pathToResultsJsonlOrDir;
    jsonl = path.join(dir, 'results.jsonl');
    if (!(await stat(jsonl).then((s) => s.isFile(), () => false))) {
      const found = (await readdir(dir)).filter((n) => n.toLowerCase().endsWith('.jsonl')).sort();
      if (found.length !== 1) throw new Error(`no results.jsonl in ${dir}` + (found.length > 1 ? ` (and ${found.length} other .jsonl files)` : ''));
      jsonl = path.join(dir, found[0]!);
    }
  }
  const records: ExtractRecord[] = [];
  for await (const { record } of readRecords(jsonl, onSkip)) records.push(record); // streamed: the file may exceed a string's size
  if (records.length === 0) {
    throw new Error(`no viseg records in ${jsonl}: give the JSONL that \`viseg extract --jsonl\` or \`--out\` wrote (one JSON record per line)`);
  }
  const base = path.dirname(jsonl);
  const dirs = [base, path.join(base, 'screenshots')];
  const files = new Map<string, string>(); // name -> full path (first folder wins)
  for (const d of dirs) for (const n of await pngsIn(d)) if (!files.has(n)) files.set(n, path.join(d, n));

  const used = new Set<string>();
  const chosen: Array<string | undefined> = records.map((r, i) => {
    const name = screenshotName(r.input, i);
    if (files.has(name)) {
      used.add(name);
      return files.get(name);
    }
    return undefined;
  });
  records.forEach((r, i) => {
    if (chosen[i]) return;
    const tail = screenshotName(r.input, i).replace(/^\d{4}-/, '');
    const candidates = [...files.keys()].filter((n) => !used.has(n) && /^\d{4,}-/.test(n) && n.replace(/^\d{4,}-/, '') === tail);
    if (candidates.length === 1) {
      used.add(candidates[0]!);
      chosen[i] = files.get(candidates[0]!);
    }
  });
  if (records.length === 1 && !chosen[0] && files.size === 1) chosen[0] = [...files.values()][0];

  return Promise.all(records.map(async (record, i): Promise<ReportEntry> => {
    const entry: ReportEntry = { record };
    const blocks = record.decision?.blocks;
    if (Array.isArray(blocks)) entry.blocks = blocks;
    const file = chosen[i];
    if (file) entry.screenshot = await readFile(file);
    return entry;
  }));
}
