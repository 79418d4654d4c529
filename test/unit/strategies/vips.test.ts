import { describe, expect, it } from 'vitest';
import { classify } from '../../../src/classify/index.js';
import { segment } from '../../../src/segment/index.js';
import { createVips, vips } from '../../../src/strategies/vips.js';
import { articlePage } from './build.js';

describe('vips strategy', () => {
  it('returns what segment + classify decide', () => {
    const snap = articlePage(6);
    // By default the tree stops at the fitted levels, as analyzeSnapshot's does.
    const d = classify(snap, segment(snap));
    const r = vips.run(snap);
    expect(r.pageType).toBe(d.pageType);
    expect(r.selection).toEqual(d.main ? d.selection : { roots: [], exclude: [] });
    expect(r.notes).toEqual([d.reason]);
    expect(createVips({ pdoc: 4 }).run(snap).pageType).toBe(classify(snap, segment(snap, { pdoc: 4 })).pageType);
    expect(createVips({ pdoc: 8 }).run(snap).notes).toEqual([classify(snap, segment(snap, { pdoc: 8 })).reason]);
  });
});
