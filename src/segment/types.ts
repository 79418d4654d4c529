import type { Rect } from '../snapshot/types.js';
import type { PartialParams } from './params.js';

export type Orientation = 'horizontal' | 'vertical';

/** A visual separator: a band with no block in it, between blocks. */
export interface Separator {
  orientation: Orientation;
  /** The band in document coordinates (a horizontal separator spans the area's width). */
  rect: Rect;
  /** Higher means a stronger visual break. */
  weight: number;
  /** Which weight rules fired (for the decision record and the picture). */
  reasons: string[];
}

export interface BlockStats {
  /** Visible characters (white space collapsed). */
  chars: number;
  /** Visible characters inside links. */
  linkChars: number;
  words: number;
  /** Visible text nodes owned. */
  textNodes: number;
}

export interface Block {
  /** Hierarchical id: "1", "1-2", "1-2-3". The root is "1". */
  id: string;
  rect: Rect;
  /** Degree of coherence, 1..11: higher means more coherent. Never lower than the parent's. */
  doc: number;
  children: Block[];
  /**
   * Snapshot node ids of the DOM subtrees this block owns, in reading order.
   * Leaves own disjoint subtrees; an inner block owns the union of its children's.
   */
  nodes: number[];
  stats: BlockStats;
  /** Separators inside this block that cut it into its children. */
  separators: Separator[];
  /**
   * Leaves only: the Phase-1 rule that made the leaf's visual block ("R4", "R9", "inline-run",
   * "media", "overlay", ...); several inseparable blocks give e.g. "R4+inline-run". Decision record.
   */
  rule?: string;
}

export interface SegmentOptions {
  /**
   * Permitted degree of coherence (the paper's knob): a leaf is final once its DoC exceeds it.
   * Unset (the default): the tree stops at the fitted fine level (see `BlockTree.levels`).
   */
  pdoc?: number;
  /** Round limit for re-segmenting leaves. Default 10. */
  maxRounds?: number;
  /** Replace fitted values (separator weights, level rules); for fitting and experiments. */
  params?: PartialParams;
}

/** Ids of the blocks of each level; each list covers the page's blocks once, in reading order. */
export interface BlockLevels {
  /** The page's regions: header, navigation, main, sidebar, footer. */
  top: string[];
  /** The blocks inside them: the tree's leaves. */
  fine: string[];
}

export interface BlockTree {
  root: Block;
  /** The permitted DoC the tree was stopped at (with the default level rules: the fine level's). */
  pdoc: number;
  /** The two levels people mark, cut from this tree (the fine level is its leaves). */
  levels?: BlockLevels;
  /** Every separator found, across all rounds (for drawing). */
  separators: Separator[];
  /** Rounds of Phase 1–3 that were run (1..maxRounds). */
  rounds?: number;
}
