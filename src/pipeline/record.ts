import type { Decision } from '../classify/index.js';
import type { PageType } from '../classify/types.js';
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot, Rect } from '../snapshot/types.js';
import type { Recovery } from './recover.js';

/** Milliseconds per stage. */
export interface Timings {
  load: number;
  snapshot: number;
  segment: number;
  classify: number;
  content: number;
  screenshot?: number;
  total: number;
}

export interface ErrorInfo {
  code: string;
  message: string;
}

/** One result per input: what `viseg extract --jsonl` prints, one line each. */
export interface ExtractRecord {
  /** The input as given. */
  input: string;
  ok: boolean;
  url: string | null;
  finalUrl: string | null;
  title: string | null;
  byline: string | null;
  publishedTime: string | null;
  siteName: string | null;
  lang: string | null;
  leadImage: string | null;
  excerpt: string | null;
  wordCount: number;
  pageType: PageType | null;
  /** The strategy that chose the content (`vips` unless `--strategy` said otherwise). */
  strategy: string;
  text: string;
  html: string;
  markdown: string;
  mainBlock: { id: string; rect: Rect; score: number } | null;
  timings: Timings;
  warnings: string[];
  error?: ErrorInfo;
  /**
   * Present when the page's scripts had hidden or destroyed its content and viseg recovered it
   * (warning CONTENT_RECOVERED): how, and how much text before and after.
   */
  recovery?: Recovery;
  /** With `--explain`: the decision record (with `recovery` when there was one). */
  decision?: Decision & { recovery?: Recovery };
}

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
