import { describe, expect, it } from 'vitest';
import { buildContent } from '../../../src/content/index.js';
import { LABEL_INDICATES_END_OF_TEXT, LABEL_MIGHT_BE_CONTENT, LABEL_TITLE, TextBlock, type TextDocument } from '../../../src/strategies/boilerpipe/document.js';
import {
  blockProximityFusion,
  boilerplateBlockFilter,
  densityRule,
  documentTitleMatchClassifier,
  expandTitleToContentFilter,
  ignoreBlocksAfterContentFilter,
  keepLargestBlockFilter,
  numWordsRule,
  potentialTitles,
  simpleBlockFusionProcessor,
  terminatingBlocksFinder,
} from '../../../src/strategies/boilerpipe/filters.js';
import { boilerpipe, contentText, createBoilerpipe, EMPTY_BLOCK, EXTRACTOR_CHAINS, extractTextDocument, runBoilerpipe } from '../../../src/strategies/boilerpipe/index.js';
import { isJavaWhitespace, javaSplit, javaTrim, tokenize } from '../../../src/strategies/boilerpipe/java.js';
import { articlePage, h, page, prose } from './build.js';
import { at } from '../../../src/util/at.js';

/** A block with `words` words, `linked` of them in anchors, and the given text density. */
function block(words: number, linked = 0, textDensity = words, text = `w${words}`): TextBlock {
  const b = new TextBlock(text, [], words, linked, 0, 1, 0);
  b.textDensity = textDensity;
  return b;
}

/** A document of blocks at consecutive offsets, with the given content flags. */
function doc(specs: Array<{ words: number; content?: boolean; text?: string; linked?: number; density?: number }>, title = ''): TextDocument {
  return {
    title,
    textBlocks: specs.map((s, i) => {
      const b = new TextBlock(s.text ?? `block ${i}`, [i], s.words, s.linked ?? 0, 0, 1, i);
      if (s.density !== undefined) b.textDensity = s.density;
      b.isContent = s.content ?? false;
      return b;
    }),
  };
}

describe('Java string behaviours', () => {
  it('tokenizes as boilerpipe 1.2.0 UnicodeTokenizer does (expected lists recorded from the jar)', () => {
    const cases: Array<[string, string[]]> = [
      ['Hello, world!', ['Hello,', 'world!']],
      ["don't stop-believing e.g. 3.5% of U.S.", ["don't", 'stop-believing', 'e.g.', '3.5', '%', 'of', 'U.S.']],
      ['a+b=c foo\u2014bar x&y #tag @user', ['a', '+', 'b', '=', 'c', 'foo', '\u2014', 'bar', 'x', '&', 'y', '#', 'tag', '@user']],
      ['$5.99 (approx.) 10:30am', ['$5.99', '(approx.)', '10:30am']],
      ['foo\u00a0bar  baz', ['foo', '\u00a0', 'bar', 'baz']],
      ['naïve café cafe\u0301s', ['naïve', 'café', 'cafe\u0301s']],
      ['日本語のテキスト', ['日本語のテキスト']],
      ['हिन्दी भाषा', ['ह', 'ि', 'न्द', 'ी', 'भ', 'ा', 'ष', 'ा']],
      ['Привет, мир', ['Привет,', 'мир']],
      ['under_score snake_case_name', ['under_score', 'snake_case_name']],
    ];
    for (const [text, tokens] of cases) expect(tokenize(text), text).toEqual(tokens);
  });

  it('trims, splits and tells white space apart as java.lang.String and Character do', () => {
    expect(javaTrim('\u0001 a b \t')).toBe('a b');
    expect(javaTrim('\u00a0a\u00a0')).toBe('\u00a0a\u00a0');
    expect(javaSplit('a|b||', /\|/gu)).toEqual(['a', 'b']);
    expect(javaSplit('|a', /\|/gu)).toEqual(['', 'a']);
    expect(javaSplit('', / +/gu)).toEqual(['']);
    expect(javaSplit('|', /\|/gu)).toEqual([]);
    expect(isJavaWhitespace(0x20)).toBe(true);
    expect(isJavaWhitespace(0x2003)).toBe(true);
    expect(isJavaWhitespace(0x3000)).toBe(true);
    expect(isJavaWhitespace(0xa0)).toBe(false);
    expect(isJavaWhitespace(0x202f)).toBe(false);
  });
});

describe('content handler (text blocks from the snapshot)', () => {
  const texts = (d: TextDocument) => d.textBlocks.map((b) => b.text);

  it('flushes at every element outside the inline tag map, not at span, b, i, em, strong, code, font', () => {
    const snap = page(
      h('p', {}, 'one ', h('b', {}, 'two'), ' ', h('span', {}, 'three'), ' ', h('code', {}, 'four'), ' ', h('font', {}, 'five')),
      h('p', {}, 'before ', h('small', {}, 'small'), ' after'),
      h('div', {}, 'line one', h('br'), 'line two'),
      h('p', {}, 'label ', h('label', {}, 'here'), ' ', h('time', {}, 'today')),
    );
    expect(texts(extractTextDocument(snap))).toEqual(['one two three four five', 'before', 'small', 'after', 'line one', 'line two', 'label', 'here', 'today']);
  });

  it('counts the words of every <a> (with or without href) as anchor text and spaces them out', () => {
    const snap = page(h('p', {}, 'read', h('a', { href: '/x' }, 'this story'), 'now ', h('a', { name: 'top' }, 'top')));
    const [b] = extractTextDocument(snap).textBlocks;
    expect(b!.text).toBe('read this story now top');
    expect(b!.numWords).toBe(5);
    expect(b!.numWordsInAnchorText).toBe(3);
    expect(b!.linkDensity).toBe(Math.fround(3 / 5));
  });

  it('abbr and acronym separate words, span glues them', () => {
    const d = extractTextDocument(page(h('p', {}, 'foo', h('abbr', {}, 'UN'), 'bar'), h('p', {}, 'foo', h('span', {}, 'UN'), 'bar')));
    expect(d.textBlocks.map((b) => [b.text, b.numWords])).toEqual([['foo UN bar', 3], ['fooUNbar', 1]]);
  });

  it('ignores the text of object, embed, applet and option, and flushes around them', () => {
    const d = extractTextDocument(page(h('p', {}, 'left ', h('object', {}, 'fallback text'), ' right')));
    expect(texts(d)).toEqual(['left', 'right']);
  });

  it('counts words with the tokenizer and wraps lines at 80 columns', () => {
    const d = extractTextDocument(page(h('p', {}, Array(40).fill('abcd').join(' ')), h('p', {}, 'a-b a+b | x')));
    const [long, short] = d.textBlocks;
    expect(long!.numWords).toBe(40);
    // 16 five-column tokens per 80 columns: two full lines, the partial third does not count
    expect(long!.numWrappedLines).toBe(2);
    expect(long!.numWordsInWrappedLines).toBe(32);
    expect(long!.textDensity).toBe(16);
    // "a-b" is one token, "a+b" three (two words), "|" a token without a word
    expect(short!.numWords).toBe(4);
  });

  it('reads a rendered blank text node that starts a line as no-break spaces (<p>&nbsp;</p>, <br>&nbsp;)', () => {
    const snap = page(h('p', {}, prose(2)), h('p', {}, ' '), h('p', {}, h('a', { href: '/a' }, 'x'), ' ', h('a', { href: '/b' }, 'y')));
    const spacer = snap.nodes.find((n) => n.kind === 'text' && n.text === ' ' && at(snap.nodes, n.parent).children.length === 1)!;
    spacer.rect = { ...spacer.rect, w: 4, h: 18 };
    // the space between the two links sits on their line, after "x": a plain space
    const between = snap.nodes.find((n) => n.kind === 'text' && n.text === ' ' && n.id !== spacer.id)!;
    const x = snap.nodes.find((n) => n.kind === 'text' && n.text === 'x')!;
    between.rect = { x: 7, y: x.rect.y, w: 4, h: x.rect.h };
    const d = extractTextDocument(snap);
    expect(d.textBlocks.map((b) => [b.text, b.numWords])).toEqual([[prose(2), 24], ['\u00a0', 0], ['x y', 2]]);
    // after a <br> (a new line, where a collapsible space is never rendered)
    const br = page(h('li', {}, 'Item text here.', h('br'), ' '));
    const nbsp = br.nodes.find((n) => n.kind === 'text' && n.text === ' ')!;
    nbsp.rect = { x: 0, y: 0, w: 4, h: 18 };
    expect(extractTextDocument(br).textBlocks.map((b) => b.text)).toEqual(['Item text here.', '\u00a0']);
  });

  it('carries anchor marks of a block without tokens into the next block', () => {
    const snap = page(h('div', {}, h('a', { href: '/home' }, h('img', { alt: 'logo' }))), h('p', {}, 'three plain words'));
    const d = extractTextDocument(snap);
    expect(d.textBlocks).toHaveLength(1);
    expect(d.textBlocks[0]).toMatchObject({ text: 'three plain words', numWords: 3, numWordsInAnchorText: 0 });
  });

  it('records which text nodes each block holds, and the title', () => {
    const snap = page(h('h1', {}, 'A ', h('em', {}, 'title')), h('p', {}, 'Body'));
    snap.title = '  A title | Site ';
    const d = extractTextDocument(snap);
    expect(d.title).toBe('A title | Site');
    expect(d.textBlocks.map((b) => b.nodes.map((id) => at(snap.nodes, id).text))).toEqual([['A ', 'title'], ['Body']]);
  });
});

describe('decision trees (Kohlschütter et al. 2010, as in boilerpipe)', () => {
  it('NumWordsRulesClassifier', () => {
    expect(numWordsRule(EMPTY_BLOCK, block(100, 50), EMPTY_BLOCK)).toBe(false);
    expect(numWordsRule(block(0), block(17), block(0))).toBe(true);
    expect(numWordsRule(block(0), block(16), block(16))).toBe(true);
    expect(numWordsRule(block(5), block(3), block(0))).toBe(true);
    expect(numWordsRule(block(4), block(16), block(15))).toBe(false);
    expect(numWordsRule(block(10, 6), block(41), block(0))).toBe(true);
    expect(numWordsRule(block(10, 6), block(40), block(18))).toBe(true);
    expect(numWordsRule(block(10, 6), block(40), block(17))).toBe(false);
    // a Java float 1/3 (0.33333334) is above the double 0.333333: boilerplate
    expect(numWordsRule(EMPTY_BLOCK, block(30, 10), EMPTY_BLOCK)).toBe(false);
    expect(numWordsRule(block(9, 5), block(20), EMPTY_BLOCK)).toBe(true);
  });

  it('DensityRulesClassifier', () => {
    expect(densityRule(block(0), block(10, 4), block(0))).toBe(false);
    expect(densityRule(block(5, 0, 5), block(5, 0, 9), block(5, 0, 10))).toBe(true);
    expect(densityRule(block(4, 0, 4), block(5, 0, 9), block(5, 0, 10))).toBe(false);
    expect(densityRule(block(0), block(5, 0, 9), block(11, 0, 11))).toBe(true);
    expect(densityRule(block(0), block(12, 0, 12), EMPTY_BLOCK)).toBe(false);
    expect(densityRule(block(0), block(12, 0, 12), block(1, 0, 1))).toBe(true);
    expect(densityRule(block(5, 3, 5), block(50, 0, 14), block(12, 0, 12))).toBe(true);
    expect(densityRule(block(5, 3, 5), block(50, 0, 14), block(11, 0, 11))).toBe(false);
  });
});

describe('ArticleExtractor filters', () => {
  it('TerminatingBlocksFinder labels short end-of-text blocks', () => {
    const d = doc([
      { words: 1, text: 'Comments' },
      { words: 2, text: '12 comments' },
      { words: 4, text: 'Add your comment below' },
      { words: 3, text: '© Reuters 2019' },
      { words: 1, text: 'Comment' },
      { words: 20, text: 'Comments are welcome but this block is far too long to be a marker at all so no label here ok' },
    ]);
    expect(terminatingBlocksFinder(d)).toBe(true);
    expect(d.textBlocks.map((b) => b.hasLabel(LABEL_INDICATES_END_OF_TEXT))).toEqual([true, true, true, true, false, false]);
  });

  it('DocumentTitleMatchClassifier tries the title and its longest parts (recorded from the jar)', () => {
    const sorted = (s: Set<string> | null) => (s ? [...s].sort() : null);
    expect(sorted(potentialTitles('Foo Bar | Site Name'))).toEqual(['Foo Bar | Site Name', 'Site Name']);
    expect(sorted(potentialTitles('Breaking: Big News Today - Example.com'))).toEqual(['Big News Today', 'Breaking', 'Breaking: Big News Today - Example.com']);
    expect(sorted(potentialTitles('A, B, C (and D) » Section: Site'))).toEqual(['A, B, C', 'A, B, C (and D)', 'A, B, C (and D) » Section: Site', 'Section']);
    expect(sorted(potentialTitles('| Leading separator'))).toEqual(['Leading separator', '| Leading separator']);
    expect(sorted(potentialTitles('www.example.com | Real title here'))).toEqual(['Real title here', 'www.example.com | Real title here']);
    expect(potentialTitles('  ')).toBeNull();
    const d = doc([{ words: 2, text: 'Site Name' }, { words: 2, text: 'Foo Bar' }], 'Foo Bar | Site Name');
    documentTitleMatchClassifier(d);
    expect(d.textBlocks.map((b) => b.hasLabel(LABEL_TITLE))).toEqual([true, false]);
  });

  it('IgnoreBlocksAfterContentFilter drops all from an end-of-text block once 60 full-text words were seen', () => {
    const d = doc([{ words: 40, content: true, density: 10 }, { words: 30, content: true, density: 8 }, { words: 1, content: true }, { words: 30, content: true, density: 10 }, { words: 1, content: true }, { words: 50, content: true, density: 10 }]);
    at(d.textBlocks, 2).labels.add(LABEL_INDICATES_END_OF_TEXT);
    at(d.textBlocks, 4).labels.add(LABEL_INDICATES_END_OF_TEXT);
    // 40 full-text words before block 2 (the 30 at density 8 do not count): not yet; 70 before block 4
    ignoreBlocksAfterContentFilter(d, 60);
    expect(d.textBlocks.map((b) => b.isContent)).toEqual([true, true, true, true, false, false]);
  });

  it('BlockProximityFusion pulls the block before a content run into it (MAX_DISTANCE_1)', () => {
    const d = doc([{ words: 3 }, { words: 2 }, { words: 20, content: true }, { words: 30, content: true }, { words: 1 }, { words: 25, content: true }]);
    blockProximityFusion(d, 1, false, false);
    expect(d.textBlocks.map((b) => [b.nodes, b.isContent, b.numWords])).toEqual([[[0], false, 3], [[1, 2, 3], true, 52], [[4, 5], true, 26]]);
  });

  it('BlockProximityFusion CONTENT_ONLY joins content blocks at most one dropped block apart', () => {
    const d = doc([{ words: 5, content: true }, { words: 1 }, { words: 5, content: true }, { words: 1 }, { words: 1 }, { words: 5, content: true }]);
    boilerplateBlockFilter(d);
    expect(d.textBlocks).toHaveLength(3);
    blockProximityFusion(d, 1, true, false);
    expect(d.textBlocks.map((b) => b.nodes)).toEqual([[0, 2], [5]]);
  });

  it('KeepLargestBlockFilter keeps the first block with the most words', () => {
    const d = doc([{ words: 10, content: true }, { words: 30, content: true }, { words: 30, content: true }]);
    keepLargestBlockFilter(d);
    expect(d.textBlocks.map((b) => b.isContent)).toEqual([false, true, false]);
    expect(d.textBlocks.map((b) => b.hasLabel(LABEL_MIGHT_BE_CONTENT))).toEqual([true, false, true]);
  });

  it('ExpandTitleToContentFilter takes back the blocks from the title to the content', () => {
    const d = doc([{ words: 1 }, { words: 8 }, { words: 4 }, { words: 100, content: true }, { words: 9 }]);
    for (const b of d.textBlocks) if (!b.isContent) b.labels.add(LABEL_MIGHT_BE_CONTENT);
    at(d.textBlocks, 1).labels.add(LABEL_TITLE);
    expect(expandTitleToContentFilter(d)).toBe(true);
    expect(d.textBlocks.map((b) => b.isContent)).toEqual([false, true, true, true, false]);
    // a title after the content start changes nothing
    const late = doc([{ words: 100, content: true }, { words: 8 }]);
    at(late.textBlocks, 1).labels.add(LABEL_TITLE);
    expect(expandTitleToContentFilter(late)).toBe(false);
  });

  it('SimpleBlockFusionProcessor (DefaultExtractor) merges runs of equal text density', () => {
    const d = doc([{ words: 3 }, { words: 3 }, { words: 5 }, { words: 3 }]);
    simpleBlockFusionProcessor(d);
    expect(d.textBlocks.map((b) => b.nodes)).toEqual([[0, 1], [2], [3]]);
  });

  it('chains the filters in ArticleExtractor order', () => {
    expect(EXTRACTOR_CHAINS.article.map(([name]) => name)).toEqual([
      'TerminatingBlocksFinder', 'DocumentTitleMatchClassifier', 'NumWordsRulesClassifier', 'IgnoreBlocksAfterContentFilter(60)',
      'BlockProximityFusion.MAX_DISTANCE_1', 'BoilerplateBlockFilter', 'BlockProximityFusion.MAX_DISTANCE_1_CONTENT_ONLY',
      'KeepLargestBlockFilter', 'ExpandTitleToContentFilter',
    ]);
  });
});

describe('boilerpipe strategy (ArticleExtractor)', () => {
  it('keeps the largest run of content, with the block just before it, as boilerpipe does', () => {
    const snap = articlePage(3);
    const { doc: d } = runBoilerpipe(snap);
    // "Science" (the last menu link) precedes the title, the first content block: the first
    // BlockProximityFusion merges it in; "Most read" follows the last paragraph (prev > 4 words).
    expect(contentText(d)).toBe(['Science', 'The bridge council met on a winter morning', prose(4, 0), prose(4, 1), prose(4, 2), 'Most read', ''].join('\n'));
    const text = buildContent(snap, boilerpipe.run(snap).selection).text;
    expect(text).toContain('The bridge council met on a winter morning');
    expect(text).toContain(prose(4, 2));
    expect(text).not.toMatch(/Politics|Story number|Copyright/);
  });

  it('drops everything after an end-of-text marker once the article has begun', () => {
    const snap = page(
      h('h1', {}, 'Council votes on the bridge'),
      ...Array.from({ length: 3 }, (_, i) => h('p', {}, prose(3, i))),
      h('h3', {}, 'Comments (12)'),
      h('p', {}, prose(3, 5)),
    );
    const { doc: d } = runBoilerpipe(snap);
    expect(contentText(d)).not.toContain(prose(3, 5));
    expect(contentText(d)).toContain(prose(3, 2));
  });

  it('finds nothing on a page of links', () => {
    const snap = page(h('ul', {}, ...['a', 'b', 'c'].map((s) => h('li', {}, h('a', { href: '/' + s }, `link ${s}`)))));
    const r = boilerpipe.run(snap);
    expect(r.selection.roots).toEqual([]);
    expect(r.pageType).toBe('other');
  });

  it('offers the other extractors and rejects unknown ones', () => {
    const snap = articlePage(2);
    expect(createBoilerpipe({ extractor: 'default' }).description).toMatch(/DefaultExtractor/);
    expect(createBoilerpipe({ extractor: 'numwords' }).run(snap).pageType).toBe('article');
    expect(() => createBoilerpipe({ extractor: 'nope' as never })).toThrow(RangeError);
    expect(boilerpipe.run(snap).notes?.[0]).toMatch(/^ArticleExtractor: \d+ text blocks, 1 content block/);
  });
});
