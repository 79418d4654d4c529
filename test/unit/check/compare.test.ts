import { describe, expect, it } from 'vitest';
import {
  compareSite, containsHaystack, datePrefix, DEFAULT_MIN_F1, describeFailures, failedComparison, fieldMatches,
  normalizeWs, pageTextOf, parseExpected, parseExpectedText, summarizeFailures, type CheckedRecord, type Expected, type ExpectedFile,
} from '../../../src/check/compare.js';
import { describeChanges, paragraphs, pickSnippets, serializeExpected, trimSnippet, updateExpected } from '../../../src/check/update.js';
import { buildFixture, h } from '../helpers/content-fixtures.js';
import { at } from '../../../src/util/at.js';

const ARTICLE = [
  'The council on Thursday approved a plan to turn the old rail bed into a greenway.',
  'A long road to a short vote',
  'Nobody here is against bikes, said one resident who lives next to the line.',
  'Engineers estimate the full build-out at $18.5 million over six years of work.',
  'In ten years they will be the ones asking for it to be extended, she said.',
].join('\n\n');

function rec(over: Partial<CheckedRecord> = {}): CheckedRecord {
  return {
    ok: true, text: ARTICLE, title: 'Council approves greenway', byline: 'Dana Whitfield', publishedTime: '2026-03-14T09:30:00-05:00',
    pageType: 'article', mainBlock: { id: '1-2', rect: { x: 0, y: 0, w: 100, h: 100 }, score: 9 }, ...over,
  };
}

function exp(over: Partial<Expected> = {}): Expected {
  return {
    type: 'article', title: 'Council approves greenway', byline: 'Dana Whitfield', publishedTime: '2026-03-14',
    contains: ['approved a plan to turn', 'A long road to a short vote'], excludes: ['Share on Facebook'], goldText: null, ...over,
  };
}

function file(e: Expected, raw?: Record<string, unknown>): ExpectedFile {
  return { expected: e, raw: raw ?? { ...e } };
}

describe('normalizeWs / datePrefix / fieldMatches', () => {
  it('collapses every run of white space and trims', () => {
    expect(normalizeWs('  a\n\n b\t\tc\u00a0 d ')).toBe('a b c d');
  });
  it('takes the YYYY-MM-DD prefix', () => {
    expect(datePrefix('2026-03-14T09:30:00-05:00')).toBe('2026-03-14');
    expect(datePrefix('2026-03-14')).toBe('2026-03-14');
    expect(datePrefix(' March 2026 ')).toBe('March 2026');
  });
  it('matches title and byline case-insensitively after white space collapse', () => {
    expect(fieldMatches('title', 'Council  Approves\nGreenway', 'council approves greenway')).toBe(true);
    expect(fieldMatches('byline', 'Dana Whitfield', 'Dana Whitfield, staff')).toBe(false);
    expect(fieldMatches('publishedTime', '2026-03-14', '2026-03-14T23:59:00Z')).toBe(true);
    expect(fieldMatches('publishedTime', '2026-03-14', '2026-03-15T00:00:00Z')).toBe(false);
  });
  it('null expected means not checked; null actual fails a checked field', () => {
    expect(fieldMatches('title', null, null)).toBe(true);
    expect(fieldMatches('title', null, 'anything')).toBe(true);
    expect(fieldMatches('byline', 'Dana', null)).toBe(false);
  });
});

describe('parseExpected', () => {
  it('accepts the fixture format and keeps the raw object', () => {
    const raw = { type: 'article', title: 'T', byline: null, publishedTime: '2026-01-01', contains: ['a b'], excludes: [], goldText: 'g', extra: 1 };
    const r = parseExpected(raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.file.expected).toEqual({ type: 'article', title: 'T', byline: null, publishedTime: '2026-01-01', contains: ['a b'], excludes: [], goldText: 'g' });
    expect(r.file.raw).toBe(raw);
  });
  it('defaults missing fields (null / empty lists) and reads minF1', () => {
    const r = parseExpected({ contains: ['x y z'], minF1: 0.5 });
    expect(r.ok && r.file.expected).toEqual({ type: null, title: null, byline: null, publishedTime: null, contains: ['x y z'], excludes: [], goldText: null, minF1: 0.5 });
  });
  it('reports every problem', () => {
    const r = parseExpected({ type: 'blog', title: 3, contains: 'x', excludes: [''], minF1: 2 });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatch(/"type" must be one of/);
    expect(r.error).toMatch(/"title" must be a string or null/);
    expect(r.error).toMatch(/"contains" must be an array of strings/);
    expect(r.error).toMatch(/"excludes" has an empty snippet/);
    expect(r.error).toMatch(/"minF1" must be a number between 0 and 1/);
  });
  it('rejects non-objects and bad JSON', () => {
    expect(parseExpected([]).ok).toBe(false);
    const r = parseExpectedText('{"type": ');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/not valid JSON/);
  });
});

describe('compareSite', () => {
  it('passes a matching extraction', () => {
    const c = compareSite(exp(), { record: rec() });
    expect(c).toEqual({ pass: true, f1: null, minF1: null, missed: [], leaked: [], fields: [], errors: [] });
  });

  it('normalises white space on both sides of a snippet', () => {
    const c = compareSite(exp({ contains: ['A long   road\nto a short vote', 'approved a\tplan'] }), { record: rec({ text: 'x approved  a\nplan y\n\nA long road to a\n short vote' }) });
    expect(c.missed).toEqual([]);
  });

  it('lists missed and leaked snippets in expected order', () => {
    const c = compareSite(exp({ contains: ['zzz missing one', 'approved a plan', 'yyy missing two'], excludes: ['Nobody here', 'not there', 'six years'] }), { record: rec() });
    expect(c.pass).toBe(false);
    expect(c.missed).toEqual(['zzz missing one', 'yyy missing two']);
    expect(c.leaked).toEqual(['Nobody here', 'six years']);
  });

  it('snippets are case-sensitive', () => {
    expect(compareSite(exp({ contains: ['a LONG road'] }), { record: rec() }).missed).toEqual(['a LONG road']);
  });

  it('reports field mismatches; null means not checked', () => {
    const c = compareSite(exp({ title: 'Other title', byline: null, publishedTime: '2026-03-15' }), { record: rec({ byline: 'Somebody' }) });
    expect(c.fields).toEqual([
      { field: 'title', expected: 'Other title', actual: 'Council approves greenway' },
      { field: 'publishedTime', expected: '2026-03-15', actual: '2026-03-14T09:30:00-05:00' },
    ]);
  });

  it('checks the page type', () => {
    expect(compareSite(exp({ type: 'other' }), { record: rec() }).fields).toEqual([{ field: 'type', expected: 'other', actual: 'article' }]);
    expect(compareSite(exp({ type: 'listing' }), { record: rec() }).fields).toEqual([{ field: 'type', expected: 'listing', actual: 'article' }]);
    expect(compareSite(exp({ type: null }), { record: rec({ pageType: 'other' }) }).pass).toBe(true);
  });

  it('looks for a listing\'s contains snippets in its main content, the cards', () => {
    const listing = exp({ type: 'listing', title: null, byline: null, publishedTime: null, contains: ['Port strike enters second week'], excludes: ['Send us a news tip'] });
    expect(compareSite(listing, { record: rec({ pageType: 'listing', text: 'Port strike enters second week as shipping backlog grows' }) }).pass).toBe(true);
    expect(compareSite(listing, { record: rec({ pageType: 'listing', mainBlock: null, text: '' }) }).missed).toEqual(['Port strike enters second week']);
    expect(containsHaystack('article', { record: rec({ text: 'a' }) })).toBe('a');
  });

  it('scores F1 against goldText with the default or the given minimum', () => {
    const perfect = compareSite(exp({ goldText: ARTICLE }), { record: rec() });
    expect(perfect.f1).toBeCloseTo(1);
    expect(perfect.minF1).toBe(DEFAULT_MIN_F1);
    expect(perfect.pass).toBe(true);

    const half = ARTICLE.split('\n\n').slice(0, 2).join('\n\n');
    const low = compareSite(exp({ goldText: ARTICLE, contains: [] }), { record: rec({ text: half }) });
    expect(low.f1!).toBeLessThan(0.8);
    expect(low.pass).toBe(false);
    expect(describeFailures(low).at(-1)).toMatch(/^F1: 0\.\d{3} < min 0\.800$/);
    expect(compareSite(exp({ goldText: ARTICLE, contains: [], minF1: 0.1 }), { record: rec({ text: half }) }).pass).toBe(true);
  });

  it('a failed extraction fails with its error', () => {
    const c = compareSite(exp(), { record: rec({ ok: false, text: '', error: { code: 'PAGE_TIMEOUT', message: 'took too long' } }) });
    expect(c.pass).toBe(false);
    expect(c.errors).toEqual(['extraction failed: PAGE_TIMEOUT: took too long']);
    expect(summarizeFailures(c)).toBe('extraction failed');
  });
});

describe('describeFailures / summarizeFailures', () => {
  it('spells out each problem and summarises them', () => {
    const c = compareSite(exp({ contains: ['nope nope'], excludes: ['Nobody here'], title: 'X', type: 'listing' }), { record: rec() });
    expect(describeFailures(c)).toEqual([
      'missed: "nope nope"',
      'leaked: "Nobody here"',
      'type: expected "listing", got "article"',
      'title: expected "X", got "Council approves greenway"',
    ]);
    expect(summarizeFailures(c)).toBe('1 missed, 1 leaked, type, title');
    expect(summarizeFailures(failedComparison('expected.json missing (run with --update to create it)'))).toBe('expected.json missing (run with --update to create it)');
  });
});

describe('trimSnippet / paragraphs / pickSnippets', () => {
  it('keeps short text and cuts long text at a word boundary within 80 characters', () => {
    expect(trimSnippet('short  text')).toBe('short text');
    const long = 'The Harbor City Council on Thursday night approved a plan to turn the abandoned Harbor Line rail bed';
    const t = trimSnippet(long);
    expect(t).toBe('The Harbor City Council on Thursday night approved a plan to turn the abandoned');
    expect(t.length).toBeLessThanOrEqual(80);
    expect(long.startsWith(t)).toBe(true);
  });
  it('keeps a whole word that ends exactly at the limit', () => {
    const s = 'a'.repeat(40) + ' ' + 'b'.repeat(39) + ' tail';
    expect(trimSnippet(s)).toBe('a'.repeat(40) + ' ' + 'b'.repeat(39));
  });
  it('cuts text without spaces (CJK) at 80 code points', () => {
    const cjk = '早上八点半，湖南省桃源县的一条老街上'.repeat(6);
    expect(Array.from(trimSnippet(cjk))).toHaveLength(80);
    const astral = '𠀀'.repeat(100);
    expect(trimSnippet(astral)).toBe('𠀀'.repeat(80));
  });
  it('splits paragraphs on blank lines and skips short ones', () => {
    expect(paragraphs('Long enough paragraph one.\n\nshort\n  \nSecond   long\nparagraph here.')).toEqual(['Long enough paragraph one.', 'Second long paragraph here.']);
  });
  it('picks first, middle and last paragraphs, then the rest in order', () => {
    const paras = ARTICLE.split('\n\n').filter((p) => p.length >= 20);
    expect(pickSnippets(ARTICLE, 3)).toEqual([paras[0], paras[2], paras[4]].map((p) => trimSnippet(p!)));
    expect(pickSnippets(ARTICLE, 5)).toEqual([paras[0], paras[2], paras[4], paras[1], paras[3]].map((p) => trimSnippet(p!)));
    expect(pickSnippets(ARTICLE, 1)).toEqual([trimSnippet(at(paras, 0))]);
    expect(pickSnippets('', 3)).toEqual([]);
  });
  it('skips snippets it must avoid', () => {
    const first = trimSnippet(at(ARTICLE.split('\n\n'), 0));
    expect(pickSnippets(ARTICLE, 1, [first])).toEqual([trimSnippet(at(ARTICLE.split('\n\n'), 2))]);
  });
  it('is deterministic', () => {
    expect(pickSnippets(ARTICLE, 3)).toEqual(pickSnippets(ARTICLE, 3));
  });
});

describe('updateExpected', () => {
  it('changes nothing when everything still holds (raw object returned as is)', () => {
    const old = file(exp());
    const u = updateExpected(old, { record: rec() });
    expect(u.changes).toEqual([]);
    expect(u.json).toBe(old.raw);
  });

  it('replaces contains snippets that no longer appear, in place', () => {
    const old = file(exp({ contains: ['gone one', 'approved a plan', 'gone two'] }));
    const u = updateExpected(old, { record: rec() });
    const picks = pickSnippets(ARTICLE, 2, ['approved a plan', 'Share on Facebook']);
    expect(u.expected.contains).toEqual([picks[0], 'approved a plan', picks[1]]);
    expect(u.changes).toEqual([
      { kind: 'contains-removed', snippet: 'gone one' },
      { kind: 'contains-added', snippet: picks[0] },
      { kind: 'contains-removed', snippet: 'gone two' },
      { kind: 'contains-added', snippet: picks[1] },
    ]);
    expect(compareSite(u.expected, { record: rec() }).missed).toEqual([]);
  });

  it('drops excludes that are now present and keeps the others', () => {
    const u = updateExpected(file(exp({ excludes: ['Share on Facebook', 'Nobody here'] })), { record: rec() });
    expect(u.expected.excludes).toEqual(['Share on Facebook']);
    expect(u.changes).toEqual([{ kind: 'excludes-removed', snippet: 'Nobody here' }]);
  });

  it('updates mismatching fields, keeps matching ones and nulls', () => {
    const old = file(exp({ title: 'COUNCIL APPROVES GREENWAY', byline: 'Someone Else', publishedTime: '2026-01-01', type: 'other' }));
    const u = updateExpected(old, { record: rec() });
    expect(u.expected.title).toBe('COUNCIL APPROVES GREENWAY');
    expect(u.expected.byline).toBe('Dana Whitfield');
    expect(u.expected.publishedTime).toBe('2026-03-14');
    expect(u.expected.type).toBe('article');
    expect(u.changes).toEqual([
      { kind: 'field', field: 'type', from: 'other', to: 'article' },
      { kind: 'field', field: 'byline', from: 'Someone Else', to: 'Dana Whitfield' },
      { kind: 'field', field: 'publishedTime', from: '2026-01-01', to: '2026-03-14' },
    ]);
    const unchecked = updateExpected(file(exp({ title: null, byline: null })), { record: rec() });
    expect(unchecked.changes).toEqual([]);
  });

  it('keeps goldText unless updateGold', () => {
    const old = file(exp({ goldText: 'old gold text here' }));
    expect(updateExpected(old, { record: rec() }).expected.goldText).toBe('old gold text here');
    const u = updateExpected(old, { record: rec() }, { updateGold: true });
    expect(u.expected.goldText).toBe(ARTICLE);
    expect(u.changes).toEqual([{ kind: 'goldText', fromChars: 18, toChars: ARTICLE.length }]);
  });

  it('keeps key order, minF1 and unknown keys of the old file', () => {
    const raw = { note: 'hand-written', contains: ['gone'], type: 'article', minF1: 0.6, title: null, excludes: [], goldText: null };
    const parsed = parseExpected(raw);
    if (!parsed.ok) throw new Error(parsed.error);
    const u = updateExpected(parsed.file, { record: rec() });
    expect(Object.keys(u.json)).toEqual(['note', 'contains', 'type', 'minF1', 'title', 'excludes', 'goldText', 'byline', 'publishedTime']);
    expect(u.json.note).toBe('hand-written');
    expect(u.json.minF1).toBe(0.6);
  });

  it('creates a new expected.json when there is none', () => {
    const u = updateExpected(null, { record: rec() });
    expect(u.json).toEqual({
      type: 'article', title: 'Council approves greenway', byline: 'Dana Whitfield', publishedTime: '2026-03-14',
      contains: pickSnippets(ARTICLE, 3), excludes: [], goldText: null,
    });
    expect(Object.keys(u.json)).toEqual(['type', 'title', 'byline', 'publishedTime', 'contains', 'excludes', 'goldText']);
    expect(u.changes[0]).toEqual({ kind: 'created' });
    expect(compareSite(u.expected, { record: rec() }).pass).toBe(true);
    expect(updateExpected(null, { record: rec() }, { updateGold: true }).expected.goldText).toBe(ARTICLE);
  });

  it('keeps a listing\'s snippets that its main content still has', () => {
    const record = rec({ pageType: 'listing', text: 'Teaser one headline\n\nTeaser two', title: 'Home' });
    const old = file(exp({ type: 'listing', title: null, byline: null, publishedTime: null, contains: ['Teaser one headline', 'Gone teaser'], excludes: [] }));
    const u = updateExpected(old, { record });
    expect(u.expected.contains).toEqual(['Teaser one headline']);
    expect(u.changes).toEqual([{ kind: 'contains-removed', snippet: 'Gone teaser' }]);
  });

  it('describes the changes one per line', () => {
    expect(describeChanges([
      { kind: 'created' }, { kind: 'contains-removed', snippet: 'a' }, { kind: 'contains-added', snippet: 'b' },
      { kind: 'excludes-removed', snippet: 'c' }, { kind: 'field', field: 'title', from: null, to: 'T' },
      { kind: 'goldText', fromChars: 10, toChars: null },
    ])).toEqual([
      '+ created expected.json', '- contains "a"', '+ contains "b"', '- excludes "c" (now in the extracted text)',
      '~ title: null -> "T"', '~ goldText: 10 chars -> null',
    ]);
  });
});

describe('serializeExpected', () => {
  it('writes two-space JSON with a trailing newline and non-ASCII as is', () => {
    expect(serializeExpected({ title: '县城', contains: ['a'] })).toBe('{\n  "title": "县城",\n  "contains": [\n    "a"\n  ]\n}\n');
  });
});

describe('pageTextOf', () => {
  it('is the visible text of the whole body', () => {
    const fx = buildFixture([h('nav', null, h('a', 'Home')), h('h2', 'Port strike enters second week'), h('p', 'Body')]);
    expect(pageTextOf(fx.snapshot)).toBe('Home\n\nPort strike enters second week\n\nBody');
  });
});
