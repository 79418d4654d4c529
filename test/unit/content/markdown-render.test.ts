/**
 * Page text must never become live HTML when viseg's Markdown is rendered. Hostile text goes
 * through the real content path (a snapshot -> cleanHtml -> toMarkdown) in every position, and the
 * Markdown is rendered by three real CommonMark renderers with raw HTML allowed (markdown-it with
 * `html: true`, marked, commonmark.js without `safe`). The rendered HTML is parsed with an HTML5
 * parser and must hold only the elements and attributes Markdown itself produces, with safe URLs.
 */
import * as commonmark from 'commonmark';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../../src/content/html.js';
import { toMarkdown } from '../../../src/content/markdown.js';
import { buildFixture, h, type Child } from '../helpers/content-fixtures.js';
import { liveHtml, textOf } from '../helpers/inert-html.js';
import { outOfRange } from '../../../src/util/at.js';

const markdownIt = new MarkdownIt({ html: true, linkify: true });
const RENDERERS: Record<string, (md: string) => string> = {
  'markdown-it': (md) => markdownIt.render(md),
  marked: (md) => marked.parse(md, { async: false, gfm: true }) as string,
  'commonmark.js': (md) => new commonmark.HtmlRenderer().render(new commonmark.Parser().parse(md)),
};

/** Markdown of a page body, the way viseg makes it from a snapshot. */
function markdownOf(body: Child[]): string {
  const fx = buildFixture(body, { url: 'https://site.example/a/page.html' });
  return toMarkdown(cleanHtml(fx.snapshot, fx.all()));
}

function expectInert(md: string, what: string): void {
  for (const [name, render] of Object.entries(RENDERERS)) {
    const found = liveHtml(render(md));
    expect(found, `${name} rendered live HTML for ${what}\n--- markdown:\n${md}`).toEqual([]);
  }
}

const PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<div\nonclick=alert(1)>x</div>',
  '<!-- <img src=x onerror=alert(1)> -->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<?php <img src=x onerror=alert(1)> ?>',
  '</code></pre><img src=x onerror=alert(1)>',
  '<javascript:alert(1)>',
  '<https://evil.example/>',
  '[click](javascript:alert(1))',
  '![x](javascript:alert(1))',
  '[click][r]\n\n[r]: javascript:alert(1)',
  '[r]: javascript:alert(1) "t"',
  '[a](<javascript:alert(1)>) [b](javascript&#58;alert(1)) [c](java&#x09;script:alert(1))',
  '&lt;img src=x onerror=alert(1)&gt;',
  '&#60;img src=x onerror=alert(1)&#62;',
  '&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;',
  '*_**<img src=x onerror=alert(1)>**_*',
  "<a title='\"><img src=x onerror=alert(1)>'>t</a>",
  '<span x=\'" onerror="alert(1)\'>',
  '| a | <img src=x onerror=alert(1)> |',
  'a\\|<img src=x onerror=alert(1)>',
  '\\<img src=x onerror=alert(1)>',
];

/** Backtick and tilde runs of every length from 1 to 7, before, inside and after a payload. */
const FENCES = Array.from({ length: 7 }, (_, i) => i + 1).flatMap((n) => ['`'.repeat(n), '~'.repeat(n)]);

const VARIANTS: string[] = [
  ...PAYLOADS,
  ...FENCES.flatMap((f) => [`a${f}<img src=x onerror=alert(1)> b`, `${f}\n<img src=x onerror=alert(1)>\n${f}`, `${f}lang\n<script>alert(1)</script>`, `x ${f} y ${f}<b onmouseover=alert(1)>z</b>`]),
];

/** Every place page text can sit in the content, as a snapshot body around the text `s`. */
const POSITIONS: Record<string, (s: string) => Child[]> = {
  paragraph: (s) => [h('p', s)],
  'pre-wrap paragraph': (s) => [h('p', { style: { whiteSpace: 'pre-wrap' } }, s)],
  heading: (s) => [h('h2', s)],
  'list item': (s) => [h('ul', null, h('li', s), h('li', 'after'))],
  'nested list': (s) => [h('ol', null, h('li', null, 'one', h('ul', null, h('li', s))))],
  blockquote: (s) => [h('blockquote', null, h('p', s))],
  'table cell': (s) => [h('table', null, h('tr', null, h('th', 'h1'), h('th', 'h2')), h('tr', null, h('td', s), h('td', 'x')))],
  'table header': (s) => [h('table', null, h('tr', null, h('th', s), h('th', 'h2')), h('tr', null, h('td', 'a'), h('td', 'b')))],
  caption: (s) => [h('table', null, h('caption', s), h('tr', null, h('td', 'a')), h('tr', null, h('td', 'b')))],
  pre: (s) => [h('pre', s)],
  'pre > code': (s) => [h('pre', null, h('code', { attrs: { class: 'language-js' } }, s))],
  'inline code': (s) => [h('p', null, 'run ', h('code', s), ' now')],
  kbd: (s) => [h('p', null, 'press ', h('kbd', s))],
  'code in a cell': (s) => [h('table', null, h('tr', null, h('th', 'h')), h('tr', null, h('td', null, h('code', s))))],
  'pre in a cell': (s) => [h('table', null, h('tr', null, h('th', 'h'), h('th', 'h2')), h('tr', null, h('td', null, h('pre', s)), h('td', 'y')))],
  'pre in a list': (s) => [h('ul', null, h('li', null, 'step', h('pre', s)))],
  'pre in a quote': (s) => [h('blockquote', null, h('pre', s))],
  'link text': (s) => [h('p', null, h('a', { attrs: { href: 'https://ok.example/' } }, s))],
  'link text with code and an image': (s) => [h('p', null, h('a', { attrs: { href: 'https://ok.example/' } }, h('code', s), ' ', s, h('img', { attrs: { src: 'i.png', alt: s } })))],
  'emphasis': (s) => [h('p', null, h('em', null, h('strong', s)), h('del', s))],
  'after a line break': (s) => [h('p', null, 'line', h('br'), s)],
  'image alt': (s) => [h('p', null, h('img', { attrs: { src: 'https://ok.example/i.png', alt: s } }))],
  'image alt in a cell': (s) => [h('table', null, h('tr', null, h('th', 'h')), h('tr', null, h('td', null, h('img', { attrs: { src: 'i.png', alt: s } }))))],
  'link href': (s) => [h('p', null, h('a', { attrs: { href: s } }, 'link'))],
  'link href (relative)': (s) => [h('p', null, h('a', { attrs: { href: `x/${s}` } }, 'link'))],
  'image src': (s) => [h('p', null, h('img', { attrs: { src: s, alt: 'a' } }))],
};

describe('Markdown output renders inert in real CommonMark renderers', () => {
  for (const [position, body] of Object.entries(POSITIONS)) {
    it(`page text in ${position}`, () => {
      for (const payload of VARIANTS) expectInert(markdownOf(body(payload)), `${JSON.stringify(payload)} in ${position}`);
    });
  }

  it('random strings of Markdown and HTML syntax, in the riskiest positions', () => {
    // a fixed seed: the same strings on every run
    let seed = 20240617;
    const rand = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    const pieces = ['<', '>', '&', '#', ';', '[', ']', '(', ')', '!', '`', '``', '```', '~~~', '*', '_', '\\', '|', '"', "'", ' ', '\n', 'a', ':',
      'javascript:', '&#58;', '&lt;', '<img src=x onerror=alert(1)>', 'onerror=', '<script>', '</code>', 'http://x/', '<!--', '-->', ']:'];
    const positions = ['paragraph', 'table cell', 'link text', 'link text with code and an image', 'image alt', 'pre in a cell', 'inline code', 'code in a cell', 'list item', 'link href'];
    for (let i = 0; i < Number(process.env.MD_FUZZ ?? 150); i++) {
      const s = Array.from({ length: 1 + rand(14) }, () => (pieces[rand(pieces.length)] ?? outOfRange())).join('');
      for (const p of positions) expectInert(markdownOf((POSITIONS[p] ?? outOfRange(p))(s)), `${JSON.stringify(s)} in ${p}`);
    }
  });

  it('the reported attacks: a <pre> with ``` in a table cell, and an alt that closes its attribute', () => {
    const cell = markdownOf([h('table', null, h('tr', null, h('th', 'h')), h('tr', null, h('td', null, h('pre', 'a```<img src=x onerror=alert(1)> b'))))]);
    expectInert(cell, 'pre in a cell');
    // the text is kept, as code
    for (const render of Object.values(RENDERERS)) expect(render(cell)).toContain('onerror=alert(1)');
    const alt = markdownOf([h('p', null, h('img', { attrs: { src: 'https://ok.example/i.png', alt: `<span x='" onerror="alert(1)'>` } }))]);
    expectInert(alt, 'alt');
  });

  it('keeps the text: literal entities, angle brackets and backticks read back as written', () => {
    const md = markdownOf([h('p', 'a &lt; b <c> `d` & e &amp;')]);
    for (const render of Object.values(RENDERERS)) expect(textOf(render(md)).trim()).toBe('a &lt; b <c> `d` & e &amp;');
  });

  it('keeps safe links working, percent-encoding what could end or change the destination', () => {
    const md = markdownOf([h('p', null, h('a', { attrs: { href: 'https://en.example/wiki/A_(b)?x=1&y=2' } }, 'wiki'))]);
    expect(md).toBe('[wiki](https://en.example/wiki/A_%28b%29?x=1&y=2)');
    for (const render of Object.values(RENDERERS)) expect(render(md)).toContain('href="https://en.example/wiki/A_%28b%29?x=1&amp;y=2"');
  });
});
