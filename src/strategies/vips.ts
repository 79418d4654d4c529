/**
 * `vips`: the default pipeline — VIPS segmentation (src/segment) and the classify stage
 * (src/classify: text blocks scored by the fitted models, page type, roles) — wrapped as a strategy.
 */
import { classify } from '../classify/index.js';
import { segment } from '../segment/index.js';
import type { PageSnapshot } from '../snapshot/types.js';
import type { Strategy, StrategyResult } from './types.js';

export interface VipsOptions {
  /** Permitted degree of coherence for the segmentation (default: the fitted levels, as analyzeSnapshot). */
  pdoc?: number;
}

export function createVips(options: VipsOptions = {}): Strategy {
  return {
    name: 'vips',
    description: 'VIPS visual segmentation + classify (the default pipeline)',
    run(snapshot: PageSnapshot): StrategyResult {
      const tree = segment(snapshot, { pdoc: options.pdoc });
      const decision = classify(snapshot, tree);
      const selection = decision.main ? decision.selection : { roots: [], exclude: [] };
      return { selection, pageType: decision.pageType, notes: [decision.reason] };
    },
  };
}

export const vips: Strategy = createVips();
