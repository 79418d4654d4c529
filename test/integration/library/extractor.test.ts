/**
 * The library in a real browser: one extractor opened once and reused across calls (one browser
 * for all of them), `extract({ html, url })`, and failures as records, not exceptions.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractor, extract, OptionsError, segment, type Extractor } from '../../../src/index.js';
import type { Session } from '../../../src/pipeline/session.js';
import { at } from '../../../src/util/at.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const STORY = path.join(ROOT, 'test/package/story.html');
const STORY_HTML = readFileSync(STORY, 'utf8');
const URL_ = 'https://news.example/story/42';

describe('createExtractor', () => {
  let extractor: Extractor;
  const session = () => (extractor as unknown as { session: Session }).session;

  beforeAll(async () => {
    extractor = await createExtractor({ timeout: 20_000, settleMs: 200 });
  });
  afterAll(async () => {
    await extractor?.close();
  });

  it('extracts HTML given as text, with its URL as the base for links and as the record URL', async () => {
    const r = await extractor.extract({ html: STORY_HTML, url: URL_ });
    expect(r.record).toMatchObject({ ok: true, input: URL_, url: URL_, finalUrl: URL_, title: 'Council approves the Riverside bridge repairs', pageType: 'article' });
    expect(r.record.html).toContain('href="https://news.example/news/bridge-history"');
    expect(r.record.markdown).toContain('(https://news.example/news/bridge-history)');
    expect(JSON.stringify(r.record)).not.toContain('127.0.0.1');
    expect(r.snapshot?.url).toBe(URL_);
    // without a URL: the record has none
    const bare = await extractor.extract({ html: STORY_HTML });
    expect(bare.record).toMatchObject({ ok: true, input: 'html', url: null, finalUrl: null });
  });

  it('reuses one browser across calls: a call launches nothing', async () => {
    const before = await session().browser();
    await extractor.extract(STORY);
    await extractor.extractMany([STORY, { html: STORY_HTML, url: URL_ }]);
    expect(await session().browser()).toBe(before);
    expect(session().browserRestarts).toBe(0);
  });

  it('takes options per call over its own, and rejects unknown and misplaced ones', async () => {
    const r = await extractor.extract(STORY, { explain: true, viewport: '1024x700' });
    expect(r.record.decision?.blocks.length).toBeGreaterThan(3);
    expect(r.snapshot?.viewport.width).toBe(1024);
    await expect(extractor.extract(STORY, { explian: true } as never)).rejects.toThrow(OptionsError);
    await expect(extractor.extract(STORY, { browserPath: '/x' } as never)).rejects.toThrow(/createExtractor/);
  });

  it('reads every page as the page type given, in extract, segment and a snapshot analysed again', async () => {
    const [given, seg] = await Promise.all([
      extractor.extract(STORY, { pageType: 'product' }),
      extractor.segment({ html: STORY_HTML, url: URL_ }, { pageType: 'documentation' }),
    ]);
    expect(given.record.pageType).toBe('product');
    expect(given.record.text).toContain('Riverside');
    expect(seg.decision.pageType).toBe('documentation');
    expect(seg.decision.trace[0]).toMatchObject({ step: 'page-type', pageType: 'documentation', given: true });
    // the library's segment() on a recorded snapshot: no browser
    expect((await segment(seg.snapshot, { pageType: 'service' })).decision.pageType).toBe('service');
    expect((await segment(seg.snapshot)).decision.pageType).toBe('article');
    await expect(extractor.extract(STORY, { pageType: 'product', strategy: 'ttr' })).rejects.toThrow(/vips strategy only/);
  });

  it('gives bad inputs an error record each and keeps the others', async () => {
    const out = await extractor.extractMany([{ html: STORY_HTML, url: 'ftp://x/y' }, { html: '   ' }, { html: STORY_HTML, url: URL_ }, path.join(ROOT, 'no-such.html')]);
    expect(out.map((r) => [r.record.ok, r.record.error?.code ?? null])).toEqual([
      [false, 'INVALID_INPUT'], [false, 'EMPTY_INPUT'], [true, null], [false, 'INPUT_NOT_FOUND'],
    ]);
    expect(at(out, 1).record.error!.message).toBe('html is empty');
    await expect(extractor.extract(path.join(ROOT, 'test/fixtures-broken'))).rejects.toThrow(/extractMany/);
  });

  it('is closed for good once closed', async () => {
    const other = await createExtractor();
    await other.close();
    await other.close();
    await expect(other.extract(STORY)).rejects.toThrow(/closed/);
  });
});

describe('extract', () => {
  it('rejects unknown options from JavaScript, before any browser starts', async () => {
    await expect(extract(STORY, { scrol: 'never' } as never)).rejects.toThrow(/unknown option scrol/);
  });
});
