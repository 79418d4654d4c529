import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../../src/content/markdown.js';

describe('toMarkdown', () => {
  it('uses ATX headings, - bullets and numbered lists from start', () => {
    const md = toMarkdown('<h2>Sub</h2>\n<ul><li>One</li>\n<li>Two</li>\n</ul>\n<ol start="3"><li>three</li><li>four<ul><li>nested</li></ul></li></ol>');
    expect(md).toBe('## Sub\n\n- One\n- Two\n\n3. three\n4. four\n   - nested');
  });

  it('fences pre/code with the language from a language-* class', () => {
    const md = toMarkdown('<p>Run:</p><pre><code class="language-python">def f():\n    return 1\n</code></pre>');
    expect(md).toBe('Run:\n\n```python\ndef f():\n    return 1\n```');
  });

  it('fences a pre without code, taking the language from the pre', () => {
    expect(toMarkdown('<pre class="language-sh">ls -la\necho hi</pre>')).toBe('```sh\nls -la\necho hi\n```');
    expect(toMarkdown('<pre>plain</pre>')).toBe('```\nplain\n```');
  });

  it('uses a longer fence when the code contains a fence', () => {
    expect(toMarkdown('<pre><code>```\ninner\n```</code></pre>')).toBe('````\n```\ninner\n```\n````');
  });

  it('converts a table with a header row to a GFM table', () => {
    const md = toMarkdown(
      '<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><td>Ann</td><td>31</td></tr><tr><td>Bob</td><td>42</td></tr></tbody></table>',
    );
    expect(md).toBe('| Name | Age |\n| --- | --- |\n| Ann | 31 |\n| Bob | 42 |');
  });

  it('converts a headerless table too (first row becomes the header), padding short rows', () => {
    const md = toMarkdown('<table><tr><td>a</td><td>b</td><td>c</td></tr><tr><td>1</td><td>2</td></tr></table>');
    expect(md).toBe('| a | b | c |\n| --- | --- | --- |\n| 1 | 2 |  |');
  });

  it('escapes pipes, flattens multi-line cells, expands colspan and keeps the caption', () => {
    const md = toMarkdown(
      '<table><caption>Prices</caption><tr><th colspan="2">Item</th><th>Cost</th></tr><tr><td>a|b</td><td><p>two</p><p>lines</p></td><td><strong>$1</strong></td></tr></table>',
    );
    expect(md).toBe('Prices\n\n| Item |  | Cost |\n| --- | --- | --- |\n| a\\|b | two lines | **$1** |');
  });

  it('renders strikethrough with double tildes', () => {
    expect(toMarkdown('<p>was <del>old</del> <s>older</s> new</p>')).toBe('was ~~old~~ ~~older~~ new');
  });

  it('keeps links and images with absolute URLs', () => {
    expect(toMarkdown('<p><a href="https://e.example/a">link</a> <img src="https://e.example/i.png" alt="pic"></p>')).toBe(
      '[link](https://e.example/a) ![pic](https://e.example/i.png)',
    );
  });

  it('emits the content of a link wrapping blocks without the link', () => {
    expect(toMarkdown('<a href="https://e.example/c"><h3>Card</h3><p>Desc</p></a><p>After</p>')).toBe('### Card\n\nDesc\n\nAfter');
  });

  it('escapes text that would otherwise become raw HTML', () => {
    const md = toMarkdown('<p>&lt;script&gt;alert(1)&lt;/script&gt; and <code>&lt;b&gt;</code></p>');
    expect(md).toBe('&lt;script>alert(1)&lt;/script> and `<b>`');
    expect(md).not.toMatch(/<script/);
  });

  it('keeps literal entities literal, and removes control characters', () => {
    expect(toMarkdown('<p>write &amp;lt; for &lt; and &amp;amp;</p>')).toBe('write &amp;lt; for &lt; and &amp;amp;');
    expect(toMarkdown('<p>a\u001b]0;pwned\u0007b\u009b2Jc</p>')).toBe('a\\]0;pwnedb2Jc');
  });

  it('writes the code block language from the class, and fences longer than any backtick run', () => {
    expect(toMarkdown('<pre><code class="language-c">a ```` b</code></pre>')).toBe('`````c\na ```` b\n`````');
    expect(toMarkdown('<p>use <code>a`b</code> and <code>`x</code></p>')).toBe('use ``a`b`` and `` `x ``');
  });

  it('never writes unsafe link or image destinations, and encodes what could end one', () => {
    expect(toMarkdown('<p><a href="javascript:alert(1)">js</a> <a href="https://e.example/a b)c">x</a> <img src="data:text/html,x" alt="d"></p>'))
      .toBe('js [x](https://e.example/a%20b%29c)');
  });

  it('returns an empty string for empty input', () => {
    expect(toMarkdown('')).toBe('');
    expect(toMarkdown('   ')).toBe('');
  });
});
