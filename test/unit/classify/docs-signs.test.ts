/**
 * The signs of a documentation site that the page-type model reads: each one on a hand-built
 * page that has it, and off on the same page without it.
 */
import { describe, expect, it } from 'vitest';
import { DOCS_SIGN_NAMES, docsSigns } from '../../../src/classify/docs-signs.js';
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { el, page, text, withLinks, type NodeDesc, type RectTuple } from '../helpers/snapshot-builder.js';

function sign(snap: PageSnapshot, name: (typeof DOCS_SIGN_NAMES)[number]): number {
  return docsSigns(withLinks(snap))[DOCS_SIGN_NAMES.indexOf(name)] ?? NaN;
}

const a = (label: string, href: string, rect: RectTuple, attrs: Record<string, string> = {}): NodeDesc =>
  el('a', { rect, attrs: { href, ...attrs } }, [text(label, rect)]);

/** A list of links at (x, y), one 24 px row each, the `current`-th marked as the page's own. */
function tree(x: number, y: number, w: number, n: number, current = -1): NodeDesc {
  return el('ul', { rect: [x, y, w, n * 24] }, Array.from({ length: n }, (_, i) =>
    el('li', { rect: [x, y + i * 24, w, 24], attrs: i === current ? { class: 'toctree-l1 current' } : {} }, [
      a(`Chapter ${i}`, `https://docs.example.test/guide/${i}`, [x, y + i * 24, w, 24]),
    ])));
}

const prose = (y: number): NodeDesc => el('p', { rect: [320, y, 700, 60] }, [text('The command writes its files next to yours.', [320, y, 700, 60])]);

function docsPage(left: NodeDesc, main: NodeDesc[] = []): PageSnapshot {
  return page(el('body', { rect: [0, 0, 1366, 1600] }, [left, el('main', { rect: [320, 0, 700, 1600] }, [prose(100), ...main])]));
}

describe('docsSigns', () => {
  it('counts the links of a tall, narrow list in the left column, and the page marked in it', () => {
    const snap = docsPage(el('nav', { rect: [0, 80, 280, 480] }, [tree(0, 80, 280, 20, 3)]));
    expect(sign(snap, 'docs.treeLinks')).toBeCloseTo(Math.log1p(20));
    expect(sign(snap, 'docs.treeCurrent')).toBe(1);
    const unmarked = docsPage(el('nav', { rect: [0, 80, 280, 480] }, [tree(0, 80, 280, 20)]));
    expect(sign(unmarked, 'docs.treeCurrent')).toBe(0);
    // Docusaurus marks the link itself
    const onLink = docsPage(el('nav', { rect: [0, 80, 280, 480] }, [
      tree(0, 80, 280, 19),
      el('ul', { rect: [0, 536, 280, 24] }, [el('li', { rect: [0, 536, 280, 24] }, [
        a('Create a project', 'https://docs.example.test/create', [0, 536, 280, 24], { class: 'menu__link menu__link--active' }),
      ])]),
    ]));
    expect(sign(onLink, 'docs.treeCurrent')).toBe(1);
  });

  it('reads only visible links in list items of a column at least 250 px tall', () => {
    const short = docsPage(el('nav', { rect: [0, 80, 280, 96] }, [tree(0, 80, 280, 4)]));
    expect(sign(short, 'docs.treeLinks')).toBe(0);
    const flat = docsPage(el('nav', { rect: [0, 80, 280, 480] }, Array.from({ length: 20 }, (_, i) =>
      a(`Chapter ${i}`, `https://docs.example.test/guide/${i}`, [0, 80 + i * 24, 280, 24]))));
    expect(sign(flat, 'docs.treeLinks')).toBe(0);
    const hidden = withLinks(docsPage(el('nav', { rect: [0, 80, 280, 480] }, [tree(0, 80, 280, 20)])));
    for (const n of hidden.nodes) if (n.tag === 'a') n.visible = false;
    expect(docsSigns(hidden)[DOCS_SIGN_NAMES.indexOf('docs.treeLinks')]).toBe(0);
  });

  it('does not read a header menu, a right sidebar or an off-canvas drawer as the tree', () => {
    const header = docsPage(el('nav', { rect: [0, 0, 1366, 48] }, [tree(0, 0, 1366, 2)]));
    expect(sign(header, 'docs.treeLinks')).toBe(0);
    const right = docsPage(el('aside', { rect: [1060, 80, 280, 480] }, [tree(1060, 80, 280, 20)]));
    expect(sign(right, 'docs.treeLinks')).toBe(0);
    const drawer = docsPage(el('nav', { rect: [-300, 0, 280, 768] }, [tree(-300, 0, 280, 20)]));
    expect(sign(drawer, 'docs.treeLinks')).toBe(0);
  });

  it("finds an edit link, by its text or an icon's title, and the title of a page's own contents", () => {
    const snap = docsPage(el('div', { rect: [0, 0, 10, 10] }), [
      a('Edit this page on GitHub', 'https://git.example.test/edit/main/docs/init.md', [320, 1500, 200, 20]),
      el('h2', { rect: [1060, 80, 200, 24] }, [text('On this page', [1060, 80, 200, 24])]),
    ]);
    expect(sign(snap, 'docs.editLink')).toBe(1);
    expect(sign(snap, 'docs.tocHeading')).toBe(1);
    const icon = docsPage(el('div', { rect: [0, 0, 10, 10] }), [
      el('a', { rect: [990, 100, 24, 24], attrs: { href: 'https://git.example.test/edit/main/docs/init.md', title: 'Edit this page' } }, [el('svg', { rect: [990, 100, 24, 24] })]),
    ]);
    expect(sign(icon, 'docs.editLink')).toBe(1);
    const plain = docsPage(el('div', { rect: [0, 0, 10, 10] }), [
      a('Edit profile', 'https://example.test/account', [320, 1500, 200, 20]),
      a('Improve your GitHub workflow with these tips', 'https://example.test/story', [320, 1400, 400, 20]),
      el('h2', { rect: [1060, 80, 200, 24] }, [text('On this page you will learn', [1060, 80, 200, 24])]),
      // a blog's table-of-contents plugin
      el('p', { rect: [320, 200, 200, 24] }, [text('Table of Contents', [320, 200, 200, 24])]),
    ]);
    expect(sign(plain, 'docs.editLink')).toBe(0);
    expect(sign(plain, 'docs.tocHeading')).toBe(0);
  });

  it('counts section headings with a permalink to themselves, shown on hover only', () => {
    const heading = (y: number, mark: string, href = `https://example.test/#s${y}`, tag = 'h2'): NodeDesc => el(tag, { rect: [320, y, 700, 30], attrs: { id: `s${y}` } }, [
      text('Install the CLI', [320, y, 300, 30]),
      el('a', { rect: [620, y, 20, 30], attrs: { href, class: 'headerlink' }, visible: false }, [text(mark, [620, y, 20, 30], { visible: false })]),
    ]);
    // Sphinx's pilcrow, a hash, Docusaurus's zero-width space
    const snap = docsPage(el('div', { rect: [0, 0, 10, 10] }), [heading(300, '¶'), heading(500, '#'), heading(700, '\u200b')]);
    expect(sign(snap, 'docs.headingAnchors')).toBeCloseTo(Math.log1p(3));
    const other = docsPage(el('div', { rect: [0, 0, 10, 10] }), [
      // a headline that links to a story, one whose icon links to the story's comments
      el('h2', { rect: [320, 300, 700, 30] }, [a('Read the story', 'https://example.test/story', [320, 300, 300, 30])]),
      heading(500, '', 'https://example.test/story#comments'),
      // a mark outside a section heading
      heading(700, '¶', 'https://example.test/#s700', 'p'),
    ]);
    expect(sign(other, 'docs.headingAnchors')).toBe(0);
  });

  it('counts inline code, not the code of a block or code inside code', () => {
    const snap = docsPage(el('div', { rect: [0, 0, 10, 10] }), [
      el('p', { rect: [320, 300, 700, 24] }, [text('Run ', [320, 300, 40, 24]), el('code', { rect: [360, 300, 80, 24] }, [
        el('kbd', { rect: [360, 300, 80, 24] }, [text('brindle init', [360, 300, 80, 24])]),
      ])]),
      el('pre', { rect: [320, 400, 700, 60] }, [el('code', { rect: [320, 400, 700, 60] }, [
        el('span', { rect: [320, 400, 700, 60] }, [el('var', { rect: [320, 400, 100, 60] }, [text('$ brindle dev', [320, 400, 700, 60])])]),
      ])]),
    ]);
    expect(sign(snap, 'docs.inlineCode')).toBeCloseTo(Math.log1p(1));
  });
});
