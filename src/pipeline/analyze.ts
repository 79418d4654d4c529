/**
 * The pure part of the pipeline: snapshot -> block tree -> decision -> content and metadata.
 * No browser; the same snapshot always gives the same result.
 */
import { choicesAtPowers, choicesWithout, classify, type ClassifierModels, type Decision, type MainChoice, type RuleName } from '../classify/index.js';
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
 * The page's choices that `choose` makes from its block tree (segmented as analyzeSnapshot
 * segments it), and the content text of each: what training reads pages with.
 */
function textsOf(snapshot: PageSnapshot, choose: (tree: BlockTree) => MainChoice[]): { choices: MainChoice[]; texts: string[] } {
  checkSnapshot(snapshot);
  const o = parseWith(analyzeOptionsSchema, {});
  const choices = choose(segment(snapshot, { pdoc: o.pdoc }));
  return { choices, texts: choices.map((m) => contentOf(snapshot, m.selection, undefined).text) };
}

/**
 * The content text `analyzeSnapshot` gives a page at each of `powers` (one selection power for
 * every page type), and the page type the selection starts from (the page-type model's, or the
 * thread the page declares: what no power changes). One segmentation and one scoring serve
 * every power; training chooses the powers on this (scripts/train/selection.mjs).
 */
export function textAtPowers(snapshot: PageSnapshot, models: ClassifierModels, powers: readonly number[]): { startType: PageType; texts: string[] } {
  const { choices, texts } = textsOf(snapshot, (tree) => choicesAtPowers(snapshot, tree, models, powers));
  return { startType: choices[0]?.startType ?? 'article', texts };
}

/**
 * The content text `analyzeSnapshot` gives a page with each set of rules in `skips` left out
 * (classify's choicesWithout): one segmentation and one scoring serve every set.
 */
export function textWithout(snapshot: PageSnapshot, models: ClassifierModels, skips: ReadonlyArray<ReadonlySet<RuleName>>): string[] {
  return textsOf(snapshot, (tree) => choicesWithout(snapshot, tree, models, skips)).texts;
}
