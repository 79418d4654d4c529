import { describe, expect, it } from 'vitest';
import { extractMetadata } from '../../../src/content/metadata.js';
import type { PageMetadata } from '../../../src/snapshot/types.js';
import { buildFixture, h, t } from '../helpers/content-fixtures.js';
import type { Child, FixtureOptions } from '../helpers/content-fixtures.js';

/** Metadata of a page whose `article` (key `main`) is the selection. */
function meta(body: Child[], options: FixtureOptions = {}, text = '') {
  const fx = buildFixture(body, options);
  return extractMetadata(fx.snapshot, fx.select(['main']), text);
}

const article = (...children: Child[]): Child => h('article', { key: 'main' }, ...children);

function metadata(partial: Partial<PageMetadata>): FixtureOptions {
  return { metadata: partial, title: partial.title };
}

describe('extractMetadata: title precedence', () => {
  const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'LD headline' };
  const metaTags = { 'og:title': 'OG title', 'twitter:title': 'Twitter title' };
  const body = [h('header', null, h('h1', 'Header H1')), article(h('h1', 'Content H1'), h('p', 'Body'))];

  it('prefers JSON-LD headline', () => {
    expect(meta(body, metadata({ jsonLd: [ld], meta: metaTags, title: 'Doc | Site' })).title).toBe('LD headline');
  });

  it('then og:title, then twitter:title', () => {
    expect(meta(body, metadata({ meta: metaTags, title: 'Doc | Site' })).title).toBe('OG title');
    expect(meta(body, metadata({ meta: { 'twitter:title': 'Twitter title' } })).title).toBe('Twitter title');
  });

  it('then the h1 inside the content, else the h1 just above it', () => {
    expect(meta(body, metadata({ title: 'Doc | Site' })).title).toBe('Content H1');
    const above = [h('h1', 'Above H1'), article(h('p', 'Body'))];
    expect(meta(above, metadata({ title: 'Doc | Site' })).title).toBe('Above H1');
  });

  it('skips an h1 that is only the site name (a logo)', () => {
    const logo = [h('header', null, h('h1', 'Example Site')), h('h2', 'x'), article(h('p', 'Body'))];
    expect(meta(logo, metadata({ meta: { 'application-name': 'Example Site' }, title: 'Real Title | Example Site' })).title).toBe('Real Title');
  });

  it('then the document title with the site suffix stripped', () => {
    const noH1 = [article(h('p', 'Body'))];
    expect(meta(noH1, metadata({ title: 'The Long Article Title | Example Site' })).title).toBe('The Long Article Title');
    expect(meta(noH1, metadata({ title: 'A Good Story - Daily News' })).title).toBe('A Good Story');
    expect(meta(noH1, metadata({ title: 'Home' })).title).toBe('Home');
  });

  it('cuts a site segment that starts or ends with the site name', () => {
    expect(meta(body, metadata({ meta: { 'og:title': 'Retries and timeouts | Tideflow docs', 'og:site_name': 'Tideflow' } })).title)
      .toBe('Retries and timeouts');
    expect(meta(body, metadata({ meta: { 'og:title': 'The Paper Opinion: Why we vote', 'og:site_name': 'The Paper' } })).title)
      .toBe('The Paper Opinion: Why we vote');
  });

  it('keeps the part of a declared title that is the page h1, without the site after it', () => {
    const page = [article(h('h1', 'Models'), h('p', 'Body'))];
    expect(meta(page, metadata({ meta: { 'og:title': 'Models | Brindle documentation' } })).title).toBe('Models');
    expect(meta(page, metadata({ meta: { 'og:title': 'Models and views | Brindle' } })).title).toBe('Models and views');
  });

  it('reads an h1 without the permalink mark a documentation generator puts after it', () => {
    const sphinx = [article(h('h1', 'Models', h('a', { attrs: { href: '#models', class: 'headerlink' } }, '¶')), h('p', 'Body'))];
    expect(meta(sphinx).title).toBe('Models');
    expect(meta(sphinx, metadata({ meta: { 'og:title': 'Models | Brindle documentation' } })).title).toBe('Models');
    expect(meta([article(h('h1', 'Install ', h('a', { attrs: { href: '#install' } }, '#')), h('p', 'Body'))]).title).toBe('Install');
    expect(meta([article(h('h1', 'C#'), h('p', 'Body'))]).title).toBe('C#');
  });

  it('strips permalink marks from the end of a long heading, and reads no heading of page length', () => {
    expect(meta([article(h('h1', 'Models 🔗️'), h('p', 'Body'))]).title).toBe('Models');
    expect(meta([article(h('h1', 'Title ¶ ¶'), h('p', 'Body'))]).title).toBe('Title');
    expect(meta([article(h('h1', `${'¶'.repeat(100_000)}x`), h('p', 'Body'))]).title).toBeNull();
  });

  it("cuts a declared title's last part when it is the name of the page's host", () => {
    const page = [article(h('h1', 'Pruning roses in spring'), h('p', 'Body'))];
    const at = (url: string, title: string) => meta(page, { metadata: { meta: { 'og:title': title }, canonical: url } }).title;
    expect(at('https://www.fern-leaf.co.uk/guides/roses', 'How to prune roses | Fern Leaf')).toBe('How to prune roses');
    expect(at('https://fernleaf.com/guides/roses', 'How to prune roses - FERNLEAF')).toBe('How to prune roses');
    // a brand first stays part of the title
    expect(at('https://fernleaf.com/', 'Fernleaf | Garden tools that last')).toBe('Fernleaf | Garden tools that last');
  });

  it("cuts a declared title's short tail after a pipe, or a capitalised one after a dash", () => {
    const page = [article(h('h1', 'Pruning roses in spring'), h('p', 'Body'))];
    const title = (t: string) => meta(page, metadata({ meta: { 'og:title': t } })).title;
    expect(title('How to prune roses | Garden guides')).toBe('How to prune roses');
    expect(title('What do people love about Rust? | Rust Blog')).toBe('What do people love about Rust?');
    expect(title('Small Business Accounting Software - Start for Free')).toBe('Small Business Accounting Software');
    expect(title('Gym Workouts for Beginners — Strength Training')).toBe('Gym Workouts for Beginners');
    // only the last tail goes
    expect(title('Top 7 Kitchen Trends | Blog | Encore Realty')).toBe('Top 7 Kitchen Trends | Blog');
    // a tail of five words or more is part of the title
    expect(title('Roses | How to prune them in the spring')).toBe('Roses | How to prune them in the spring');
    // after a dash: a lower-case tail, or a headline of fewer than three words, is one title
    expect(title('Transitioning to a plant-based diet – tips and tricks')).toBe('Transitioning to a plant-based diet – tips and tricks');
    expect(title('Minecraft 1.8 - The Bountiful Update')).toBe('Minecraft 1.8 - The Bountiful Update');
    // a one-word head is a brand, not a headline
    expect(title('Fernleaf | Garden tools')).toBe('Fernleaf | Garden tools');
    // a hyphen inside a word is no separator
    expect(title('All-in-One Garden Planner | Fernleaf')).toBe('All-in-One Garden Planner');
  });

  it("keeps a declared title's tail that the h1 holds, one that follows a cut site name, or a JSON-LD headline's", () => {
    const og = (t: string, h1: string, extra: Record<string, string> = {}) => meta([article(h('h1', h1), h('p', 'Body'))], metadata({ meta: { 'og:title': t, ...extra } })).title;
    expect(og('Star Wars Episode IV - A New Hope', 'Star Wars Episode IV - A New Hope')).toBe('Star Wars Episode IV - A New Hope');
    expect(og('Rust vs Go | Which is faster', 'Rust vs Go | Which is faster')).toBe('Rust vs Go | Which is faster');
    expect(og('Star Wars Episode IV - A New Hope', 'A long time ago')).toBe('Star Wars Episode IV');
    expect(og('Why We Sleep - The Science of Rest | The Atlantic', 'Sleep', { 'og:site_name': 'The Atlantic' })).toBe('Why We Sleep - The Science of Rest');
    const ld = { '@context': 'https://schema.org', '@type': 'NewsArticle', headline: 'Rust vs Go | Which is faster' };
    expect(meta([article(h('p', 'Body'))], metadata({ jsonLd: [ld] })).title).toBe('Rust vs Go | Which is faster');
  });

  it('decodes a JSON-LD value escaped twice, and only twice', () => {
    const headline = (s: string) =>
      meta([article(h('p', 'Body'))], metadata({ jsonLd: [{ '@context': 'https://schema.org', '@type': 'NewsArticle', headline: s }] })).title;
    expect(headline('And finally&amp;#8230; trouble brewing')).toBe('And finally\u2026 trouble brewing');
    expect(headline('Tom &amp; Jerry &#8211; the story')).toBe('Tom & Jerry \u2013 the story');
    expect(headline('Escaping &amp;amp;amp; in HTML')).toBe('Escaping &amp; in HTML');
    // "&amp;lt;" is read as "<" escaped twice, not as the text "&lt;" escaped once
    expect(headline('Write &amp;lt; for <')).toBe('Write < for <');
    expect(headline('Write &lt; for <')).toBe('Write < for <');
  });

  it('reads a title without Markdown heading marks or a dangling separator', () => {
    const page = [article(h('p', 'Body'))];
    const title = (meta_: Record<string, string>) => meta(page, metadata({ meta: meta_ })).title;
    expect(title({ 'og:title': '## Regolith binding agents' })).toBe('Regolith binding agents');
    expect(title({ 'og:title': 'Top home gym picks for every budget ⋆' })).toBe('Top home gym picks for every budget');
    expect(title({ 'og:title': 'Top home gym picks for every budget ⋆ Iron Den', 'og:site_name': 'Iron Den' })).toBe('Top home gym picks for every budget');
    // a hash that is part of the title stays
    expect(title({ 'og:title': '#1 tips for C# beginners' })).toBe('#1 tips for C# beginners');
    expect(title({ 'og:title': 'Replace javascript:' })).toBe('Replace javascript:');
    // Markdown emphasis around words goes; a star inside a word or between spaces, and
    // underscores, stay
    expect(title({ 'og:title': '*A Treatise Concerning Coffee* (1792)' })).toBe('A Treatise Concerning Coffee (1792)');
    expect(title({ 'og:title': 'Why **every** garden needs a pond' })).toBe('Why every garden needs a pond');
    expect(title({ 'og:title': 'M*A*S*H at fifty' })).toBe('M*A*S*H at fifty');
    expect(title({ 'og:title': 'Why 5 * 3 is 15' })).toBe('Why 5 * 3 is 15');
    expect(title({ 'og:title': 'What __init__ does in Python' })).toBe('What __init__ does in Python');
    // an emphasised run holds no star and at most 200 characters: a hostile title of stars then
    // costs one pass, where an open run cost its square
    expect(title({ 'og:title': 'Why *a *b* c* works' })).toBe('Why *a b c* works');
    expect(title({ 'og:title': `*${'a'.repeat(250)}*` })).toBe(`*${'a'.repeat(250)}*`);
    // marks alone are no title
    expect(title({ 'og:title': '- | -' })).toBeNull();
    expect(title({ 'og:title': '## ' })).toBeNull();
  });

  it('prefers the content h1 over host-page meta when the content is in a frame', () => {
    const fx = buildFixture([
      h('h1', 'Portal'),
      h('iframe', null,
        h('div', { key: 'main' }, h('h1', 'Story headline'), h('p', null, 'By ', h('span', { attrs: { class: 'story__author' } }, 'Lena Marsh')),
          h('time', { attrs: { datetime: '2026-03-21' } }, 'March 21'), h('p', 'The story body is here and it is long enough.')),
      ),
    ], metadata({ meta: { 'og:title': 'Newsroom | University', 'og:site_name': 'Newsroom', author: 'Web Team' }, description: 'Portal description', title: 'Newsroom | University' }));
    for (const n of fx.snapshot.nodes) if (n.id > fx.id('main') - 1) n.inFrame = true;
    const m = extractMetadata(fx.snapshot, fx.select(['main']), 'Story headline\n\nThe story body is here and it is long enough.');
    expect(m.title).toBe('Story headline');
    expect(m.byline).toBe('Lena Marsh');
    expect(m.publishedTime).toBe('2026-03-21');
    expect(m.siteName).toBe('Newsroom');
    expect(m.excerpt).toBe('The story body is here and it is long enough.');
  });

  it('cuts a known site name from og:title', () => {
    const m = meta(body, metadata({ meta: { 'og:title': 'Big News – The Paper', 'og:site_name': 'The Paper' } }));
    expect(m.title).toBe('Big News');
    expect(m.siteName).toBe('The Paper');
  });

  it('reads JSON-LD inside @graph with nested article types', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': 'https://e.example/#website', name: 'Graph Site' },
        { '@type': 'WebPage', '@id': 'https://example.com/articles/one', name: 'Page name' },
        {
          '@type': ['ReportageNews', 'NewsArticle'],
          headline: 'Graph &amp; headline',
          author: { '@id': 'https://e.example/#/person/1' },
          datePublished: '2024-03-01T08:00:00+01:00',
          image: { '@type': 'ImageObject', url: 'https://e.example/lead.jpg' },
        },
        { '@type': 'Person', '@id': 'https://e.example/#/person/1', name: 'Graph Author' },
      ],
    };
    const m = meta(body, metadata({ jsonLd: [graph] }));
    expect(m.title).toBe('Graph & headline');
    expect(m.byline).toBe('Graph Author');
    expect(m.publishedTime).toBe('2024-03-01T08:00:00+01:00');
    expect(m.siteName).toBe('Graph Site');
    expect(m.leadImage).toBe('https://e.example/lead.jpg');
  });
});

describe('extractMetadata: a date written as text', () => {
  const dated = (...line: Child[]) => meta([article(h('h1', 'Title'), ...line, h('p', 'Body'))]).publishedTime;

  it('reads a date near the top of the content when nothing declares one', () => {
    expect(dated(h('p', 'Posted on April 13, 2023'))).toBe('2023-04-13');
    expect(dated(h('span', 'Last Updated : 20 January 2025'))).toBe('2025-01-20');
    expect(dated(h('p', 'Jo Lee | Senior Writer | July 2, 2025'))).toBe('2025-07-02');
    expect(dated(h('div', h('span', '12 Nov 2025.')))).toBe('2025-11-12');
  });

  it('reads a dateline at the end of an article when none is near its top', () => {
    const date = (line: Child, pageType?: 'article' | 'documentation' | 'forum') => {
      const fx = buildFixture([h('article', { key: 'main', rect: { y: 100, h: 3000 } }, h('h1', { rect: { y: 100 } }, 'Title'), h('p', { rect: { y: 200, h: 2600 } }, 'Body'), line)]);
      return extractMetadata(fx.snapshot, fx.select(['main']), '', 0, pageType ? { pageType } : {}).publishedTime;
    };
    const posted = h('p', { rect: { y: 2950 } }, 'Posted on April 13, 2023');
    expect(date(posted)).toBe('2023-04-13');
    expect(date(posted, 'article')).toBe('2023-04-13');
    // a manual page's last line says when it was edited; a thread's, when the last reply came
    expect(date(posted, 'documentation')).toBeNull();
    expect(date(posted, 'forum')).toBeNull();
    // a bare date there is as likely a comment's; one in the content's top four fifths is no dateline
    expect(date(h('p', { rect: { y: 2950 } }, 'April 13, 2023'))).toBeNull();
    expect(date(h('p', { rect: { y: 1500 } }, 'Posted on April 13, 2023'))).toBeNull();
  });

  it('reads a dateline\'s date without the marks, weekday, time and words around it', () => {
    for (const [line, day] of [
      ['on Friday December 19, 2025 @08:00PM', '2025-12-19'],
      ['on Dec 16, 2025 at 11:00 AM', '2025-12-16'],
      ['· Dec 20, 2025 at 3:00 am ·', '2025-12-20'],
      ['Published: 2025.12.17 |', '2025-12-17'],
      ['Posted on the 15/12/2025 at 19:00 by', '2025-12-15'],
      ['2019-02-23, 09:14 PM', '2019-02-23'],
      ['- December 19, 2025', '2025-12-19'],
      ['Last Modified: August 08, 2023', '2023-08-08'],
    ] as const) {
      expect(dated(h('p', line))?.slice(0, 10), line).toBe(day);
    }
    for (const line of ['on Friday at 10:00', 'Posted by Jo Lee', 'Chapter 12:30']) expect(dated(h('p', line)), line).toBeNull();
  });

  it('reads written dates and unmarked bylines only on pages that are one story', () => {
    const fx = buildFixture([article(h('h1', 'Title'), h('p', 'By Ida Pell'), h('p', 'Posted on April 13, 2023'), h('p', 'Body'))]);
    const of = (pageType: 'article' | 'forum' | 'listing' | 'product') => extractMetadata(fx.snapshot, fx.select(['main']), '', 0, { pageType });
    expect(of('article')).toMatchObject({ byline: 'Ida Pell', publishedTime: '2023-04-13' });
    expect(of('forum')).toMatchObject({ byline: 'Ida Pell', publishedTime: '2023-04-13' });
    expect(of('listing')).toMatchObject({ byline: null, publishedTime: null });
    expect(of('product')).toMatchObject({ byline: null, publishedTime: null });
  });

  it('takes no undeclared date from the site\'s masthead, which prints today\'s', () => {
    const above = (...top: Child[]) => meta([...top, article(h('h1', 'Title'), h('p', 'Body'))]).publishedTime;
    expect(above(h('header', h('p', 'Wednesday, February 18, 2026')))).toBeNull();
    expect(above(h('div', { attrs: { role: 'banner' } }, h('p', 'February 18, 2026')))).toBeNull();
    expect(above(h('div', h('p', 'February 18, 2026')))).toBe('2026-02-18');
    expect(above(h('main', h('header', h('p', 'February 18, 2026'))))).toBe('2026-02-18');
    // a story's own header outside <article>, as some themes write it
    expect(above(h('div', h('header', { attrs: { class: 'entry-header' } }, h('h1', 'Title'), h('p', 'February 18, 2026'))))).toBe('2026-02-18');
  });

  it('reads an ambiguous <time> in the order of the page\'s language; page times that could be read both ways agree on nothing', () => {
    const time = (lang?: string) => meta([article(h('h1', 'Title'), h('time', { attrs: { datetime: '05/04/2007' } }, 'May 4'), h('p', 'Body'))], lang ? metadata({ lang }) : {}).publishedTime;
    expect(time('en-US')).toBe('2007-05-04');
    expect(time('de')).toBe('2007-04-05');
    expect(time()).toBeNull();
    const times = (list: string[]) => meta([article(h('p', 'Body'))], { metadata: { times: list } }).publishedTime;
    expect(times(['03/04/2025', '2025-04-05'])).toBeNull();
    expect(times(['2025-04-05T10:00:00Z', '2025-04-05'])).toBe('2025-04-05T10:00:00Z');
  });

  it('reads a numeric written date in the order of the page\'s language, and none without one', () => {
    const written = (lang: string | undefined) => meta([article(h('h1', 'Title'), h('p', 'Posted 03/04/2025'), h('p', 'Body'))], lang ? metadata({ lang }) : {}).publishedTime;
    expect(written('en-US')).toBe('2025-03-04');
    expect(written('fr')).toBe('2025-04-03');
    expect(written(undefined)).toBeNull();
  });

  it('leaves placeholders, long text and declared dates alone', () => {
    expect(dated(h('p', 'Published: 20 November 9999'))).toBeNull();
    expect(dated(h('p', 'Registration for the spring course closes on April 13, 2023, and places are limited to twenty.'))).toBeNull();
    const declared = meta([article(h('p', 'Posted on April 13, 2023'), h('p', 'Body'))], metadata({ meta: { 'article:published_time': '2023-04-10' } }));
    expect(declared.publishedTime).toBe('2023-04-10');
  });
});

describe('extractMetadata: byline', () => {
  it('reads JSON-LD author strings, objects and arrays', () => {
    const authors = { '@type': 'BlogPosting', headline: 'x', author: [{ '@type': 'Person', name: 'Ann' }, 'Bob', 'https://e.example/bob'] };
    expect(meta([article(h('p', 'x'))], metadata({ jsonLd: [authors] })).byline).toBe('Ann, Bob');
  });

  it('ignores URL-valued meta authors and falls back to the next key', () => {
    const m = meta([article(h('p', 'x'))], metadata({ meta: { author: 'https://facebook.com/someone', 'article:author': 'Jane Roe' } }));
    expect(m.byline).toBe('Jane Roe');
  });

  it('finds a byline element near the top of the content and strips "By"', () => {
    const body = [article(h('h1', 'Title'), h('div', { attrs: { class: 'article-byline' } }, 'By ', h('a', { attrs: { rel: 'author' } }, 'John Smith')), h('p', 'Body'))];
    expect(meta(body).byline).toBe('John Smith');
    const itemprop = [article(h('span', { attrs: { itemprop: 'author' } }, 'by: Mary Major'), h('p', 'Body'))];
    expect(meta(itemprop).byline).toBe('Mary Major');
  });

  it('drops date and reading-time segments from a byline line', () => {
    const line = [article(h('p', { attrs: { class: 'story-head__byline' } }, 'By ', h('strong', 'Amara Osei'), ' · ', h('time', 'April 2, 2026'), ' · 4 min read'), h('p', 'Body'))];
    expect(meta(line).byline).toBe('Amara Osei');
  });

  it('reads the names inside a byline element, not the job titles and dates beside them', () => {
    const card = [
      article(
        h('div', { attrs: { class: 'author-card' } }, 'By ', h('a', { attrs: { rel: 'author noopener' } }, 'Tomas Wren'), ' and ', h('span', { attrs: { itemprop: 'name' } }, 'Ida Pell'), h('span', { attrs: { class: 'author-card__title' } }, 'Senior Science Correspondent')),
        h('p', 'Body'),
      ),
    ];
    expect(meta(card).byline).toBe('Tomas Wren, Ida Pell');
    const plain = [article(h('div', { attrs: { class: 'byline' } }, h('span', 'Noor Haddad'), ' ', h('span', 'Staff Writer')), h('p', 'Body'))];
    expect(meta(plain).byline).toBe('Noor Haddad');
  });

  it('falls back to a link to an author page or a "By" line near the top, when it reads as a name', () => {
    const link = [article(h('h1', 'Title'), h('p', h('a', { attrs: { href: 'https://example.com/authors/tomas-wren/' } }, 'Tomas Wren'), ' · 5 min'), h('p', 'Body'))];
    expect(meta(link).byline).toBe('Tomas Wren');
    const line = [article(h('h1', 'Title'), h('p', 'By Ida Pell'), h('p', 'Body'))];
    expect(meta(line).byline).toBe('Ida Pell');
    const marked = [article(h('p', { attrs: { class: 'byline' } }, 'Noor Haddad'), h('a', { attrs: { href: '/authors/ida-pell' } }, 'Ida Pell'), h('p', 'Body'))];
    expect(meta(marked).byline).toBe('Noor Haddad');
    // each on a page of its own: two of them on one page would be "several authors" already
    for (const line of [
      h('a', { attrs: { href: '/authors/sign-up' } }, 'Sign up'),
      h('a', { attrs: { href: '/contributors/apply' } }, 'Become A Contributor'),
      h('a', { attrs: { href: '/users/ida-pell' } }, 'Ida Pell'),
      h('p', 'By using this site you agree to our terms'),
      h('p', 'By Design Studio 2024'),
    ]) {
      expect(meta([article(h('h1', 'Title'), line, h('p', 'Body'))]).byline).toBeNull();
    }
  });

  it("reads an author box at the end of an article, not a commenter's or a related story's author", () => {
    // an article from y 100 to 3100; `inside` ends it, `after` follows it on the page
    const byline = (inside: Child[], after: Child[] = [], pageType?: 'article' | 'forum', articleClass = '') => {
      const fx = buildFixture([
        h('article', { key: 'main', attrs: { class: articleClass }, rect: { y: 100, h: 3000 } }, h('h1', { rect: { y: 100 } }, 'Title'), h('p', { rect: { y: 200, h: 2600 } }, 'Body'), ...inside),
        ...after,
      ]);
      return extractMetadata(fx.snapshot, fx.select(['main']), '', 0, pageType ? { pageType } : {}).byline;
    };
    const author = (cls: string, name: string, y: number, x = 0) => h('span', { attrs: { class: cls }, rect: { x, y, w: 300 } }, name);
    const box = h('div', { attrs: { class: 'author-box' }, rect: { y: 2950, h: 120 } }, author('author-name', 'Written by Hunter Dukes', 2960), h('p', { rect: { y: 2990 } }, 'Hunter writes about maps.'));
    expect(byline([box])).toBe('Hunter Dukes');
    expect(byline([box], [], 'article')).toBe('Hunter Dukes');
    // after a thread, the box names the last reply's author
    expect(byline([box], [], 'forum')).toBeNull();
    // the article's own footer, a box called a card, and classes on the article itself are no bar
    expect(byline([h('footer', { attrs: { class: 'entry-footer' }, rect: { y: 2950 } }, author('author-name', 'Hunter Dukes', 2960))])).toBe('Hunter Dukes');
    expect(byline([h('div', { attrs: { class: 'author-card' }, rect: { y: 2950 } }, author('name', 'Hunter Dukes', 2960))])).toBe('Hunter Dukes');
    expect(byline([box], [], undefined, 'post category-reviews')).toBe('Hunter Dukes');
    // the closest to the content's end
    expect(byline([author('post-author', 'Ida Pell', 2700), box])).toBe('Hunter Dukes');
    expect(byline([author('post-author', 'Ida Pell', 3050), box])).toBe('Ida Pell');
    // other people's names: comments, related stories, a quotation, the page's footer, a sidebar
    // beside the content; and none from the content's top four fifths, nor far below it
    const end = h('p', { rect: { y: 2950 } }, 'The end.');
    for (const [inside, after] of [
      [[end], [h('div', { attrs: { class: 'comments' }, rect: { y: 3150 } }, h('div', { rect: { y: 3160 } }, author('user', 'Ida Pell', 3160)))]],
      [[end], [h('section', { attrs: { id: 'related-posts' }, rect: { y: 3150 } }, author('post-author', 'Ida Pell', 3160))]],
      [[end], [h('div', { rect: { y: 3150 } }, h('div', { attrs: { class: 'post-card' }, rect: { y: 3150 } }, author('post-author', 'Ida Pell', 3160)))]],
      [[h('blockquote', { rect: { y: 2950 } }, h('p', 'Imagination is everything.'), author('quote-author', 'Albert Einstein', 2990))], []],
      [[end], [h('footer', { rect: { y: 3150 } }, author('site-author', 'Ida Pell', 3160))]],
      [[end], [author('author-name', 'Ida Pell', 3000, 900)]],
      [[author('author-name', 'Ida Pell', 1500), end], []],
      [[end], [author('author-name', 'Ida Pell', 5000)]],
    ] as Array<[Child[], Child[]]>) {
      expect(byline(inside, after)).toBeNull();
    }
  });

  it("reads a thread's starter from the first post's user card, on a thread only", () => {
    const thread = (card: Child, pageType: 'forum' | 'article' = 'forum') => {
      const fx = buildFixture([h('div', { key: 'main' }, h('div', { attrs: { class: 'post' } }, card, h('p', 'My router drops the connection every night.')), h('div', { attrs: { class: 'post' } }, h('a', { attrs: { class: 'username' } }, 'netfix'), h('p', 'Try another channel.')))]);
      return extractMetadata(fx.snapshot, fx.select(['main']), '', 0, { pageType }).byline;
    };
    expect(thread(h('a', { attrs: { class: 'bigusername' } }, 'microfast'))).toBe('microfast');
    expect(thread(h('h3', { attrs: { class: 'PostUser-name' } }, 'antonjw'))).toBe('antonjw');
    expect(thread(h('a', { attrs: { class: 'username' } }, 'microfast'), 'article')).toBeNull();
    // "user" alone names menus and profile boxes too; a card's whole text is no name
    expect(thread(h('div', { attrs: { class: 'user-details' } }, 'edited'))).toBe('netfix');
    expect(thread(h('div', { attrs: { class: 'poster' } }, 'microfast Junior Member Posts: 12 Joined: May 2020 Location: Leeds, United Kingdom'))).toBe('netfix');
  });

  it('gives no unmarked byline for a content of several stories, each with its author', () => {
    const card = (title: string, by: string): Child => h('div', h('h3', title), h('p', 'A standfirst of the story.'), h('div', `By ${by} · 2 hours ago`));
    expect(meta([article(card('Levy passes', 'Anita Rao'), card('Port strike', 'Liam Foster'))]).byline).toBeNull();
    expect(meta([article(card('Levy passes', 'Anita Rao'), h('p', 'Body'))]).byline).toBe('Anita Rao');
  });

  it('reads citation_author, the author of a scholarly page', () => {
    expect(meta([article(h('p', 'x'))], metadata({ meta: { citation_author: 'Ruth Okafor' } })).byline).toBe('Ruth Okafor');
  });

  it('reads every citation_author tag, given name first, and ends a list too long for a byline with "et al."', () => {
    const tags = (names: string[]) => metadata({ meta: { citation_author: names[0] ?? '' }, metaAll: { citation_author: names } });
    expect(meta([article(h('p', 'x'))], tags(['Okafor, Ruth', 'Ivan Petrov', 'Lee, J. K.'])).byline).toBe('Ruth Okafor, Ivan Petrov, J. K. Lee');
    expect(meta([article(h('p', 'x'))], metadata({ meta: { citation_author: 'Okafor, Ruth' } })).byline).toBe('Ruth Okafor');
    const many = Array.from({ length: 12 }, (_, i) => `Author${'abcdefghijkl'[i]} Surname${'abcdefghijkl'[i]}`);
    const byline = meta([article(h('p', 'x'))], tags(many)).byline ?? '';
    expect(byline).toMatch(/^Authora Surnamea, Authorb Surnameb, .* et al\.$/);
    expect(byline.length).toBeLessThanOrEqual(120);
  });

  it('leaves a DC.creator tag that names two people, or a name with a credential, as it is', () => {
    expect(meta([article(h('p', 'x'))], metadata({ meta: { 'dc.creator': 'Ruth Okafor, Ivan Petrov' } })).byline).toBe('Ruth Okafor, Ivan Petrov');
    expect(meta([article(h('p', 'x'))], metadata({ meta: { citation_author: 'Ann Lee, Ph.D.' } })).byline).toBe('Ann Lee, Ph.D.');
  });

  it('takes the first author tag that names someone when a template left a blank one first', () => {
    const blankFirst = metadata({ meta: { author: '' }, metaAll: { author: ['', 'Tomas Lind'] } });
    expect(meta([article(h('p', 'x'))], blankFirst).byline).toBe('Tomas Lind');
    // a key the page did not repeat is read from `meta` as before
    expect(meta([article(h('p', 'x'))], metadata({ meta: { author: 'Tomas Lind' }, metaAll: { 'article:tag': ['a', 'b'] } })).byline).toBe('Tomas Lind');
  });

  it('joins the parts of an hCard name, and reads the whole element when it holds no name element', () => {
    const hcard = [article(h('span', { attrs: { class: 'author vcard' } }, 'By ', h('span', { attrs: { class: 'fn n' } }, h('span', { attrs: { class: 'given-name' } }, 'Ann'), ' ', h('span', { attrs: { class: 'family-name' } }, 'Lee'))), h('p', 'Body'))];
    expect(meta(hcard).byline).toBe('Ann Lee');
    const parts = [article(h('span', { attrs: { class: 'author' } }, 'By ', h('span', { attrs: { class: 'first-name' } }, 'Ann'), ' ', h('span', { attrs: { class: 'last-name' } }, 'Lee')), h('p', 'Body'))];
    expect(meta(parts).byline).toBe('Ann Lee');
  });

  it('reads a marked byline whose element also holds hidden text, and none from a paragraph', () => {
    const bio = 'Jo Lee writes about energy. '.repeat(60);
    const hidden = [article(h('div', { attrs: { class: 'byline' } }, 'By Jo Lee', h('div', { visible: false }, t(bio, { visible: false }))), h('p', 'Body'))];
    expect(meta(hidden).byline).toBe('Jo Lee');
    const long = [article(h('div', { attrs: { class: 'byline' } }, bio), h('p', 'Body'))];
    expect(meta(long).byline).toBeNull();
  });

  it('says each JSON-LD author once, and falls through an unfilled template', () => {
    const twice = { '@type': 'Article', headline: 'x', author: { '@type': 'Person', name: 'Ann Lee' } };
    const page = { '@type': 'WebPage', headline: 'x', author: { '@type': 'Person', name: 'Ann Lee' } };
    expect(meta([article(h('p', 'x'))], metadata({ jsonLd: [twice, page] })).byline).toBe('Ann Lee');
    const template = { '@type': 'Article', headline: 'x', author: 'page.head.extra.author' };
    expect(meta([article(h('p', 'x'))], metadata({ jsonLd: [template], meta: { author: 'Jo March' } })).byline).toBe('Jo March');
  });

  it('finds a byline just above the content and skips author bios', () => {
    const body = [
      h('div', { attrs: { class: 'meta' } }, h('span', { attrs: { class: 'author-name' } }, 'By Lee Chan')),
      article(h('p', 'Body'), h('div', { attrs: { class: 'author-bio' } }, 'About the author: long bio text')),
    ];
    expect(meta(body).byline).toBe('Lee Chan');
  });
});

describe('extractMetadata: dates', () => {
  it('prefers JSON-LD datePublished over meta and <time>', () => {
    const m = meta([article(h('time', { attrs: { datetime: '2020-01-01' } }, 'then'))], metadata({
      jsonLd: [{ '@type': 'Article', headline: 'x', datePublished: '2024-05-06T07:08:09Z' }],
      meta: { 'article:published_time': '2023-01-01T00:00:00Z' },
    }));
    expect(m.publishedTime).toBe('2024-05-06T07:08:09Z');
  });

  it('normalises meta dates', () => {
    expect(meta([article(h('p', 'x'))], metadata({ meta: { 'article:published_time': '2024-05-06T07:08:09+0200' } })).publishedTime)
      .toBe('2024-05-06T07:08:09+02:00');
    expect(meta([article(h('p', 'x'))], metadata({ meta: { 'dc.date': 'March 3, 2021' } })).publishedTime).toBe('2021-03-03');
  });

  it('reads the less common date keys ("published", og:publish_date) after the common ones', () => {
    expect(meta([article(h('p', 'x'))], metadata({ meta: { published: 'July 17, 2025' } })).publishedTime).toBe('2025-07-17');
    expect(meta([article(h('p', 'x'))], metadata({ meta: { 'og:publish_date': '2021-02-16' } })).publishedTime).toBe('2021-02-16');
    const both = metadata({ meta: { published: 'July 17, 2025', 'article:published_time': '2025-07-16T08:00:00Z' } });
    expect(meta([article(h('p', 'x'))], both).publishedTime).toBe('2025-07-16T08:00:00Z');
  });

  it('takes a dateline <time> just above the content, but not review dates far below it', () => {
    const above = [h('p', null, h('time', { attrs: { datetime: '2024-07-01T06:00:00Z' } }, 'July 1')), article(h('p', 'Body'))];
    expect(meta(above).publishedTime).toBe('2024-07-01T06:00:00Z');
    const reviews = [
      article(h('p', 'Description')),
      h('ul', null, h('li', null, h('time', { attrs: { datetime: '2026-02-11' } }, 'Feb 11'), { kind: 'text', text: ' review', rect: { y: 5000 } })),
    ];
    const fx = buildFixture(reviews, metadata({ times: ['2026-02-11', '2026-01-28', 'yesterday'] }));
    fx.snapshot.nodes.filter((n) => n.tag === 'time' || n.tag === 'li' || n.tag === 'ul').forEach((n) => { n.rect.y = 5000; });
    expect(extractMetadata(fx.snapshot, fx.select(['main']), '').publishedTime).toBeNull();
    expect(meta([article(h('p', 'x'))], metadata({ times: ['3 min ago', '8 min ago'] })).publishedTime).toBeNull();
  });

  it('falls back to <time datetime> in the content, then the page times, then the raw string', () => {
    expect(meta([article(h('time', { attrs: { datetime: '2022-02-02T10:00:00Z' } }, 'Feb 2'))]).publishedTime).toBe('2022-02-02T10:00:00Z');
    expect(meta([article(h('p', 'x'))], metadata({ times: ['2019-09-09'] })).publishedTime).toBe('2019-09-09');
    expect(meta([article(h('p', 'x'))], metadata({ meta: { date: 'last Tuesday' } })).publishedTime).toBe('last Tuesday');
    expect(meta([article(h('p', 'x'))]).publishedTime).toBeNull();
  });
});

describe('extractMetadata: other fields', () => {
  it('reads site name, lead image, lang and excerpt from meta tags', () => {
    const m = meta([article(h('p', 'x'))], metadata({
      meta: { 'application-name': 'App', 'twitter:image': '/img/tw.jpg', 'og:locale': 'en_GB' },
      description: 'A short description.',
    }));
    expect(m.siteName).toBe('App');
    expect(m.leadImage).toBe('https://example.com/img/tw.jpg');
    expect(m.lang).toBe('en-GB');
    expect(m.excerpt).toBe('A short description.');
  });

  it('prefers html lang and og:image', () => {
    const m = meta([article(h('p', 'x'))], metadata({ lang: 'de', meta: { 'og:locale': 'en_US', 'og:image': 'https://e.example/og.jpg', 'twitter:image': 'https://e.example/tw.jpg' } }));
    expect(m.lang).toBe('de');
    expect(m.leadImage).toBe('https://e.example/og.jpg');
  });

  it('falls back to the first large image in the content', () => {
    const body = [article(
      h('img', { attrs: { src: 'https://e.example/icon.png' }, rect: { w: 40, h: 40 } }),
      h('img', { attrs: { src: 'https://e.example/big.jpg' }, rect: { w: 640, h: 360 } }),
    )];
    expect(meta(body).leadImage).toBe('https://e.example/big.jpg');
  });

  it('takes the excerpt from the first real paragraph of text, cut at a word', () => {
    const text = `Short.\n\n${'lorem ipsum '.repeat(40)}\n\nSecond paragraph.`;
    const m = meta([article(h('p', 'x'))], {}, text);
    expect(m.excerpt?.startsWith('lorem ipsum lorem')).toBe(true);
    expect(m.excerpt?.length).toBeLessThanOrEqual(300);
    expect(m.excerpt?.endsWith('…')).toBe(true);
    expect(m.excerpt).not.toMatch(/\s…$/);
  });

  it('counts words in the text, CJK characters one by one', () => {
    expect(meta([article(h('p', 'x'))], {}, 'Hello world\n\n日本語').wordCount).toBe(5);
  });

  it('returns nulls when nothing is known', () => {
    expect(meta([article(h('p', 'x'))])).toEqual({
      title: null, byline: null, publishedTime: null, siteName: null, leadImage: null, lang: null, excerpt: null, wordCount: 0,
    });
  });
});
