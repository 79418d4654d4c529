/**
 * Phase 1 of VIPS: visual block extraction (FitLayout's VisualBlockDetector).
 *
 * Top-down over the snapshot tree from the roots of the current sub-page. For every node the rule
 * list for its type is tried in order; the first rule that applies decides whether the node is
 * divided (its children are visited), kept as one visual block with a degree of coherence (DoC),
 * or cut. The rules are the paper's R1–R13 (see docs/vips.md §4.1), each a small named function.
 *
 * Invariant: every visible text node under a root ends up in exactly one extracted block.
 * Nodes are only cut when their subtree shows nothing (no visible text, no visible media), and a
 * divided node's content children are either visited or, for runs of consecutive inline/text
 * siblings, grouped into one block, so no text is lost.
 */
import { type Box, boxArea, unionBoxes } from './geometry.js';
import {
  type PreparedPage, FONT_MIXED, FONT_NONE, Flow, contentChildren, hasHrChild, nodeArea, nodeBox,
} from './prepare.js';
import { at } from '../util/at.js';

/** A visual block in the pool: one element subtree, or a run of inline/text siblings. */
export interface PoolBlock {
  /** Node ids whose subtrees the block owns: one element, or consecutive inline/text siblings. */
  ids: number[];
  /** True for a run of inline/text siblings (atomic: never divided again). */
  group: boolean;
  box: Box;
  /** Degree of coherence from the rule that made the block, 1..11. */
  doc: number;
  /** The rule that made the block (for the decision record). */
  rule: string;
}

export interface ExtractOptions {
  /** The current sub-page: size thresholds are relative to its area. */
  subPage: Box;
  /** Round number, 1-based; the relative size threshold shrinks in later rounds. */
  round: number;
  /** Round 1 only: large fixed/sticky overlays are taken out as separate blocks. */
  pullOverlays: boolean;
  /**
   * Re-entry (rounds after the first): every root is a visual block of the leaf being divided
   * again, i.e. the root of its own block's sub-DOM, so R3 divides it even when the leaf holds
   * several blocks. Without this a leaf of inseparable blocks (overlapping table rows, a layout
   * under an absolutely positioned wrapper) would get the same decisions every round and never
   * be divided.
   */
  reentry?: boolean;
}

export interface ExtractResult {
  /** The pool, in document order. */
  blocks: PoolBlock[];
  /** Overlay blocks taken out of the flow (only with `pullOverlays`). */
  overlays: PoolBlock[];
}

type Decision = 'divided' | 'block' | 'cut';

/** What a rule sees about the node being decided. */
export interface RuleInput {
  pre: PreparedPage;
  id: number;
  /** Content children (display:contents lifted, contentless children dropped). */
  children: number[];
  /** The node is the only root of the current sub-page (R3). */
  soleRoot: boolean;
  /** Area of the current sub-page, px² (at least 1). */
  subArea: number;
  /** Relative size threshold for R9 and R10. */
  threshold: number;
  /** Decision taken for the previous sibling in this parent, if any (R11). */
  prev: Decision | null;
}

export type RuleOutcome =
  | { action: 'divide'; rule: string; keep?: Array<{ id: number; doc: number }> }
  | { action: 'block'; rule: string; doc: number }
  | { action: 'cut'; rule: string };

export type BlockRule = (x: RuleInput) => RuleOutcome | null;

/** Relative size threshold of R9/R10 for a round: 0.1 of the sub-page, shrinking by 15% a round (floor 0.02). */
export function sizeThreshold(round: number): number {
  return Math.max(0.02, 0.1 * Math.pow(0.85, Math.max(0, round - 1)));
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, v));
}

/**
 * The [S] DoC formula with the sub-page area in place of 1024×768:
 * ⌊10·(1 − area/subArea)⌋, +2 when every child is small (h < 30 and w < 400),
 * −1 when some child is a line-break node.
 */
export function sizeDoc(pre: PreparedPage, id: number, children: readonly number[], subArea: number): number {
  const ratio = clamp(nodeArea(pre, id) / Math.max(1, subArea), 0, 1);
  let doc = Math.floor(10 * (1 - ratio));
  if (children.length > 0) {
    let allSmall = true;
    let lineBreak = false;
    for (const c of children) {
      if (at(pre.ey1, c) - at(pre.ey0, c) >= 30 || at(pre.ex1, c) - at(pre.ex0, c) >= 400) allSmall = false;
      if (!pre.inline[c]) lineBreak = true;
    }
    if (allSmall) doc += 2;
    if (lineBreak) doc -= 1;
  }
  return doc;
}

// ---------------------------------------------------------------------------------------------
// The rules. Each returns null when it does not apply.
// ---------------------------------------------------------------------------------------------

/** R1: a node with no valid (content) child is cut. Media elements are handled before the rules. */
export const ruleNoValidChild: BlockRule = (x) => (x.children.length === 0 ? { action: 'cut', rule: 'R1' } : null);

/** R2: exactly one valid child, and it is not a text node: divide (look through the wrapper). */
export const ruleSingleElementChild: BlockRule = (x) =>
  x.children.length === 1 && x.pre.flow[at(x.children, 0)] !== Flow.Text ? { action: 'divide', rule: 'R2' } : null;

/** R3: the node is the only root of the current sub-page: divide. */
export const ruleSoleRoot: BlockRule = (x) => (x.soleRoot ? { action: 'divide', rule: 'R3' } : null);

/** R4: every child is a text or virtual-text node: keep; DoC 10 if all text shares one font, else 9. */
export const ruleAllTextChildren: BlockRule = (x) => {
  for (const c of x.children) if (!x.pre.inline[c]) return null;
  const fk = at(x.pre.fontKey, x.id);
  return { action: 'block', rule: 'R4', doc: fk === FONT_MIXED ? 9 : 10 };
};

/** R5: some child is a line-break node: divide. */
export const ruleLineBreakChild: BlockRule = (x) => {
  for (const c of x.children) if (!x.pre.inline[c]) return { action: 'divide', rule: 'R5' };
  return null;
};

/** R6: some child is an `<hr>`: divide. */
export const ruleHrChild: BlockRule = (x) => (hasHrChild(x.pre, x.id) ? { action: 'divide', rule: 'R6' } : null);

/** R7: the children's areas add up to more than the node's own (overflow or overlap): divide. */
export const ruleChildrenOverflow: BlockRule = (x) => {
  const pre = x.pre;
  const own = Math.max(0, at(pre.bx1, x.id) - at(pre.bx0, x.id)) * Math.max(0, at(pre.by1, x.id) - at(pre.by0, x.id));
  let sum = 0;
  for (const c of x.children) sum += nodeArea(pre, c);
  return sum > own * 1.02 + 4 ? { action: 'divide', rule: 'R7' } : null;
};

/**
 * R8: the node's background differs from some child's: divide; those children are not divided
 * again this round and get DoC 6–8 (size formula, clamped).
 */
export const ruleBackgroundDiffers: BlockRule = (x) => {
  const pre = x.pre;
  const keep: Array<{ id: number; doc: number }> = [];
  for (const c of x.children) {
    if (pre.inline[c] || pre.containsOverlay[c] || pre.isOverlay[c]) continue;
    if (pre.bg[c] !== pre.bg[x.id]) {
      keep.push({ id: c, doc: clamp(sizeDoc(pre, c, contentChildren(pre, c), x.subArea), 6, 8) });
    }
  }
  return keep.length ? { action: 'divide', rule: 'R8', keep } : null;
};

/** R9: some text/virtual-text child and the node is small relative to the sub-page: keep, DoC 5–8. */
export const ruleSmallWithText: BlockRule = (x) => {
  const pre = x.pre;
  let text = false;
  for (const c of x.children) if (pre.inline[c] && at(pre.chars, c) > 0) text = true;
  if (!text || nodeArea(pre, x.id) / x.subArea >= x.threshold) return null;
  return { action: 'block', rule: 'R9', doc: clamp(sizeDoc(pre, x.id, x.children, x.subArea), 5, 8) };
};

/** R10: the largest child is small relative to the sub-page: keep, DoC from size (1–10). */
export const ruleSmallChildren: BlockRule = (x) => {
  const pre = x.pre;
  let max = 0;
  for (const c of x.children) max = Math.max(max, nodeArea(pre, c));
  if (max / x.subArea >= x.threshold) return null;
  return { action: 'block', rule: 'R10', doc: clamp(sizeDoc(pre, x.id, x.children, x.subArea), 1, 10) };
};

/** R11 ([J]/[F] reading, per [R]): copy the previous sibling's decision; no previous sibling: not applicable. */
export const rulePreviousSibling: BlockRule = (x) => {
  if (x.prev === 'divided') return { action: 'divide', rule: 'R11' };
  if (x.prev === 'block') return { action: 'block', rule: 'R11', doc: clamp(sizeDoc(x.pre, x.id, x.children, x.subArea), 1, 10) };
  return null;
};

/** R12: divide. */
export const ruleDivide: BlockRule = () => ({ action: 'divide', rule: 'R12' });

/** R13: keep; DoC from size plus 3, at most 10. */
export const ruleKeep: BlockRule = (x) => ({
  action: 'block', rule: 'R13', doc: clamp(sizeDoc(x.pre, x.id, x.children, x.subArea) + 3, 1, 10),
});

/** The paper's rule lists by node type (docs/vips.md §4.1). */
export const RULES_INLINE_OR_P: readonly BlockRule[] = [
  ruleNoValidChild, ruleSingleElementChild, ruleSoleRoot, ruleAllTextChildren, ruleLineBreakChild, ruleHrChild,
  ruleChildrenOverflow, ruleSmallWithText, ruleSmallChildren, ruleDivide,
];
export const RULES_TABLE: readonly BlockRule[] = [
  ruleNoValidChild, ruleSingleElementChild, ruleSoleRoot, ruleBackgroundDiffers, ruleSmallChildren, ruleKeep,
];
export const RULES_TR: readonly BlockRule[] = [
  ruleNoValidChild, ruleSingleElementChild, ruleSoleRoot, ruleChildrenOverflow, ruleBackgroundDiffers, ruleSmallChildren,
  ruleKeep,
];
export const RULES_TD: readonly BlockRule[] = [
  ruleNoValidChild, ruleSingleElementChild, ruleSoleRoot, ruleAllTextChildren, ruleSmallWithText, ruleSmallChildren,
  rulePreviousSibling, ruleKeep,
];
export const RULES_OTHER: readonly BlockRule[] = [
  ruleNoValidChild, ruleSingleElementChild, ruleSoleRoot, ruleAllTextChildren, ruleHrChild, ruleChildrenOverflow,
  ruleSmallWithText, ruleSmallChildren, ruleDivide,
];

export function rulesFor(pre: PreparedPage, id: number): readonly BlockRule[] {
  const tag = at(pre.nodes, id).tag;
  if (tag === 'p') return RULES_INLINE_OR_P;
  if (tag === 'table') return RULES_TABLE;
  if (tag === 'tr') return RULES_TR;
  if (tag === 'td' || tag === 'th') return RULES_TD;
  if (pre.flow[id] === Flow.Inline) return RULES_INLINE_OR_P;
  return RULES_OTHER;
}

/** DoC of a run of inline siblings, as R4: 10 when all its text shares one font, else 9. */
function groupDoc(pre: PreparedPage, ids: readonly number[]): number {
  let fk = FONT_NONE;
  for (const id of ids) {
    const k = at(pre.fontKey, id);
    if (k === FONT_NONE) continue;
    if (fk === FONT_NONE) fk = k;
    else if (k !== fk) return 9;
  }
  return fk === FONT_MIXED ? 9 : 10;
}

function blockOf(pre: PreparedPage, ids: number[], group: boolean, doc: number, rule: string): PoolBlock {
  const box = ids.length === 1 ? nodeBox(pre, at(ids, 0)) : unionBoxes(ids.map((i) => nodeBox(pre, i)));
  return { ids, group, box, doc, rule };
}

/**
 * Run Phase 1 from the given roots (the blocks of the current sub-page; for round 1 a single
 * element block for `<body>`). Group blocks pass through unchanged.
 */
export function extractBlocks(pre: PreparedPage, roots: readonly PoolBlock[], opts: ExtractOptions): ExtractResult {
  const blocks: PoolBlock[] = [];
  const overlays: PoolBlock[] = [];
  const subArea = Math.max(1, boxArea(opts.subPage));
  const threshold = sizeThreshold(opts.round);
  const soleRoot = roots.length === 1 || opts.reentry === true;

  const emit = (id: number, doc: number, rule: string): void => {
    blocks.push(blockOf(pre, [id], false, doc, rule));
  };

  const divideChildren = (children: readonly number[], keep: ReadonlyArray<{ id: number; doc: number }> | undefined): void => {
    let run: number[] = [];
    let prev: Decision | null = null;
    const flush = (): void => {
      if (run.length === 0) return;
      blocks.push(blockOf(pre, run, true, groupDoc(pre, run), 'inline-run'));
      run = [];
      prev = 'block';
    };
    for (const c of children) {
      if (pre.inline[c]) {
        run.push(c);
        continue;
      }
      flush();
      const kept = keep?.find((k) => k.id === c);
      if (kept) {
        emit(c, kept.doc, 'R8-child');
        prev = 'block';
        continue;
      }
      prev = visit(c, false, prev);
    }
    flush();
  };

  const visit = (id: number, isRoot: boolean, prev: Decision | null): Decision => {
    if (opts.pullOverlays && pre.isOverlay[id] && !isRoot) {
      const children = contentChildren(pre, id);
      overlays.push(blockOf(pre, [id], false, clamp(sizeDoc(pre, id, children, subArea), 1, 10), 'overlay'));
      return 'block';
    }
    if (pre.media[id]) {
      // A lone image/input/... is a block of its own ([J]: DoC 8).
      emit(id, 8, 'media');
      return 'block';
    }
    const children = contentChildren(pre, id);
    if (opts.pullOverlays && pre.containsOverlay[id]) {
      // Divide down to the overlay so it can be taken out of the flow.
      divideChildren(children, undefined);
      return 'divided';
    }
    const input: RuleInput = { pre, id, children, soleRoot: isRoot && soleRoot, subArea, threshold, prev };
    for (const rule of rulesFor(pre, id)) {
      const out = rule(input);
      if (!out) continue;
      if (out.action === 'cut') return 'cut';
      if (out.action === 'block') {
        emit(id, out.doc, out.rule);
        return 'block';
      }
      divideChildren(children, out.keep);
      return 'divided';
    }
    // Unreachable: every list ends with R12 or R13.
    emit(id, 10, 'fallback');
    return 'block';
  };

  for (const r of roots) {
    if (r.group || r.ids.length !== 1) {
      blocks.push(r);
      continue;
    }
    const id = at(r.ids, 0);
    if (!pre.hasContent[id]) continue;
    if (pre.flow[id] === Flow.Text) {
      blocks.push(r);
      continue;
    }
    visit(id, true, null);
  }
  return { blocks, overlays };
}

/** The round-1 root block: the snapshot root element. */
export function rootBlock(pre: PreparedPage): PoolBlock {
  return blockOf(pre, [pre.root], false, 1, 'root');
}
