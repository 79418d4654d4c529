/**
 * Strategy registry: every content-extraction algorithm that runs over a PageSnapshot.
 * See docs/strategies.md.
 */
import { boilerpipe } from './boilerpipe/index.js';
import { declutter } from './declutter.js';
import { descent } from './descent.js';
import { heuristic } from './heuristic/index.js';
import { linkRatio } from './link-ratio.js';
import { mss } from './mss.js';
import { signals } from './signals.js';
import { ttr } from './ttr.js';
import { DEFAULT_STRATEGY, STRATEGY_NAMES, type StrategyName } from '../options.js';
import type { Strategy } from './types.js';
import { vips } from './vips.js';

export type { Strategy, StrategyResult } from './types.js';
export { createBoilerpipe } from './boilerpipe/index.js';
export { createDeclutter } from './declutter.js';
export { createDescent } from './descent.js';
export { createHeuristic } from './heuristic/index.js';
export { createLinkRatio } from './link-ratio.js';
export { createMss, loadDefaultModel, type MssModel } from './mss.js';
export { MssTrainer, trainMss } from './mss-train.js';
export { createSignals } from './signals.js';
export { createTtr } from './ttr.js';
export { createVips } from './vips.js';

export { DEFAULT_STRATEGY, STRATEGY_NAMES };

const REGISTRY = {
  vips,
  heuristic,
  descent,
  'link-ratio': linkRatio,
  signals,
  declutter,
  boilerpipe,
  ttr,
  mss,
} satisfies Record<StrategyName, Strategy>;

/** Every strategy by name (one per name in STRATEGY_NAMES, no other). */
export const STRATEGIES: Readonly<Record<string, Strategy>> = REGISTRY;

/** The strategy called `name`; throws a RangeError listing the known names otherwise. */
export function getStrategy(name: string): Strategy {
  const s = Object.prototype.hasOwnProperty.call(STRATEGIES, name) ? STRATEGIES[name] : undefined;
  if (!s) throw new RangeError(`unknown strategy "${name}"; known: ${STRATEGY_NAMES.join(', ')}`);
  return s;
}
