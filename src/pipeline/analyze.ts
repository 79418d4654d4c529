/**
 * The pure part of the pipeline: snapshot -> block tree -> decision -> content and metadata.
 * No browser; the same snapshot always gives the same result.
 */
import { choicesAtPowers, classify, type ClassifierModels, type Decision } from '../classify/index.js';
import { buildContent, extractMetadata } from '../content/index.js';
import type { ArticleMetadata, ExtractedContent } from '../content/types.js';
import { segment } from '../segment/index.js';
import type { BlockTree } from '../segment/types.js';
import { checkSnapshot } from '../snapshot/schema.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { getStrategy } from '../strategies/index.js';
import type { ContentSelection, PageType } from '../classify/types.js';
import { analyzeOptionsSchema, checkPageTypeStrategy, parseWith, type AnalyzeOptions as PageAnalyzeOptions } from '../options.js';

export interface Analysis {
  tree: BlockTree;
  decision: Decision;
  content: ExtractedContent;
  metadata: ArticleMetadata;
  timings: { segment: number; classify: number; content: number };
  /** The strategy that chose the content, and the page type it reports. */
  strategy: { name: string; pageType: PageType; notes: string[] };
}

export type AnalyzeOptions = PageAnalyzeOptions & {
  /** Classifier models to use instead of the bundled ones (cross-validation folds, experiments). */
  models?: ClassifierModels;
};

const EMPTY: ExtractedContent = { html: '', text: '', markdown: '', wordCount: 0 };

/** The content a selection makes, its links resolved against `baseUrl` (default: the snapshot's `finalUrl`). */
function contentOf(snapshot: PageSnapshot, selection: ContentSelection, baseUrl: string | undefined): ExtractedContent {
  return selection.roots.length ? buildContent(snapshot, selection, { baseUrl: baseUrl ?? snapshot.finalUrl }) : EMPTY;
}

/**
 * Throws {@link SnapshotError} for a snapshot of another version (or not a snapshot at all);
 * read a snapshot file with `readSnapshotFile` (or validate parsed JSON with `parseSnapshot`) first.
 *
 * `baseUrl`: the page's public URL. A local page recorded without one keeps its links and images
 * relative (`img/a.png`, `#notes`); the content and the lead image resolve them against it.
 * Absolute URLs in the snapshot are kept. Default: the snapshot's `finalUrl`.
 */
export function analyzeSnapshot(snapshot: PageSnapshot, options: AnalyzeOptions = {}): Analysis {
  checkSnapshot(snapshot);
  const { models, ...pageOptions } = options;
  const o = parseWith(analyzeOptionsSchema, pageOptions);
  checkPageTypeStrategy(o);
  const t0 = performance.now();
  const tree = segment(snapshot, { pdoc: o.pdoc });
  const t1 = performance.now();
  const decision = classify(snapshot, tree, { ...(models ? { models } : {}), pageType: o.pageType });
  // The block tree and decision always come from VIPS (pictures and reports use them); another
  // strategy only replaces which nodes are the content.
  const name = o.strategy;
  let selection = decision.selection;
  let strategy: Analysis['strategy'] = { name, pageType: decision.pageType, notes: [decision.reason] };
  if (name !== 'vips') {
    const r = getStrategy(name).run(snapshot);
    selection = r.selection;
    strategy = { name, pageType: r.pageType, notes: r.notes ?? [] };
  }
  const t2 = performance.now();
  const content = contentOf(snapshot, selection, o.baseUrl);
  const metadata = extractMetadata(snapshot, selection, content.text, content.wordCount, { baseUrl: o.baseUrl, pageType: strategy.pageType });
  const t3 = performance.now();
  return { tree, decision, content, metadata, timings: { segment: t1 - t0, classify: t2 - t1, content: t3 - t2 }, strategy };
}

/**
 * The content text `analyzeSnapshot` gives a page at each of `powers` (one selection power for
 * every page type), and the page type the selection starts from (the page-type model's, or the
 * thread the page declares: what no power changes). One segmentation and one scoring serve
 * every power; training chooses the powers on this (scripts/train/selection.mjs).
 */
export function textAtPowers(snapshot: PageSnapshot, models: ClassifierModels, powers: readonly number[]): { startType: PageType; texts: string[] } {
  checkSnapshot(snapshot);
  const o = parseWith(analyzeOptionsSchema, {});
  const tree = segment(snapshot, { pdoc: o.pdoc });
  const choices = choicesAtPowers(snapshot, tree, models, powers);
  return { startType: choices[0]?.startType ?? 'article', texts: choices.map((m) => contentOf(snapshot, m.selection, undefined).text) };
}
