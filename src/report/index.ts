/**
 * The HTML report: `renderReport` (pure), `writeReport` (to a file), `loadReportInputs` (from a
 * results.jsonl and its screenshots).
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderReport, type ReportEntry, type ReportOptions } from './render.js';

export { renderReport, TOP_CANDIDATES, KEY_FEATURES, type ReportEntry, type ReportOptions } from './render.js';
export { loadReportInputs, screenshotCandidates, type LoadedReport } from './load.js';
export { summarize, percentile, STAGES, type ReportSummary, type StageTiming } from './stats.js';
export { escapeHtml, jsonForScript } from './escape.js';
export { pngSize } from './png.js';

/** Render the report and write it to `outFile` (folders created; written to a temp file, then renamed). */
export async function writeReport(entries: ReportEntry[], outFile: string, opts: ReportOptions = {}): Promise<void> {
  const html = renderReport(entries, opts);
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const tmp = `${outFile}.${process.pid}.tmp`;
  await writeFile(tmp, html, 'utf8');
  await rename(tmp, outFile);
}
