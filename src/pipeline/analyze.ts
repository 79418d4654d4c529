/**
 * The pure part of the pipeline: snapshot -> block tree -> decision -> content and metadata.
 * No browser; the same snapshot always gives the same result.
 */
import { classify, type Decision } from '../classify/index.js';
import { buildContent, extractMetadata } from '../content/index.js';
import type { ArticleMetadata, ExtractedContent } from '../content/types.js';
import { segment } from '../segment/index.js';
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot } from '../snapshot/types.js';

export interface Analysis {
  tree: BlockTree;
  decision: Decision;
  content: ExtractedContent;
  metadata: ArticleMetadata;
  timings: { segment: number; classify: number; content: number };
}

export interface AnalyzeOptions {
  pdoc?: number;
}

const EMPTY: ExtractedContent = { html: '', text: '', markdown: '', wordCount: 0 };

export function analyzeSnapshot(snapshot: PageSnapshot, options: AnalyzeOptions = {}): Analysis {
  const t0 = performance.now();
  const tree = segment(snapshot, { pdoc: options.pdoc ?? 8 });
  const t1 = performance.now();
  const decision = classify(snapshot, tree);
  const t2 = performance.now();
  const content = decision.main ? buildContent(snapshot, decision.selection, { baseUrl: snapshot.finalUrl }) : EMPTY;
  const metadata = extractMetadata(snapshot, decision.selection, content.text);
  const t3 = performance.now();
  return { tree, decision, content, metadata, timings: { segment: t1 - t0, classify: t2 - t1, content: t3 - t2 } };
}
