/**
 * `viseg check`, the runner: find the sites in a folder, serve each on the session's loopback
 * file server, extract them (one batch, results in site order), compare with expected.json, and
 * with `update` rewrite expected.json. Failing sites get a report entry with an annotated
 * screenshot.
 *
 * A site is a subfolder with an `index.html` (and an `expected.json`). A subfolder with an
 * expected.json but no index.html is a failing site. A folder that itself holds an index.html is
 * checked as one site.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { annotate } from '../annotate/draw.js';
import { takeScreenshot } from '../annotate/capture.js';
import { compareByteOrder, warning, type ResolvedInput } from '../browser/index.js';
import { contentOptions, OptionsError, screenshotOptionsSchema, type ResolvedExtractOptions } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import { analyzeSnapshot } from '../pipeline/analyze.js';
import { processInput, type PageHooks } from '../pipeline/page.js';
import { emptyRecord, type ExtractRecord, type PageResult } from '../pipeline/record.js';
import type { Session } from '../pipeline/session.js';
import type { ReportEntry } from '../report/render.js';
import type { PageSnapshot } from '../snapshot/types.js';
import {
  checkedRecordOf, compareSite, describeFailures, failedComparison, parseExpectedText, type CheckInput, type ExpectedFile, type SiteComparison,
} from './compare.js';
import { serializeExpected, updateExpected } from './update.js';
import type { SiteRow } from './format.js';
import { at } from '../util/at.js';

export interface Site {
  /** Folder name: the site's label. */
  name: string;
  dir: string;
  /** Absolute path of index.html, or null when there is none. */
  index: string | null;
  expectedPath: string;
}

export interface CheckRunOptions {
  /** Rewrite each site's expected.json from the current output. */
  update?: boolean;
  /** With `update`: replace goldText too. */
  updateGold?: boolean;
  /** Take screenshots and make report entries for failing sites. Default false. */
  report?: boolean;
  /** Screenshot height cap (CSS px). Default: the screenshot options' (src/options.ts). */
  maxHeight?: number;
  /** Pages rendered at once. Default: the extract options' concurrency. */
  concurrency?: number;
  /** Called as each page finishes (any order): progress bars. */
  onDone?: (ok: boolean) => void;
}

export interface SiteResult extends SiteRow {
  dir: string;
  /** The extraction record (null when the site could not be loaded at all). */
  record: ExtractRecord | null;
  /** `update`: expected.json was written. */
  wrote: boolean;
  /** Failing sites, with `report`: the report entry (annotated screenshot when one was taken). */
  reportEntry?: ReportEntry;
}

export interface CheckRun {
  dir: string;
  sites: SiteResult[];
  passed: number;
  failed: number;
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

/** The sites in `dir`, sorted by the UTF-8 bytes of their names. Usage errors throw {@link OptionsError}. */
export async function discoverSites(dir: string): Promise<Site[]> {
  const root = path.resolve(dir);
  if (!(await isDir(root))) throw new OptionsError(`not a directory: ${dir}`);
  const site = async (name: string, d: string): Promise<Site> => {
    const index = path.join(d, 'index.html');
    return { name, dir: d, index: (await isFile(index)) ? index : null, expectedPath: path.join(d, 'expected.json') };
  };
  if (await isFile(path.join(root, 'index.html'))) return [await site(path.basename(root), root)];
  const names = (await readdir(root)).filter((n) => !n.startsWith('.')).sort(compareByteOrder);
  const out: Site[] = [];
  for (const name of names) {
    const d = path.join(root, name);
    if (!(await isDir(d))) continue;
    const s = await site(name, d);
    if (s.index || (await isFile(s.expectedPath))) out.push(s);
  }
  if (!out.length) throw new OptionsError(`no sites in ${dir}: expected subfolders with index.html and expected.json`);
  return out;
}

type LoadedExpected = { kind: 'ok'; file: ExpectedFile } | { kind: 'missing' } | { kind: 'invalid'; error: string };

async function loadExpected(file: string): Promise<LoadedExpected> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    return { kind: 'invalid', error: `cannot read expected.json: ${(e as Error).message}` };
  }
  const parsed = parseExpectedText(text);
  return parsed.ok ? { kind: 'ok', file: parsed.file } : { kind: 'invalid', error: parsed.error };
}

async function writeAtomic(file: string, text: string): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, text, 'utf8');
  await rename(tmp, file);
}

export const MISSING_EXPECTED = 'expected.json missing (run with --update to create it)';

/** What a site is compared with and, in update mode, the rewrite (not yet written). Pure. */
function decide(loaded: LoadedExpected, input: CheckInput, opts: CheckRunOptions):
  Pick<SiteResult, 'comparison' | 'changes' | 'updateSkipped'> & { write?: Record<string, unknown> } {
  if (!opts.update) {
    if (loaded.kind === 'missing') return { comparison: failedComparison(MISSING_EXPECTED) };
    if (loaded.kind === 'invalid') return { comparison: failedComparison(loaded.error) };
    return { comparison: compareSite(loaded.file.expected, input) };
  }
  if (loaded.kind === 'invalid') {
    return { comparison: failedComparison(loaded.error), changes: null, updateSkipped: 'expected.json is invalid; fix it by hand' };
  }
  if (!input.record.ok) {
    const comparison = loaded.kind === 'ok' ? compareSite(loaded.file.expected, input) : failedComparison(MISSING_EXPECTED);
    return { comparison, changes: null, updateSkipped: 'extraction failed' };
  }
  const up = updateExpected(loaded.kind === 'ok' ? loaded.file : null, input, { updateGold: opts.updateGold });
  return {
    comparison: compareSite(up.expected, input), changes: up.changes, updateSkipped: null,
    ...(up.changes.length ? { write: up.json } : {}),
  };
}

/**
 * The check as the screenshot hook sees it: the same pure analysis processInput runs, on the same
 * snapshot, so only sites that are going to fail are photographed.
 */
function precheck(snapshot: PageSnapshot, loaded: LoadedExpected, extractOpts: ResolvedExtractOptions, opts: CheckRunOptions): boolean {
  const record = checkedRecordOf(analyzeSnapshot(snapshot, contentOptions(extractOpts)));
  return decide(loaded, { record }, opts).comparison.pass;
}

async function reportEntryFor(site: string, r: PageResult | null, c: SiteComparison, maxHeight: number): Promise<ReportEntry> {
  const base = r?.record ?? { ...emptyRecord(site), error: { code: 'NO_INDEX', message: `${site}: index.html missing` } };
  const record: ExtractRecord = {
    ...base,
    input: site,
    warnings: [...describeFailures(c).map((d) => warning('CHECK_FAILED', d)), ...base.warnings],
    ...(r?.decision ? { decision: r.decision } : {}),
  };
  let screenshot: Buffer | undefined;
  if (r?.screenshot) {
    screenshot = r.screenshot;
    if (r.tree && r.decision && r.snapshot) {
      try {
        screenshot = await annotate(r.screenshot, r.tree, r.decision, { maxHeight, pageHeight: r.snapshot.document.height, snapshot: r.snapshot });
      } catch {
        /* keep the raw screenshot */
      }
    }
  }
  return { record, ...(screenshot ? { screenshot } : {}), ...(r?.decision ? { blocks: r.decision.blocks } : {}) };
}

/** Check every site in `dir` with one session. Sites in sorted order; never throws for a site's problems. */
export async function runCheck(session: Session, dir: string, extractOpts: ResolvedExtractOptions, opts: CheckRunOptions = {}): Promise<CheckRun> {
  const sites = await discoverSites(dir);
  const maxHeight = opts.maxHeight ?? screenshotOptionsSchema.parse({}).maxHeight;
  const loaded = await Promise.all(sites.map((s) => loadExpected(s.expectedPath)));
  const results: Array<SiteResult | undefined> = new Array(sites.length);

  // sites without index.html fail without loading anything
  for (const [i, s] of sites.entries()) {
    if (s.index) continue;
    const comparison = failedComparison('index.html missing');
    results[i] = {
      site: s.name, dir: s.dir, record: null, comparison, wrote: false,
      ...(opts.update ? { changes: null, updateSkipped: 'index.html missing' } : {}),
      ...(opts.report ? { reportEntry: await reportEntryFor(s.name, null, comparison, maxHeight) } : {}),
    };
  }

  const todo = sites.map((s, i) => ({ s, i })).filter((x) => x.s.index);
  const inputs: ResolvedInput[] = todo.map(({ s }) => ({
    input: s.name,
    kind: 'file',
    path: s.index!,
    // the folder is served on its own; the folder URL serves index.html
    url: session.server.mount(s.dir),
  }));
  const runOpts: ResolvedExtractOptions = { ...extractOpts, keepArtifacts: true };
  const shoot = (page: Page, snapshot: PageSnapshot) => takeScreenshot(page, snapshot, { maxHeight });
  const hooks = (k: number): PageHooks => {
    if (!opts.report) return {};
    const loadedK = at(loaded, at(todo, k).i);
    return {
      afterSnapshot: async (page, snapshot) => {
        let pass = false;
        try {
          pass = precheck(snapshot, loadedK, extractOpts, opts);
        } catch {
          /* take the screenshot */
        }
        return pass ? undefined : shoot(page, snapshot);
      },
    };
  };

  await runBatch(session, inputs, runOpts, {
    concurrency: opts.concurrency ?? extractOpts.concurrency,
    hooks: (_input, k) => hooks(k),
    onDone: (r) => opts.onDone?.(r.record.ok),
    emit: async (r, k) => {
      const { s, i } = at(todo, k);
      r.record.input = s.name;
      const input: CheckInput = { record: r.record };
      const { write, ...verdict } = decide(at(loaded, i), input, opts);
      if (write) await writeAtomic(s.expectedPath, serializeExpected(write));
      const result: SiteResult = { site: s.name, dir: s.dir, record: r.record, wrote: !!write, ...verdict };
      if (opts.report && !verdict.comparison.pass) {
        let shot: PageResult = r;
        // the pre-check and the final result disagreed (should not happen): render once more for the picture
        if (r.record.ok && !r.screenshot) {
          const again = await processInput(session, at(inputs, k), runOpts, { afterSnapshot: shoot });
          if (again.screenshot) shot = { ...r, screenshot: again.screenshot, tree: again.tree, decision: again.decision, snapshot: again.snapshot };
        }
        result.reportEntry = await reportEntryFor(s.name, shot, verdict.comparison, maxHeight);
      }
      results[i] = result;
    },
  });

  const done = results.map((r) => r!);
  const failed = done.filter((r) => !r.comparison.pass).length;
  return { dir, sites: done, passed: done.length - failed, failed };
}
