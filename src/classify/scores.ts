/**
 * Scoring text blocks with the fitted models: a first pass over each block's own features, a
 * second pass over those plus how the first pass scored the blocks around it. Each block's final
 * log-odds break down into named components (see ScoreComponent): the first pass's base and one
 * contribution per feature family (Saabas attribution), and what the second pass changed.
 */
import { indexBlocks, joinTables, scoreContextFeatures, textBlockFeatures, type BlockIndex, type FeatureTable } from './block-features.js';
import { contributionRows, featureColumns, predictMargins, sigmoid, softmax } from './model.js';
import type { ClassifierModels } from './models.js';
import { pageTypeFeatures } from './page-type-features.js';
import type { TextBlock } from './text-blocks.js';
import { PAGE_TYPES, SCORE_COMPONENTS, type FeatureFamily, type PageType, type ScoreComponent } from './types.js';
import type { BlockTree } from '../segment/types.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { at } from '../util/at.js';

export interface BlockScores {
  index: BlockIndex;
  /** First-pass probability of each block. */
  first: Float64Array;
  /** Final probability of each block. */
  final: Float64Array;
  /** Per block, the components of its final log-odds in SCORE_COMPONENTS order (row-major). */
  components: Float64Array;
  /** Page-type probabilities. */
  pageTypes: Array<[PageType, number]>;
}

const COMPONENT_AT = new Map<ScoreComponent, number>(SCORE_COMPONENTS.map((c, i) => [c, i]));

/** Per model, the component slot of each of its features, and the table columns it was worked out for. */
const slots = new WeakMap<ClassifierModels['first'], { columns: Int32Array; families: readonly FeatureFamily[]; slot: Int32Array }>();

/** The component slot of each of the model's features (its family's), kept while the table's columns stay the same. */
function componentSlots(model: ClassifierModels['first'], table: FeatureTable, columns: Int32Array): Int32Array {
  const kept = slots.get(model);
  if (kept && kept.columns === columns && kept.families.every((f, i) => f === table.families[i])) return kept.slot;
  const familyOf = new Map(table.names.map((n, i) => [n, at(table.families, i)]));
  const slot = Int32Array.from(model.features, (f) => COMPONENT_AT.get(familyOf.get(f) as FeatureFamily)!);
  slots.set(model, { columns, families: [...table.families], slot });
  return slot;
}

function familyComponents(model: ClassifierModels['first'], table: FeatureTable, out: Float64Array, margins: Float64Array): void {
  const stride = table.names.length;
  const columns = featureColumns(model, table.names);
  const slot = componentSlots(model, table, columns);
  const k = SCORE_COMPONENTS.length;
  const baseSlot = COMPONENT_AT.get('base')!;
  const biases = contributionRows(model, table.data, stride, columns, slot, out, k);
  for (let r = 0; r < table.rows; r++) {
    out[r * k + baseSlot] = at(biases, r);
    // the components add up to the margin: the bias and every feature's contribution
    let margin = 0;
    for (let c = 0; c < k; c++) margin += out[r * k + c] ?? NaN;
    margins[r] = margin;
  }
}

export function scoreBlocks(snapshot: PageSnapshot, tree: BlockTree, blocks: readonly TextBlock[], models: ClassifierModels): BlockScores {
  const index = indexBlocks(snapshot, tree, blocks);
  const table = textBlockFeatures(index);
  const rows = table.rows;
  const k = SCORE_COMPONENTS.length;
  const components = new Float64Array(rows * k);
  const firstMargin = new Float64Array(rows);
  familyComponents(models.first, table, components, firstMargin);
  const first = Float64Array.from(firstMargin, sigmoid);
  let finalMargin: Float64Array = firstMargin;
  if (models.second) {
    const second = joinTables(table, scoreContextFeatures(index, first));
    finalMargin = predictMargins(models.second, second.data, second.names.length, featureColumns(models.second, second.names));
  }
  const final = Float64Array.from(finalMargin, sigmoid);
  const around = COMPONENT_AT.get('surroundings')!;
  for (let r = 0; r < rows; r++) components[r * k + around] = at(finalMargin, r) - at(firstMargin, r);
  const pf = pageTypeFeatures(snapshot, table, blocks);
  const pm = predictMargins(models.pageType, pf.values, pf.names.length, featureColumns(models.pageType, pf.names));
  const probs = softmax(pm);
  const pageTypes = models.pageType.classes.map((c, i): [PageType, number] => {
    if (!PAGE_TYPES.includes(c as PageType)) throw new Error(`page-type model predicts an unknown type "${c}"`);
    return [c as PageType, at(probs, i)];
  });
  return { index, first, final, components, pageTypes };
}

/** The components of one block's score, by name. */
export function componentsOf(scores: BlockScores, row: number): Record<ScoreComponent, number> {
  const k = SCORE_COMPONENTS.length;
  const out = {} as Record<ScoreComponent, number>;
  SCORE_COMPONENTS.forEach((c, i) => (out[c] = at(scores.components, row * k + i)));
  return out;
}

