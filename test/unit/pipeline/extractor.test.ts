import { describe, expect, it } from 'vitest';
import { OptionsError } from '../../../src/options.js';
import { createExtractor, splitOptions, withBaseUrl } from '../../../src/pipeline/extractor.js';

describe('withBaseUrl', () => {
  it('puts a <base> naming the URL after the doctype, so the page stays in standards mode', () => {
    expect(withBaseUrl('<!DOCTYPE html>\n<html><head><title>t</title></head><body><a href="x">x</a></body></html>', 'https://a.example/b/c'))
      .toBe('<!DOCTYPE html><base href="https://a.example/b/c">\n<html><head><title>t</title></head><body><a href="x">x</a></body></html>');
    expect(withBaseUrl('\uFEFF  <!-- saved --> <!doctype html><p>x', 'https://a.example/')).toBe('\uFEFF  <!-- saved --> <!doctype html><base href="https://a.example/"><p>x');
    expect(withBaseUrl('<p>no doctype', 'https://a.example/')).toBe('<base href="https://a.example/"><p>no doctype');
  });

  it("keeps the meaning of the page's own <base>, resolved against the URL", () => {
    const html = '<!doctype html><html><head><base href="/news/"></head><body></body></html>';
    expect(withBaseUrl(html, 'https://a.example/x/y')).toContain('<!doctype html><base href="https://a.example/news/">');
    expect(withBaseUrl("<base target=_blank href='../up/'>", 'https://a.example/x/y')).toMatch(/^<base href="https:\/\/a\.example\/up\/">/);
  });

  it('escapes the URL inside the attribute', () => {
    expect(withBaseUrl('<p>', 'https://a.example/?q="><script>')).toBe('<base href="https://a.example/?q=&quot;&gt;&lt;script&gt;"><p>');
  });
});

describe('options of the library', () => {
  it('splits browser options from extraction options', () => {
    expect(splitOptions({ browserPath: '/b', headless: true, timeout: 5000, explain: true })).toEqual({
      browser: { browserPath: '/b', headless: true }, extract: { timeout: 5000, explain: true },
    });
  });

  it('rejects unknown options before starting a browser', async () => {
    await expect(createExtractor({ bogus: true } as never)).rejects.toThrow(OptionsError);
    await expect(createExtractor({ bogus: true } as never)).rejects.toThrow(/bogus/);
    await expect(createExtractor({ viewport: '800' as never })).rejects.toThrow(/viewport/);
  });
});
