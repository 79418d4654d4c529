/**
 * `signals`: the flat candidate list of seed 002 ("How to do it: parsing articles", Habr).
 *
 * Candidates are the page's structural elements (div, section, article, td, ...): each holds the
 * text of its subtree minus the subtrees of nested candidates, so the page becomes a flat list
 * "element -> its own text". Each candidate starts from its text length (the strongest signal,
 * "90% of cases") and is multiplied by coefficients for:
 *   - repeated patterns: the element or an ancestor shares its tag and first class (or its id with
 *     digits masked) with at least `minRepeats` − 1 siblings: comment threads, teaser cards;
 *     1 / (1 + log2(repeats)) — and the coefficient passes down to everything nested inside
 *     (the seed counts repeats page-wide; counting among siblings keeps layout classes such as
 *     `module` or `column`, scattered all over a page, from pessimising the article);
 *   - link ratio: (1 − link chars / chars)²;
 *   - markup ratio: elements per 100 characters of own text, 1 / (1 + markupWeight · ratio);
 *   - sentences: full stops (and ! ?), 0.4 + 0.6 · min(1, sentences / 4);
 *   - runs of blocks of similar length: three or more consecutive short candidates whose lengths
 *     are within ±25% of each other: × 0.5.
 * The best candidate wins; a candidate ancestor (at most `climbLevels` up, never `<body>`) takes
 * over when the rest of its subtree scores at least `climbShare` of the winner's subtree (an
 * article cut into sibling divs), and the climb repeats from there. Nested
 * candidates of the winner are excluded when their subtree is a link list (link ratio above
 * `excludeLinkRatio`) or a repeated card that starts below the winner and carries links (> 0.2).
 *
 * Listing detection (seed: "pages with lists of articles"): at least `listingMinLinkBlocks`
 * candidates that are short link teasers (link ratio > 0.6, 3+ words) and no dominant candidate
 * (the winner holds under `listingMinArticleChars` characters and under
 * `listingMinArticleSentences` sentences) → pageType 'listing' with an empty selection.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { countSentenceEnds, countWords } from '../util/text.js';
import { collapseWs, nodeFacts, selectionOf } from './dom.js';
import type { Strategy, StrategyResult } from './types.js';
import { at } from '../util/at.js';

export interface SignalsOptions {
  /** Tags that make candidates (plus custom elements with a block display). */
  candidateTags?: string[];
  /** An attribute pattern counts as repeated from this many occurrences. */
  minRepeats?: number;
  markupWeight?: number;
  /** Candidates shorter than this (chars) in a run of similar lengths are pessimised. */
  runMaxChars?: number;
  /** Climb to an ancestor whose other content scores at least this share of the winner's subtree. */
  climbShare?: number;
  /** How many candidate levels up the climb looks. */
  climbLevels?: number;
  /** Nested candidates of the winner whose subtree link ratio is above this are excluded. */
  excludeLinkRatio?: number;
  listingMinLinkBlocks?: number;
  /** A candidate this long (chars) or with this many sentences is an article body: no listing. */
  listingMinArticleChars?: number;
  listingMinArticleSentences?: number;
}

export const DEFAULT_SIGNALS: Required<SignalsOptions> = {
  candidateTags: ['body', 'div', 'section', 'article', 'main', 'td', 'th', 'aside', 'header', 'footer', 'nav', 'form', 'center'],
  minRepeats: 3,
  markupWeight: 0.5,
  runMaxChars: 400,
  climbShare: 0.5,
  climbLevels: 3,
  excludeLinkRatio: 0.5,
  listingMinLinkBlocks: 10,
  listingMinArticleChars: 300,
  listingMinArticleSentences: 3,
};

export interface Candidate {
  node: number;
  /** Nearest candidate ancestor (-1 for the top). */
  parent: number;
  chars: number;
  linkChars: number;
  words: number;
  /** Elements in the candidate's own region. */
  tags: number;
  sentences: number;
  repeats: number;
  /** Multiplicative coefficients, for notes and tests. */
  coef: { repeat: number; link: number; markup: number; sentences: number; run: number };
  score: number;
}

/**
 * The "same pattern" keys of an element: tag plus its first class (so `comment` and
 * `comment first` match), and its id with digit runs masked (`comment-123` -> `comment-0`).
 */
function patternKeys(node: SnapshotNode): string[] {
  const out: string[] = [];
  const cls = (node.attrs?.class ?? '').split(/\s+/).filter(Boolean)[0];
  if (cls) out.push(`${node.tag}.${cls}`);
  const id = node.attrs?.id;
  if (id && /\d/.test(id)) out.push(`#${id.replace(/\d+/g, '0')}`);
  return out;
}

export function scoreCandidates(snapshot: PageSnapshot, options: SignalsOptions = {}): Candidate[] {
  const o = { ...DEFAULT_SIGNALS, ...options };
  const tags = new Set(o.candidateTags);
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const facts = nodeFacts(snapshot);
  const isCand = (node: SnapshotNode): boolean =>
    node.id === snapshot.root || (node.kind === 'element' && !facts.dropped[node.id] &&
      (tags.has(node.tag) || (node.tag.includes('-') && !(node.style?.display ?? 'inline').startsWith('inline'))));

  // Repeated patterns: the same key among the children of one element (a comment thread, a
  // grid of teaser cards); layout classes scattered over the page do not count.
  const keyCount = new Map<string, number>();
  const groupKey = (node: SnapshotNode, k: string): string => `${node.parent}|${k}`;
  for (const node of nodes) if (node.kind === 'element') for (const k of patternKeys(node)) {
    const g = groupKey(node, k);
    keyCount.set(g, (keyCount.get(g) ?? 0) + 1);
  }
  const repeats = new Float64Array(n); // max repeat count on self or any ancestor
  for (const node of nodes) {
    let r = node.parent >= 0 ? at(repeats, node.parent) : 0;
    if (node.kind === 'element') for (const k of patternKeys(node)) {
      const c = keyCount.get(groupKey(node, k))!;
      if (c >= o.minRepeats) r = Math.max(r, c);
    }
    repeats[node.id] = r;
  }

  // Owner candidate of every node, and own-region sums.
  const owner = new Int32Array(n).fill(-1);
  const candIndex = new Map<number, number>();
  const cands: Candidate[] = [];
  const text: string[][] = [];
  for (const node of nodes) {
    const p = node.parent;
    if (isCand(node)) {
      candIndex.set(node.id, cands.length);
      cands.push({
        node: node.id, parent: p >= 0 ? at(owner, p) : -1, chars: 0, linkChars: 0, words: 0, tags: 0, sentences: 0, repeats: at(repeats, node.id),
        coef: { repeat: 1, link: 1, markup: 1, sentences: 1, run: 1 }, score: 0,
      });
      text.push([]);
      owner[node.id] = node.id;
      continue;
    }
    owner[node.id] = p >= 0 ? at(owner, p) : -1;
    const ci = candIndex.get(at(owner, node.id));
    if (ci === undefined) continue;
    const c = at(cands, ci);
    if (node.kind === 'element') {
      if (!facts.dropped[node.id]) c.tags++;
    } else if (facts.usable[node.id]) {
      const t = collapseWs(node.text ?? '');
      c.chars += t.length;
      if (facts.inLink[node.id]) c.linkChars += t.length;
      at(text, ci).push(t);
    }
  }
  cands.forEach((c, i) => {
    const t = at(text, i).join(' ');
    c.sentences = countSentenceEnds(t);
    c.words = countWords(t);
  });

  // Runs of similar length among consecutive non-empty candidates.
  const nonEmpty = cands.filter((c) => c.chars > 0);
  const similar = (a: number, b: number): boolean => Math.abs(a - b) <= 0.25 * Math.max(a, b);
  for (let i = 0; i < nonEmpty.length;) {
    let j = i + 1;
    while (j < nonEmpty.length && at(nonEmpty, j).chars <= o.runMaxChars && similar(at(nonEmpty, j).chars, at(nonEmpty, j - 1).chars)) j++;
    if (j - i >= 3 && at(nonEmpty, i).chars <= o.runMaxChars) for (let k = i; k < j; k++) at(nonEmpty, k).coef.run = 0.5;
    i = j;
  }

  for (const c of cands) {
    if (c.chars === 0) continue;
    const linkRatio = c.linkChars / c.chars;
    c.coef.repeat = c.repeats >= o.minRepeats ? 1 / (1 + Math.log2(c.repeats)) : 1;
    c.coef.link = (1 - linkRatio) ** 2;
    c.coef.markup = 1 / (1 + o.markupWeight * (c.tags * 100) / c.chars);
    c.coef.sentences = 0.4 + 0.6 * Math.min(1, c.sentences / 4);
    c.score = c.chars * c.coef.repeat * c.coef.link * c.coef.markup * c.coef.sentences * c.coef.run;
  }
  return cands;
}

export function createSignals(options: SignalsOptions = {}): Strategy {
  const o = { ...DEFAULT_SIGNALS, ...options };
  return {
    name: 'signals',
    description: 'flat candidate list scored by text length, link/markup ratios, sentences, repeated patterns and similar-length runs',
    run(snapshot: PageSnapshot): StrategyResult {
      const cands = scoreCandidates(snapshot, o);
      const byNode = new Map(cands.map((c) => [c.node, c]));
      const scored = cands.filter((c) => c.score > 0);
      if (!scored.length) return { selection: selectionOf([]), pageType: 'other', notes: ['no candidate holds text'] };
      const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
      const notes = [`best candidate <${at(snapshot.nodes, best.node).tag}> #${best.node}: score ${best.score.toFixed(0)} (${best.chars} chars)`];

      // subtree sums over candidates (reverse document order: nested candidates first)
      const kids = new Map<number, Candidate[]>();
      const sub = new Map<number, { score: number; chars: number; link: number; sentences: number }>();
      for (let i = cands.length - 1; i >= 0; i--) {
        const c = at(cands, i);
        const own = sub.get(c.node) ?? { score: 0, chars: 0, link: 0, sentences: 0 };
        own.score += c.score;
        own.chars += c.chars;
        own.link += c.linkChars;
        own.sentences += c.sentences;
        sub.set(c.node, own);
        if (c.parent >= 0) {
          const ps = sub.get(c.parent) ?? { score: 0, chars: 0, link: 0, sentences: 0 };
          ps.score += own.score;
          ps.chars += own.chars;
          ps.link += own.link;
          ps.sentences += own.sentences;
          sub.set(c.parent, ps);
          const l = kids.get(c.parent) ?? [];
          l.unshift(c);
          kids.set(c.parent, l);
        }
      }
      const subOf = (c: Candidate) => sub.get(c.node)!;

      // climb: the nearest candidate ancestor (up to `climbLevels` up, never <body>) whose other
      // content scores at least climbShare of the winner's subtree takes over (an article cut
      // into sibling blocks, each maybe in a wrapper of its own)
      let win = best;
      for (let climbed = true; climbed;) {
        climbed = false;
        let anc = win.parent >= 0 ? byNode.get(win.parent) : undefined;
        for (let level = 1; anc && anc.node !== snapshot.root && level <= o.climbLevels; level++) {
          const others = subOf(anc).score - subOf(win).score;
          if (others >= o.climbShare * subOf(win).score) {
            notes.push(`climbed to <${at(snapshot.nodes, anc.node).tag}> #${anc.node}: the rest of it scores ${others.toFixed(0)}`);
            win = anc;
            climbed = true;
            break;
          }
          anc = anc.parent >= 0 ? byNode.get(anc.parent) : undefined;
        }
      }

      const teasers = cands.filter((c) => c.chars > 0 && c.linkChars / c.chars > 0.6 && c.words >= 3).length;
      const w = subOf(win);
      const dominant = w.chars - w.link >= o.listingMinArticleChars || w.sentences >= o.listingMinArticleSentences;
      if (teasers >= o.listingMinLinkBlocks && !dominant) {
        notes.push(`${teasers} link-teaser candidates and no dominant candidate (${w.chars - w.link} non-link chars, ${w.sentences} sentences): listing`);
        return { selection: selectionOf([]), pageType: 'listing', notes };
      }

      // inside the winner: drop nested link lists and repeated cards that start below the winner
      const exclude: number[] = [];
      const stack = [...(kids.get(win.node) ?? [])];
      while (stack.length) {
        const c = stack.pop()!;
        const cs = subOf(c);
        const lr = cs.chars > 0 ? cs.link / cs.chars : 0;
        if (cs.chars > 0 && (lr > o.excludeLinkRatio || (c.repeats > win.repeats && lr > 0.2))) exclude.push(c.node);
        else stack.push(...(kids.get(c.node) ?? []));
      }
      return { selection: selectionOf([win.node], exclude), pageType: 'article', notes };
    },
  };
}

export const signals: Strategy = createSignals();
