/** Code blocks keep their language, wherever the page names it, in clean HTML and in Markdown fences. */
import { describe, expect, it } from 'vitest';
import { cleanHtml } from '../../../src/content/html.js';
import { toMarkdown } from '../../../src/content/markdown.js';
import { buildFixture, h, type Child } from '../helpers/content-fixtures.js';
import { at } from '../../../src/util/at.js';

function fence(body: Child[]): string {
  const fx = buildFixture(body);
  return at(toMarkdown(cleanHtml(fx.snapshot, fx.all())).split('\n'), 0);
}

describe('code block languages', () => {
  it.each([
    ['class="language-c" on code', [h('pre', null, h('code', { attrs: { class: 'language-c' } }, 'int x;'))], '```c'],
    ['class="lang-go" on pre', [h('pre', { attrs: { class: 'prettyprint lang-go' } }, 'x := 1')], '```go'],
    ['data-lang on pre', [h('pre', { attrs: { 'data-lang': 'Rust' } }, 'let x = 1;')], '```rust'],
    ['data-language on code', [h('pre', null, h('code', { attrs: { 'data-language': 'ts' } }, 'let x = 1'))], '```ts'],
    ['a Sphinx wrapper two levels up', [h('div', { attrs: { class: 'highlight-python3 notranslate' } }, h('div', { attrs: { class: 'highlight' } }, h('pre', 'print(1)')))], '```python3'],
    ['GitHub highlight-source-x', [h('div', { attrs: { class: 'highlight highlight-source-shell' } }, h('pre', 'ls'))], '```shell'],
    ['a wrapper with data-lang', [h('div', { attrs: { 'data-lang': 'sql' } }, h('pre', 'select 1'))], '```sql'],
    ['SyntaxHighlighter brush', [h('pre', { attrs: { class: 'brush: js; toolbar: false' } }, 'f()')], '```js'],
    ['Pandoc sourceCode', [h('pre', { attrs: { class: 'sourceCode haskell' } }, 'main = pure ()')], '```haskell'],
    ['no language', [h('pre', { attrs: { class: 'highlight' } }, 'plain')], '```'],
  ])('%s', (_what, body, first) => {
    expect(fence(body as Child[])).toBe(first);
  });

  it('takes no language that could break the fence line', () => {
    expect(fence([h('pre', { attrs: { 'data-lang': 'js`\n<img src=x onerror=alert(1)>' } }, 'x')])).toBe('```');
    expect(fence([h('pre', { attrs: { class: 'language-a`b' } }, 'x')])).toBe('```');
  });
});
