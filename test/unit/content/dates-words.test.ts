import { describe, expect, it } from 'vitest';
import { dateOrderOf, normalizeDate, parseDate } from '../../../src/content/dates.js';
import { countWords, cutAtWord } from '../../../src/content/words.js';

describe('normalizeDate', () => {
  it.each([
    ['2024-01-15', '2024-01-15'],
    ['2024-1-5', '2024-01-05'],
    ['2024/01/15', '2024-01-15'],
    ['2024-01-15T10:30:00Z', '2024-01-15T10:30:00Z'],
    ['2024-01-15T10:30:00.123Z', '2024-01-15T10:30:00.123Z'],
    ['2024-01-15T10:30+0100', '2024-01-15T10:30:00+01:00'],
    ['2024-01-15T10:30:00-05:00', '2024-01-15T10:30:00-05:00'],
    ['2024-01-15T10:30:00+00:00', '2024-01-15T10:30:00Z'],
    ['2024-01-15 10:30:00 UTC', '2024-01-15T10:30:00Z'],
    ['2024-01-15T10:30:00', '2024-01-15T10:30:00'],
    ['20240115', '2024-01-15'],
    ['15.01.2024', '2024-01-15'],
    ['Mon, 15 Jan 2024 10:30:00 GMT', '2024-01-15T10:30:00Z'],
    ['Mon, 15 Jan 2024 10:30:00 +0200', '2024-01-15T10:30:00+02:00'],
    ['January 15, 2024', '2024-01-15'],
    ['Jan. 15, 2024 3:05 PM EST', '2024-01-15T15:05:00-05:00'],
    ['15th September 2023', '2023-09-15'],
    ['Sept 3, 2023 12:00 am', '2023-09-03T00:00:00'],
    ['2023 Jan 7', '2023-01-07'],
    ['2024 June 30 14:05', '2024-06-30T14:05:00'],
    ['"2025-12-17T13:22:47Z"', '2025-12-17T13:22:47Z'],
    ['02/28/2023 05:17:31 AM', '2023-02-28T05:17:31'],
    ['02/28/2023 05:17 AM EST', '2023-02-28T05:17:00-05:00'],
    ['07/07/2024', '2024-07-07'],
    // Go's default layout (Hugo): the zone's name after its offset
    ['2025-12-13 00:00:00 +0000 UTC', '2025-12-13T00:00:00Z'],
    ['2025-12-13 10:00:00 -0700 MST', '2025-12-13T10:00:00-07:00'],
    ['13/11/2025 09:21:40', '2025-11-13T09:21:40'],
    ['Thu, 09/25/2025 - 11:38', '2025-09-25T11:38:00'],
    ['12/30/2024 12:15 pm', '2024-12-30T12:15:00'],
    ['Weds, 5 March 2024', '2024-03-05'],
    ['Tues, 5 March 2024', '2024-03-05'],
  ])('%s → %s', (raw, iso) => {
    expect(normalizeDate(raw)).toBe(iso);
  });

  it('keeps unparseable or invalid values as raw strings', () => {
    expect(normalizeDate('  yesterday ')).toBe('yesterday');
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('2024-13-01')).toBeNull();
    expect(parseDate('2024-01-15T25:00')).toBeNull();
    expect(parseDate('Foo 15, 2024')).toBeNull();
    expect(parseDate('13/13/2024')).toBeNull();
    expect(parseDate('02/30/2024')).toBeNull();
    expect(parseDate('01/15/2024 13:00 pm')).toBeNull();
    expect(parseDate('01/15-2024')).toBeNull();
    expect(parseDate('')).toBeNull();
  });

  it('reads a numeric date that could be either way round in the order of the page, and not without one', () => {
    expect(parseDate('03-09-2026')).toBeNull();
    expect(parseDate('03/04/2025 10:00')).toBeNull();
    expect(parseDate('03-09-2026', 'month-first')).toBe('2026-03-09');
    expect(parseDate('03/04/2025 10:00', 'day-first')).toBe('2025-04-03T10:00:00');
    expect(normalizeDate('03/04/2025')).toBe('03/04/2025');
    expect(dateOrderOf('en-US')).toBe('month-first');
    expect(dateOrderOf('en')).toBe('month-first');
    expect(dateOrderOf('en-GB')).toBe('day-first');
    expect(dateOrderOf('fr')).toBe('day-first');
    expect(dateOrderOf(null)).toBeUndefined();
    expect(dateOrderOf('und')).toBeUndefined();
    expect(dateOrderOf('en-Latn-US')).toBe('month-first');
    expect(dateOrderOf('en_US')).toBe('month-first');
    expect(dateOrderOf('en-IN')).toBe('day-first');
  });

  it('accepts leap days', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
  });
});

describe('countWords', () => {
  it('counts white-space separated words with letters or digits', () => {
    expect(countWords('Hello, world — 42 times!')).toBe(4);
    expect(countWords('  \n\t ')).toBe(0);
  });

  it('counts each Han or Kana character as a word, Hangul by spaces (the shared counter of util/text.ts)', () => {
    expect(countWords('日本語のテキスト')).toBe(8);
    expect(countWords('中文文本')).toBe(4);
    expect(countWords('한국어 문장')).toBe(2);
    expect(countWords('Hello 世界, OK。')).toBe(4);
    expect(countWords('スーパー')).toBe(4);
  });
});

describe('cutAtWord', () => {
  it('leaves short text alone and cuts long text at a word boundary', () => {
    expect(cutAtWord('short text', 300)).toBe('short text');
    const long = 'word '.repeat(100);
    const cut = cutAtWord(long, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut).toMatch(/^(word )+word…$/);
  });

  it('cuts unspaced CJK text at a character', () => {
    const cut = cutAtWord('字'.repeat(400), 300);
    expect(Array.from(cut)).toHaveLength(300);
    expect(cut.endsWith('…')).toBe(true);
  });
});
