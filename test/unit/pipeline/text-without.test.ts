import { describe, expect, it } from 'vitest';
import { bundledModels, choicesWithout, RULES, type RuleName } from '../../../src/classify/index.js';
import { analyzeSnapshot, textWithout } from '../../../src/pipeline/analyze.js';
import { segment } from '../../../src/segment/index.js';
import { caseNames, caseSnapshot } from '../helpers/fixture-cases.js';

// What a rule is worth is read on textWithout (scripts/train/rule-ablation.mjs): with no rule
// left out it must give the text `viseg extract` gives, and leaving rules out must tell.
const models = bundledModels();
const NONE: ReadonlySet<RuleName> = new Set();
const ALL: ReadonlySet<RuleName> = new Set(RULES);
/** The steps a choice traces that are not a rule's (the selection, the container, the type). */
const NOT_RULES = new Set(['page-type', 'pooled', 'selected', 'scored', 'container', 'excluded', 'screen-reader', 'revealed', 'no-content', 'too-short']);
const ruleSteps = (name: string, skip: ReadonlySet<RuleName>): string[] => {
  const s = caseSnapshot(name);
  const [choice] = choicesWithout(s, segment(s), models, [skip]);
  return (choice?.trace ?? []).map((e) => e.step).filter((step) => !NOT_RULES.has(step));
};

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

  // a rule run outside the skip, or one chooseContent runs that RULES does not name, traces here
  it.each(names)('%s: with every rule left out, no rule is traced', (name) => {
    expect(ruleSteps(name, ALL)).toEqual([]);
  });

  it('traces rules on the fixture sites when none is left out', () => {
    expect(names.filter((name) => ruleSteps(name, NONE).length > 0).length).toBeGreaterThan(3);
  });
});
