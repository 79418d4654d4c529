import { describe, expect, it } from 'vitest';
import { lostContent, sourceTextChars } from '../../../src/pipeline/recover.js';

describe('sourceTextChars (what a document held before its scripts ran)', () => {
  it('counts the non-white-space characters of text, an entity as one', () => {
    expect(sourceTextChars('<p>Hello, world</p>')).toBe(11);
    expect(sourceTextChars('<p>a &amp; b&nbsp;c &#8212; d</p>')).toBe(7);
    expect(sourceTextChars('a < b')).toBe(3);
  });

  it('leaves out tags, comments, scripts, styles and templates', () => {
    const html = `<!doctype html><html><head><title>T</title><style>p { color: red }</style>
      <script>document.body.innerHTML = '<p>not text</p>';</script></head>
      <body><!-- a comment <p>x</p> --><p class="a" data-x="1">ab</p><SCRIPT type="x">zz</SCRIPT>
      <template><p>later</p></template><?pi x?><p>cd</p></body></html>`;
    expect(sourceTextChars(html)).toBe(5); // T, ab, cd
  });

  it('counts the content of noscript, which a render with JavaScript off shows', () => {
    expect(sourceTextChars('<p>ab</p><noscript><div class="posts"><p>enable <b>JS</b></p></div></noscript>')).toBe(10);
    const app = `<div id="app"></div><noscript>${'<p>A post of the thread, as the server wrote it.</p>'.repeat(60)}</noscript>`;
    expect(lostContent(sourceTextChars(app), 0)).toBe(true);
  });

  it('counts a script-built page as nearly empty, so it is never "recovered"', () => {
    const built = `<div id="root"></div><script>document.getElementById('root').innerHTML = '${'<p>text</p>'.repeat(500)}';</script>`;
    expect(sourceTextChars(built)).toBe(0);
    expect(lostContent(sourceTextChars(built), 0)).toBe(false);
  });
});

describe('lostContent', () => {
  it('is true only when far less text shows than the document held', () => {
    expect(lostContent(10_000, 100)).toBe(true);
    expect(lostContent(10_000, 3000)).toBe(false); // more than a quarter shows
    expect(lostContent(1400, 0)).toBe(false); // too little text to tell
    expect(lostContent(1550, 300)).toBe(true);
    expect(lostContent(1550, 360)).toBe(false); // under a quarter shows, but under 1,200 characters are missing
  });
});

describe('sourceTextChars on hostile sources', () => {
  it('takes linear time: ampersands without semicolons, tags without ends, endless comments', () => {
    const n = 400_000;
    const cases = ['&'.repeat(n) + ';', '<a'.repeat(n), '<!--' + 'x'.repeat(n), '<script>'.repeat(n), '&#x'.repeat(n)];
    // the counts show each was scanned to its end (a quadratic scan of 400,000 would not finish in the test's time)
    expect(cases.map((c) => sourceTextChars(c))).toEqual([n + 1, 0, 0, 0, 3 * n]);
  });
});
