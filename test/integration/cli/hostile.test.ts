/**
 * A hostile local page through the command line, in every output:
 * - its text carries terminal escapes (clear screen, OSC 52 clipboard, OSC 8 hyperlink, 8-bit CSI,
 *   a window-title OSC in its title): no text output may hold a control character, JSON escapes them;
 * - it writes its own location into the page and links relative, root-relative and anchor URLs:
 *   nothing viseg writes may name the private loopback server;
 * - its Markdown carries the reported Markdown attacks: rendered by real CommonMark renderers, the
 *   output stays inert;
 * and the other inputs of the batch are correct.
 */
import { copyFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as commonmark from 'commonmark';
import MarkdownIt from 'markdown-it';
import { marked } from 'marked';
import { beforeAll, describe, expect, it } from 'vitest';
import { liveHtml, textOf } from '../../unit/helpers/inert-html.js';
import { BROKEN } from '../batch/helpers.js';
import { CONTROL, haveChromium, page, prose, tempDir, viseg, writeFiles, type Run } from './run.js';

const ESCAPES = 'Escapes: \\u001b[2J\\u001b]52;c;cHduZWQ=\\u0007 \\u009b31m red \\u001b]8;;http://evil.example/\\u0007click\\u001b]8;;\\u0007 end.';

const HOSTILE = page('Hostile page', `
<p id="esc">placeholder</p>
${prose('escape sequences and private URLs')}
<p>This paragraph is prose with links in it: first <a href="other.html">a relative link</a> to another page of the site, then some more words about it, then <a href="/root/x?q=1">a root-relative one</a> that names a path from the root of the site, then more words again, and <a href="#notes">an anchor</a> into this page, and a picture <img src="img/a.png" alt="&lt;span x='&quot; onerror=&quot;alert(1)'&gt;" width="20" height="20"> at the end of the sentence.</p>
<p>Where this page thinks it is: <span id="where"></span>, and <a id="share">a share link</a> that carries its address.</p>
<table><tr><th>code</th><th>note</th></tr><tr><td><pre>a\`\`\`&lt;img src=x onerror=alert(1)&gt; b</pre></td><td>A fence and an image tag in a code cell, which every output must keep as plain text.</td></tr></table>
<p id="notes">The notes say a good deal in plain words before the link, enough words to read as prose, and then <a href="https://ok.example/">![x](javascript:alert(1)) link text</a> after which the sentence goes on for a while longer before it ends.</p>
<script>
document.title = 'Hostile \\u001b]0;pwned-title\\u0007 page';
document.getElementById('esc').textContent = '${ESCAPES}';
document.getElementById('where').textContent = location.href + ' and ' + document.baseURI + ', host [' + location.host + '], path ' + location.pathname + ', encoded ' + encodeURIComponent(location.href);
document.getElementById('share').href = 'https://share.example/?u=' + encodeURIComponent(location.href) + '&p=' + encodeURIComponent(location.pathname);
</script>`);

const CANONICAL = page('Canonical page', `${prose('canonical URLs')}
<p>See <a href="more.html">more</a> and <a href="/about">about</a>, and <img src="pic.png" alt="pic" width="20" height="20">.</p>`,
'<link rel="canonical" href="https://news.example/2024/story.html">');

const markdownIt = new MarkdownIt({ html: true });
const RENDERERS = [
  (md: string) => markdownIt.render(md),
  (md: string) => marked.parse(md, { async: false }) as string,
  (md: string) => new commonmark.HtmlRenderer().render(new commonmark.Parser().parse(md)),
];

function expectNoLoopback(what: string, text: string): void {
  expect(text.includes('127.0.0.1'), `${what} names the loopback server:\n${text.slice(0, 2000)}`).toBe(false);
  // nor a folder's mount on it, plain or percent-encoded (/m/<128 random bits>/)
  expect(/(\/|%2F)[md](\/|%2F)[A-Za-z0-9_-]{22}(\/|%2F)/i.exec(text)?.[0] ?? null, `${what} names a mount of the loopback server`).toBeNull();
}

function expectPrintable(what: string, text: string): void {
  const m = CONTROL.exec(text);
  expect(m ? `control U+${m[0].charCodeAt(0).toString(16)} at ${m.index}` : null, what).toBeNull();
}

describe.skipIf(!haveChromium)('a hostile local page, in every output', () => {
  const dir = tempDir('viseg-hostile-');
  const site = path.join(dir, 'site', 'sub');
  const hostile = path.join(site, 'hostile.html');
  const canon = path.join(site, 'canon.html');
  const away = path.join(site, 'navigate-away.html');
  const missing = path.join(site, 'missing-\u001b]0;x\u0007.html');
  const out = path.join(dir, 'out.jsonl');
  let batch: Run;

  beforeAll(async () => {
    writeFiles(site, { 'hostile.html': HOSTILE, 'canon.html': CANONICAL });
    copyFileSync(path.join(BROKEN, 'navigate-away.html'), away);
    copyFileSync(path.join(BROKEN, 'landing.html'), path.join(site, 'landing.html'));
    batch = await viseg(['extract', hostile, canon, away, missing, '-o', out, '--explain', '--screenshot-dir', path.join(dir, 'shots'), '-c', '2']);
  }, 180_000);

  it('batch: one record per input, the failure in the summary, nothing private or raw in any of it', async () => {
    expect(batch.code, batch.stderr).toBe(1);
    const raw = readFileSync(out, 'utf8');
    expectNoLoopback('the records', raw);
    expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(raw), 'raw controls in the JSONL').toBe(false);
    const recs = raw.trim().split('\n').map((l) => JSON.parse(l));
    expect(recs.map((r) => r.input)).toEqual([hostile, canon, away, missing]);
    expect(recs.map((r) => r.ok)).toEqual([true, true, true, false]);

    const [h, c, a] = recs;
    // the record names the page as the user did
    expect(h.url).toBe(hostile);
    expect(h.finalUrl).toBe(hostile);
    expect(h.markdown).toContain('[a relative link](other.html)');
    expect(h.markdown).toContain('[a root-relative one](/root/x?q=1)');
    expect(h.markdown).toContain('[an anchor](#notes)');
    expect(h.text).toContain('Where this page thinks it is: hostile.html and hostile.html, host [], path /hostile.html, encoded hostile.html, and a share link');
    expect(h.markdown).toContain('[a share link](https://share.example/?u=hostile.html&p=%2Fhostile.html)');
    // a canonical URL is the page's public URL
    expect(c.url).toBe(canon);
    expect(c.finalUrl).toBe('https://news.example/2024/story.html');
    expect(c.markdown).toContain('[more](https://news.example/2024/more.html)');
    expect(c.markdown).toContain('[about](https://news.example/about)');
    expect(c.markdown).toContain('![pic](https://news.example/2024/pic.png)');
    // a page that went elsewhere ends on that page's path, and the warning says so without the server
    expect(a.finalUrl).toBe(path.join(site, 'landing.html'));
    expect(a.warnings.find((w: { code: string }) => w.code === 'NAVIGATED_AWAY')?.message).toBe('page navigated away to landing.html');

    // the Markdown attacks stay inert in three renderers
    for (const render of RENDERERS) {
      const html = render(h.markdown);
      expect(liveHtml(html)).toEqual([]);
      expect(textOf(html)).toContain('a```<img src=x onerror=alert(1)> b'); // kept, as text
    }

    expectNoLoopback('stderr', batch.stderr);
    expectPrintable('stderr', batch.stderr);
    expect(batch.stderr).toMatch(/viseg: 4 pages: 3 ok, 1 failed \(INPUT_NOT_FOUND 1\)/);
    expect(batch.stderr).toContain('missing-]0;x.html: INPUT_NOT_FOUND');
    expect(batch.stderr).toContain(`viseg: records in ${out}`);
    expect(readdirSync(path.join(dir, 'shots')).length).toBe(3);
  });

  it('report: the HTML report of the batch names no loopback URL', async () => {
    const report = path.join(dir, 'report.html');
    const r = await viseg(['report', out, '-o', report]);
    expect(r.code, r.stderr).toBe(0);
    expectNoLoopback('the report', readFileSync(report, 'utf8'));
  });

  it('--format text: the page text without control characters', async () => {
    const r = await viseg(['extract', hostile, '-f', 'text']);
    expect(r.code, r.stderr).toBe(0);
    expectPrintable('text output', r.stdout);
    expect(r.stdout).toContain('Escapes: [2J]52;c;cHduZWQ= 31m red ]8;;http://evil.example/click]8;; end.');
    expectNoLoopback('text output', r.stdout);
  });

  it('--format markdown --with-metadata: front matter and Markdown without control characters', async () => {
    const r = await viseg(['extract', hostile, '-f', 'markdown', '--with-metadata']);
    expect(r.code, r.stderr).toBe(0);
    expectPrintable('markdown output', r.stdout);
    expect(r.stdout).toMatch(/^---\ntitle: "[^"\n]+"\n/);
    expect(r.stdout).toContain(`url: "${hostile}"`);
    expectNoLoopback('markdown output', r.stdout);
  });

  it('segment --format tree: an outline without control characters', async () => {
    const r = await viseg(['segment', hostile, '-f', 'tree']);
    expect(r.code, r.stderr).toBe(0);
    expectPrintable('tree output', r.stdout);
    expect(r.stdout).toMatch(/\[main \*MAIN\*\]|\*MAIN\*/);
  });

  it('snapshot: the snapshot JSON names no loopback URL and escapes every control', async () => {
    const r = await viseg(['snapshot', hostile]);
    expect(r.code, r.stderr).toBe(0);
    expectNoLoopback('the snapshot', r.stdout);
    expect(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/.test(r.stdout)).toBe(false);
    const s = JSON.parse(r.stdout);
    expect(s.url).toBe(hostile);
  });

  it('stdin with --base-url: links resolve against it, url is the base URL', async () => {
    const r = await viseg(['extract', '-', '-f', 'json', '--base-url', 'https://pub.example/dir/page.html'], { stdin: HOSTILE });
    expect(r.code, r.stderr).toBe(0);
    expectNoLoopback('stdin record', r.stdout);
    const rec = JSON.parse(r.stdout);
    expect(rec.input).toBe('-');
    expect(rec.url).toBe('https://pub.example/dir/page.html');
    expect(rec.finalUrl).toBe('https://pub.example/dir/page.html');
    expect(rec.markdown).toContain('[a relative link](https://pub.example/dir/other.html)');
    expect(rec.markdown).toContain('[an anchor](https://pub.example/dir/page.html#notes)');
    expect(rec.text).toContain('Where this page thinks it is: https://pub.example/dir/page.html and https://pub.example/dir/page.html, host [pub.example], path /dir/page.html, encoded https%3A%2F%2Fpub.example%2Fdir%2Fpage.html, and a share link');
    expect(rec.markdown).toContain('[a share link](https://share.example/?u=https%3A%2F%2Fpub.example%2Fdir%2Fpage.html&p=%2Fdir%2Fpage.html)');
  });
});
