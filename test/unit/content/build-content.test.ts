import { describe, expect, it } from 'vitest';
import { buildContent, extractMetadata } from '../../../src/content/index.js';
import { buildFixture, h, t } from '../helpers/content-fixtures.js';

describe('buildContent', () => {
  const fx = buildFixture([
    h('nav', { key: 'nav' }, h('a', { attrs: { href: '/' } }, 'Home')),
    h('article', { key: 'main' },
      h('h1', 'Headline'),
      h('p', null, 'Intro with ', h('a', { attrs: { href: '/more', onclick: 'x()' } }, 'a link'), ' and <script>alert(1)</script>.'),
      h('div', { key: 'share', attrs: { class: 'share' } }, h('button', 'Share'), h('a', { attrs: { href: 'https://x.example/share' } }, 'Tweet')),
      h('ul', null, h('li', 'One'), h('li', 'Two')),
      h('table', null,
        h('tr', null, h('th', 'k'), h('th', 'v')),
        h('tr', null, h('td', 'a'), h('td', '1')),
      ),
      h('pre', null, h('code', { attrs: { class: 'language-js' } }, 'let x = 1;')),
      h('p', null, '日本語', t(' hidden', { visible: false })),
    ),
  ]);
  const selection = fx.select(['main'], ['share']);
  const content = buildContent(fx.snapshot, selection);

  it('produces consistent html, text, markdown and word count', () => {
    expect(content.html).toBe([
      '<h1>Headline</h1>',
      '<p>Intro with <a href="https://example.com/more">a link</a> and &lt;script&gt;alert(1)&lt;/script&gt;.</p>',
      '<ul><li>One</li>',
      '<li>Two</li>',
      '</ul>',
      '<table><tr><th>k</th><th>v</th></tr>',
      '<tr><td>a</td><td>1</td></tr>',
      '</table>',
      '<pre><code class="language-js">let x = 1;</code></pre>',
      '<p>日本語</p>',
    ].join('\n'));
    expect(content.text).toBe('Headline\n\nIntro with a link and <script>alert(1)</script>.\n\nOne\n\nTwo\n\nk\tv\na\t1\n\nlet x = 1;\n\n日本語');
    expect(content.markdown).toBe([
      '# Headline',
      '',
      'Intro with [a link](https://example.com/more) and &lt;script>alert(1)&lt;/script>.',
      '',
      '- One',
      '- Two',
      '',
      '| k | v |',
      '| --- | --- |',
      '| a | 1 |',
      '',
      '```js',
      'let x = 1;',
      '```',
      '',
      '日本語',
    ].join('\n'));
    // Headline(1) Intro with a link and <script>alert(1)</script>.(6) One Two(2) k v a 1(4) let x = 1;(3: "=" is no word) 日本語(3)
    expect(content.wordCount).toBe(19);
  });

  it('feeds metadata from the same selection and text', () => {
    const m = extractMetadata(fx.snapshot, selection, content.text);
    expect(m.title).toBe('Headline');
    expect(m.wordCount).toBe(content.wordCount);
    expect(m.excerpt).toBe('Intro with a link and <script>alert(1)</script>.');
  });

  it('returns empty outputs for an empty selection', () => {
    expect(buildContent(fx.snapshot, { roots: [], exclude: [] })).toEqual({ html: '', text: '', markdown: '', wordCount: 0 });
  });

  it('survives absurdly deep DOMs (flattened to text below 400 levels)', () => {
    let spec = h('p', null, 'deep ', h('em', 'text'));
    for (let i = 0; i < 3000; i++) {
      const wrapper = h(i % 3 === 0 ? 'blockquote' : i % 3 === 1 ? 'div' : 'font');
      wrapper.children = [spec];
      spec = wrapper;
    }
    const deep = buildFixture([spec]);
    const out = buildContent(deep.snapshot, deep.all());
    expect(out.text).toBe('deep text');
    expect(out.html).toContain('deep text');
    expect(out.markdown).toContain('deep text');
  });
});
