import { describe, expect, it } from 'vitest';
import { analyzeSnapshot } from '../../../src/pipeline/analyze.js';
import { buildRecord, errorRecord } from '../../../src/pipeline/record.js';
import { warning } from '../../../src/browser/errors.js';
import { caseSnapshot } from '../helpers/fixture-cases.js';

const snapshot = caseSnapshot('news-sidebar');

describe('buildRecord', () => {
  it('fills the record from the analysis and what the page contributed', () => {
    const a = analyzeSnapshot(snapshot);
    const started = performance.now() - 50;
    const w = warning('NOT_SETTLED', 'w');
    const r = buildRecord('news.html', a, { url: 'news.html', finalUrl: snapshot.finalUrl, warnings: [w], load: 12.345, snapshot: 6.78, started }, { explain: false });
    expect(r).toMatchObject({
      input: 'news.html', ok: true, url: 'news.html', finalUrl: snapshot.finalUrl, title: a.metadata.title, wordCount: a.content.wordCount,
      pageType: 'article', strategy: 'vips', text: a.content.text, markdown: a.content.markdown, warnings: [w],
      mainBlock: { id: a.decision.main!.id, rect: a.decision.main!.rect, score: a.decision.main!.score },
    });
    expect(r.timings.load).toBe(12.3);
    expect(r.timings.snapshot).toBe(6.8);
    expect(r.timings.total).toBeGreaterThanOrEqual(50);
    expect(r.timings.screenshot).toBeUndefined();
    expect(r.decision).toBeUndefined();
    expect(buildRecord('n', a, { url: null, finalUrl: null, warnings: [], load: 0, snapshot: 0, screenshot: 3, started }, { explain: true }).decision).toBe(a.decision);
  });

  it('names no main block when another strategy chose the content', () => {
    const a = analyzeSnapshot(snapshot, { strategy: 'declutter' });
    const r = buildRecord('n', a, { url: null, finalUrl: null, warnings: [], load: 0, snapshot: 0, started: performance.now() }, { explain: false });
    expect(r.strategy).toBe('declutter');
    expect(r.mainBlock).toBeNull();
    expect(r.text).toBe(a.content.text);
  });

  it('records a failure with its input, URL and reason', () => {
    const r = errorRecord('x.html', 'http://h/x.html', { code: 'EMPTY_INPUT', message: 'x.html is empty' }, performance.now());
    expect(r).toMatchObject({ input: 'x.html', ok: false, url: 'http://h/x.html', error: { code: 'EMPTY_INPUT', message: 'x.html is empty' }, text: '' });
  });
});
