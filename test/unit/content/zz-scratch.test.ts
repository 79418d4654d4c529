import { it } from 'vitest';
import { buildFixture, h } from '../helpers/content-fixtures.js';
import { cleanHtml } from '../../../src/content/html.js';
import { toText } from '../../../src/content/text.js';
import { toMarkdown } from '../../../src/content/markdown.js';

it('scratch', () => {
  const paras = [];
  for (let i = 0; i < 20000; i++) paras.push(h('p', null, `Paragraph ${i} with `, h('a', { attrs: { href: `/p${i}` } }, 'link'), ' and ', h('em', 'emphasis'), ' text.'));
  const big = buildFixture([h('div', null, h('div', null, ...paras))]);
  let t0 = performance.now();
  const html = cleanHtml(big.snapshot, big.all());
  console.log('html ms', performance.now() - t0, html.length);
  t0 = performance.now();
  toText(big.snapshot, big.all());
  console.log('text ms', performance.now() - t0);
  t0 = performance.now();
  toMarkdown(html);
  console.log('md ms', performance.now() - t0);
  t0 = performance.now();
  toMarkdown(html.slice(0, html.length / 10));
  console.log('md 1/10 ms', performance.now() - t0);
});
