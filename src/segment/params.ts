/**
 * The numbers of the segmenter that can be fitted to people's segmentations: the separator weight
 * of each rule, the DoC scale, and the rule that says where each level of blocks stops.
 * scripts/fit-segmentation.mjs fits them on the seg-random set by k-fold cross-validation over
 * pages; docs/segmentation.md gives the values, the method and the held-out figures. The level
 * rules below are fitted; the weights are the paper's (fitted too, nested in the same folds, they
 * moved from fold to fold and scored lower on the held-out pages).
 */

/** What each weight rule adds to a separator's weight (docs/vips.md §4.3 names the rules). */
export interface SeparatorWeights {
  /** Every separator starts here. */
  base: number;
  /** Multiplies the distance step of rule 1 (1, 2, 4, 6, … by gap width). */
  distance: number;
  /** Rule 2: an `<hr>` or a visible border along the separator. */
  line: number;
  /** Rule 3: the backgrounds on the two sides differ. */
  background: number;
  /** Rule 4a: the font sizes across the separator differ (horizontal only). */
  fontSize: number;
  /** Rule 4a: same size, but one side is bold and the other is not (horizontal only). */
  fontWeight: number;
  /** Rule 4b: the text below is bigger than the text above (horizontal only). */
  headingBelow: number;
  /** Rule 5: text blocks on both sides (horizontal only); negative: such a gap is weaker. */
  textBothSides: number;
  /** Rule 6 (not in the paper): times the separator's length as a share of the page content's extent. */
  span: number;
}

/**
 * Where a level of the block tree stops: going down from the root, a block is divided into its
 * children when its DoC is at most `pdoc` and it covers at least `minArea` of the page, or when it
 * covers more than `maxArea` of the page whatever its DoC.
 */
export interface LevelRule {
  pdoc: number;
  /** Share of the page area a block needs before its DoC may divide it (0: any size). */
  minArea: number;
  /** Share of the page area above which a block is always divided (1 or more: never). */
  maxArea: number;
}

export interface SegmentParams {
  weights: SeparatorWeights;
  /** DoC scale: weights are mapped to DoC 10..1 over [minimum weight, max(this, page's heaviest)]. */
  docScaleFloor: number;
  /** The page's regions: header, navigation, main, sidebar, footer. */
  top: LevelRule;
  /** The blocks inside them: menus, link lists, paragraphs of text, pictures. */
  fine: LevelRule;
}

/** The [J]/[F] weights (docs/vips.md §4.3), before fitting. */
export const PAPER_WEIGHTS: SeparatorWeights = {
  base: 3, distance: 1, line: 2, background: 2, fontSize: 2, fontWeight: 2, headingBelow: 2, textBothSides: -2, span: 0,
};

export const DEFAULT_PARAMS: SegmentParams = {
  weights: PAPER_WEIGHTS,
  docScaleFloor: 16,
  top: { pdoc: 4, minArea: 0.8, maxArea: 2 },
  fine: { pdoc: 6, minArea: 0.1, maxArea: 0.5 },
};

/** `DEFAULT_PARAMS` with some values replaced (for fitting and experiments). */
export function withParams(p: PartialParams | undefined): SegmentParams {
  if (!p) return DEFAULT_PARAMS;
  return {
    weights: { ...DEFAULT_PARAMS.weights, ...p.weights },
    docScaleFloor: p.docScaleFloor ?? DEFAULT_PARAMS.docScaleFloor,
    top: { ...DEFAULT_PARAMS.top, ...p.top },
    fine: { ...DEFAULT_PARAMS.fine, ...p.fine },
  };
}

export interface PartialParams {
  weights?: Partial<SeparatorWeights>;
  docScaleFloor?: number;
  top?: Partial<LevelRule>;
  fine?: Partial<LevelRule>;
}
