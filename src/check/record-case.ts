/**
 * Render fixture cases (fixture-case.ts) the way `viseg snapshot` and `viseg check` render a local
 * page: scripts/record-fixtures.mjs writes what this returns, and a test renders again and
 * compares, so the recorded snapshots cannot drift from the browser stage (load, in-page capture,
 * public URLs).
 */
import path from 'node:path';
import type { ResolvedInput, Warning } from '../browser/index.js';
import { resolveExtractOptions } from '../options.js';
import { runBatch } from '../pipeline/batch.js';
import type { Session } from '../pipeline/session.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { CASE_FILES } from './fixture-case.js';
import { at } from '../util/at.js';

export interface RenderedCase {
  site: string;
  /** The snapshot, its URLs as a reader sees them (relative to the page). Absent when the page failed. */
  snapshot?: PageSnapshot;
  warnings: Warning[];
  /** Why there is no snapshot. */
  error?: string;
}

/**
 * Render the `sites` (folder names) of `sitesDir` with default options. Each page is named by its
 * path relative to `base` (e.g. `fixtures/sites/news-sidebar/index.html`): that name is the
 * snapshot's `url`, so it must not depend on the machine. Results in `sites` order.
 */
export async function renderCases(session: Session, base: string, sitesDir: string, sites: string[]): Promise<RenderedCase[]> {
  const inputs: ResolvedInput[] = sites.map((site) => {
    const file = path.resolve(base, sitesDir, site, CASE_FILES.page);
    return { input: path.posix.join(sitesDir.split(path.sep).join('/'), site, CASE_FILES.page), kind: 'file', path: file, url: session.server.urlFor(file) };
  });
  const opts = resolveExtractOptions({ keepArtifacts: true });
  const out: RenderedCase[] = new Array(sites.length);
  await runBatch(session, inputs, opts, {
    concurrency: opts.concurrency,
    emit: (r, i) => {
      const site = at(sites, i);
      out[i] = r.record.ok && r.snapshot
        ? { site, snapshot: r.snapshot, warnings: r.record.warnings }
        : { site, warnings: r.record.warnings, error: r.record.error ? `${r.record.error.code}: ${r.record.error.message}` : 'no snapshot' };
    },
  });
  return out;
}
