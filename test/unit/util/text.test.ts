import { describe, expect, it } from 'vitest';
import { countWords as contentCount } from '../../../src/content/words.js';
import { countWords, nonSpaceChars } from '../../../src/util/text.js';
import { segment } from '../../../src/segment/index.js';
import { el, page, text } from '../helpers/snapshot-builder.js';

// 𠀀 (U+20000) and 𠮷 (U+20BB7) are CJK Extension B: two UTF-16 units each, one character, one word.
const EXT_B = '\u{20000}\u{20BB7}';

describe('countWords: the one word counter', () => {
  it('Latin: white-space separated tokens holding a letter or digit; punctuation alone is no word', () => {
    expect(countWords('The quick brown fox — jumps, 42 times!')).toBe(7);
    expect(countWords('hello-world 3.5 ... — !')).toBe(2);
    expect(countWords('  \n\t ')).toBe(0);
    expect(countWords(undefined)).toBe(0);
    expect(countWords('café naïve Ærø')).toBe(3);
  });

  it('Han: each character, including CJK Extension B beyond the BMP', () => {
    expect(countWords('中文文本')).toBe(4);
    expect(countWords(EXT_B)).toBe(2);
    expect(countWords(`漢字${EXT_B}漢字`)).toBe(6);
    expect(countWords('abc 日本 def')).toBe(4);
  });

  it('Kana: each Hiragana and Katakana character, the prolonged sound mark and half-width forms included', () => {
    expect(countWords('ひらがな')).toBe(4);
    expect(countWords('スーパー')).toBe(4);
    expect(countWords('ｶﾀｶﾅｰ')).toBe(5);
    expect(countWords('日本語のテキスト')).toBe(8);
  });

  it('Hangul: space-separated words, not syllables', () => {
    expect(countWords('한국어 문장')).toBe(2);
    expect(countWords('대한민국의 수도는 서울입니다.')).toBe(3);
  });

  it('Thai: the words of a dictionary word breaker, not one token per run', () => {
    expect(countWords('สวัสดีครับ')).toBe(2);
    expect(countWords('ฉันรักคุณ')).toBe(3);
    expect(countWords('Hello สวัสดีครับ world')).toBe(4);
  });

  it('mixed scripts add up', () => {
    expect(countWords('Hello 世界, OK。 한국어 문장')).toBe(6);
  });

  it('segment statistics, the content word count and the shared counter agree', () => {
    const samples = ['한국어 문장 두 개', `漢字${EXT_B}`, 'ひらがなとカタカナ', 'สวัสดีครับ', 'Plain Latin words here'];
    for (const s of samples) {
      const snap = page(el('body', { rect: [0, 0, 800, 100] }, [el('p', { rect: [0, 0, 800, 20] }, [text(s, [0, 0, 400, 20])])]));
      expect(segment(snap).root.stats.words).toBe(countWords(s));
      expect(contentCount(s)).toBe(countWords(s));
    }
  });
});

describe('nonSpaceChars', () => {
  it('counts what is left after removing \\s, on every UTF-16 code unit', () => {
    for (let c = 0; c < 0x10000; c++) {
      const s = `a${String.fromCharCode(c)}b`;
      if (nonSpaceChars(s) !== s.replace(/\s+/g, '').length) expect.fail(`code unit ${c.toString(16)}`);
    }
    expect(nonSpaceChars(' héllo\u00a0wörld\u3000😀 ')).toBe(' héllo\u00a0wörld\u3000😀 '.replace(/\s+/g, '').length);
  });
});
