/** Small hand-built pages, one rule each: the `heuristic` strategy's rules, and the hints and text blocks it shares with classify. */
import { describe, expect, it } from 'vitest';
import { isConsentText, isNoiseHint, isPositiveHint, roleHint } from '../../../src/classify/hints.js';
import { findMainContent, heuristic } from '../../../src/strategies/heuristic/index.js';
import { buildTextBlocks, indexNodes } from '../../../src/classify/text-blocks.js';
import type { PageSnapshot, SnapshotNode } from '../../../src/snapshot/types.js';
import { el, page, text, type NodeDesc } from '../helpers/snapshot-builder.js';
import { at } from '../../../src/util/at.js';

const sentence = (i: number) =>
  `Paragraph ${i} explains, in plain words and with enough detail to read like prose, what happened in the town council meeting on Thursday evening. `;

/** A paragraph of prose at y. */
function p(i: number, y: number, x = 100, w = 600): NodeDesc {
  return el('p', { rect: [x, y, w, 60] }, [text(sentence(i).repeat(2), [x, y, w, 60], { lines: 3 })]);
}

/** A list of links at y (navigation, related stories). */
function links(n: number, y: number, x = 100, w = 600, attrs: Record<string, string> = {}): NodeDesc {
  return el('ul', { rect: [x, y, w, n * 20], attrs }, Array.from({ length: n }, (_, i) =>
    el('li', { rect: [x, y + i * 20, w, 20] }, [el('a', { rect: [x, y + i * 20, 200, 20], attrs: { href: `https://example.com/${i}` } }, [text(`Another story headline number ${i}`, [x, y + i * 20, 200, 20])])])));
}

function keptText(snap: PageSnapshot): string {
  const blocks = buildTextBlocks(snap);
  const r = findMainContent(snap, blocks, indexNodes(snap));
  return r.kept.map((i) => at(blocks, i).text).join('\n');
}

const node = (tag: string, attrs: Record<string, string>): SnapshotNode => ({ id: 0, parent: -1, kind: 'element', tag, rect: { x: 0, y: 0, w: 1, h: 1 }, children: [], attrs, visible: true });

describe('hints', () => {
  it('reads roles from tags, ARIA roles and class names, camelCase included', () => {
    expect(roleHint(node('nav', {}))).toBe('navigation');
    expect(roleHint(node('div', { role: 'complementary' }))).toBe('sidebar');
    expect(roleHint(node('div', { class: 'cookie-banner' }))).toBe('overlay');
    expect(roleHint(node('div', { class: 'ad-slot' }))).toBe('advertisement');
    expect(roleHint(node('section', { class: 'relatedStories' }))).toBe('related');
    expect(roleHint(node('div', { class: 'article-body' }))).toBeNull();
    expect(isNoiseHint(node('div', { class: 'ArticlePage-bottomByline' }))).toBe(true);
    expect(isPositiveHint(node('div', { class: 'entry-content' }))).toBe(true);
  });

  it('gives no role for a role or tag that names an Object property (constructor, __proto__)', () => {
    // a plain lookup reached Object.prototype: <constructor> got the role `Object`, and was dropped as boilerplate
    expect(roleHint(node('div', { role: 'constructor' }))).toBeNull();
    expect(roleHint(node('div', { role: '__proto__' }))).toBeNull();
    expect(roleHint(node('constructor', {}))).toBeNull();
    expect(roleHint(node('__proto__', {}))).toBeNull();
    expect(roleHint(node('hasOwnProperty', {}))).toBeNull();
  });

  it('treats embedded social posts as content, share bars and image captions as noise', () => {
    expect(isNoiseHint(node('div', { class: 'social-media-embed' }))).toBe(false);
    expect(isNoiseHint(node('blockquote', { class: 'twitter-tweet' }))).toBe(false);
    expect(isNoiseHint(node('div', { class: 'social-share' }))).toBe(true);
    expect(isNoiseHint(node('div', { class: 'InlineImage-imageEmbedCaption' }))).toBe(true);
  });

  it('recognises consent notices by their text', () => {
    expect(isConsentText('This website uses cookies to improve your experience. Accept')).toBe(true);
    expect(isConsentText('The cookies were baked at dawn and eaten by noon.')).toBe(false);
  });
});

describe('text blocks', () => {
  it('cuts at line-break elements and <br>, keeps inline runs together, counts link text', () => {
    const snap = page(el('body', { rect: [0, 0, 800, 200] }, [
      el('p', { rect: [0, 0, 800, 40] }, [
        text('Hello ', [0, 0, 50, 20]), el('a', { attrs: { href: 'https://x.test/' } }, [text('world', [50, 0, 50, 20])]), text(' again', [100, 0, 50, 20]),
        el('br', { rect: [150, 0, 0, 20] }), text('second line', [0, 20, 100, 20]),
      ]),
      el('div', { rect: [0, 50, 800, 20] }, [text('Block two', [0, 50, 100, 20])]),
    ]));
    const blocks = buildTextBlocks(snap);
    expect(blocks.map((b) => b.text)).toEqual(['Hello world again', 'second line', 'Block two']);
    expect(at(blocks, 0).linkChars).toBe(5);
  });
});

describe('main content', () => {
  it('picks the prose column over navigation and a related-links list', () => {
    const snap = page(el('body', { rect: [0, 0, 1200, 1400] }, [
      el('header', { rect: [0, 0, 1200, 100] }, [links(4, 0)]),
      el('div', { rect: [100, 120, 600, 500], attrs: { class: 'story' } }, [p(1, 120), p(2, 200), p(3, 280), p(4, 360)]),
      el('aside', { rect: [800, 120, 300, 300] }, [links(8, 120, 800, 300)]),
      links(6, 700, 100, 600, { class: 'related-stories' }),
    ]));
    const kept = keptText(snap);
    expect(kept).toContain('Paragraph 1 explains');
    expect(kept).toContain('Paragraph 4 explains');
    expect(kept).not.toContain('Another story headline');
  });

  it('takes back the second half of a body split by an ad', () => {
    const snap = page(el('body', { rect: [0, 0, 1200, 1400] }, [
      el('div', { rect: [100, 100, 600, 800] }, [
        el('div', { rect: [100, 100, 600, 300] }, [p(1, 100), p(2, 180), p(3, 260)]),
        el('div', { rect: [100, 420, 600, 90], attrs: { class: 'ad-slot' } }, [text('Advertisement', [100, 420, 100, 20])]),
        el('div', { rect: [100, 520, 600, 300] }, [p(4, 520), p(5, 600), p(6, 680)]),
      ]),
      el('footer', { rect: [0, 1000, 1200, 100] }, [links(3, 1000)]),
    ]));
    const kept = keptText(snap);
    expect(kept).toContain('Paragraph 1 explains');
    expect(kept).toContain('Paragraph 6 explains');
    expect(kept).not.toContain('Advertisement');
  });

  it('finds paragraphs that sit directly in a page-wide wrapper among the junk (a run of siblings)', () => {
    const snap = page(el('body', { rect: [0, 0, 1200, 1600] }, [
      el('div', { rect: [0, 0, 1200, 1600], attrs: { id: 'app' } }, [
        links(10, 0), links(10, 200),
        p(1, 420), p(2, 500), p(3, 580),
        links(12, 700), links(12, 1000),
      ]),
    ]));
    const kept = keptText(snap);
    expect(kept).toContain('Paragraph 1 explains');
    expect(kept).toContain('Paragraph 3 explains');
    expect(kept).not.toContain('Another story headline');
  });

  it('says there is no article on a page of link teasers', () => {
    const cards: NodeDesc[] = [];
    for (let i = 0; i < 12; i++) {
      const y = i * 120;
      cards.push(el('article', { rect: [100, y, 600, 110], attrs: { class: 'card' } }, [
        el('h3', { rect: [100, y, 600, 30] }, [el('a', { attrs: { href: `https://example.com/s${i}` } }, [text(`A headline for teaser story number ${i} today`, [100, y, 500, 30])])]),
        el('p', { rect: [100, y + 40, 600, 40] }, [text('A short teaser line for the story.', [100, y + 40, 300, 20])]),
      ]));
    }
    const snap = page(el('body', { rect: [0, 0, 1200, 1500] }, [el('main', { rect: [100, 0, 600, 1450] }, cards)]));
    const r = heuristic.run(snap);
    expect(r.pageType).toBe('listing');
    expect(r.selection.roots).toEqual([]);
  });

  it('keeps a short article (one paragraph of about 170 characters) on a link-heavy page', () => {
    const prose = 'The council voted on Thursday to close the old bridge over the river for repairs, and the work is expected to take until the end of March at the earliest, the mayor told reporters after the meeting.';
    const chars = prose.replace(/\s/g, '').length; // characters are counted without white space
    expect(chars).toBeGreaterThan(150);
    expect(chars).toBeLessThan(200);
    const snap = page(el('body', { rect: [0, 0, 1200, 1400] }, [
      el('nav', { rect: [0, 0, 1200, 80] }, [links(6, 0, 0, 1200)]),
      el('article', { rect: [100, 120, 600, 200] }, [
        el('h1', { rect: [100, 120, 600, 40] }, [text('Old bridge to close for repairs', [100, 120, 400, 40])]),
        el('p', { rect: [100, 180, 600, 60] }, [text(prose, [100, 180, 600, 60], { lines: 3 })]),
      ]),
      el('aside', { rect: [800, 120, 300, 300] }, [links(12, 120, 800, 300)]),
    ]));
    const r = heuristic.run(snap);
    expect(r.pageType).toBe('article');
    expect(r.selection.roots.length).toBeGreaterThan(0);
  });

  it('takes back paragraphs just outside the container that continue the article on screen', () => {
    // The article's last two paragraphs ended up outside its wrapper (an early-closing container,
    // or HTML inserted in two steps), directly below it; a bio further down is not part of it.
    const snap = page(el('body', { rect: [0, 0, 1200, 1400] }, [
      el('div', { rect: [0, 0, 1200, 1000], attrs: { id: 'app' } }, [
        el('div', { rect: [0, 0, 1200, 520] }, [
          el('nav', { rect: [0, 0, 1200, 80] }, [links(3, 0, 0, 1200)]),
          el('aside', { rect: [800, 120, 300, 400] }, [links(20, 120, 800, 300)]),
          el('div', { rect: [100, 120, 600, 390] }, [p(1, 120), p(2, 200), p(3, 280), p(7, 360), p(8, 440)]),
        ]),
        // short closing paragraphs: too little prose each for the sibling pass
        el('p', { rect: [0, 520, 800, 40] }, [text('Paragraph 4 closes the story with one short sentence from the mayor.', [0, 520, 800, 40], { lines: 2 })]),
        el('p', { rect: [0, 570, 800, 40] }, [text('Paragraph 5 says that the next meeting is on the first of May.', [0, 570, 800, 40], { lines: 2 })]),
        el('div', { rect: [100, 900, 600, 40] }, [el('p', { rect: [100, 900, 600, 40] }, [text('Paragraph 6 is a short note about the author, who lives in the town.', [100, 900, 600, 40], { lines: 2 })])]),
        links(6, 1000, 100, 600),
      ]),
    ]));
    const blocks = buildTextBlocks(snap);
    const with_ = findMainContent(snap, blocks, indexNodes(snap));
    const without = findMainContent(snap, blocks, indexNodes(snap), { disable: ['continuation'] });
    const textOf = (r: typeof with_) => r.kept.map((i) => at(blocks, i).text).join(' ');
    expect(textOf(without)).not.toContain('Paragraph 4');
    expect(textOf(with_)).toContain('Paragraph 4');
    expect(textOf(with_)).toContain('Paragraph 5');
    expect(textOf(with_)).not.toContain('Paragraph 6');
    expect(textOf(with_)).not.toContain('Another story');
    // the selection covers them too, in document order
    const { selection } = heuristic.run(snap);
    expect(selection.roots).toEqual([...selection.roots].sort((a, b) => a - b));
    expect(selection.roots.length).toBe(3);
  });
});
