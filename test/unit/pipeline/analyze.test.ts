import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { OptionsError } from '../../../src/options.js';
import { caseSnapshot } from '../helpers/fixture-cases.js';

// A local page recorded without a public URL: its links and images are relative (`#story/1`,
// `static/img/t1.svg`) and its finalUrl is the file's path.
const snapshot = caseSnapshot('home-listing');
const BASE = 'https://news.example/front/';

describe('analyzeSnapshot baseUrl', () => {
  it('keeps relative links and images relative without one', () => {
    const a = analyzeSnapshot(snapshot);
    expect(a.content.html).toContain('href="#story/1"');
    expect(a.content.html).toContain('src="static/img/t1.svg"');
    expect(a.metadata.leadImage).toBe('static/img/t1.svg');
  });

  it('resolves the content\'s links and images and the lead image against it', () => {
    const plain = analyzeSnapshot(snapshot);
    const a = analyzeSnapshot(snapshot, { baseUrl: BASE });
    expect(a.content.html).toContain(`href="${BASE}#story/1"`);
    expect(a.content.html).toContain(`src="${BASE}static/img/t1.svg"`);
    expect(a.content.markdown).toContain(`(${BASE}static/img/t1.svg)`);
    expect(a.content.html).not.toMatch(/(?:href|src)="(?!https:\/\/news\.example\/front\/)/);
    expect(a.metadata.leadImage).toBe(`${BASE}static/img/t1.svg`);
    // only URLs change: the same blocks, decision and text
    expect(a.content.text).toBe(plain.content.text);
    expect(a.decision.main?.id).toBe(plain.decision.main?.id);
    expect(a.tree.levels).toEqual(plain.tree.levels);
  });

  it('keeps absolute URLs the snapshot holds', () => {
    const abs = structuredClone(snapshot);
    for (const n of abs.nodes) if (n.attrs?.src === 'static/img/t1.svg') n.attrs.src = 'https://cdn.example/t1.svg';
    expect(analyzeSnapshot(abs, { baseUrl: BASE }).content.html).toContain('src="https://cdn.example/t1.svg"');
  });

  it('takes only an http(s) URL', () => {
    expect(() => analyzeSnapshot(snapshot, { baseUrl: 'file:///tmp/page.html' })).toThrow(OptionsError);
  });
});
