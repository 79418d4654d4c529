/**
 * Classify: which text is the page's main content, what kind of page it is, and a role for every
 * block, kept as a decision record.
 *
 *   1. cut the page into text blocks (visible text, and hidden text the page holds);
 *   2. score every text block with the fitted models (src/classify/scores.ts): a first pass over
 *      its own features, a second over those and its surroundings' scores; and the page type;
 *   3. keep the blocks that score as main content, and select their enclosing element minus what
 *      holds only dropped text (src/classify/choose.ts);
 *   4. describe every VIPS block (features, score, score components) and give it a role.
 */
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { blockRecords, round, TextTally } from './blocks.js';
import { chooseContent, type Choice, type RuleName } from './choose.js';
import { bundledModels, type ClassifierModels } from './models.js';
import { declaredThread } from './page-features.js';
import { DROPPED_EXCERPT_CHARS, MAIN_LEAF_SHARE, MIN_CONTENT_WORDS, SELECTION_POWER } from './params.js';
import { assignRoles, blockNodes } from './roles.js';
import { scoreBlocks, type BlockScores } from './scores.js';
import { buildTextBlocks, indexNodes, type TextBlock } from './text-blocks.js';
import { PAGE_TYPES, type ContentSelection, type Decision, type PageType, type TraceEvent } from './types.js';
import { analyzeOptionsSchema, parseWith, type GivenPageType } from '../options.js';
import { at } from '../util/at.js';

export type {
  BlockFeatures, BlockRecord, ContentSelection, Decision, DropReason, FeatureFamily, PageType, Role, ScoreComponent, TraceEvent,
} from './types.js';
export { FEATURE_FAMILIES, PAGE_TYPES, SCORE_COMPONENTS } from './types.js';
export { bundledModels, loadModels, type ClassifierModels } from './models.js';
export { roleAt } from './roles.js';
export { RULES, type RuleName } from './choose.js';

export interface ClassifyOptions {
  /** Models to use instead of the bundled ones (cross-validation folds, experiments). */
  models?: ClassifierModels;
  /** Read the page as this type instead of the page-type model's (the `pageType` option). */
  pageType?: GivenPageType | undefined;
}

function isAncestor(a: string, b: string): boolean {
  return b.startsWith(a + '-');
}

function commonAncestorId(ids: readonly string[]): string {
  let parts = at(ids, 0).split('-');
  for (const id of ids.slice(1)) {
    const p = id.split('-');
    let k = 0;
    while (k < parts.length && k < p.length && parts[k] === p[k]) k++;
    parts = parts.slice(0, k);
  }
  return parts.length ? parts.join('-') : '1';
}

function cmpId(a: string, b: string): number {
  const pa = a.split('-').map(Number);
  const pb = b.split('-').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return at(pa, i) - at(pb, i);
  return pa.length - pb.length;
}

/** What {@link chooseMain} decides: the page's type and the text blocks kept as its main content. */
export interface MainChoice {
  /** The page type and its probability (a declared thread's, or the article's after a retyped listing). */
  best: [PageType, number];
  /** The type the selection starts from: the page-type model's, or the thread the page declares (no power changes it). */
  startType: PageType;
  /** `best[0]`, or `other` when too little text is kept. */
  pageType: PageType;
  choice: Choice;
  hasContent: boolean;
  /** The selection the content is made from: the choice's, or none when too little text is kept. */
  selection: ContentSelection;
  /** The page-type step, the selection's rules and the verdict on the kept words. */
  trace: TraceEvent[];
}

/**
 * The selection power of a page: the page types' powers blended by `weights` (the page-type
 * model's probabilities) as a weighted geometric mean; a type the models give no power for counts
 * with the default power (params.ts). A page the model is sure of takes its type's power; one it
 * is unsure of (a listing read at 0.42 as an article) is read between its likely types' powers,
 * not at the stricter article's alone. A type the caller gives, or a thread the page declares, is
 * certain: weight 1.
 */
export function blendedPower(weights: ReadonlyArray<readonly [PageType, number]>, powers: ClassifierModels['selection']): number {
  const powerOf = (t: PageType) => powers?.[t] ?? SELECTION_POWER;
  let sum = 0;
  let total = 0;
  for (const [t, w] of weights) {
    sum += w * Math.log(powerOf(t));
    total += w;
  }
  if (total <= 0) return SELECTION_POWER;
  // one power for every type (training reads pages so: choicesAtPowers) comes back exactly, not
  // through a logarithm and back
  const first = weights[0];
  if (first && weights.every(([t]) => powerOf(t) === powerOf(first[0]))) return powerOf(first[0]);
  return Math.exp(sum / total);
}

/**
 * The page's type and main content from its block scores: the page-type model's type (or the
 * thread the page declares), the blocks the selection keeps for that type at the power blended
 * from `powers` (blendedPower), and a listing read again as an article, at the same power, when
 * what it kept were a story's teasers. The part of classify that a selection power changes;
 * training reads a page at every candidate power from one scoring (scripts/train/selection.mjs).
 */
export function chooseMain(snapshot: PageSnapshot, blocks: readonly TextBlock[], scores: BlockScores, powers: ClassifierModels['selection'], given?: GivenPageType, skip?: ReadonlySet<RuleName>): MainChoice {
  const probabilityOf = (type: PageType): number => scores.pageTypes.find(([t]) => t === type)?.[1] ?? 0;
  let best = scores.pageTypes.reduce((a, b) => (b[1] > a[1] ? b : a), ['article', -1] as [PageType, number]);
  // a page that declares itself a thread in its structured data is one, whatever the model reads;
  // a type the caller gives wins over both
  const thread = given ? null : declaredThread(scores.index.page);
  if (given) best = [given, probabilityOf(given)];
  else if (thread && best[0] !== 'forum') best = ['forum', probabilityOf('forum')];
  const startType = best[0];
  const trace: TraceEvent[] = [{ step: 'page-type', pageType: startType, probability: round(best[1]), ...(given ? { given: true } : thread ? { declared: thread } : {}) }];
  const power = blendedPower(given || thread ? [[startType, 1]] : scores.pageTypes, powers);
  const choose = (type: PageType) => chooseContent(snapshot, blocks, scores.final, scores.components, power, scores.index.repeatAt, type, skip);
  let choice = choose(best[0]);
  // a "listing" whose kept entries were teaser cards beside one story is that story's page: the
  // page-type model counts the cards of its rails as entries. It is chosen again as an article.
  // A listing the caller gives stays one.
  if (!given && best[0] === 'listing' && choice.trace.some((e) => e.step === 'teasers')) {
    trace.push({ step: 'retyped', from: 'listing', to: 'article' });
    best = ['article', probabilityOf('article')];
    choice = choose('article');
  }
  trace.push(...choice.trace);
  const keptWords = choice.kept.reduce((s, i) => s + at(blocks, i).words, 0);
  const hasContent = choice.kept.length > 0 && keptWords >= MIN_CONTENT_WORDS;
  if (choice.kept.length > 0 && !hasContent) trace.push({ step: 'too-short', words: keptWords, min: MIN_CONTENT_WORDS });
  const selection = hasContent ? choice.selection : { roots: [], exclude: [] };
  return { best, startType, pageType: hasContent ? best[0] : 'other', choice, hasContent, selection, trace };
}

/** The page's text blocks (hidden ones included) and the models' scores of them. */
function scorePage(snapshot: PageSnapshot, tree: BlockTree, models: ClassifierModels): { blocks: TextBlock[]; scores: BlockScores } {
  const blocks = buildTextBlocks(snapshot, indexNodes(snapshot), { includeHidden: true });
  return { blocks, scores: scoreBlocks(snapshot, tree, blocks, models) };
}

/**
 * {@link chooseMain} at each of `powers`, the same power for every page type, from one set of
 * text blocks and one scoring: what training reads to choose the powers.
 */
export function choicesAtPowers(snapshot: PageSnapshot, tree: BlockTree, models: ClassifierModels, powers: readonly number[]): MainChoice[] {
  const { blocks, scores } = scorePage(snapshot, tree, models);
  return powers.map((power) => chooseMain(snapshot, blocks, scores, Object.fromEntries(PAGE_TYPES.map((t) => [t, power]))));
}

/**
 * {@link chooseMain} with each set of rules in `skips` left out, at the models' own selection
 * powers, from one set of text blocks and one scoring: what a rule is worth is how the pages read
 * without it (scripts/train/rule-ablation.mjs).
 */
export function choicesWithout(snapshot: PageSnapshot, tree: BlockTree, models: ClassifierModels, skips: ReadonlyArray<ReadonlySet<RuleName>>): MainChoice[] {
  const { blocks, scores } = scorePage(snapshot, tree, models);
  return skips.map((skip) => chooseMain(snapshot, blocks, scores, models.selection, undefined, skip));
}

/** classify's own check of a given type, for JavaScript callers that reach it without the options schema. */
const givenTypeSchema = analyzeOptionsSchema.pick({ pageType: true });

export function classify(snapshot: PageSnapshot, tree: BlockTree, options: ClassifyOptions = {}): Decision {
  if (options.pageType !== undefined) parseWith(givenTypeSchema, { pageType: options.pageType });
  const models = options.models ?? bundledModels();
  const { blocks, scores } = scorePage(snapshot, tree, models);
  const { best, pageType, choice, hasContent, selection, trace } = chooseMain(snapshot, blocks, scores, models.selection, options.pageType);
  const keptSet = new Set(choice.kept);

  // one tally of the page's text, for the block records and the roles' DOM shapes
  const text = new TextTally(snapshot.nodes);
  const records = blockRecords(snapshot, tree, blocks, scores, keptSet, text);
  const byId = new Map(records.map((r) => [r.id, r]));
  let minShare = MAIN_LEAF_SHARE;
  let mainLeaves = records.filter((r) => r.leaf && r.features.mainShare >= MAIN_LEAF_SHARE);
  if (mainLeaves.length === 0) {
    // VIPS left the kept text in leaves that are mostly other text: those leaves hold it
    minShare = 0;
    mainLeaves = records.filter((r) => r.leaf && r.features.mainShare > 0);
  }
  let main: Decision['main'] = null;
  let runnerUp: Decision['runnerUp'] = null;
  let margin: number | null = null;
  const merged: Decision['merged'] = [];
  let reason: string;
  const keptChars = choice.kept.reduce((s, i) => s + at(blocks, i).chars, 0);
  const typeNote = options.pageType ? `given; model ${round(best[1])}` : String(round(best[1]));
  if (hasContent && mainLeaves.length > 0) {
    const top = at([...mainLeaves].sort((a, b) => b.score - a.score || cmpId(a.id, b.id)), 0);
    const mainId = commonAncestorId(mainLeaves.map((r) => r.id));
    const mainRec = byId.get(mainId)!;
    main = { id: mainId, rect: mainRec.rect, score: mainRec.score, blockIds: mainLeaves.map((r) => r.id) };
    trace.push({ step: 'main-blocks', main: mainId, blocks: mainLeaves.length, minShare });
    for (const r of mainLeaves) {
      if (r.id !== top.id) merged.push({ id: r.id, reason: `${Math.round(r.features.mainShare * 100)}% of its ${r.features.chars} characters are main content (score ${r.score})` });
    }
    const rivals = records.filter((r) => r.id !== mainId && !isAncestor(r.id, mainId) && !isAncestor(mainId, r.id) && r.features.chars > 0)
      .sort((a, b) => b.score - a.score || cmpId(a.id, b.id));
    if (rivals[0]) {
      runnerUp = { id: rivals[0].id, score: rivals[0].score };
      margin = round(mainRec.score - rivals[0].score);
    }
    reason = `${pageType} page (${typeNote}): ${choice.kept.length} text block(s), ${keptChars} characters, ` +
      `in ${mainLeaves.length} block(s) under ${mainId}; best block ${top.id} (${top.score})` +
      (runnerUp ? `; runner-up ${runnerUp.id} (${runnerUp.score})` : '');
  } else if (hasContent) {
    // main-content text that no VIPS leaf holds (text the segmentation left out, hidden text only)
    trace.push({ step: 'main-blocks', main: null, blocks: 0, minShare });
    reason = `${pageType} page (${typeNote}): ${choice.kept.length} text block(s), ${keptChars} characters, outside the visible blocks`;
  } else {
    const last = choice.trace.find((e) => e.step === 'no-content');
    reason = `no main content: ${last && last.step === 'no-content' ? last.why : `fewer than ${MIN_CONTENT_WORDS} words kept`}`;
  }
  assignRoles(records, main, snapshot, models.roles ?? bundledModels().roles, tree.levels, blockNodes(tree.root), text);

  const leafIds = scores.index.leaves.map((l) => l.leaf.id);
  const dropped = choice.dropped.map((d) => {
    const leaf = at(scores.index.leafOfBlock, d.block);
    return { text: at(blocks, d.block).text.slice(0, DROPPED_EXCERPT_CHARS), reason: d.reason, block: leaf >= 0 ? at(leafIds, leaf) : null };
  });
  const containerNode = choice.container >= 0 ? at(snapshot.nodes, choice.container) : null;
  const pageTypeScores: Decision['pageTypeScores'] = {};
  for (const [t, p] of scores.pageTypes) pageTypeScores[t] = round(p);
  return {
    pageType,
    pageTypeScores,
    main,
    reason,
    runnerUp,
    margin,
    merged,
    container: containerNode && hasContent ? { node: containerNode.id, tag: containerNode.tag, value: choice.kept.length } : null,
    dropped: hasContent ? dropped : [],
    trace,
    blocks: records,
    selection,
  };
}

