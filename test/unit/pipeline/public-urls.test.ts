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
