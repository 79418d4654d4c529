/** Synthetic pages shared by the segment tests. */
import type { PageSnapshot } from '../../../src/snapshot/types.js';
import { type NodeDesc, el, page, para, text, words } from '../helpers/snapshot-builder.js';

const DARK = 'rgb(30, 30, 30)';

/** Header (dark) / main (12 paragraphs, 20 px apart) / footer (dark), 40 px gaps between the three. */
export function headerBodyFooter(): PageSnapshot {
  const paras: NodeDesc[] = [];
  for (let k = 0; k < 12; k++) paras.push(para(words(14, k), [0, 140 + 60 * k, 800, 40]));
  return page(
    el('body', { rect: [0, 0, 800, 1000] }, [
      el('header', { rect: [0, 0, 800, 100], style: { backgroundColor: DARK } }, [
        para('Site title', [20, 30, 300, 20]),
        para('News Sport Weather', [20, 60, 300, 20]),
      ]),
      el('main', { rect: [0, 140, 800, 700] }, paras),
      el('footer', { rect: [0, 880, 800, 120], style: { backgroundColor: DARK } }, [
        para('Copyright', [20, 900, 300, 20]),
        para('Contact us', [20, 940, 300, 20]),
      ]),
    ]),
  );
}

/** A 600 px article column and a 360 px sidebar, 40 px apart. */
export function twoColumns(): PageSnapshot {
  const left: NodeDesc[] = [];
  for (let k = 0; k < 10; k++) left.push(para(words(20, k), [0, 80 * k, 600, 60]));
  const right: NodeDesc[] = [];
  for (let k = 0; k < 6; k++) {
    right.push(el('div', { rect: [640, 120 * k, 360, 100] }, [
      el('a', { rect: [650, 120 * k + 10, 300, 20], attrs: { href: '/x' } }, [text(`Related story ${k}`, [650, 120 * k + 10, 300, 20])]),
      para(words(8, k), [650, 120 * k + 40, 340, 40]),
    ]));
  }
  return page(
    el('body', { rect: [0, 0, 1000, 800] }, [
      el('div', { rect: [0, 0, 600, 800], attrs: { class: 'article' } }, left),
      el('aside', { rect: [640, 0, 360, 800] }, right),
    ]),
  );
}

/** Two paragraphs 40 px apart, optionally with an `<hr>` (or a border) in the gap. */
export function twoParagraphs(divider: 'none' | 'hr' | 'border'): PageSnapshot {
  const kids: NodeDesc[] = [para(words(30, 1), [0, 0, 800, 40])];
  if (divider === 'hr') kids.push(el('hr', { rect: [0, 59, 800, 2] }));
  kids.push(para(words(30, 2), [0, 80, 800, 40], divider === 'border' ? { style: { borderTop: 1 } } : {}));
  return page(el('body', { rect: [0, 0, 800, 120] }, kids));
}

/** A grab bag of awkward structure: mixed inline/block children, display:contents, hidden nodes, tables, media, an overlay. */
export function awkward(): PageSnapshot {
  return page(
    el('body', { rect: [0, 0, 1000, 1400] }, [
      text('Loose body text before everything', [10, 0, 400, 20]),
      el('div', { rect: [0, 40, 1000, 200] }, [
        text('Intro text ', [10, 40, 100, 20]),
        el('a', { rect: [110, 40, 60, 20], attrs: { href: '/a' } }, [text('a link', [110, 40, 60, 20])]),
        el('div', { rect: [0, 80, 1000, 60] }, [text(words(10), [10, 80, 600, 20]), el('img', { rect: [700, 80, 100, 60] })]),
        text(' trailing text', [10, 160, 200, 20]),
        el('span', { rect: [220, 160, 80, 20] }, [el('b', { rect: [220, 160, 80, 20] }, [text('bold', [220, 160, 80, 20])])]),
        el('div', { rect: [0, 200, 1000, 40], style: { display: 'contents' } }, [
          para('Lifted one', [0, 200, 400, 20]),
          para('Lifted two', [500, 200, 400, 20]),
        ]),
      ]),
      el('div', { rect: [0, 260, 1000, 100], visible: false, style: { visibility: 'hidden' } }, [
        text('Hidden words here', [0, 260, 300, 20], { visible: false }),
      ]),
      el('p', { rect: [0, 380, 1000, 40] }, [
        text('Visible text ', [0, 380, 100, 20]),
        el('span', { rect: [100, 380, 100, 20], visible: false }, [text('invisible span text', [100, 380, 100, 20], { visible: false })]),
        text('   ', [200, 380, 5, 20]),
      ]),
      // A zero-height float container whose content overflows it.
      el('div', { rect: [0, 440, 1000, 0] }, [
        el('div', { rect: [0, 440, 480, 100], style: { float: 'left' } }, [para(words(12, 3), [0, 440, 480, 100])]),
        el('div', { rect: [520, 440, 480, 100], style: { float: 'left' } }, [para(words(12, 4), [520, 440, 480, 100])]),
      ]),
      el('table', { rect: [0, 580, 1000, 200] }, [
        el('tbody', { rect: [0, 580, 1000, 200] }, [
          el('tr', { rect: [0, 580, 1000, 100] }, [
            el('td', { rect: [0, 580, 500, 100] }, [text('Cell one', [10, 590, 100, 20])]),
            el('td', { rect: [500, 580, 500, 100], style: { backgroundColor: 'rgb(240, 240, 240)' } }, [
              el('div', { rect: [510, 590, 400, 30] }, [text('Cell two a', [510, 590, 100, 20])]),
              el('div', { rect: [510, 630, 400, 30] }, [text('Cell two b', [510, 630, 100, 20])]),
            ]),
          ]),
          el('tr', { rect: [0, 680, 1000, 100] }, [
            el('td', { rect: [0, 680, 500, 100] }, [text('Cell three', [10, 690, 100, 20])]),
            el('td', { rect: [500, 680, 500, 100] }, [text('Cell four', [510, 690, 100, 20])]),
          ]),
        ]),
      ]),
      el('ul', { rect: [0, 800, 1000, 120] }, [
        el('li', { rect: [20, 800, 980, 20] }, [el('a', { rect: [20, 800, 200, 20], attrs: { href: '/1' } }, [text('First item', [20, 800, 200, 20])])]),
        el('li', { rect: [20, 820, 980, 20] }, [el('a', { rect: [20, 820, 200, 20], attrs: { href: '/2' } }, [text('Second item', [20, 820, 200, 20])])]),
        el('li', { rect: [20, 840, 980, 20] }, [text('日本語のテキストです', [20, 840, 200, 20])]),
      ]),
      el('div', { rect: [0, 960, 1000, 200] }, [el('svg', { rect: [0, 960, 200, 200] }, [el('path', { rect: [0, 960, 10, 10] })])]),
      el('div', { rect: [0, 1200, 1000, 40], style: { position: 'absolute' } }, [
        el('input', { rect: [0, 1200, 200, 30] }),
        el('button', { rect: [220, 1200, 80, 30] }, [text('Go', [240, 1205, 20, 20])]),
      ]),
      // Cookie overlay: fixed, covers most of the viewport and the content under it.
      el('div', { rect: [0, 0, 1000, 700], style: { position: 'fixed', zIndex: 9999, backgroundColor: 'rgb(255, 255, 255)' } }, [
        para('We use cookies', [100, 100, 800, 40]),
        el('button', { rect: [100, 200, 100, 30] }, [text('Accept', [110, 205, 60, 20])]),
      ]),
    ]),
    { viewport: { width: 1000, height: 700 } },
  );
}
