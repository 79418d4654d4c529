/**
 * `link-ratio`: the HTML-Content-Extractor heuristic (seed 001; Perl HTML::ContentExtractor 0.03
 * by Zhang Jun, ported to PHP and Python).
 *
 *  1. Heuristic removal: elements whose tags never carry content (img, script, input, hr, ...) are
 *     deleted, and so are links hanging directly under `<body>`.
 *  2. Container removal, post-order (children decided before parents, counts taken over what is
 *     left): a container element (div, table, td, ul, p, ...) is deleted when
 *       - it has fewer than `minWords` non-link words (h1-h3 and p are exempt), or
 *       - links / non-link words > `linkTextRatio` (a container without words has ratio 1), or
 *       - its non-link text contains a spam phrase ("All rights reserved").
 *  3. What is left of `<body>` is the content: the selection is body minus the deleted subtrees.
 *
 * Deviations from the Perl module, for the rendered DOM: HTML5 sectioning tags (section,
 * article, aside, nav, header, footer, main, ol) are containers too; `form` is a container but
 * not an ignored tag by default (ASP.NET pages wrap the whole body in one form; set
 * `ignoreTags` to the Perl list to get the original behaviour); spam phrases match
 * case-insensitively (the Perl compares lower-cased text with a mixed-case phrase, so never
 * matched). Words are counted as the rest of viseg counts them (CJK characters one each).
 */
import type { PageSnapshot } from '../snapshot/types.js';
import { countWords } from '../util/text.js';
import { nodeFacts, pageTypeForChars, selectionOf } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { addAt, at } from '../util/at.js';

export interface LinkRatioOptions {
  /** Elements deleted with their subtrees before anything else. */
  ignoreTags?: string[];
  /** Elements that are judged by word count and link ratio. */
  containerTags?: string[];
  /** Containers exempt from the minimum word count. */
  minWordsExempt?: string[];
  /** Maximum links per non-link word. Perl default 0.05. */
  linkTextRatio?: number;
  /** Minimum non-link words of a container. Perl default 20. */
  minWords?: number;
  spamPhrases?: string[];
}

/** The Perl module's lists. */
export const PERL_IGNORE_TAGS = ['script', 'noscript', 'style', 'form', 'button', 'meta', 'input', 'select', 'iframe', 'embed', 'hr', 'img'];
export const PERL_CONTAINER_TAGS = ['table', 'form', 'div', 'td', 'tr', 'tbody', 'thead', 'tfoot', 'th', 'col', 'colgroup', 'span', 'iframe', 'center', 'ul', 'h1', 'h2', 'h3', 'p'];

export const DEFAULT_LINK_RATIO: Required<LinkRatioOptions> = {
  ignoreTags: PERL_IGNORE_TAGS.filter((t) => t !== 'form').concat(['textarea', 'link', 'svg', 'video', 'audio', 'canvas', 'object']),
  containerTags: [...PERL_CONTAINER_TAGS, 'section', 'article', 'aside', 'nav', 'header', 'footer', 'main', 'ol'],
  minWordsExempt: ['h1', 'h2', 'h3', 'p'],
  linkTextRatio: 0.05,
  minWords: 20,
  spamPhrases: ['all rights reserved'],
};

export interface LinkRatioTrace {
  /** Maximal deleted subtrees, document order. */
  deleted: number[];
  /** Why each of them went. */
  reasons: Map<number, string>;
  /** links / non-link words over the whole page (> 0.3 or > 400 links: the Perl "is index"). */
  pageRatio: number;
  pageLinks: number;
}

export function linkRatioPass(snapshot: PageSnapshot, options: LinkRatioOptions = {}): LinkRatioTrace {
  const o = { ...DEFAULT_LINK_RATIO, ...options };
  const ignore = new Set(o.ignoreTags);
  const containers = new Set(o.containerTags);
  const exempt = new Set(o.minWordsExempt);
  const spam = o.spamPhrases.map((s) => s.toLowerCase());
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const facts = nodeFacts(snapshot);
  const words = new Float64Array(n);
  const links = new Float64Array(n);
  const text: string[] = new Array(n).fill('');
  const deleted = new Uint8Array(n);
  const reasons = new Map<number, string>();
  // page-level counts (before any removal) for the "is index" note
  let pageWords = 0;
  let pageLinks = 0;
  for (const node of nodes) {
    if (facts.usable[node.id] && !facts.inLink[node.id]) pageWords += countWords(node.text ?? '');
    if (node.tag === 'a' && node.attrs?.href !== undefined) pageLinks++;
  }
  for (let id = n - 1; id >= 0; id--) {
    const node = at(nodes, id);
    const p = node.parent;
    if (node.kind === 'text') {
      if (facts.usable[id] && !facts.inLink[id] && p >= 0) {
        addAt(words, p, countWords(node.text ?? ''));
        text[p] = (node.text ?? '') + ' ' + text[p];
      }
      continue;
    }
    let del: string | null = null;
    if (ignore.has(node.tag)) del = 'non-content tag';
    else if (node.tag === 'a' && p === snapshot.root) del = 'link directly under body';
    else if (containers.has(node.tag) && id !== snapshot.root) {
      const w = at(words, id);
      const ratio = w === 0 ? 1 : at(links, id) / w;
      const lower = at(text, id).toLowerCase();
      if (w < o.minWords && !exempt.has(node.tag)) del = `${w} words < ${o.minWords}`;
      else if (ratio > o.linkTextRatio) del = `link ratio ${ratio.toFixed(3)} > ${o.linkTextRatio}`;
      else if (spam.some((s) => lower.includes(s))) del = 'spam phrase';
    }
    if (del) {
      deleted[id] = 1;
      reasons.set(id, del);
      continue;
    }
    if (p >= 0) {
      addAt(words, p, at(words, id));
      addAt(links, p, at(links, id) + (node.tag === 'a' && node.attrs?.href !== undefined ? 1 : 0));
      text[p] = text[id] + ' ' + text[p];
    }
    text[id] = '';
  }
  // maximal deleted subtrees
  const maximal: number[] = [];
  const stack = [snapshot.root];
  while (stack.length) {
    const id = stack.pop()!;
    if (deleted[id]) {
      maximal.push(id);
      continue;
    }
    for (const c of at(nodes, id).children) stack.push(c);
  }
  maximal.sort((a, b) => a - b);
  for (const id of reasons.keys()) if (!maximal.includes(id)) reasons.delete(id);
  return { deleted: maximal, reasons, pageRatio: pageWords ? pageLinks / pageWords : 1, pageLinks };
}

export function createLinkRatio(options: LinkRatioOptions = {}): Strategy {
  return {
    name: 'link-ratio',
    description: 'HTML-Content-Extractor: drop non-content tags, then post-order drop containers that are short or link-heavy',
    run(snapshot: PageSnapshot): StrategyResult {
      const t = linkRatioPass(snapshot, options);
      const selection = selectionOf([snapshot.root], t.deleted);
      // text left after the removals
      const facts = nodeFacts(snapshot);
      const gone = new Uint8Array(snapshot.nodes.length);
      for (const id of t.deleted) gone[id] = 1;
      let chars = 0;
      for (const node of snapshot.nodes) {
        if (node.parent >= 0 && gone[node.parent]) gone[node.id] = 1;
        if (!gone[node.id] && facts.usable[node.id]) chars += (node.text ?? '').trim().length;
      }
      const isIndex = t.pageRatio > 0.3 || t.pageLinks > 400;
      const pageType = pageTypeForChars(chars);
      return {
        selection: pageType === 'article' ? selection : selectionOf([]),
        pageType,
        notes: [
          `${t.deleted.length} subtree(s) removed, ${chars} characters left`,
          `page links/words ${t.pageRatio.toFixed(3)}${isIndex ? ' (the Perl module would call this an index page)' : ''}`,
        ],
      };
    },
  };
}

export const linkRatio: Strategy = createLinkRatio();
