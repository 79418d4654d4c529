import { describe, expect, it } from 'vitest';
import { bundledModels, RULES, type RuleName } from '../../../src/classify/index.js';
import { analyzeSnapshot, textWithout } from '../../../src/pipeline/analyze.js';
import { caseNames, caseSnapshot } from '../helpers/fixture-cases.js';

// What a rule is worth is read on textWithout (scripts/train/rule-ablation.mjs): with no rule
// left out it must give the text `viseg extract` gives, and leaving rules out must tell.
const models = bundledModels();
const NONE: ReadonlySet<RuleName> = new Set();
const ALL: ReadonlySet<RuleName> = new Set(RULES);

describe('textWithout', () => {
  const names = caseNames();

  it.each(names)('%s: with no rule left out, the text analyzeSnapshot gives', (name) => {
    const snapshot = caseSnapshot(name);
    expect(textWithout(snapshot, models, [NONE])).toEqual([analyzeSnapshot(snapshot).content.text]);
  });

  it('reads the rules left out: some page reads otherwise without any of them', () => {
    const differ = names.filter((name) => {
      const [withRules, without] = textWithout(caseSnapshot(name), models, [NONE, ALL]);
      return withRules !== without;
    });
    expect(differ.length).toBeGreaterThan(0);
  });
});
