import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../../src/content/html.js';
import { buildFixture, h, t } from '../helpers/content-fixtures.js';

describe('cleanHtml: whitelist', () => {
  it('keeps whitelisted tags and strips other attributes', () => {
    const fx = buildFixture([
      h('article', { attrs: { class: 'post', id: 'main', style: 'color:red' } },
        h('h2', { attrs: { class: 'title', onclick: 'evil()' } }, 'Heading'),
        h('p', { attrs: { 'data-x': '1', lang: 'en', dir: 'ltr' } }, 'Text ', h('strong', 'bold'), ' and ', h('time', { attrs: { datetime: '2024-01-15', class: 'x' } }, 'today')),
      ),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<h2>Heading</h2>\n<p lang="en" dir="ltr">Text <strong>bold</strong> and <time datetime="2024-01-15">today</time></p>',
    );
  });

  it('unwraps unknown elements and spans, keeping their children', () => {
    const fx = buildFixture([
      h('p', null, h('custom-tag', null, 'Hello '), h('span', { attrs: { class: 'x' } }, h('font', 'world'))),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>Hello world</p>');
  });

  it('drops form controls, buttons, iframes, svg, video, canvas and scripts', () => {
    const fx = buildFixture([
      h('div', null,
        h('p', null, 'Before', h('button', 'Click me'), h('input', { attrs: { value: 'x' } }), h('select', null, h('option', 'opt'))),
        h('iframe', { attrs: { src: 'https://ads.example/' } }),
        h('svg', null, h('path')),
        h('video', null, 'Fallback'),
        h('canvas'),
        h('script', 'alert(1)'),
        h('style', 'p{}'),
        h('textarea', 'typed'),
        h('p', 'After'),
      ),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>Before</p>\n<p>After</p>');
  });

  it('keeps a form wrapper (ASP.NET pages wrap everything in one) by unwrapping it', () => {
    const fx = buildFixture([h('form', null, h('p', 'Body text'))]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>Body text</p>');
  });

  it('removes empty wrappers and collapses nested divs', () => {
    const fx = buildFixture([
      h('div', null,
        h('div', null, h('div', null, h('p', 'Deep'))),
        h('div', null, h('span', ' ')),
        h('p', null, h('br')),
        h('ul', null, h('li', '')),
        h('div', null, 'Inline text in a div'),
      ),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>Deep</p>\n<div>Inline text in a div</div>');
  });

  it('treats a div with display:inline as inline and a span with display:block as a block', () => {
    const fx = buildFixture([
      h('div', null,
        h('div', { style: { display: 'inline' } }, 'One '),
        h('div', { style: { display: 'inline' } }, 'two'),
        h('span', { style: { display: 'block' } }, 'Block span'),
      ),
    ]);
    // The root container dissolves: its inline run becomes a paragraph.
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>One two</p>\n<div>Block span</div>');
    const nested = buildFixture([
      h('li', null, h('div', { style: { display: 'inline' } }, 'One '), h('div', { style: { display: 'inline' } }, 'two'), h('span', { style: { display: 'block' } }, 'Block span')),
    ]);
    expect(cleanHtml(nested.snapshot, nested.all())).toBe('<li>One two<div>Block span</div>\n</li>');
  });

  it('keeps pre/code language classes only', () => {
    const fx = buildFixture([
      h('pre', { attrs: { class: 'highlight' } }, h('code', { attrs: { class: 'hljs language-python' } }, 'print(1)\n  x = 2')),
      h('p', null, h('code', { attrs: { class: 'inline' } }, 'x')),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<pre><code class="language-python">print(1)\n  x = 2</code></pre>\n<p><code>x</code></p>',
    );
  });

  it('keeps table structure with colspan/rowspan only', () => {
    const fx = buildFixture([
      h('table', { attrs: { class: 't', border: '1' } },
        h('tr', null, h('th', { attrs: { colspan: '2', style: 'x' } }, 'Head')),
        h('tr', null, h('td', { attrs: { rowspan: '1' } }, 'a'), h('td', 'b')),
      ),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<table><tr><th colspan="2">Head</th></tr>\n<tr><td>a</td><td>b</td></tr>\n</table>',
    );
  });

  it('dissolves layout tables (one cell per row) into blocks', () => {
    const fx = buildFixture([
      h('table', null, h('tbody', null, h('tr', null, h('td', 'First cell')), h('tr', null, h('td', 'Second cell')))),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<div>First cell</div>\n<div>Second cell</div>');
  });

  it('turns picture into its img and keeps ol start', () => {
    const fx = buildFixture([
      h('picture', null, h('source', { attrs: { srcset: 'a.webp' } }), h('img', { attrs: { src: 'https://cdn.example/a.jpg', alt: 'A', width: '640', height: '480', class: 'x', loading: 'lazy' } })),
      h('ol', { attrs: { start: '4', type: 'a' } }, h('li', 'four')),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<p><img src="https://cdn.example/a.jpg" alt="A" width="640" height="480"></p>\n<ol start="4"><li>four</li>\n</ol>',
    );
  });
});

describe('cleanHtml: URLs', () => {
  it('resolves relative URLs against baseUrl or finalUrl', () => {
    const fx = buildFixture([
      h('p', null, h('a', { attrs: { href: '../other?q=1' } }, 'rel'), ' ', h('img', { attrs: { src: '//cdn.example/i.png' } })),
    ], { finalUrl: 'https://news.example/a/b/page' });
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<p><a href="https://news.example/a/other?q=1">rel</a> <img src="https://cdn.example/i.png" alt=""></p>',
    );
    expect(cleanHtml(fx.snapshot, fx.all(), { baseUrl: 'https://base.example/x/' })).toContain('href="https://base.example/other?q=1"');
  });

  it('drops javascript: and data: URLs but keeps raster data:image', () => {
    const fx = buildFixture([
      h('p', null,
        h('a', { attrs: { href: 'javascript:alert(1)' } }, 'js'), ' ',
        h('a', { attrs: { href: ' JaVaScRiPt:alert(1)' } }, 'js2'), ' ',
        h('a', { attrs: { href: 'data:text/html,<script>alert(1)</script>' } }, 'data'), ' ',
        h('img', { attrs: { src: 'data:image/svg+xml,<svg onload=alert(1)>' } }),
        h('img', { attrs: { src: 'data:image/png;base64,iVBORw0KGgo=' } }),
        h('a', { attrs: { href: 'mailto:a@b.example' } }, 'mail'),
      ),
    ]);
    const html = cleanHtml(fx.snapshot, fx.all());
    expect(html).toBe('<p>js js2 data <img src="data:image/png;base64,iVBORw0KGgo=" alt=""><a href="mailto:a@b.example">mail</a></p>');
    expect(html.toLowerCase()).not.toContain('javascript');
  });

  it('prefers a real image URL over a lazy-loading placeholder', () => {
    const fx = buildFixture([
      h('img', { key: 'img', attrs: { src: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'data-src': '/img/real.jpg' } }),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p><img src="https://example.com/img/real.jpg" alt=""></p>');
  });
});

describe('cleanHtml: escaping', () => {
  it('escapes hostile text and attribute values', () => {
    const fx = buildFixture([
      h('p', null,
        '<script>alert("x")</script> & more',
        h('a', { attrs: { href: 'https://e.example/?q="><script>alert(1)</script>' } }, 'link'),
        h('img', { attrs: { src: 'https://e.example/i.png', alt: '" onerror="alert(1)' } }),
        h('time', { attrs: { datetime: "'><img src=x onerror=alert(1)>" } }, 'when'),
      ),
    ]);
    const html = cleanHtml(fx.snapshot, fx.all());
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/"\s*onerror=/i);
    expect(html).toContain('&lt;script&gt;alert("x")&lt;/script&gt; &amp; more');
    expect(html).toContain('alt="&quot; onerror=&quot;alert(1)"');
    expect(html).toContain('datetime="&#39;&gt;&lt;img src=x onerror=alert(1)&gt;"');
    // The URL parser percent-encodes quotes and angle brackets in the query.
    expect(html).toContain('href="https://e.example/?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E"');
  });
});

describe('cleanHtml: selection', () => {
  it('walks roots in order and skips excluded subtrees and invisible text', () => {
    const fx = buildFixture([
      h('div', { key: 'second' }, h('p', 'Second root')),
      h('div', { key: 'first' },
        h('p', 'First root'),
        h('div', { key: 'ad' }, h('p', 'Advertisement')),
        h('p', null, 'Visible', t(' hidden', { visible: false })),
      ),
    ]);
    const html = cleanHtml(fx.snapshot, fx.select(['first', 'second'], ['ad']));
    expect(html).toBe('<p>First root</p>\n<p>Visible</p>\n<p>Second root</p>');
  });

  it('emits a root nested in another root only once', () => {
    const fx = buildFixture([h('div', { key: 'outer' }, h('p', { key: 'inner' }, 'Once'))]);
    expect(cleanHtml(fx.snapshot, fx.select(['outer', 'inner']))).toBe('<p>Once</p>');
  });

  it('wraps inline-only roots in paragraphs so separate roots never run together', () => {
    const fx = buildFixture([h('span', { key: 'a' }, 'Alpha'), h('span', { key: 'b' }, 'Beta')]);
    expect(cleanHtml(fx.snapshot, fx.select(['a', 'b']))).toBe('<p>Alpha</p>\n<p>Beta</p>');
  });

  it('keeps a link that wraps blocks (a card) as a block, not inside a paragraph', () => {
    const fx = buildFixture([
      h('a', { attrs: { href: '/card' } }, h('div', null, h('h3', 'Card title'), h('p', 'Card desc'))),
      h('span', 'Inline after'),
    ]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe(
      '<a href="https://example.com/card"><h3>Card title</h3>\n<p>Card desc</p>\n</a>\n<p>Inline after</p>',
    );
  });

  it('copes with very wide containers (no argument-count limits)', () => {
    const many = Array.from({ length: 150_000 }, (_, i) => h('span', { style: { display: 'block' } }, `w${i}`));
    const wide = h('div');
    wide.children = many;
    const fx = buildFixture([h('div', null, wide)]);
    const html = cleanHtml(fx.snapshot, fx.all());
    expect(html.startsWith('<div>w0</div>')).toBe(true);
    expect(html.endsWith('<div>w149999</div>')).toBe(true);
  });

  it('turns newlines of white-space:pre-wrap text outside pre into <br>', () => {
    const fx = buildFixture([h('div', { style: { whiteSpace: 'pre-wrap' } }, 'line one\nline two')]);
    expect(cleanHtml(fx.snapshot, fx.all())).toBe('<p>line one<br>line two</p>');
  });
});
