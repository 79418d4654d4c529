import type { Decision } from '../classify/index.js';
import type { ExtractRecord } from '../record/schema.js';
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot } from '../snapshot/types.js';

export type { ExtractRecord, Timings, ErrorInfo } from '../record/schema.js';

/** What the library returns for one page: the record plus, on request, the artifacts. */
export interface PageResult {
  record: ExtractRecord;
  snapshot?: PageSnapshot;
  tree?: BlockTree;
  decision?: Decision;
  /** PNG bytes of the raw full-page screenshot (when a screenshot was asked for). */
  screenshot?: Buffer;
}

export function emptyRecord(input: string): ExtractRecord {
  return {
    input, ok: false, url: null, finalUrl: null, title: null, byline: null, publishedTime: null, siteName: null,
    lang: null, leadImage: null, excerpt: null, wordCount: 0, pageType: null, strategy: 'vips', text: '', html: '', markdown: '',
    mainBlock: null, timings: { load: 0, snapshot: 0, segment: 0, classify: 0, content: 0, total: 0 }, warnings: [],
  };
}
