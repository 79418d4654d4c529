import { describe, expect, it } from 'vitest';
import { toText } from '../../../src/content/text.js';
import { buildFixture, h, t } from '../helpers/content-fixtures.js';

describe('toText: block-aware breaks', () => {
  it('separates paragraphs, headings and list items with a blank line', () => {
    const fx = buildFixture([
      h('h1', 'Title'),
      h('p', null, 'First ', h('em', 'para'), '.'),
      h('ul', null, h('li', 'One'), h('li', 'Two')),
      h('p', 'Last'),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('Title\n\nFirst para.\n\nOne\n\nTwo\n\nLast');
  });

  it('never glues list items or block siblings without white space', () => {
    const fx = buildFixture([
      h('ul', null, h('li', 'One'), h('li', 'Two')),
      h('div', null, h('div', 'Alpha'), h('div', 'Beta')),
      h('div', { style: { display: 'flex' } }, h('span', { style: { display: 'block' } }, 'Flex'), h('span', { style: { display: 'block' } }, 'items')),
      h('p', null, h('span', { style: { display: 'inline-block' } }, 'tag1'), h('span', { style: { display: 'inline-block' } }, 'tag2')),
    ]);
    const text = toText(fx.snapshot, fx.all());
    expect(text).toBe('One\n\nTwo\n\nAlpha\nBeta\nFlex\nitems\n\ntag1 tag2');
    expect(text).not.toMatch(/OneTwo|AlphaBeta|Flexitems|tag1tag2/);
  });

  it('joins inline text with the spaces the text nodes carry and collapses runs', () => {
    const fx = buildFixture([
      h('p', null, 'Hello  ', h('b', ' big '), '  world ', h('a', 'Link'), 'ed'),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('Hello big world Linked');
  });

  it('treats a display:inline div as inline and a display:block span as a block', () => {
    const fx = buildFixture([
      h('div', null,
        h('div', { style: { display: 'inline' } }, 'in'),
        h('div', { style: { display: 'inline' } }, 'line'),
        h('span', { style: { display: 'block' } }, 'block'),
      ),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('inline\nblock');
  });

  it('turns br into newlines and two br into a blank line', () => {
    const fx = buildFixture([h('p', null, 'a', h('br'), 'b', h('br'), h('br'), 'c', h('br'))]);
    expect(toText(fx.snapshot, fx.all())).toBe('a\nb\n\nc');
  });

  it('keeps pre white space verbatim', () => {
    const fx = buildFixture([
      h('p', 'Code:'),
      h('pre', null, h('code', 'def f():\n    return  1\n')),
      h('p', 'After'),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('Code:\n\ndef f():\n    return  1\n\nAfter');
  });

  it('puts table cells on one line separated by tabs, rows on their own lines', () => {
    const fx = buildFixture([
      h('table', null,
        h('thead', null, h('tr', null, h('th', 'Name'), h('th', 'Age'))),
        h('tbody', null, h('tr', null, h('td', 'Ann'), h('td', '31')), h('tr', null, h('td', 'Bob'), h('td', '42'))),
      ),
      h('p', 'Below'),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('Name\tAge\nAnn\t31\nBob\t42\n\nBelow');
  });

  it('treats layout tables as plain blocks', () => {
    const fx = buildFixture([
      h('table', null, h('tr', null, h('td', 'Column one'))), h('table', null, h('tr', null, h('td', 'Column two'))),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('Column one\nColumn two');
  });

  it('has no leading/trailing blank lines and never more than one blank line in a row', () => {
    const fx = buildFixture([
      h('div', null, h('p', ' '), h('p', null, h('br')), h('p', '  Start'), h('div', null, h('p', null, h('p', 'x'))), h('hr'), h('hr'), h('p', 'End  ')),
    ]);
    const text = toText(fx.snapshot, fx.all());
    expect(text).toBe('Start\n\nx\n\nEnd');
    expect(text).not.toMatch(/\n{3}/);
  });
});

describe('toText: selection', () => {
  it('skips excluded subtrees, invisible text, scripts, buttons and images', () => {
    const fx = buildFixture([
      h('article', { key: 'main' },
        h('p', null, 'Keep', t(' secret', { visible: false }), ' this'),
        h('div', { key: 'share' }, h('p', 'Share on X')),
        h('script', 'var x = 1;'),
        h('p', null, 'Press ', h('button', 'OK'), 'now', h('img', { attrs: { src: 'https://e.example/a.png', alt: 'alt text' } })),
      ),
    ]);
    expect(toText(fx.snapshot, fx.select(['main'], ['share']))).toBe('Keep this\n\nPress now');
  });

  it('separates roots by a blank line, in the given order, without duplicates', () => {
    const fx = buildFixture([
      h('span', { key: 'a' }, 'Alpha'),
      h('span', { key: 'b' }, 'Beta', h('em', { key: 'inner' }, ' inner')),
    ]);
    expect(toText(fx.snapshot, fx.select(['b', 'a', 'inner', 'a']))).toBe('Beta inner\n\nAlpha');
  });

  it('ignores unknown root ids and excluded roots', () => {
    const fx = buildFixture([h('p', { key: 'p' }, 'Only')]);
    expect(toText(fx.snapshot, { roots: [999, fx.id('p')], exclude: [] })).toBe('Only');
    expect(toText(fx.snapshot, { roots: [fx.id('p')], exclude: [fx.id('p')] })).toBe('');
  });

  it('keeps white-space-only text the snapshot flags invisible (no glued code tokens)', () => {
    const fx = buildFixture([
      h('pre', null, h('code', null, h('span', 'def'), t(' ', { visible: false }), h('span', 'f'), '():', t('\n    ', { visible: false }), h('span', 'return'), t(' ', { visible: false }), '1')),
      h('p', null, h('a', 'One'), t(' ', { visible: false }), h('a', 'Two'), t(' hidden words', { visible: false })),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('def f():\n    return 1\n\nOne Two');
  });

  it('keeps a floated drop cap attached to its word', () => {
    const fx = buildFixture([
      h('p', null, h('span', { style: { display: 'block', float: 'left' } }, 'T'), 'he story begins.'),
    ]);
    expect(toText(fx.snapshot, fx.all())).toBe('The story begins.');
  });
});
