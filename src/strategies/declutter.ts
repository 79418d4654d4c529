/**
 * `declutter`: html-declutter's prune / shake / purify (seed 003, "Simple HTML decluttering").
 *
 *  - prune (pre-order, each node on its own): delete subtrees of non-content tags (nav, footer,
 *    aside, dialog and everything the content stage drops anyway) and of elements whose class/id
 *    contains a poison word (comment, promo, popup, share, related, sidebar, footer, nav, ad,
 *    ...). An element holding more than `protectShare` of the page's words is never pruned for
 *    its attributes (page wrappers say "has-sidebar" or "single-comments" too; this guard is ours,
 *    the Perl script works on raw HTML without it).
 *  - shake (post-order): every node gets Words (non-link words below it), LinkWords (words in
 *    links), Tags (elements below it, itself included) and Keep (a descendant was kept). At block
 *    tags only, score = Words − `linkWeight`·LinkWords − `tagWeight`·Tags; a non-negative score
 *    sets Keep (propagates up), a negative one deletes the subtree unless Keep or Blessed says
 *    otherwise — the counts propagate up either way, so every decision is independent.
 *    Blessed: class/id naming a byline/author (checked at every node) propagates down and
 *    suppresses deletions below, and sets Keep so the ancestors stay.
 *  - purify: the content stage's tag/attribute whitelist; nothing to do here.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { countWords } from '../util/text.js';
import { nodeFacts, pageTypeForChars, selectionOf } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { addAt, at } from '../util/at.js';

export interface DeclutterOptions {
  /** Poison words, matched as whole words of class/id (split at `-`, `_`, space and case changes). */
  poisonWords?: string[];
  /** Tags pruned with their subtrees. */
  pruneTags?: string[];
  /** Decision points of the shake phase. */
  blockTags?: string[];
  /** Class/id words that bless a subtree. */
  blessedWords?: string[];
  linkWeight?: number;
  tagWeight?: number;
  /** Elements holding more than this share of the page's words are not pruned for attribute words. */
  protectShare?: number;
}

export const DEFAULT_DECLUTTER: Required<DeclutterOptions> = {
  poisonWords: [
    'comment', 'comments', 'promo', 'popup', 'share', 'sharing', 'social', 'related', 'sidebar', 'footer', 'nav', 'navbar',
    'navigation', 'menu', 'ad', 'ads', 'advert', 'advertisement', 'sponsor', 'sponsored', 'banner', 'newsletter', 'subscribe',
    'cookie', 'modal', 'widget', 'outbrain', 'taboola', 'recommended', 'breadcrumb', 'breadcrumbs',
  ],
  pruneTags: ['nav', 'footer', 'aside', 'dialog', 'script', 'style', 'noscript', 'iframe', 'button', 'select', 'input', 'textarea', 'svg'],
  blockTags: [
    'body', 'div', 'section', 'article', 'main', 'header', 'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'ul', 'ol', 'li', 'dl',
    'center', 'figure', 'details',
  ],
  blessedWords: ['byline', 'author', 'dateline'],
  linkWeight: 2,
  tagWeight: 1,
  protectShare: 0.3,
};

/** Lower-case words of an element's class and id ("postBody sidebar-left" -> post, body, sidebar, left). */
export function attrWords(node: SnapshotNode): string[] {
  const raw = `${node.attrs?.class ?? ''} ${node.attrs?.id ?? ''}`;
  return raw.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
}

export interface DeclutterTrace {
  pruned: number[];
  shaken: number[];
  blessed: number[];
  score: Float64Array;
}

export function declutterPass(snapshot: PageSnapshot, options: DeclutterOptions = {}): DeclutterTrace {
  const o = { ...DEFAULT_DECLUTTER, ...options };
  const poison = new Set(o.poisonWords);
  const pruneTags = new Set(o.pruneTags);
  const blocks = new Set(o.blockTags);
  const blessWords = new Set(o.blessedWords);
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const facts = nodeFacts(snapshot);

  const ownWords = new Float64Array(n);
  for (const node of nodes) if (facts.usable[node.id]) ownWords[node.id] = countWords(node.text ?? '');
  const totalWords = new Float64Array(n);
  for (let id = n - 1; id >= 0; id--) {
    addAt(totalWords, id, at(ownWords, id));
    const p = at(nodes, id).parent;
    if (p >= 0) addAt(totalWords, p, at(totalWords, id));
  }
  const pageWords = at(totalWords, snapshot.root);

  // prune: pre-order, a pruned node takes its subtree
  const pruned = new Uint8Array(n);
  const prunedRoots: number[] = [];
  const blessed = new Uint8Array(n);
  const blessedRoots: number[] = [];
  for (const node of nodes) {
    const p = node.parent;
    if (p >= 0 && pruned[p]) {
      pruned[node.id] = 1;
      continue;
    }
    if (node.kind !== 'element' || node.id === snapshot.root) continue;
    const words = attrWords(node);
    const protectedBig = at(totalWords, node.id) > o.protectShare * pageWords;
    if (pruneTags.has(node.tag) || (!protectedBig && words.some((w) => poison.has(w)))) {
      pruned[node.id] = 1;
      prunedRoots.push(node.id);
      continue;
    }
    blessed[node.id] = (p >= 0 && blessed[p]) || words.some((w) => blessWords.has(w)) ? 1 : 0;
    if (blessed[node.id] && !(p >= 0 && blessed[p])) blessedRoots.push(node.id);
  }

  // shake: post-order over what survived the prune
  const words = new Float64Array(n);
  const linkWords = new Float64Array(n);
  const tags = new Float64Array(n);
  const keep = new Uint8Array(n);
  const score = new Float64Array(n).fill(NaN);
  const shaken = new Uint8Array(n);
  for (let id = n - 1; id >= 0; id--) {
    if (pruned[id]) continue;
    const node = at(nodes, id);
    if (node.kind === 'text') {
      if (facts.inLink[id]) linkWords[id] = at(ownWords, id);
      else words[id] = at(ownWords, id);
    } else {
      addAt(tags, id, 1);
      if (blessed[id]) keep[id] = 1;
      if (blocks.has(node.tag) && id !== snapshot.root) {
        const s = at(words, id) - o.linkWeight * at(linkWords, id) - o.tagWeight * at(tags, id);
        score[id] = s;
        if (s >= 0) keep[id] = 1;
        else if (!keep[id] && !blessed[id]) shaken[id] = 1;
      }
    }
    const p = node.parent;
    if (p >= 0) {
      addAt(words, p, at(words, id));
      addAt(linkWords, p, at(linkWords, id));
      addAt(tags, p, at(tags, id));
      if (keep[id]) keep[p] = 1;
    }
  }
  // maximal shaken subtrees outside the pruned ones
  const shakenRoots: number[] = [];
  const stack = [snapshot.root];
  while (stack.length) {
    const id = stack.pop()!;
    if (pruned[id]) continue;
    if (shaken[id]) {
      shakenRoots.push(id);
      continue;
    }
    for (const c of at(nodes, id).children) stack.push(c);
  }
  shakenRoots.sort((a, b) => a - b);
  return { pruned: prunedRoots, shaken: shakenRoots, blessed: blessedRoots, score };
}

export function createDeclutter(options: DeclutterOptions = {}): Strategy {
  return {
    name: 'declutter',
    description: 'html-declutter: prune poison-word and non-content subtrees, then shake blocks scoring words − 2·link words − tags below zero',
    run(snapshot: PageSnapshot): StrategyResult {
      const t = declutterPass(snapshot, options);
      const facts = nodeFacts(snapshot);
      const gone = new Uint8Array(snapshot.nodes.length);
      for (const id of [...t.pruned, ...t.shaken]) gone[id] = 1;
      let chars = 0;
      for (const node of snapshot.nodes) {
        if (node.parent >= 0 && gone[node.parent]) gone[node.id] = 1;
        if (!gone[node.id] && facts.usable[node.id]) chars += (node.text ?? '').trim().length;
      }
      const pageType = pageTypeForChars(chars);
      return {
        selection: pageType === 'article' ? selectionOf([snapshot.root], [...t.pruned, ...t.shaken]) : selectionOf([]),
        pageType,
        notes: [`pruned ${t.pruned.length} subtree(s), shook off ${t.shaken.length}, blessed ${t.blessed.length}; ${chars} characters left`],
      };
    },
  };
}

export const declutter: Strategy = createDeclutter();
