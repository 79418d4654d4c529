/** The file server's URLs never reach a record: they map to the input as the user named it. */
import { describe, expect, it } from 'vitest';
import { publicUrls, servedLocation } from '../../../src/pipeline/public-urls.js';

const ORIGIN = 'http://127.0.0.1:41234';
const MOUNT = '/m/k5GqlIpWiTiN9b-DN1HSgA';
const PAGE = `${ORIGIN}${MOUNT}/site/page.html`;

describe('public URLs of a local page', () => {
  const loc = servedLocation(PAGE, [ORIGIN])!;
  const urls = publicUrls(loc, 'site/page.html', undefined);

  it('maps the page, its site and its anchors to paths', () => {
    expect(urls.map(PAGE)).toBe('page.html');
    expect(urls.map(`${ORIGIN}${MOUNT}/site/img/a.png`)).toBe('img/a.png');
    expect(urls.pageUrl(`${PAGE}#notes`)).toBe('site/page.html#notes');
    expect(urls.map('https://example.com/x')).toBeNull();
  });

  it("maps the https twin of the server's origin too: a page that upgrades itself names no port", () => {
    expect(urls.map(PAGE.replace('http:', 'https:'))).toBe('page.html');
    const text = urls.rewrite(`page navigated away to ${PAGE.replace('http:', 'https:')}`);
    expect(text).toBe('page navigated away to page.html');
    expect(text).not.toContain('127.0.0.1');
    // another host's https URL is left as it is
    expect(urls.rewrite(`see https://127.0.0.2:41234${MOUNT}/site/page.html`)).toContain('127.0.0.2');
  });
});

describe('file-server URLs a page wrote in other shapes', () => {
  const loc = servedLocation(PAGE, [ORIGIN])!;
  const bare = publicUrls(loc, 'site/page.html', undefined);
  const based = publicUrls(loc, 'site/page.html', 'https://news.example/2024/story.html');
  const encoded = encodeURIComponent(PAGE);

  it('maps a URL encoded into another URL (a share link) and encodes its public form', () => {
    const share = `https://www.linkedin.com/shareArticle?url=${encoded}&title=x`;
    expect(bare.rewrite(share)).toBe('https://www.linkedin.com/shareArticle?url=page.html&title=x');
    expect(based.rewrite(share)).toBe(`https://www.linkedin.com/shareArticle?url=${encodeURIComponent('https://news.example/2024/story.html')}&title=x`);
    // lower-case hex, as some encoders write it
    expect(bare.rewrite(`u=${encoded.replace(/%3A/g, '%3a').replace(/%2F/g, '%2f')}`)).toBe('u=page.html');
    // a stray "%" after it ends the URL; bytes that are no UTF-8 are not thrown on, and leave no port
    expect(bare.rewrite(`u=${encoded}%ZZ`)).toBe('u=page.html%ZZ');
    expect(bare.rewrite(`u=${encodeURIComponent(ORIGIN)}%E0%A4%A`)).not.toMatch(/41234/);
    // a full stop after it is the sentence's
    expect(based.rewrite(`See u=${encoded}.`)).toBe(`See u=${encodeURIComponent('https://news.example/2024/story.html')}.`);
  });

  it('maps a URL encoded twice (a share link inside a redirect), without its scheme, or in capitals', () => {
    const twice = encodeURIComponent(encoded);
    expect(bare.rewrite(`l.php?u=https%3A%2F%2Fshare.example%2F%3Fu%3D${twice}`)).toBe(`l.php?u=https%3A%2F%2Fshare.example%2F%3Fu%3D${encodeURIComponent(encodeURIComponent('page.html'))}`);
    expect(bare.rewrite(`src=//127.0.0.1:41234${MOUNT}/site/img/a.png`)).toBe('src=img/a.png');
    expect(based.rewrite(`HTTP://127.0.0.1:41234${MOUNT}/site/page.html`)).toBe('https://news.example/2024/story.html');
    expect(bare.rewrite(`host=${encodeURIComponent('127.0.0.1:41234')} and ${encodeURIComponent(encodeURIComponent('127.0.0.1:41234'))}`)).toBe('host= and ');
  });

  it("ends a twice-encoded URL where its encoding ends: the outer link's next parameter stays the outer link's", () => {
    const inner = `https://www.linkedin.com/shareArticle?url=${encoded}&title=Hello`;
    const outer = `https://l.example/l.php?u=${encodeURIComponent(inner)}&h=AT0`;
    const want = (page: string) => `https://l.example/l.php?u=${encodeURIComponent(`https://www.linkedin.com/shareArticle?url=${encodeURIComponent(page)}&title=Hello`)}&h=AT0`;
    expect(bare.rewrite(outer)).toBe(want('page.html'));
    expect(based.rewrite(outer)).toBe(want('https://news.example/2024/story.html'));
  });

  it("leaves a // that is another URL's path to that URL, and takes megabytes of encoding in its stride", () => {
    const other = `https://cdn.example//127.0.0.1:41234${MOUNT}/site/img/a.png`;
    expect(bare.rewrite(other)).toMatch(/^https:\/\/cdn\.example\//);
    expect(bare.rewrite(other)).not.toMatch(/41234|k5GqlIpWiTiN9b-DN1HSgA/);
    expect(bare.rewrite(`ftp://127.0.0.1:41234${MOUNT}/site/a.png`)).toBe('ftp:///site/a.png');
    // 30 MB of escapes after the URL: a pattern with an alternation per escape runs out of stack
    const huge = `${encoded}${'%41'.repeat(10_000_000)}`;
    expect(bare.rewrite(huge)).toBe(`page.html${'A'.repeat(10_000_000)}`);
  });

  it("keeps the mount's id out of shapes it cannot map (JSON's \\/, escape())", () => {
    const json = JSON.stringify({ url: PAGE }).replace(/\//g, '\\/');
    expect(bare.rewrite(json)).not.toMatch(/k5GqlIpWiTiN9b-DN1HSgA|41234/);
    expect(bare.rewrite(`p=${MOUNT.replace(/\//g, '%2f')}`)).not.toContain('k5GqlIpWiTiN9b-DN1HSgA');
  });

  it('reads a public host with $ in it as text, not as a replacement pattern', () => {
    // a page's canonical URL may name a host with `$&` or `` $` `` in it, which String.replace would expand
    for (const host of ['a$`b.example', "a$'b.example", 'a$&b.example']) {
      const urls = publicUrls(loc, 'site/page.html', `https://${host}/x.html`);
      expect(urls.rewrite('on 127.0.0.1:41234 and 127.0.0.1:41234')).toBe(`on ${host} and ${host}`);
    }
  });

  it("maps the page's path and host written on their own (location.pathname, location.host)", () => {
    expect(bare.rewrite(`Issue with k8s.io${MOUNT}/site/page.html?x=1`)).toBe('Issue with k8s.io/site/page.html?x=1');
    expect(based.rewrite(`Issue with k8s.io${MOUNT}/site/page.html`)).toBe('Issue with k8s.io/2024/story.html');
    expect(bare.rewrite(`path=${encodeURIComponent(`${MOUNT}/site/page.html`)}`)).toBe(`path=${encodeURIComponent('/site/page.html')}`);
    expect(bare.rewrite('You are on 127.0.0.1:41234 now')).toBe('You are on  now');
    expect(based.rewrite('You are on 127.0.0.1:41234 now')).toBe('You are on news.example now');
    // another port, and text without any of it, stay as they are
    expect(bare.rewrite('127.0.0.1:412345 and 127.0.0.1:8080')).toBe('127.0.0.1:412345 and 127.0.0.1:8080');
    expect(bare.rewrite('nothing here')).toBe('nothing here');
  });

  it('leaves no trace of the server in any of them, whatever the shape', () => {
    const text = [PAGE, encoded, `${MOUNT}/site/x.html`, encodeURIComponent(`${MOUNT}/a`), '127.0.0.1:41234', PAGE.replace('http:', 'https:')].join(' ');
    for (const urls of [bare, based]) {
      const out = urls.rewrite(text);
      expect(out).not.toMatch(/127\.0\.0\.1|41234|k5GqlIpWiTiN9b-DN1HSgA/);
    }
  });
});

describe('file-server URLs in a sentence', () => {
  const loc = servedLocation(PAGE, [ORIGIN])!;
  const based = publicUrls(loc, 'site/page.html', 'https://news.example/2024/story.html');

  it('leave the punctuation that ends the sentence outside the URL', () => {
    expect(based.rewrite(`It is at ${PAGE}, and ${ORIGIN}${MOUNT}/site/b.html. Also (${PAGE}) and ${MOUNT}/site/page.html;`))
      .toBe('It is at https://news.example/2024/story.html, and https://news.example/2024/b.html. Also (https://news.example/2024/story.html) and /2024/story.html;');
    // a parenthesis the URL opened is its own
    expect(based.rewrite(`${ORIGIN}${MOUNT}/site/a_(b).html`)).toBe('https://news.example/2024/a_(b).html');
  });
});

describe('a hostile run of punctuation after a server URL', () => {
  // 200,000 characters of ")." after a URL: read in one pass this takes milliseconds; a reading
  // that recounted the parentheses at every step would not finish
  it('is read in one pass: the cost grows with the text, not with its square', () => {
    const loc = servedLocation(PAGE, [ORIGIN])!;
    const urls = publicUrls(loc, 'site/page.html', undefined);
    const tail = ').'.repeat(100_000);
    // every ")" and "." stays, after the mapped URL
    const out = urls.rewrite(`${PAGE}${tail}`);
    expect(out).toBe(`page.html${tail}`);
    expect(out.length).toBe('page.html'.length + tail.length);
  });
});
