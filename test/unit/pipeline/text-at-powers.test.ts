import { describe, expect, it } from 'vitest';
import { bundledModels, PAGE_TYPES } from '../../../src/classify/index.js';
import { analyzeSnapshot, textAtPowers } from '../../../src/pipeline/analyze.js';
import { caseNames, caseSnapshot } from '../helpers/fixture-cases.js';

// Training chooses the selection powers on textAtPowers (scripts/train/selection.mjs): it must
// give, power by power, the text that `viseg extract` gives with that power.
const [LOW, MID, HIGH] = [0.5, 1.15, 3];
const POWERS = [LOW, MID, HIGH];
const models = bundledModels();
const at = (power: number) => ({ ...models, selection: Object.fromEntries(PAGE_TYPES.map((t) => [t, power])) });

describe('textAtPowers', () => {
  const names = caseNames();

  it.each(names)('%s: the text analyzeSnapshot gives at each power, and the type the selection starts from', (name) => {
    const snapshot = caseSnapshot(name);
    const got = textAtPowers(snapshot, models, POWERS);
    const analyses = POWERS.map((p) => analyzeSnapshot(snapshot, { models: at(p) }));
    expect(got.texts).toEqual(analyses.map((a) => a.content.text));
    const first = analyses[0]?.decision.trace[0];
    expect(first?.step).toBe('page-type');
    expect(got.startType).toBe(first?.step === 'page-type' ? first.pageType : null);
  });

  it('reads the powers: some page keeps other text at the lowest and the highest', () => {
    const differ = names.filter((name) => {
      const { texts } = textAtPowers(caseSnapshot(name), models, [LOW, HIGH]);
      return texts[0] !== texts[1];
    });
    expect(differ.length).toBeGreaterThan(0);
  });
});
