/**
 * What classification produces: roles, page types, the main-content selection and the decision
 * record (every block's features, score and score components, the chosen blocks, what was
 * dropped and why, and a trace of the steps taken).
 */
import type { Rect } from '../snapshot/types.js';

export type Role =
  | 'main'
  | 'header'
  | 'navigation'
  | 'footer'
  | 'sidebar'
  | 'comments'
  | 'related'
  | 'advertisement'
  | 'overlay'
  | 'content'
  | 'other';

/**
 * The kind of page, which decides what its main content is (see the README):
 * - `article`: one text in sequential paragraphs (news, blog post, guide, review);
 * - `forum`: a thread, every post of it, question and answers;
 * - `product`: one product's name, description, specifications and price;
 * - `collection`: a grid of products or categories, without the filters around it;
 * - `listing`: repeated entries (search results, an index, a course catalogue);
 * - `documentation`: the doc text and its code, without the sidebar navigation and table of contents;
 * - `service`: a service or landing page's sections (hero, features, pricing, FAQ);
 * - `other`: no main content (an error page, an interstitial, an empty shell).
 */
export type PageType = 'article' | 'forum' | 'product' | 'collection' | 'listing' | 'documentation' | 'service' | 'other';

export const PAGE_TYPES: readonly PageType[] = ['article', 'forum', 'product', 'collection', 'listing', 'documentation', 'service', 'other'];

/** Which part of the snapshot is the main content. Produced by classify, consumed by content. */
export interface ContentSelection {
  /** Snapshot node ids whose subtrees form the main content, in reading order. */
  roots: number[];
  /** Node ids inside those subtrees to leave out, with their subtrees (ads, share bars, related links). */
  exclude: number[];
  /**
   * Text nodes inside the roots that the page holds without showing (a closed tab or accordion,
   * a collapsed "read more") and that belong to the main content: written out like visible text.
   * Other invisible text is always left out.
   */
  reveal?: number[];
}

/** Families of features; each block's score breaks down into one contribution per family. */
export type FeatureFamily = 'text' | 'links' | 'style' | 'geometry' | 'dom' | 'vips' | 'context' | 'page';

export const FEATURE_FAMILIES: readonly FeatureFamily[] = ['text', 'links', 'style', 'geometry', 'dom', 'vips', 'context', 'page'];

/**
 * The parts a block's score (log-odds of being main content) adds up from:
 * - `base`: the model's prior, the same for every block;
 * - one per feature family: what the block's own features moved it by (first pass);
 * - `surroundings`: what the second pass, which also sees how the blocks around it scored,
 *   changed (a lone line in a footer goes down; a short line between paragraphs goes up).
 */
export type ScoreComponent = 'base' | FeatureFamily | 'surroundings';

export const SCORE_COMPONENTS: readonly ScoreComponent[] = ['base', ...FEATURE_FAMILIES, 'surroundings'];

export type ScoreComponents = Record<ScoreComponent, number>;

/**
 * Why text inside the main region was left out: the component that pulled its score down the
 * most (`links`: link text; `text`: its wording, e.g. short with no sentence; `dom`: where it sits,
 * e.g. in a navigation or footer element; `surroundings`: the blocks around it are not content;
 * and so on for each family).
 */
export type DropReason = Exclude<ScoreComponent, 'base'>;

/** One step of the decision, in the order it was taken (Defuddle's debug removals, as data). */
export type TraceEvent =
  /**
   * The page type and the model's probability of it; `declared`: the schema.org type by which the
   * page declares itself a thread; `given`: the caller gave the type (the `pageType` option).
   */
  | { step: 'page-type'; pageType: PageType; probability: number; declared?: string; given?: true }
  /** Scores of blocks in slots of repeated units mixed with their slot's mean before the selection. */
  | { step: 'pooled'; slots: number; blocks: number }
  | { step: 'selected'; blocks: number; power: number; expectedF1: number; lowest: number }
  | { step: 'slots'; slots: number; blocks: number }
  | { step: 'scored'; blocks: number; hidden: number; kept: number; power: number }
  | { step: 'unit'; node: number; tag: string; blocks: number }
  /** Short cells of table rows whose text is mostly kept, kept: a row is read whole. */
  | { step: 'rows'; rows: number; blocks: number }
  | { step: 'container'; node: number; tag: string; blocks: number }
  | { step: 'excluded'; node: number; tag: string; blocks: number }
  | { step: 'revealed'; blocks: number; chars: number }
  /** Kept quotations that repeat kept text (and on a thread, later copies of kept text: signatures), left out. */
  | { step: 'repeated'; blocks: number; words: number }
  /** Runs of kept blocks that repeat an earlier kept run (the same content laid out twice), left out. */
  | { step: 'repeated-run'; runs: number; blocks: number; words: number }
  /** Kept text in posters' signatures (and a product page's customer reviews), left out. */
  | { step: 'signature'; blocks: number; words: number }
  /** Kept text in a shop page's recommendation rails (a section headed "Customers also viewed"), left out. */
  | { step: 'recommended'; sections: number; blocks: number; words: number }
  | { step: 'landmark'; blocks: number; landmarks: number }
  /** Kept text in teaser cards (`<article>`s with a linked headline) beside the page's one story, left out. */
  | { step: 'teasers'; articles: number; blocks: number; words: number }
  /** Kept text in a reader comment section of a page that is not a thread, left out. */
  | { step: 'comments'; blocks: number; words: number }
  /** Kept hidden text on the off-screen slides of a ticker or carousel, left out. */
  | { step: 'off-slide'; blocks: number; words: number }
  /** Kept hidden text that no kept visible text borders (a consent manager's purposes, a dialog's instructions), left out. */
  | { step: 'detached-hidden'; blocks: number; words: number }
  /** Kept paragraphs between kept text that are one link set in capitals (another story's headline, a call to act), left out. */
  | { step: 'kickers'; blocks: number; words: number }
  /** Kept pointers to other pages in a story ("Related: ...", a "Read more" section of links), left out. */
  | { step: 'related-links'; lines: number; sections: number; blocks: number; words: number }
  /** Kept lines of page furniture in a story ("Advertisement", "Table of Contents", "5 min read", "Updated on <date>"), left out. */
  | { step: 'furniture'; blocks: number; words: number }
  /** Text of embedded posts (a tweet, an Instagram post) between kept blocks, kept. */
  | { step: 'embedded'; blocks: number; words: number }
  /** Text of a story whose element closed early, in its nested first part and its bare tail, kept. */
  | { step: 'split-story'; blocks: number; words: number }
  /** Blocks of a product page that repeat its own description (meta and structured data), kept. */
  | { step: 'described'; blocks: number; words: number }
  /** Hidden spec sheets of a product page (a tab's label/value table), kept. */
  | { step: 'hidden-specs'; blocks: number; words: number }
  /** The rest of a product page's shown spec sheet that the model kept in half or more (the labels of kept values), kept. */
  | { step: 'spec-rows'; blocks: number; words: number }
  /** The kept text was all hidden and a few words: no main content. */
  | { step: 'hidden-scraps'; blocks: number; words: number }
  /** Paragraphs that continue the kept text after its container closes, kept. */
  | { step: 'continued'; blocks: number; words: number }
  /** Lists and tables in a story's flow, between kept blocks, whose short items were left out: kept whole. */
  | { step: 'story-lists'; lists: number; blocks: number; words: number }
  /** The page type changed after the selection: a listing whose kept entries were teasers around one story is an article. */
  | { step: 'retyped'; from: PageType; to: PageType }
  /** Kept text in groups of form controls (`<fieldset>`: filter facets, option pickers), left out. */
  | { step: 'controls'; blocks: number; words: number }
  /** Slots of a grid's cards that say the same in every card (a button, a badge), left out of a collection or listing. */
  | { step: 'template'; slots: number; blocks: number; words: number }
  /** The slot that names each card of a kept grid (a linked title), kept in every card. */
  | { step: 'card-titles'; cards: number; blocks: number; words: number }
  /** Kept text in a filter panel (facets of a shop's or a catalogue's grid), left out. */
  | { step: 'filters'; blocks: number; words: number }
  /** Kept text in a site-wide announcement bar ("Free shipping on orders $75+"), left out. */
  | { step: 'announcement'; blocks: number; words: number }
  /** Kept text in an ad slot ("Sponsored · ..." between a thread's posts), left out. */
  | { step: 'ad-slots'; blocks: number; words: number }
  /** Elements of text for screen readers only (`sr-only`, `visually-hidden`) inside the selection, left out. */
  | { step: 'screen-reader'; elements: number; chars: number }
  /** Kept text of symbols only (no letter, digit or pictograph) outside code and tables, left out. */
  | { step: 'symbols'; blocks: number }
  /** Kept text of fewer words than MIN_CONTENT_WORDS: the page is `other`. */
  | { step: 'too-short'; words: number; min: number }
  /**
   * The VIPS leaves that hold the main content: those at least `minShare` main content, or (when
   * none is, `minShare` 0) every leaf holding any; `main` is the block that encloses them.
   */
  | { step: 'main-blocks'; main: string | null; blocks: number; minShare: number }
  | { step: 'no-content'; why: string };

export interface BlockFeatures {
  chars: number;
  words: number;
  linkDensity: number;
  /** Characters per 1,000 px² of block area. */
  textDensity: number;
  wordsPerLine: number;
  sentences: number;
  /** Chars-weighted font size over the page's body text size. */
  relFontSize: number;
  /** 1 when horizontally centred on the page, 0 at an edge. */
  centring: number;
  /** Top edge as a share of the document height. */
  top: number;
  /** Share of the document area. */
  areaShare: number;
  paragraphs: number;
  headings: number;
  listItems: number;
  links: number;
  images: number;
  formControls: number;
  tables: number;
  /** Share of the block's characters chosen as main content. */
  mainShare: number;
  /** How much its text reads like main content on its own (first pass), -1..1. */
  prose: number;
  /** A boilerplate role named by the block's own elements (tag, ARIA role, class/id). */
  hint: Role | null;
  positionFixed: boolean;
  /** Mean words per link text (links with text); 0 without such links. */
  linkWords: number;
  /** Share of the links with text whose text has at least 4 words (headline links, not menu entries). */
  headlineLinks: number;
  /** Share of the list items with text whose whole text is one link (a menu entry). */
  linkItems: number;
  /** Share of the block's visible characters inside list items. */
  listShare: number;
  /** Share of the block's text runs (text blocks) of fewer than 4 words. */
  shortRuns: number;
}

export interface BlockRecord {
  id: string;
  rect: Rect;
  doc: number;
  leaf: boolean;
  /** The block's role in the top-level view (a region's rule role; roles.ts). */
  role: Role;
  /**
   * Its role in the fine view: the same as `role`, except for a region that is itself a fine
   * block, whose fine role comes from the role model (roles.ts).
   */
  fineRole: Role;
  /** Chars-weighted probability that the block's text is main content (0..1). */
  score: number;
  /** Chars-weighted mean log-odds of its text being main content: the sum of `components`. */
  logOdds: number;
  /** Chars-weighted mean contributions to its text's log-odds (they add up to `logOdds`). */
  components: Partial<Record<ScoreComponent, number>>;
  features: BlockFeatures;
  /** First characters of the block's text. */
  excerpt: string;
}

export interface Decision {
  pageType: PageType;
  /** Probability of each page type (the page-type model's answer). */
  pageTypeScores: Partial<Record<PageType, number>>;
  /** The main content: the block that encloses it, and every leaf block it was chosen from, in reading order. */
  main: { id: string; rect: Rect; score: number; blockIds: string[] } | null;
  /** Why the main content is what it is, or why there is none. */
  reason: string;
  /** The best block outside the main content. */
  runnerUp: { id: string; score: number } | null;
  /** The main block's score minus the runner-up's. */
  margin: number | null;
  /** Leaf blocks of the main content besides the best one, and why. */
  merged: Array<{ id: string; reason: string }>;
  /** The element that encloses the main content, and how many text blocks it holds. */
  container: { node: number; tag: string; value: number } | null;
  /** Text dropped from inside the main region, and why. */
  dropped: Array<{ text: string; reason: DropReason; block: string | null }>;
  /** The steps taken, in order. */
  trace: TraceEvent[];
  /** Every block of the tree, pre-order. */
  blocks: BlockRecord[];
  /** The snapshot nodes that make up the main content. */
  selection: ContentSelection;
}
