/**
 * Where `viseg extract` output goes, and in what form: stdout, one file, or one file per input
 * (`--output-dir`), as text, HTML, Markdown, a JSON record or JSONL records. Record files are
 * written a whole line at a time and can be resumed (`--resume`, `--retry-failed`).
 */
import { createWriteStream, existsSync, statSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { finished } from 'node:stream/promises';
import type { ResolvedInput } from '../browser/index.js';
import { OptionsError } from '../options.js';
import { cutTornTail, jsonLine, openLineWriter, parseRecordLine, readLines, readRecords, type SkippedLine } from '../record/jsonl.js';
import type { ExtractRecord } from '../record/schema.js';
import { out, outRaw, printable } from './terminal.js';
import { at } from '../util/at.js';

export const FORMATS = ['text', 'html', 'markdown', 'json', 'jsonl'] as const;
export type Format = (typeof FORMATS)[number];

/** Formats that hold one page (a file or stdout takes one such page). */
const ONE_PAGE: ReadonlySet<Format> = new Set(['text', 'html', 'markdown', 'json']);

/** File name extension per format (for `--output-dir`). */
export const EXTENSIONS: Readonly<Record<Format, string>> = { text: '.txt', html: '.html', markdown: '.md', json: '.json', jsonl: '.jsonl' };

export type Target = { kind: 'stdout' } | { kind: 'file'; path: string } | { kind: 'dir'; path: string };

/** The format a file's name asks for. */
export function formatOfFile(file: string): Format {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.md' || ext === '.markdown') return 'markdown';
  if (ext === '.html' || ext === '.htm') return 'html';
  if (ext === '.txt' || ext === '.text') return 'text';
  if (ext === '.json') return 'json';
  return 'jsonl';
}

export interface OutputChoice {
  target: Target;
  format: Format;
}

/**
 * Where output goes and in what format, from the flags and the number of pages. Anything that
 * cannot apply is a usage error (checked before any browser starts).
 */
export function chooseOutput(o: { out?: string; outputDir?: string; format?: Format; jsonl?: boolean }, pages: number): OutputChoice {
  if (o.out !== undefined && o.outputDir !== undefined) throw new OptionsError('give either -o/--out or --output-dir, not both');
  if (o.jsonl && o.format !== undefined && o.format !== 'jsonl') throw new OptionsError(`--jsonl and --format ${o.format} contradict each other`);
  const asked = o.jsonl ? 'jsonl' : o.format;
  let target: Target = { kind: 'stdout' };
  if (o.outputDir !== undefined) target = { kind: 'dir', path: o.outputDir };
  else if (o.out !== undefined) {
    const isDir = /[/\\]$/.test(o.out) || (existsSync(o.out) && statSync(o.out).isDirectory());
    target = isDir ? { kind: 'dir', path: o.out } : { kind: 'file', path: o.out };
  }
  const format: Format = asked ?? (target.kind === 'file' ? formatOfFile(target.path) : target.kind === 'dir' || pages <= 1 ? 'text' : 'jsonl');
  if (target.kind !== 'dir' && pages > 1 && ONE_PAGE.has(format)) {
    const where = target.kind === 'file' ? target.path : 'stdout';
    throw new OptionsError(
      `--format ${format} holds one page, and there are ${pages} inputs for ${where}: use --format jsonl for records, or --output-dir DIR for one file per input`,
    );
  }
  return { target, format };
}

/** Front matter / header fields of `--with-metadata`. */
function metadataFields(r: ExtractRecord): Array<[string, string | number | null]> {
  return [
    ['title', r.title],
    ['author', r.byline],
    ['date', r.publishedTime],
    ['url', r.finalUrl ?? r.url],
    ['site', r.siteName],
    ['lang', r.lang],
    ['type', r.pageType],
    ['words', r.wordCount],
  ];
}

/**
 * A YAML double-quoted scalar. Besides what YAML needs escaped, the characters that could become
 * markup when the file is rendered as Markdown without front matter support (`<`, `>`, `&`, `[`,
 * `]`, backtick) are written as `\uXXXX` escapes, which YAML reads back as the characters.
 */
export function yamlString(s: string): string {
  return '"' + s.replace(/[\\"\u0000-\u001f\u007f-\u009f\u2028\u2029<>&[\]`]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '"';
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** One page in a one-page format (`--with-metadata`: front matter, a header, or an HTML head). */
export function renderPage(r: ExtractRecord, format: Exclude<Format, 'jsonl'>, withMetadata: boolean): string {
  if (format === 'json') return jsonLine(r, 2) + '\n';
  const body = format === 'html' ? r.html : format === 'markdown' ? r.markdown : r.text;
  const end = (s: string) => (s.endsWith('\n') || s === '' ? s : s + '\n');
  if (!withMetadata) return end(body);
  const fields = metadataFields(r).filter(([, v]) => v !== null && v !== '');
  if (format === 'markdown') {
    const lines = fields.map(([k, v]) => `${k}: ${typeof v === 'number' ? v : yamlString(v as string)}`);
    return `---\n${lines.join('\n')}\n---\n\n${end(body)}`;
  }
  if (format === 'text') {
    const label = (k: string) => at(k, 0).toUpperCase() + k.slice(1);
    return `${fields.map(([k, v]) => `${label(k)}: ${String(v).replace(/\s+/g, ' ')}`).join('\n')}\n\n${end(body)}`;
  }
  const meta = (name: string, v: string | number | null) => (v === null || v === '' ? '' : `<meta name="${name}" content="${escapeHtml(String(v))}">\n`);
  const lang = r.lang && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(r.lang) ? ` lang="${r.lang}"` : '';
  return (
    `<!doctype html>\n<html${lang}>\n<head>\n<meta charset="utf-8">\n<title>${escapeHtml(r.title ?? '')}</title>\n` +
    meta('author', r.byline) + meta('date', r.publishedTime) + meta('url', r.finalUrl ?? r.url) + meta('viseg:page-type', r.pageType) +
    `</head>\n<body>\n${end(body)}</body>\n</html>\n`
  );
}

/** Record fields `--property` can print. */
export const PROPERTIES = [
  'input', 'ok', 'url', 'finalUrl', 'title', 'byline', 'publishedTime', 'siteName', 'lang', 'leadImage', 'excerpt', 'wordCount',
  'pageType', 'strategy', 'text', 'html', 'markdown', 'mainBlock', 'timings', 'warnings', 'error',
] as const;
export type Property = (typeof PROPERTIES)[number];

export function checkProperty(name: string): Property {
  if ((PROPERTIES as readonly string[]).includes(name)) return name as Property;
  throw new OptionsError(`--property must be one of ${PROPERTIES.join(', ')}; got ${JSON.stringify(name)}`);
}

/** One field of a record as text: strings as they are, null as nothing, anything else as JSON. */
export function propertyText(r: ExtractRecord, name: Property): string {
  const v = r[name];
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? jsonLine(v) : String(v);
  return s.endsWith('\n') ? s : s + '\n';
}

/** Print one page, to stdout (controls removed unless it is JSON, which escapes them). */
export function printPage(text: string, format: Format): void {
  if (format === 'json' || format === 'jsonl') outRaw(text);
  else out(text);
}

/** The file for one input in `--output-dir`: its name without HTML suffixes, made safe, unique in the run. */
export function outputName(label: string, format: Format, taken: Set<string>): string {
  const base = path.basename(label.replace(/[?#].*$/, '').replace(/\/+$/, '')) || 'page';
  const stem = base.replace(/\.(x?html?)(\.gz)?$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '').slice(0, 120) || 'page';
  let name = stem + EXTENSIONS[format];
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${EXTENSIONS[format]}`;
  taken.add(name.toLowerCase());
  return name;
}

/** Write one input's file in `--output-dir`. */
export async function writePageFile(dir: string, name: string, text: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, name);
  await writeFile(file, (name.endsWith('.json') ? text : printable(text)), 'utf8');
  return file;
}

/** JSONL records to stdout or to a file (whole lines; `append` after what is there). */
export interface RecordSink {
  write(record: ExtractRecord): void;
  close(): void;
}

export function openRecordSink(file: string | undefined, append: boolean): RecordSink {
  if (file === undefined) return { write: (r) => outRaw(jsonLine(r) + '\n'), close: () => undefined };
  const w = openLineWriter(file, append);
  return { write: (r) => w.write(jsonLine(r) + '\n'), close: () => w.close() };
}

/**
 * What identifies an input across runs, whatever its spelling: a local file's absolute path
 * (`pages/a.html`, `./pages/a.html` and `$PWD/pages/a.html` are one input), a URL as the URL
 * parser writes it, `-` for stdin.
 */
export function inputKey(label: string): string {
  if (label === '-') return '-';
  if (/^https?:\/\//i.test(label)) {
    try {
      return new URL(label).href;
    } catch {
      return label;
    }
  }
  if (/^file:/i.test(label)) {
    try {
      return fileURLToPath(label);
    } catch {
      return label;
    }
  }
  return path.resolve(label);
}

/** The key of a resolved input (see {@link inputKey}). */
export function resolvedKey(input: ResolvedInput, label: string): string {
  if (input.kind === 'file' && input.path) return input.path;
  return inputKey(input.kind === 'url' && input.url ? input.url : label);
}

export interface ResumeState {
  /** Keys of inputs with a record to keep (not to be rendered again). */
  done: Set<string>;
  /** Error records removed for `--retry-failed`. */
  retried: number;
  /** Lines that were not records. */
  skipped: SkippedLine[];
}

/**
 * Prepare `file` for `--resume`: cut a torn last line, and read which inputs it has records for
 * (streamed: the file may be larger than memory allows as one string). With `retryFailed`, the
 * error records of `retry` inputs are removed from the file (rewritten next to it, then renamed
 * over it, so it is never half-written; other lines are kept as they are) and those inputs are
 * not done.
 */
export async function prepareResume(file: string, retryFailed: boolean, retry: ReadonlySet<string>): Promise<ResumeState> {
  const state: ResumeState = { done: new Set(), retried: 0, skipped: [] };
  if (!existsSync(file)) return state;
  await cutTornTail(file);
  const failed = new Set<string>();
  for await (const { record } of readRecords(file, (s) => state.skipped.push(s))) {
    const key = inputKey(record.input);
    if (record.ok) {
      state.done.add(key);
      failed.delete(key);
    } else if (!state.done.has(key)) failed.add(key);
  }
  const drop = retryFailed ? new Set([...failed].filter((k) => retry.has(k))) : new Set<string>();
  for (const k of failed) if (!drop.has(k)) state.done.add(k);
  if (!drop.size) return state;

  const tmp = `${file}.viseg-${process.pid}.tmp`;
  const w = createWriteStream(tmp, { flags: 'w' });
  try {
    for await (const raw of readLines(file)) {
      const r = parseRecordLine(raw);
      if (r.ok && !r.record.ok && drop.has(inputKey(r.record.input))) {
        state.retried++;
        continue;
      }
      if (!w.write(raw + '\n')) await new Promise<void>((r) => w.once('drain', () => r()));
    }
    w.end();
    await finished(w);
    await rename(tmp, file);
  } catch (e) {
    w.destroy();
    await rm(tmp, { force: true });
    throw e;
  }
  return state;
}
