/**
 * The fitted classifier on small hand-built pages: how block scores become a selection (with
 * chosen scores, so the rules are tested on their own), and the decision record the bundled
 * models give (with the real models, so what users read in `--explain` is checked).
 */
import { describe, expect, it } from 'vitest';
import { chooseContent, dropReason, RULES, selectByExpectedF1, type RuleName } from '../../../src/classify/choose.js';
import { blendedPower, bundledModels, classify } from '../../../src/classify/index.js';
import { compileModel, type ModelFile } from '../../../src/classify/model.js';
import { toText } from '../../../src/content/text.js';
import { MIN_BEST_SCORE, SELECTION_POWER } from '../../../src/classify/params.js';
import { isAdSlotHint, isAnnouncementHint, isCommentsHint, isFilterPanelHint, isScreenReaderHint } from '../../../src/classify/hints.js';
import { buildTextBlocks, indexNodes } from '../../../src/classify/text-blocks.js';
import { indexBlocks } from '../../../src/classify/block-features.js';
import { describedPairs } from '../../../src/classify/page-features.js';
import { PAGE_TYPES, SCORE_COMPONENTS, type DropReason, type PageType, type ScoreComponent } from '../../../src/classify/types.js';
import { segment } from '../../../src/segment/index.js';
import { el, page, text, type NodeDesc } from '../helpers/snapshot-builder.js';
import { at } from '../../../src/util/at.js';

const sentence = (i: number) =>
  `Paragraph ${i} explains, in plain words and with enough detail to read like prose, what happened in the town council meeting on Thursday evening. `;

function p(i: number, y: number, x = 100, w = 600): NodeDesc {
  return el('p', { rect: [x, y, w, 60] }, [text(sentence(i).repeat(2), [x, y, w, 60], { lines: 3 })]);
}

function links(n: number, y: number, x = 100, w = 600): NodeDesc {
  return el('ul', { rect: [x, y, w, n * 20] }, Array.from({ length: n }, (_, i) =>
    el('li', { rect: [x, y + i * 20, w, 20] }, [el('a', { rect: [x, y + i * 20, 200, 20], attrs: { href: `https://example.com/${i}` } }, [text(`Another story headline number ${i}`, [x, y + i * 20, 200, 20])])])));
}

/** nav, a column of four paragraphs with a link list between the second and third, a sidebar */
function articlePage() {
  return page(el('body', { rect: [0, 0, 1200, 1400] }, [
    el('nav', { rect: [0, 0, 1200, 80] }, [links(3, 0, 0, 1200)]),
    el('div', { rect: [100, 120, 600, 600] }, [p(1, 120), p(2, 200), el('div', { rect: [100, 280, 600, 80] }, [links(4, 280)]), p(3, 380), p(4, 460)]),
    el('aside', { rect: [800, 120, 300, 300] }, [links(8, 120, 800, 300)]),
  ]));
}

const zeros = (rows: number) => new Float64Array(rows * SCORE_COMPONENTS.length);

/** A paragraph, a <pre> of <br>-split lines and a <br>-split <div>. */
function codePage() {
  const line = (s: string, y: number) => text(s, [100, y, 300, 20]);
  return page(el('body', { rect: [0, 0, 1200, 800] }, [
    el('div', { rect: [100, 100, 600, 400] }, [
      p(1, 100),
      el('pre', { rect: [100, 200, 600, 80] }, [el('code', { rect: [100, 200, 600, 80] }, [
        line('npm install viseg', 200), el('br', { rect: [100, 220, 0, 20] }), line('cd app', 220), el('br', { rect: [100, 240, 0, 20] }), line('}', 240),
      ])]),
      el('div', { rect: [100, 300, 600, 60] }, [line('$ brindle init', 300), el('br', { rect: [100, 320, 0, 20] }), line('cd app', 320)]),
    ]),
  ]));
}

describe('choosing the main content from block scores', () => {
  const snap = articlePage();
  const blocks = buildTextBlocks(snap, indexNodes(snap), { includeHidden: true });
  const prose = blocks.map((b) => b.text.startsWith('Paragraph'));

  const firstWords = (c: { kept: number[] }) => c.kept.map((i) => at(blocks, i).text.slice(0, 11));

  it('keeps the confident blocks, under their common element, minus the rest', () => {
    const scores = prose.map((x) => (x ? 0.9 : 0.1));
    const c = chooseContent(snap, blocks, scores, zeros(blocks.length));
    expect(firstWords(c)).toEqual(['Paragraph 1', 'Paragraph 2', 'Paragraph 3', 'Paragraph 4']);
    expect(at(snap.nodes, c.container).tag).toBe('div');
    // the link list between the paragraphs is left out, and listed as dropped
    expect(c.selection.exclude.length).toBeGreaterThan(0);
    expect(c.dropped.length).toBe(4);
    expect(c.trace.map((e) => e.step)).toEqual(['selected', 'scored', 'container', 'excluded']);
    expect(c.trace[0]).toMatchObject({ step: 'selected', blocks: 4, power: 1, lowest: 0.9 });
  });

  it('keeps lukewarm blocks that are all the page has, and drops the same block beside confident ones', () => {
    const third = blocks.findIndex((b) => b.text.startsWith('Paragraph 3'));
    const lukewarm = chooseContent(snap, blocks, prose.map((x) => (x ? 0.35 : 0.02)), zeros(blocks.length));
    expect(firstWords(lukewarm)).toEqual(['Paragraph 1', 'Paragraph 2', 'Paragraph 3', 'Paragraph 4']);
    const beside = chooseContent(snap, blocks, prose.map((x, i) => (i === third ? 0.35 : x ? 0.95 : 0.02)), zeros(blocks.length));
    expect(firstWords(beside)).toEqual(['Paragraph 1', 'Paragraph 2', 'Paragraph 4']);
  });

  it('is stricter with a higher calibration power', () => {
    const third = blocks.findIndex((b) => b.text.startsWith('Paragraph 3'));
    const scores = prose.map((x, i) => (i === third ? 0.6 : x ? 0.95 : 0.02));
    expect(firstWords(chooseContent(snap, blocks, scores, zeros(blocks.length), 1))).toContain('Paragraph 3');
    expect(firstWords(chooseContent(snap, blocks, scores, zeros(blocks.length), 3))).not.toContain('Paragraph 3');
  });

  it('returns nothing, and says why, when every block scores below the floor', () => {
    const c = chooseContent(snap, blocks, blocks.map(() => MIN_BEST_SCORE / 2), zeros(blocks.length));
    expect(c.kept).toEqual([]);
    expect(c.selection).toEqual({ roots: [], exclude: [] });
    expect(c.trace.at(-1)).toMatchObject({ step: 'no-content' });
  });

  it('selects the best-scoring blocks, as many as maximise the expected F1 (ties in reading order)', () => {
    // weights 10, 1, 10, 10; expected gold 10*.9 + .8 + 10*.5 + 10*.1 = 15.8
    const r = selectByExpectedF1([10, 1, 10, 10], [0.9, 0.8, 0.5, 0.1], 1);
    // top 1: 18/25.8 = .698; top 2: 19.6/26.8 = .731; top 3: 29.6/36.8 = .804; top 4: 31.6/46.8 = .675
    expect(r.kept).toEqual([0, 1, 2]);
    expect(r.expectedF1).toBeCloseTo(29.6 / 36.8, 10);
    expect(selectByExpectedF1([1, 1, 1], [0.7, 0.7, 0.7], 1).kept).toEqual([0, 1, 2]);
    expect(selectByExpectedF1([], [], 1).kept).toEqual([]);
  });

  it('keeps a slot of repeated cards in every card once most cards keep it', () => {
    const card = (i: number) => el('li', { rect: [100, 100 + i * 120, 600, 110], attrs: { class: 'card' } }, [
      el('h3', { rect: [100, 100 + i * 120, 600, 30] }, [text(`Headline of story number ${i} about the council`, [100, 100 + i * 120, 600, 30])]),
      el('p', { rect: [100, 140 + i * 120, 600, 30] }, [text(`Teaser ${i}: what the story says, in a sentence or two of plain words.`, [100, 140 + i * 120, 600, 30])]),
      el('span', { rect: [100, 180 + i * 120, 100, 20], attrs: { class: 'badge' } }, [text(`Badge ${i}`, [100, 180 + i * 120, 100, 20])]),
    ]);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [el('ul', { rect: [100, 100, 600, 600] }, [0, 1, 2, 3, 4].map(card))]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const units = indexBlocks(s, segment(s), bs).repeatAt;
    const kind = (b: { text: string }) => b.text.split(' ')[0];
    // the model keeps four of five headlines (the fifth too far below them for its pooled score
    // to reach the cut), every teaser, one badge
    const scores = bs.map((b) => (kind(b) === 'Headline' ? (b.text.includes('number 3') ? 0 : 0.95) : kind(b) === 'Teaser' ? 0.95 : b.text === 'Badge 0' ? 0.9 : 0.05));
    const without = chooseContent(s, bs, scores, zeros(bs.length));
    expect(without.kept.map((i) => at(bs, i).text)).not.toContain('Headline of story number 3 about the council');
    const c = chooseContent(s, bs, scores, zeros(bs.length), 1, units);
    const texts = c.kept.map((i) => at(bs, i).text);
    expect(texts.filter((t) => t.startsWith('Headline'))).toHaveLength(5);
    expect(texts.filter((t) => t.startsWith('Badge'))).toEqual(without.kept.map((i) => at(bs, i).text).filter((t) => t.startsWith('Badge')));
    expect(c.trace).toContainEqual({ step: 'slots', slots: 1, blocks: 1 });
  });

  it("pools the scores of a slot of repeated units before the selection: quotes are kept or dropped together", () => {
    const quote = (i: number, words: string) => el('figure', { rect: [100 + i * 320, 100, 300, 200], attrs: { class: 'quote' } }, [
      el('blockquote', { rect: [100 + i * 320, 100, 300, 120] }, [text(words, [100 + i * 320, 100, 300, 120])]),
      el('figcaption', { rect: [100 + i * 320, 230, 300, 30] }, [text(`Customer ${i}, owner of a workshop`, [100 + i * 320, 230, 300, 30])]),
    ]);
    const lines = ['We used to spend Friday afternoons typing up invoices from greasy job sheets.', 'Our average time to get paid dropped from 34 days to 9 with the reminders.', 'Customers approve quotes from the boatyard car park and we order parts that day.'];
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('p', { rect: [100, 20, 900, 60] }, [text('Invoicing for repair workshops: quotes, jobs and payments in one place, with reminders that go out on their own.', [100, 20, 900, 60])]),
      el('div', { rect: [100, 100, 960, 200] }, lines.map((t, i) => quote(i, t))),
    ]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const units = indexBlocks(s, segment(s), bs).repeatAt;
    const quoteAt = (k: number) => bs.findIndex((b) => b.text === at(lines, k));
    // one quote well above the cut, two just under it; the captions low
    const raw = bs.map((b) => (b.text.startsWith('Invoicing') ? 0.95 : b.text === lines[2] ? 0.8 : lines.includes(b.text) ? 0.3 : 0.1));
    const alone = chooseContent(s, bs, raw, zeros(bs.length), 1).kept;
    expect([0, 1, 2].map((k) => alone.includes(quoteAt(k)))).toEqual([false, false, true]);
    const c = chooseContent(s, bs, raw, zeros(bs.length), 1, units);
    expect([0, 1, 2].map((k) => c.kept.includes(quoteAt(k)))).toEqual([true, true, true]);
    expect(c.trace[0]).toEqual({ step: 'pooled', slots: 2, blocks: 6 });
    // a slot whose units differ clearly stays apart: a quote the model dismisses is not pulled up
    const apart = chooseContent(s, bs, raw.map((v, i) => (i === quoteAt(0) ? 0 : v)), zeros(bs.length), 1, units).kept;
    expect(apart.includes(quoteAt(0))).toBe(false);
  });

  it('leaves out of a grid the slots that say the same in every card, on collections and listings', () => {
    const card = (i: number, price: string) => el('li', { rect: [100, 100 + i * 100, 600, 90], attrs: { class: 'card' } }, [
      el('h3', { rect: [100, 100 + i * 100, 600, 30] }, [text(`Stoneware mug number ${i}, handmade`, [100, 100 + i * 100, 600, 30])]),
      el('span', { rect: [100, 130 + i * 100, 100, 20], attrs: { class: 'price' } }, [text(price, [100, 130 + i * 100, 100, 20])]),
      el('button', { rect: [100, 160 + i * 100, 100, 20] }, [text('Add to Compare', [100, 160 + i * 100, 100, 20])]),
    ]);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [el('ul', { rect: [100, 100, 600, 500] }, [0, 1, 2, 3].map((i) => card(i, '$15')))]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const units = indexBlocks(s, segment(s), bs).repeatAt;
    const texts = (type: PageType) => chooseContent(s, bs, bs.map(() => 0.9), zeros(bs.length), 1, units, type).kept.map((i) => at(bs, i).text);
    // the button goes; the price stays though every card asks the same
    expect(texts('collection')).toEqual([0, 1, 2, 3].flatMap((i) => [`Stoneware mug number ${i}, handmade`, '$15']));
    const c = chooseContent(s, bs, bs.map(() => 0.9), zeros(bs.length), 1, units, 'listing');
    expect(c.trace).toContainEqual({ step: 'template', slots: 1, blocks: 4, words: 12 });
    // elsewhere (an article's related cards) the rule does not apply
    expect(texts('article')).toContain('Add to Compare');
  });

  it('keeps a product page\'s hidden spec sheet, and no visible or long-celled table', () => {
    const row = (y: number, label: string, value: string, visible: boolean) =>
      el('tr', { rect: [100, y, 600, 20], visible }, [
        el('th', { rect: [100, y, 200, 20], visible }, [text(label, [100, y, 200, 20], { visible })]),
        el('td', { rect: [300, y, 400, 20], visible }, [text(value, [300, y, 400, 20], { visible })]),
      ]);
    const sheet = (y: number, visible: boolean, tag = 'Material', care = 'Dishwasher safe') =>
      el('table', { rect: [100, y, 600, 60], visible }, [el('tbody', { rect: [100, y, 600, 60], visible }, [
        row(y, tag, 'Glazed stoneware', visible),
        row(y + 20, 'Capacity', '350 ml', visible),
        row(y + 40, 'Care', care, visible),
      ])]);
    const term = (y: number, tag: string, s: string) => el(tag, { rect: [100, y, 600, 20], visible: false }, [text(s, [100, y, 600, 20], { visible: false })]);
    const long = Array.from({ length: 45 }, (_, i) => `word${i}`).join(' ');
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('main', { rect: [100, 100, 600, 700] }, [
        el('p', { rect: [100, 100, 600, 60] }, [text('A stoneware mug thrown by hand and glazed in small batches, each one a little different.', [100, 100, 600, 60])]),
        sheet(200, false),
        sheet(300, true, 'Finish'),
        // hidden, but one cell is prose: a text laid out in a table, not a sheet of values
        sheet(400, false, 'Story', long),
        el('dl', { rect: [100, 500, 600, 40], visible: false }, [term(500, 'dt', 'Weight'), term(510, 'dd', '420 g'), term(520, 'dt', 'Height'), term(530, 'dd', '11 cm')]),
      ]),
      el('footer', { rect: [0, 800, 1200, 60] }, [sheet(800, false, 'Shipping')]),
    ]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    // the model keeps the description and none of the tables' cells
    const scores = bs.map((b) => (b.text.startsWith('A stoneware') ? 0.9 : 0.02));
    const texts = (type: PageType) => chooseContent(s, bs, scores, zeros(bs.length), 1, undefined, type).kept.map((i) => at(bs, i).text);
    const product = texts('product');
    // the hidden sheet in the page comes back whole; the visible one and the footer's stay out
    expect(product).toEqual(['A stoneware mug thrown by hand and glazed in small batches, each one a little different.', 'Material', 'Glazed stoneware', 'Capacity', '350 ml', 'Care', 'Dishwasher safe', 'Weight', '420 g', 'Height', '11 cm']);
    expect(texts('article')).toEqual([product[0]]);
    const c = chooseContent(s, bs, scores, zeros(bs.length), 1, undefined, 'product');
    expect(c.trace).toContainEqual({ step: 'hidden-specs', blocks: 10, words: 15 });
    // a page the model finds nothing on does not get a hidden table as its content
    expect(chooseContent(s, bs, bs.map(() => 0.01), zeros(bs.length), 1, undefined, 'product').kept).toEqual([]);
    // nor one where all it keeps is a hidden word or two (a shell's placeholder in a closed tab)
    const scrap = chooseContent(s, bs, bs.map((b) => (b.text === 'Material' ? 0.9 : 0.01)), zeros(bs.length), 1, undefined, 'product');
    expect(scrap.kept).toEqual([]);
    expect(scrap.trace.some((e) => e.step === 'hidden-specs')).toBe(false);
  });

  it("keeps a product page's shown spec sheet whole when the model kept half of it or more", () => {
    const cell = (tag: string, x: number, y: number, s: string) => el(tag, { rect: [x, y, 200, 20] }, [text(s, [x, y, 200, 20])]);
    const rows: Array<[string, string]> = [['Burrs', '48 mm conical'], ['Capacity', '35 g hopper'], ['Weight', '640 g'], ['Materials', 'Aluminium body']];
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('main', { rect: [100, 100, 600, 700] }, [
        el('p', { rect: [100, 100, 600, 60] }, [text('A hand grinder with steel burrs, machined from one piece of aluminium.', [100, 100, 600, 60])]),
        el('table', { rect: [100, 200, 600, 80] }, [el('tbody', { rect: [100, 200, 600, 80] }, rows.map(([label, value], i) =>
          el('tr', { rect: [100, 200 + i * 20, 600, 20] }, [cell('th', 100, 200 + i * 20, label), cell('td', 300, 200 + i * 20, value)])))]),
      ]),
    ]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const values = new Set(rows.map(([, value]) => value));
    const choose = (keep: (t: string) => boolean, type: PageType = 'product') =>
      chooseContent(s, bs, bs.map((b) => (keep(b.text) ? 0.9 : 0.02)), zeros(bs.length), 1, undefined, type);
    // the model kept the values and dropped their labels: the labels come back
    const c = choose((t) => t.startsWith('A hand') || values.has(t));
    expect(c.kept.map((i) => at(bs, i).text)).toEqual(['A hand grinder with steel burrs, machined from one piece of aluminium.', ...rows.flat()]);
    expect(c.trace).toContainEqual({ step: 'spec-rows', blocks: 4, words: 4 });
    // one value of four is no sheet the model chose
    const one = choose((t) => t.startsWith('A hand') || t === '640 g');
    expect(one.kept.map((i) => at(bs, i).text)).toEqual(['A hand grinder with steel burrs, machined from one piece of aluminium.', '640 g']);
    // elsewhere the rule does not apply
    expect(choose((t) => t.startsWith('A hand') || values.has(t), 'article').kept).toHaveLength(5);
  });

  it('returns no content when all that is kept is a few hidden words', () => {
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [0, 0, 0, 0], visible: false }, [text("I'm shopping for...", [0, 0, 0, 0], { visible: false })]),
      el('nav', { rect: [0, 0, 1200, 40] }, [text('Home Deals Help', [0, 0, 300, 40])]),
    ]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const scores = bs.map((b) => (b.hidden ? 0.9 : 0.01));
    const c = chooseContent(s, bs, scores, zeros(bs.length), 1, undefined, 'product');
    expect(c.kept).toEqual([]);
    expect(c.trace).toContainEqual({ step: 'hidden-scraps', blocks: 1, words: 3 });
    expect(c.trace).toContainEqual({ step: 'no-content', why: 'the kept text was a few hidden words' });
  });

  it('keeps the linked name of every card of a kept grid, and on a collection its price', () => {
    const card = (i: number) => el('li', { rect: [100, 100 + i * 100, 600, 90], attrs: { class: 'card' } }, [
      el('h3', { rect: [100, 100 + i * 100, 600, 30] }, [
        el('a', { rect: [100, 100 + i * 100, 600, 30], attrs: { href: `https://shop.example/mug-${i}` } }, [text(`Stoneware mug number ${i}, handmade`, [100, 100 + i * 100, 600, 30])]),
      ]),
      el('p', { rect: [100, 130 + i * 100, 600, 20] }, [text(`Model ${i}: glazed in the kiln for a day, ${i + 2} colours`, [100, 130 + i * 100, 600, 20])]),
      el('div', { rect: [100, 160 + i * 100, 100, 20], attrs: { class: 'price' } }, [text(`$${15 + i}.99`, [100, 160 + i * 100, 100, 20])]),
    ]);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [el('ul', { rect: [100, 100, 600, 500] }, [0, 1, 2, 3].map(card))]));
    const bs = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const units = indexBlocks(s, segment(s), bs).repeatAt;
    // the model keeps each card's description, and neither its name nor its price
    const scores = bs.map((b) => (b.text.startsWith('Model') ? 0.9 : 0.02));
    const texts = (type: PageType) => chooseContent(s, bs, scores, zeros(bs.length), 1, units, type).kept.map((i) => at(bs, i).text);
    expect(texts('collection')).toEqual([0, 1, 2, 3].flatMap((i) => [`Stoneware mug number ${i}, handmade`, `Model ${i}: glazed in the kiln for a day, ${i + 2} colours`, `$${15 + i}.99`]));
    expect(texts('article')).toEqual([0, 1, 2, 3].flatMap((i) => [`Stoneware mug number ${i}, handmade`, `Model ${i}: glazed in the kiln for a day, ${i + 2} colours`]));
    const c = chooseContent(s, bs, scores, zeros(bs.length), 1, units, 'collection');
    expect(c.trace).toContainEqual({ step: 'card-titles', cards: 4, blocks: 8, words: 24 });
    // a grid whose cards the model mostly leaves out gains nothing
    const few = bs.map((b) => (b.text.startsWith('Model 0') ? 0.9 : 0.02));
    expect(chooseContent(s, bs, few, zeros(bs.length), 1, units, 'collection').kept).toHaveLength(1);
  });

  it('keeps every line of a <pre> or a <br>-split element once one line is kept', () => {
    const s = codePage();
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.text.slice(0, 12))).toEqual(['Paragraph 1 ', 'npm install ', 'cd app', '}', '$ brindle in', 'cd app']);
    const c = chooseContent(s, b, [0.9, 0.8, 0.1, 0.1, 0.7, 0.1], zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2, 3, 4, 5]);
    expect(c.trace.filter((e) => e.step === 'unit').map((e) => e.step === 'unit' && [e.tag, e.blocks])).toEqual([['pre', 2], ['div', 1]]);
    expect(c.dropped).toEqual([]);
  });

  it('leaves out the rules it is asked to skip, and only those', () => {
    const s = codePage();
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const scores = [0.9, 0.8, 0.1, 0.1, 0.7, 0.1];
    const without = (rules: RuleName[]) => chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'article', new Set(rules));
    const all = without([]);
    // without wholeUnits the lines the scores left out stay out, and no 'unit' step is traced
    const noUnits = without(['wholeUnits']);
    expect(noUnits.kept).toEqual([0, 1, 4]);
    expect(noUnits.trace.some((e) => e.step === 'unit')).toBe(false);
    // a rule that does not fire on this page changes nothing when skipped
    expect(without(['dropComments', 'dropSignatures'])).toEqual(all);
  });

  it('asks about every rule of RULES, each once and in order, whatever the page type', () => {
    /** A set of no rules that records what it was asked. */
    class Asked extends Set<RuleName> {
      readonly names: string[] = [];
      override has(rule: RuleName): boolean {
        this.names.push(rule);
        return super.has(rule);
      }
    }
    const scores = prose.map((x) => (x ? 0.9 : 0.1));
    for (const type of PAGE_TYPES) {
      const asked = new Asked();
      chooseContent(snap, blocks, scores, zeros(blocks.length), 1, undefined, type, asked);
      expect(asked.names).toEqual([...RULES]);
    }
  });

  it('reads a mostly kept table row whole: its short cells come back, long ones keep their scores', () => {
    const cell = (s: string, x: number, y: number, w: number) => el('td', { rect: [x, y, w, 20] }, [text(s, [x, y, w, 20])]);
    const row = (y: number, first: string, name: string, last: string) =>
      el('tr', { rect: [100, y, 600, 20] }, [cell(first, 100, y, 40), cell(name, 140, y, 360), cell(last, 500, y, 200)]);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [100, 100, 600, 400] }, [
        p(1, 100),
        el('table', { rect: [100, 200, 600, 60] }, [el('tbody', { rect: [100, 200, 600, 60] }, [
          row(200, '1', 'Kyle Busch of Joe Gibbs Racing', '5040 points'),
          row(220, '2', 'Martin Truex Jr. of Joe Gibbs Racing', 'a long note that the model left out of the row'),
          row(240, '3', 'Kevin Harvick', '5033'),
        ])]),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.text.slice(0, 8))).toEqual(['Paragrap', '1', 'Kyle Bus', '5040 poi', '2', 'Martin T', 'a long n', '3', 'Kevin Ha', '5033']);
    // row 1: name and points kept, position not; row 2: the name alone is less than half of the
    // row's text; row 3: the position is left out, the rest kept
    const c = chooseContent(s, b, [0.9, 0.1, 0.9, 0.9, 0.1, 0.9, 0.1, 0.1, 0.9, 0.9], zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2, 3, 5, 7, 8, 9]);
    expect(c.trace).toContainEqual({ step: 'rows', rows: 2, blocks: 2 });
  });

  it('keeps a list or a table in the story flow whole when the model left its short items out', () => {
    const item = (s: string, x: number, y: number, tag = 'li') => el(tag, { rect: [x, y, 300, 20] }, [text(s, [x, y, 300, 20])]);
    const list = (y: number, tag = 'ul') => el(tag, { rect: [100, y, 600, 60] }, [item('Packing tape', 100, y), item('Permanent markers', 100, y + 20), item('Plastic baggies', 100, y + 40)]);
    const table = (y: number) => el('table', { rect: [100, y, 600, 40] }, [el('tbody', { rect: [100, y, 600, 40] }, [
      el('tr', { rect: [100, y, 600, 20] }, [item('Bar', 100, y, 'td'), item('15%', 400, y, 'td')]),
      el('tr', { rect: [100, y + 20, 600, 20] }, [item('Valet', 100, y + 20, 'td'), item('$2 - $5', 400, y + 20, 'td')]),
    ])]);
    const s = page(el('body', { rect: [0, 0, 1200, 1000] }, [
      el('div', { rect: [100, 100, 600, 800] }, [p(1, 100), list(180), p(2, 260), table(340), p(3, 400), links(3, 480), p(4, 560), list(640)]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const scores = b.map((x) => (x.text.startsWith('Paragraph') ? 0.9 : x.linkChars > 0 ? 0.3 : 0.45));
    const c = chooseContent(s, b, scores, zeros(b.length));
    const kept = c.kept.map((i) => at(b, i).text);
    // between kept paragraphs: the list and the table come back; the links and the list after the story do not
    expect(kept).toEqual(['Paragraph 1', 'Packing tape', 'Permanent markers', 'Plastic baggies', 'Paragraph 2', 'Bar', '15%', 'Valet', '$2 - $5', 'Paragraph 3', 'Paragraph 4'].map((t) => expect.stringContaining(t)));
    expect(c.trace.find((e) => e.step === 'story-lists')).toMatchObject({ lists: 2, blocks: 7 });
    // items the model reads as chrome stay out
    expect(chooseContent(s, b, b.map((x) => (x.text.startsWith('Paragraph') ? 0.9 : 0.1)), zeros(b.length)).kept).toHaveLength(4);
    // so does a list the page puts in a form or a navigation inside the story's element
    const inForm = page(el('body', { rect: [0, 0, 1200, 400] }, [el('div', { rect: [100, 100, 600, 300] }, [p(1, 100), el('form', { rect: [100, 180, 600, 60] }, [list(180)]), p(2, 260)])]));
    const fb = buildTextBlocks(inForm, indexNodes(inForm), { includeHidden: true });
    expect(chooseContent(inForm, fb, fb.map((x) => (x.text.startsWith('Paragraph') ? 0.9 : 0.45)), zeros(fb.length)).kept).toHaveLength(2);
    // the rule is for running text: a thread's or a product page's lists are the model's to choose
    expect(chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'forum').trace.some((e) => e.step === 'story-lists')).toBe(false);
    expect(chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'product').trace.some((e) => e.step === 'story-lists')).toBe(false);
  });

  it('does not read a layout table that holds the story as a list in it', () => {
    const para = (s: string, y: number) => el('p', { rect: [100, y, 500, 60] }, [text(s, [100, y, 500, 60])]);
    const long = (n: number) => `Story paragraph ${n}: ${Array.from({ length: 45 }, (_, i) => `word${i}`).join(' ')}.`;
    const side = (s: string, y: number) => el('p', { rect: [700, y, 200, 20] }, [text(s, [700, y, 200, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 1000] }, [el('div', { rect: [0, 0, 1200, 1000] }, [
      para('Intro to the story, kept above the layout table.', 50),
      el('table', { rect: [100, 120, 1000, 600] }, [el('tbody', { rect: [100, 120, 1000, 600] }, [el('tr', { rect: [100, 120, 1000, 600] }, [
        el('td', { rect: [100, 120, 500, 600] }, [para(long(1), 120), para(long(2), 200)]),
        el('td', { rect: [700, 120, 300, 600] }, [side('About the author', 120), side('Subscribe to our letter', 140), side('Copyright 2026', 160)]),
      ])])]),
      para('Outro of the story, kept below the layout table.', 760),
    ])]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const scores = b.map((x) => (x.words > 5 && !/About|Subscribe|Copyright/.test(x.text) ? 0.9 : 0.25));
    const c = chooseContent(s, b, scores, zeros(b.length));
    expect(c.kept.map((i) => at(b, i).text)).toEqual([expect.stringContaining('Intro'), expect.stringContaining('Story paragraph 1'), expect.stringContaining('Story paragraph 2'), expect.stringContaining('Outro')]);
    expect(c.trace.some((e) => e.step === 'story-lists')).toBe(false);
  });

  it('reveals hidden text it keeps (a collapsed tab of a product page)', () => {
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [100, 100, 600, 400] }, [
        p(1, 100),
        el('div', { rect: [0, 0, 0, 0], visible: false, style: { display: 'none' } }, [el('p', { visible: false }, [text('Specifications: weight 240 g, made of recycled aluminium.', [0, 0, 0, 0], { visible: false })])]),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.hidden)).toEqual([false, true]);
    const c = chooseContent(s, b, [0.9, 0.8], zeros(b.length));
    expect(c.selection.reveal?.length).toBe(1);
    expect(c.trace.find((e) => e.step === 'revealed')).toMatchObject({ blocks: 1 });
  });

  it('leaves out a quotation that repeats kept text, but keeps lines a page repeats on purpose', () => {
    const post = 'I replaced the fan and the noise went away after a week of testing.';
    const step = 'Eat 60 to 90 minutes before your workout';
    const line = (s: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [100, 100, 600, 400] }, [
        line(post, 100),
        line(step, 130),
        el('blockquote', { rect: [100, 160, 600, 20] }, [line(post, 160)]),
        line('Thanks, that fixed it for me too.', 190),
        line(step, 220),
        el('blockquote', { rect: [100, 250, 600, 20] }, [line('Thanks!', 250)]),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    // the quoted post goes; the repeated step and the short quote stay
    expect(c.kept).toEqual([0, 1, 3, 4, 5]);
    expect(c.trace.find((e) => e.step === 'repeated')).toEqual({ step: 'repeated', blocks: 1, words: 14 });
    expect(c.selection.exclude).toContain(at(s.nodes, at(b, 2).owner).parent); // the whole <blockquote>
  });

  it("leaves out a later copy of kept text on a thread (a poster's signature), and only on a thread", () => {
    const sig = 'If debugging is removing bugs, then programming must be putting them in.';
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const post = (y: number, lines: NodeDesc[]) => el('div', { rect: [100, y, 600, 90] }, lines);
    const s = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [100, 100, 600, 400] }, [
        post(100, [line('Which version of the library should I install on the new release?', 100), line(sig, 130), line('Thanks!', 160)]),
        post(190, [line('The one in the distribution works, I have used it for a month.', 190), line('Thanks!', 220), line(sig, 250)]),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const thread = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'forum');
    // the second signature goes; the first copy and the short repeat stay
    expect(thread.kept).toEqual([0, 1, 2, 3, 4]);
    expect(thread.trace.find((e) => e.step === 'repeated')).toEqual({ step: 'repeated', blocks: 1, words: 12 });
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length)).kept).toEqual([0, 1, 2, 3, 4, 5]);
    // a copy in the same element as the first is the page's own repetition (a refrain), not a copy
    const refrain = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [100, 100, 600, 200] }, [line(sig, 100), line('The one in the distribution works, I have used it for a month.', 130), line(sig, 160)]),
    ]));
    const r = buildTextBlocks(refrain, indexNodes(refrain), { includeHidden: true });
    expect(chooseContent(refrain, r, r.map(() => 0.9), zeros(r.length), 1, undefined, 'forum').kept).toEqual([0, 1, 2]);
  });

  it('leaves out a run of kept blocks that repeats an earlier run, but not lone or template repeats', () => {
    const line = (s: string, y: number, tag = 'p') => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const title = 'Trail runner 3, light and grippy';
    const blurb = 'A trail shoe with a rock plate and a softer foam for long days in the hills.';
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      // the desktop layout, then the same card laid out again for small screens
      el('div', { rect: [100, 100, 600, 60] }, [line(title, 100, 'h2'), line(blurb, 130)]),
      el('div', { rect: [100, 200, 600, 200] }, [
        line('Add to cart', 200),
        line('Rest day', 230),
        line('Rest day', 260),
        line('Rest day', 290),
        line('Add to cart', 320),
      ]),
      el('div', { rect: [100, 400, 600, 60] }, [line(title, 400, 'h4'), line(blurb, 430)]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(9);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    // the second copy of the card goes; the lone repeated line and the line kept thrice stay
    expect(c.kept).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(c.trace.find((e) => e.step === 'repeated-run')).toEqual({ step: 'repeated-run', runs: 1, blocks: 2, words: 23 });
  });

  it("leaves out kept text in the site's footer, navigation or aside, but not an article's own footer", () => {
    const line = (s: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('nav', { rect: [0, 0, 1200, 40] }, [line('Home, products and the shop of the company', 0)]),
      el('article', { rect: [100, 100, 600, 400] }, [
        line(sentence(1), 100),
        el('footer', { rect: [100, 130, 600, 20] }, [line('Filed under council meetings and the town budget', 130)]),
      ]),
      el('div', { rect: [800, 100, 300, 200], attrs: { role: 'complementary' } }, [line('More from the town council this week', 100)]),
      el('footer', { rect: [0, 800, 1200, 40] }, [line('Free shipping on every order over fifty dollars', 800)]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(5);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([1, 2]);
    expect(c.trace.find((e) => e.step === 'landmark')).toEqual({ step: 'landmark', blocks: 3, landmarks: 3 });
    // a page whose every kept block is in a landmark keeps them
    const only = chooseContent(s, b, b.map((_, i) => (i === 0 || i === 4 ? 0.9 : 0.1)), zeros(b.length));
    expect(only.kept).toEqual([0, 4]);
    expect(only.trace.some((e) => e.step === 'landmark')).toBe(false);
  });

  it("leaves out kept text in posters' signatures, but not a Sphinx signature or a page of signatures only", () => {
    const line = (s: string, y: number, cls?: string) =>
      el('div', { rect: [100, y, 600, 20], ...(cls ? { attrs: { class: cls } } : {}) }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('article', { rect: [100, 100, 600, 200], attrs: { class: 'post' } }, [
        line(sentence(1), 100),
        line('If it ain\'t flat, it ain\'t finished.', 130, 'post-signature'),
      ]),
      el('article', { rect: [100, 300, 600, 200], attrs: { class: 'post' } }, [
        line(sentence(2), 300),
        el('aside', { rect: [100, 330, 600, 40], attrs: { class: 'message-signature signature-collapsed' } }, [line('Making furniture from trees that fell down', 330)]),
        line('json.dumps(obj, *, skipkeys=False, ensure_ascii=True)', 360, 'sig sig-object py'),
        line('Served with our signature dish of the week', 390, 'signature-dish'),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([0, 2, 4, 5]);
    expect(c.trace.find((e) => e.step === 'signature')).toEqual({ step: 'signature', blocks: 2, words: 14 });
    // when every kept block is a signature, they stay
    const only = chooseContent(s, b, b.map((_, i) => (i === 1 || i === 3 ? 0.9 : 0.1)), zeros(b.length));
    expect(only.kept).toEqual([1, 3]);
  });

  it('leaves out kept text of symbols only, but not in code or a table, nor an emoji answer', () => {
    const line = (s: string, y: number, tag = 'p') => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      line(sentence(1), 100),
      line('▲ ▼', 130, 'div'),
      line('• • •', 160),
      el('pre', { rect: [100, 200, 600, 40] }, [line('}', 200, 'span')]),
      el('table', { rect: [100, 300, 600, 40] }, [el('tr', { rect: [100, 300, 600, 20] }, [line('✓', 300, 'td')])]),
      line('👍', 400),
      line('4.6 ★', 430),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.text)).toEqual([sentence(1).trim(), '▲ ▼', '• • •', '}', '✓', '👍', '4.6 ★']);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([0, 3, 4, 5, 6]);
    expect(c.trace.find((e) => e.step === 'symbols')).toEqual({ step: 'symbols', blocks: 2 });
    // a page whose only kept text is symbols keeps it (nothing else to show)
    expect(chooseContent(s, b, b.map((_, i) => (i === 1 ? 0.9 : 0.1)), zeros(b.length)).kept).toEqual([1]);
  });

  it("leaves out a product page's customer reviews, and only a product page's", () => {
    const line = (s: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('section', { rect: [100, 100, 600, 100], attrs: { id: 'description' } }, [line(sentence(1), 100)]),
      el('section', { rect: [100, 300, 600, 100], attrs: { id: 'reviews', class: 'border-t py-8' } }, [line('Drawdown times are within five seconds of each other', 300)]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(2);
    const product = chooseContent(s, b, [0.9, 0.9], zeros(2), 1, undefined, 'product');
    expect(product.kept).toEqual([0]);
    expect(product.trace.find((e) => e.step === 'signature')).toEqual({ step: 'signature', blocks: 1, words: 9 });
    expect(chooseContent(s, b, [0.9, 0.9], zeros(2)).kept).toEqual([0, 1]);
  });

  it("leaves out a product page's recommendation rail: the heading and what it opens, not the product", () => {
    const line = (s: string, y: number, tag = 'p') => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 50, 600, 300] }, [
        el('section', { rect: [100, 50, 600, 100] }, [line('Trail runner 3', 50, 'h1'), line(sentence(1), 80)]),
        el('section', { rect: [100, 200, 600, 150] }, [
          line('Customers who viewed this item also viewed', 200, 'h2'),
          el('ul', { rect: [100, 230, 600, 60] }, [line('Road runner 2, light and quick', 230, 'li'), line('$89.00', 260, 'li')]),
        ]),
      ]),
      // a longer line with the words is a sentence, not a rail's heading
      line('Runners who bought the first model also bought a second pair for the road, our survey found.', 400),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'product');
    expect(c.kept).toEqual([0, 1, 5]);
    expect(c.trace.find((e) => e.step === 'recommended')).toEqual({ step: 'recommended', sections: 1, blocks: 3, words: 14 });
    // on another type of page the rule does not apply
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length)).kept).toEqual([0, 1, 2, 3, 4, 5]);
    // a heading that opens the product's own box (its <h1> under it) takes nothing with it but itself
    const t = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('section', { rect: [100, 50, 600, 300] }, [line('You may also like', 50, 'h2'), line('Trail runner 3', 80, 'h1'), line(sentence(1), 110)]),
    ]));
    const tb = buildTextBlocks(t, indexNodes(t), { includeHidden: true });
    expect(chooseContent(t, tb, tb.map(() => 0.9), zeros(tb.length), 1, undefined, 'product').kept).toEqual([1, 2]);
  });

  it("leaves out a category page's rail under a heading the model dropped, and reads only headings there", () => {
    const line = (s: string, y: number, tag = 'p', visible = true) => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20], { visible })]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('main', { rect: [100, 50, 600, 300] }, [
        line('Trail running shoes', 50, 'h1'),
        el('ul', { rect: [100, 80, 600, 60] }, [line('Ridge 3 GTX $164.95', 80, 'li'), line('Pages 59-68 - Safety & Related Products', 110, 'li')]),
      ]),
      el('section', { rect: [100, 400, 600, 100] }, [
        line('Recently viewed', 400, 'h2'),
        el('ul', { rect: [100, 430, 600, 60] }, [line('Merino Trail Sock $18.00', 430, 'li'), line('Packable Wind Shell $95.00', 460, 'li')]),
      ]),
      // a hidden heading (a closed menu's) heads nothing the reader sees
      el('section', { rect: [100, 600, 600, 100] }, [line('You may also like', 600, 'h3', false), line('A guide to lugs and rock plates for wet fells.', 630)]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.text)).toEqual(['Trail running shoes', 'Ridge 3 GTX $164.95', 'Pages 59-68 - Safety & Related Products', 'Recently viewed', 'Merino Trail Sock $18.00', 'Packable Wind Shell $95.00', 'You may also like', 'A guide to lugs and rock plates for wet fells.']);
    const scores = b.map((_, i) => (i === 3 || i === 6 ? 0.01 : 0.9));
    const c = chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'collection');
    // the rail's cards go with its unkept heading; the entry that names related products stays
    expect(c.kept).toEqual([0, 1, 2, 7]);
    expect(c.trace.find((e) => e.step === 'recommended')).toEqual({ step: 'recommended', sections: 1, blocks: 2, words: 8 });
    // on a product page a kept line that names related products heads a rail too: what it opens
    const product = chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'product');
    expect(product.kept).toEqual([0, 1, 7]);
    expect(product.trace.find((e) => e.step === 'recommended')).toEqual({ step: 'recommended', sections: 2, blocks: 3, words: 13 });
    // an article's sections keep their headings' words
    expect(chooseContent(s, b, scores, zeros(b.length)).kept).toEqual([0, 1, 2, 4, 5, 7]);
  });

  it("takes a rail's own text only: not the page's grid under an empty rail, nor text after it, nor a rail twice", () => {
    const line = (s: string, y: number, tag = 'p') => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const cards = (y: number, names: string[]) => el('ul', { rect: [100, y, 600, 30 * names.length] }, names.map((n, k) => line(`${n} trail shoe, $1${k}9.00`, y + 30 * k, 'li')));
    // no <h1>: an empty "Recently viewed" strip above the results, in one wrapper with them
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 50, 600, 300] }, [
        el('section', { rect: [100, 50, 600, 20] }, [line('Recently viewed', 50, 'h2')]),
        el('main', { rect: [100, 80, 600, 200] }, [cards(80, ['Ridge', 'Skyline', 'Gritstone', 'Aiguille'])]),
      ]),
      line('Free delivery on orders over $50 to the whole of the country.', 400),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const scores = b.map((_, i) => (i === 0 ? 0.01 : 0.9));
    const grid = chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'collection');
    expect(grid.kept).toEqual([1, 2, 3, 4, 5]);
    expect(grid.trace.some((e) => e.step === 'recommended')).toBe(false);

    // a rail with a nested one (two headings, one rail), then text of their common ancestor after
    // it; the heading is a flex box, its text in a <span> of its own
    const t = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('main', { rect: [100, 50, 600, 600] }, [
        line('Trail running shoes', 50, 'h1'),
        cards(80, ['Ridge', 'Skyline', 'Gritstone', 'Aiguille', 'Mudclaw', 'Tor']),
        el('section', { rect: [100, 300, 600, 150] }, [
          el('h2', { rect: [100, 300, 600, 20] }, [el('div', { rect: [100, 300, 600, 20] }, [el('span', { rect: [100, 300, 300, 20] }, [text('Recommended for you', [100, 300, 300, 20])])])]),
          cards(330, ['Sock']),
          el('div', { rect: [100, 370, 600, 60] }, [line('Similar items', 370, 'h3'), cards(400, ['Vest'])]),
        ]),
        text('Showing 1 to 6 of 6 products', [100, 500, 600, 20]),
      ]),
    ]));
    const tb = buildTextBlocks(t, indexNodes(t), { includeHidden: true });
    expect(tb.map((x) => x.text)).toEqual(['Trail running shoes', 'Ridge trail shoe, $109.00', 'Skyline trail shoe, $119.00', 'Gritstone trail shoe, $129.00', 'Aiguille trail shoe, $139.00', 'Mudclaw trail shoe, $149.00', 'Tor trail shoe, $159.00', 'Recommended for you', 'Sock trail shoe, $109.00', 'Similar items', 'Vest trail shoe, $109.00', 'Showing 1 to 6 of 6 products']);
    const ts = tb.map((_, i) => (i === 7 || i === 9 ? 0.01 : 0.9));
    const c = chooseContent(t, tb, ts, zeros(tb.length), 1, undefined, 'collection');
    expect(c.kept).toEqual([0, 1, 2, 3, 4, 5, 6, 11]);
    expect(c.trace.find((e) => e.step === 'recommended')).toEqual({ step: 'recommended', sections: 1, blocks: 2, words: 8 });
  });

  it('leaves out lone addresses and ids on a product page, and a sentence it repeats', () => {
    const line = (s: string, y: number, tag = 'p') => el(tag, { rect: [100, y, 600, 20] }, [text(s, [100, y, 600, 20])]);
    const blurb = 'A trail shoe with a rock plate and a softer foam for long days.';
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      line(sentence(1), 100),
      line('https://cdn.example.com/images/160x160/shoe_thumb.jpg', 130, 'dd'),
      line('303097ac-d3e5-41e1-baf5-303640756ebf', 160, 'span'),
      line(blurb, 190),
      line('Add to cart', 220),
      line('In stock', 250),
      line(blurb, 280),
      line('Free returns', 310),
      line('Add to cart', 340),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(9);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'product');
    // the short repeated label stays: a phrase, not a copy of the layout
    expect(c.kept).toEqual([0, 3, 4, 5, 7, 8]);
    expect(c.trace.find((e) => e.step === 'symbols')).toEqual({ step: 'symbols', blocks: 2 });
    expect(c.trace.find((e) => e.step === 'repeated-run')).toEqual({ step: 'repeated-run', runs: 1, blocks: 1, words: 14 });
    // elsewhere a bare address may be content (a reference list), and a lone repeat a phrase
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length)).kept).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('leaves out teaser cards beside the one story, but not alike cards, cards without a linked headline, or a service page\'s', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const card = (i: number, y: number, linked = true) => el('article', { rect: [100, y, 600, 60], attrs: { class: 'card' } }, [
      el('h3', { rect: [100, y, 600, 20] }, [linked
        ? el('a', { rect: [100, y, 600, 20], attrs: { href: `https://example.com/story-${i}` } }, [text(`Headline of another story number ${i} today`, [100, y, 600, 20])])
        : text(`A reader named Sam number ${i} wrote`, [100, y, 600, 20])]),
      line(`Standfirst ${i}: what that other story says, in a sentence of plain words.`, y + 30),
    ]);
    const storyPage = (linked: boolean) => page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('article', { rect: [100, 100, 600, 320], attrs: { class: 'story' } }, [p(1, 100), p(2, 180), p(3, 260), p(4, 340)]),
      el('section', { rect: [100, 500, 600, 240] }, [card(0, 500, linked), card(1, 580, linked), card(2, 660, linked)]),
    ]));
    const s = storyPage(true);
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(10);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2, 3]);
    expect(c.trace.find((e) => e.step === 'teasers')).toMatchObject({ step: 'teasers', articles: 3, blocks: 6 });
    // a service page's cards are its content
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'service').kept).toHaveLength(10);
    // cards without a linked headline (replies, sections) stay
    const replies = storyPage(false);
    const rb = buildTextBlocks(replies, indexNodes(replies), { includeHidden: true });
    expect(chooseContent(replies, rb, rb.map(() => 0.9), zeros(rb.length)).kept).toHaveLength(10);
    // a listing of alike cards has no story to stand beside: every card stays
    const listing = page(el('body', { rect: [0, 0, 1200, 900] }, [card(0, 100), card(1, 180), card(2, 260), card(3, 340)]));
    const lb = buildTextBlocks(listing, indexNodes(listing), { includeHidden: true });
    expect(chooseContent(listing, lb, lb.map(() => 0.9), zeros(lb.length)).kept).toHaveLength(8);
  });

  it('names a comment section by how comment systems name it, and not by a word inside another name', () => {
    const names: Array<[string, Record<string, string>, boolean]> = [
      ['div', { id: 'comments' }, true], ['div', { id: 'commentsContainer' }, true], ['section', { class: 'comment-list clearfix' }, true],
      ['div', { class: 'entry-comments post-comments' }, true], ['div', { id: 'disqus_thread' }, true], ['ol', { class: 'comments' }, true],
      ['section', { id: 'commentary' }, false], ['div', { class: 'commentarea' }, false], ['div', { class: 'list-comments mathjax' }, false],
      ['section', { id: 'respond-to-review-comments' }, false], ['li', { class: 'comment' }, false], ['body', { class: 'comments-open' }, false],
    ];
    const s = page(el('html', { rect: [0, 0, 100, 100] }, names.map(([tag, attrs]) => el(tag, { rect: [0, 0, 10, 10], attrs }))));
    expect(names.map(([tag, attrs]) => isCommentsHint(s.nodes.find((n) => n.tag === tag && n.attrs?.id === attrs.id && n.attrs?.class === attrs.class)!))).toEqual(names.map(([, , is]) => is));
  });

  it('leaves out a reader comment section, but not a thread\'s replies nor a section named commentary', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 100, 600, 160], attrs: { class: 'entry-content' } }, [p(1, 100), p(2, 180)]),
      el('section', { rect: [100, 300, 600, 20], attrs: { id: 'commentary' } }, [line('The commentary on the new law follows in the second part of the text.', 300)]),
      el('div', { rect: [100, 400, 600, 60], attrs: { id: 'comments', class: 'comments-area' } }, [
        el('ol', { rect: [100, 400, 600, 60], attrs: { class: 'comment-list' } }, [
          el('li', { rect: [100, 400, 600, 20] }, [line('I tried this at home and it worked well for me, thanks.', 400)]),
          el('li', { rect: [100, 430, 600, 20] }, [line('Thanks for writing it up, it is very clear.', 430)]),
        ]),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(5);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2]);
    expect(c.trace.find((e) => e.step === 'comments')).toEqual({ step: 'comments', blocks: 2, words: 21 });
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'forum').kept).toEqual([0, 1, 2, 3, 4]);
  });

  it("leaves out a ticker's off-screen slides on an article, but not a collapsed box nor a service page's slides", () => {
    const slide = (t: string, x: number, shown: boolean) =>
      el('li', { rect: [x, 50, 480, 20], visible: shown, style: { display: 'inline-block' } }, [text(t, [x, 50, 480, 20], { visible: shown })]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 50, 500, 20], style: { overflow: 'hidden' } }, [
        el('ul', { rect: [100, 50, 1500, 20] }, [
          slide('Council approves the budget after a long night of talks.', 100, true),
          slide('Storm closes the harbour road for the second day in a row.', 600, false),
          slide('School board names a new head for the district schools.', 1100, false),
        ]),
      ]),
      el('div', { rect: [100, 100, 600, 300] }, [
        p(1, 100),
        el('div', { rect: [100, 180, 600, 0], style: { overflow: 'hidden' } }, [
          el('p', { rect: [100, 180, 600, 20], visible: false }, [text('More on the vote, in a box that opens below the paragraph.', [100, 180, 600, 20], { visible: false })]),
        ]),
        p(2, 200),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.hidden)).toEqual([false, true, true, false, true, false]);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    expect(c.kept).toEqual([0, 3, 4, 5]);
    expect(c.trace.find((e) => e.step === 'off-slide')).toMatchObject({ step: 'off-slide', blocks: 2 });
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'service').kept).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('leaves out kept hidden text that no kept text borders on a thread, but not hidden text beside a post', () => {
    const hidden = (t: string) => el('p', { rect: [0, 0, 0, 0], visible: false }, [text(t, [0, 0, 0, 0], { visible: false })]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 100, 600, 300] }, [
        p(1, 100),
        el('div', { rect: [0, 0, 0, 0], visible: false, style: { display: 'none' } }, [hidden('The rest of the first post, shown when the reader opens it.')]),
        p(2, 200),
      ]),
      el('footer', { rect: [0, 500, 1200, 40] }, [links(2, 500, 0, 1200)]),
      el('div', { rect: [0, 0, 0, 0], visible: false, style: { display: 'none' } }, [
        hidden('These cookies allow us to count visits and traffic sources so we can measure the site.'),
        hidden('These cookies are set by social media services to let you share our content.'),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.hidden)).toEqual([false, true, false, false, false, true, true]);
    const scores = [0.9, 0.6, 0.9, 0.05, 0.05, 0.6, 0.6];
    const thread = chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'forum');
    expect(thread.kept).toEqual([0, 1, 2]);
    expect(thread.trace.find((e) => e.step === 'detached-hidden')).toMatchObject({ step: 'detached-hidden', blocks: 2 });
    // elsewhere (a product's closed tabs after the page's end), the model's choice stands
    expect(chooseContent(s, b, scores, zeros(b.length), 1, undefined, 'product').kept).toEqual([0, 1, 2, 5, 6]);
    // and when all the kept text is hidden, it stays
    expect(chooseContent(s, b, [0.05, 0.05, 0.05, 0.05, 0.05, 0.9, 0.9], zeros(b.length), 1, undefined, 'forum').kept).toEqual([5, 6]);
  });

  it('keeps the text of an embedded post between kept paragraphs, but not its link-only chrome', () => {
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 100, 600, 400] }, [
        p(1, 100),
        el('blockquote', { rect: [100, 180, 600, 60], attrs: { class: 'twitter-tweet' } }, [
          el('p', { rect: [100, 180, 600, 20] }, [text('We must apply a system of compassion to justice.', [100, 180, 600, 20])]),
          el('p', { rect: [100, 210, 600, 20] }, [el('a', { rect: [100, 210, 300, 20], attrs: { href: 'https://example.com/post' } }, [text('View this post', [100, 210, 300, 20])])]),
        ]),
        p(2, 260),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(4);
    const c = chooseContent(s, b, [0.9, 0.1, 0.1, 0.9], zeros(b.length));
    expect(c.kept).toEqual([0, 1, 3]);
    expect(c.trace.find((e) => e.step === 'embedded')).toEqual({ step: 'embedded', blocks: 1, words: 9 });
  });

  it('keeps paragraphs that continue the story after its element closes, stepping over a link line', () => {
    const line = (t: string, y: number, link = false) => el('p', { rect: [100, y, 600, 20] }, [link
      ? el('a', { rect: [100, y, 600, 20], attrs: { href: 'https://example.com/more' } }, [text(t, [100, y, 600, 20])])
      : text(t, [100, y, 600, 20])]);
    const orphaned = (inside: NodeDesc[]) => page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [0, 0, 1200, 900], attrs: { id: 'app' } }, [
        el('article', { rect: [100, 100, 600, 200] }, [p(1, 100), p(2, 180), ...inside]),
        line('The rest of the story, which the page appended after its element had closed.', 320),
        line('READ MORE: another story from the same desk', 350, true),
        line('And its last paragraph, which says how the vote will be reviewed.', 380),
        el('div', { rect: [100, 420, 600, 20], attrs: { class: 'site-info' } }, [line('Copyright of the town paper, all rights reserved.', 420)]),
      ]),
    ]));
    const s = orphaned([]);
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const scores = [0.9, 0.9, 0.3, 0.3, 0.3, 0.3];
    const c = chooseContent(s, b, scores, zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2, 4]);
    expect(c.trace.find((e) => e.step === 'continued')).toMatchObject({ step: 'continued', blocks: 2 });
    // text the model is sure is boilerplate does not continue the story
    expect(chooseContent(s, b, [0.9, 0.9, 0.02, 0.3, 0.3, 0.3], zeros(b.length)).kept).toEqual([0, 1]);
    // a paragraph inside the story's element that the model dropped ends the run
    const t = orphaned([line('Filed under council meetings and the town budget.', 260)]);
    const tb = buildTextBlocks(t, indexNodes(t), { includeHidden: true });
    expect(chooseContent(t, tb, [0.9, 0.9, 0.02, 0.3, 0.3, 0.3, 0.3], zeros(tb.length)).kept).toEqual([0, 1]);
  });

  it('continues a story split across levels, whose last kept paragraph is already a child of the container', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [0, 0, 1200, 900], attrs: { id: 'app' } }, [
        el('article', { rect: [100, 100, 600, 200] }, [p(1, 100), p(2, 180)]),
        p(3, 320),
        line('And its last paragraph, which says how the vote will be reviewed.', 400),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(4);
    const c = chooseContent(s, b, [0.9, 0.9, 0.9, 0.3], zeros(b.length));
    expect(c.kept).toEqual([0, 1, 2, 3]);
    expect(c.trace.find((e) => e.step === 'continued')).toMatchObject({ step: 'continued', blocks: 1 });
    // kept text that starts at the container's level is not split: its dropped sibling stays out
    const flat = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [0, 0, 1200, 900] }, [p(1, 100), p(2, 180), line('And its last paragraph, which says how the vote will be reviewed.', 260)]),
    ]));
    const fb = buildTextBlocks(flat, indexNodes(flat), { includeHidden: true });
    expect(chooseContent(flat, fb, [0.9, 0.9, 0.3], zeros(fb.length)).kept).toEqual([0, 1]);
  });

  it('reads a story whose element closed early as one: its nested first part and its bare tail', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const item = (t: string, y: number) => el('li', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    // the page's layout (navigation, story column) closes after the story's second paragraph; the
    // rest of the story, a signup box and the page's footer follow as siblings
    const split = ({ nav = true, wrapTail = false } = {}) => {
      const third = wrapTail ? el('div', { rect: [100, 500, 600, 60] }, [el('div', { rect: [100, 500, 600, 60] }, [p(3, 500)])]) : p(3, 500);
      return page(el('body', { rect: [0, 0, 1200, 1200] }, [
        el('div', { rect: [0, 0, 1200, 1200], attrs: { id: 'root' } }, [
          el('div', { rect: [0, 0, 1200, 400] }, [
            ...(nav ? [el('nav', { rect: [0, 0, 1200, 40] }, [links(2, 0, 0, 1200)])] : []),
            el('main', { rect: [100, 60, 600, 340] }, [
              el('article', { rect: [100, 60, 600, 340] }, [
                el('div', { rect: [100, 60, 600, 340] }, [p(1, 60), p(2, 140)]),
              ]),
            ]),
          ]),
          line('What the council will vote on next:', 420),
          el('ul', { rect: [100, 450, 600, 40] }, [item('the budget', 450), item('the harbour road', 470)]),
          third,
          line('The rest of the story, which the page inserted after its element had closed.', 580),
          el('div', { rect: [100, 610, 600, 20] }, [line('Sign up for the morning letter.', 610)]),
          el('div', { rect: [100, 640, 600, 20], attrs: { class: 'site-info' } }, [line('Copyright of the town paper, all rights reserved.', 640)]),
        ]),
      ]));
    };
    const s = split();
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.map((x) => x.text.slice(0, 9))).toEqual(['Another s', 'Another s', 'Paragraph', 'Paragraph', 'What the ', 'the budge', 'the harbo', 'Paragraph', 'The rest ', 'Sign up f', 'Copyright']);
    // the model is sure of the tail's paragraph only, lukewarm about the rest of the story around
    // it, the signup box and the footer
    const scores = [0.01, 0.01, 0.3, 0.3, 0.4, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3];
    const c = chooseContent(s, b, scores, zeros(b.length));
    expect(c.kept).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(c.trace.find((e) => e.step === 'split-story')).toMatchObject({ step: 'split-story', blocks: 5 });
    // text the model is sure is not content stays out, and ends the tail
    expect(chooseContent(s, b, [0.01, 0.01, 0.3, 0.3, 0.4, 0.3, 0.3, 0.9, 0.02, 0.3, 0.3], zeros(b.length)).kept).toEqual([2, 3, 4, 5, 6, 7]);
    // a wrapper that holds neither navigation nor a title is a part inside a story (a table's
    // wrapper), not page layout that closed early
    const t = split({ nav: false });
    const tb = buildTextBlocks(t, indexNodes(t), { includeHidden: true });
    expect(chooseContent(t, tb, scores.slice(2), zeros(tb.length)).trace.some((e) => e.step === 'split-story')).toBe(false);
    // kept text deep in a wrapper beside the layout is a page's body in its own column, not a tail
    const u = split({ wrapTail: true });
    const ub = buildTextBlocks(u, indexNodes(u), { includeHidden: true });
    const deep = [0.01, 0.01, 0.3, 0.3, 0.3, 0.3, 0.3, 0.9, 0.3, 0.3, 0.3];
    const deepChoice = chooseContent(u, ub, deep, zeros(ub.length));
    expect(deepChoice.trace.some((e) => e.step === 'split-story')).toBe(false);
    expect(deepChoice.kept).toEqual([7, 8]);
    expect(chooseContent(s, b, deep, zeros(b.length)).kept).toEqual([2, 3, 4, 5, 6, 7, 8]);
  });

  it('keeps a product page\'s own description, as its meta and structured data state it, whatever its score', () => {
    const description = 'A hand-thrown stoneware mug with a matte glaze that keeps coffee warm and is dishwasher safe.';
    const review = 'Lovely heavy mug that keeps my coffee warm all morning and washes up well in the dishwasher.';
    const para = (t: string, y: number) => el('p', { rect: [100, y, 600, 40] }, [text(t, [100, y, 600, 40], { lines: 2 })]);
    const shop = (meta: Record<string, string>, jsonLd: unknown[]) => {
      const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
        el('div', { rect: [100, 100, 600, 200] }, [p(1, 100)]),
        el('div', { rect: [100, 400, 600, 200] }, [para(description, 400), para(review, 460), para('Stoneware mug, matte glaze.', 520)]),
      ]));
      return { ...s, metadata: { ...s.metadata, meta, jsonLd } };
    };
    const choose = (s: ReturnType<typeof shop>, type: 'product' | 'article' = 'product') => {
      const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
      // the model keeps the first paragraph only
      return chooseContent(s, b, b.map((_, i) => (i === 0 ? 0.9 : 0.01)), zeros(b.length), undefined, undefined, type);
    };
    // the description in JSON-LD (markup and all); a review's text there is not the product's
    const ld = [{ '@type': 'Product', description: `<p>${description}</p>`, review: [{ '@type': 'Review', description: review }] }];
    const c = choose(shop({}, ld));
    expect(c.kept).toEqual([0, 1]);
    expect(c.trace.find((e) => e.step === 'described')).toEqual({ step: 'described', blocks: 1, words: 16 });
    // or a meta description that cuts it short: most of the block's word pairs are enough
    expect(choose(shop({ 'og:description': description.slice(0, 70) }, [])).kept).toEqual([0, 1]);
    // a short label that repeats it is not the description; nor is anything on another type of page
    expect(choose(shop({ description: 'Stoneware mug, matte glaze.' }, [])).kept).toEqual([0]);
    expect(choose(shop({}, ld), 'article').kept).toEqual([0]);
  });

  it('reads a page\'s descriptions within bounds: a hostile page\'s JSON-LD may be huge or deep', () => {
    const s = page(el('body', { rect: [0, 0, 800, 600] }, [p(1, 0)]));
    const huge = Array.from({ length: 60_000 }, (_, i) => `w${i}`).join(' ');
    const pairs = describedPairs({ ...s, metadata: { ...s.metadata, jsonLd: [{ description: huge }] } });
    expect(pairs.size).toBeGreaterThan(1000);
    expect(pairs.size).toBeLessThan(20_000);
    let deep: Record<string, unknown> = { description: 'deep words here' };
    for (let k = 0; k < 50; k++) deep = { child: deep };
    expect(describedPairs({ ...s, metadata: { ...s.metadata, jsonLd: [deep] } }).size).toBe(0);
    const wide = Array.from({ length: 100_000 }, () => ({ x: 1 }));
    expect(describedPairs({ ...s, metadata: { ...s.metadata, jsonLd: [{ description: 'last words here' }, ...wide] } }).size).toBe(0);
  });

  it('leaves out a kicker: a paragraph between kept ones that is one link to the site, in capitals', () => {
    const linked = (t: string, y: number, href: string) => el('p', { rect: [100, y, 600, 20] }, [
      el('strong', { rect: [100, y, 600, 20] }, [el('a', { rect: [100, y, 600, 20], attrs: { href } }, [text(t, [100, y, 600, 20])])]),
    ]);
    const story = (middle: NodeDesc[]) => page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 100, 600, 500] }, [p(1, 100), ...middle, p(2, 300)]),
    ]), { url: 'https://www.example.com/news/council-vote' });
    const kept = (middle: NodeDesc[]) => {
      const s = story(middle);
      const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
      return chooseContent(s, b, b.map(() => 0.9), zeros(b.length));
    };
    const c = kept([linked('MAYOR SAYS THE BUDGET WILL PASS BY SPRING', 200, '/news/mayor-budget'), linked('GET THE NEWS APP', 240, 'https://apps.example.com/')]);
    expect(c.kept).toEqual([0, 3]);
    expect(c.trace.find((e) => e.step === 'kickers')).toEqual({ step: 'kickers', blocks: 2, words: 12 });
    // a link out leads to the story's source; a link in sentence case reads as the story's own
    expect(kept([linked('CLICK FOR THE FULL RESULTS', 200, 'https://results.example.org/')]).kept).toEqual([0, 1, 2]);
    expect(kept([linked('Mayor says the budget will pass by spring', 200, '/news/mayor-budget')]).kept).toEqual([0, 1, 2]);
    // not at the story's edges
    const s = story([]);
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length)).trace.some((e) => e.step === 'kickers')).toBe(false);
  });

  it('leaves out pointers to other pages in a story: "Related:" lines and a section of links under "Related articles"', () => {
    const a = (t: string, y: number, href: string) => el('a', { rect: [100, y, 600, 20], attrs: { href } }, [text(t, [100, y, 600, 20])]);
    const labelled = (label: string, t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(label, [100, y, 80, 20]), a(t, y, '/news/other')]);
    const prose = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const heading = (t: string, y: number) => el('h2', { rect: [100, y, 600, 30] }, [text(t, [100, y, 600, 30])]);
    const list = (y: number) => el('ul', { rect: [100, y, 600, 40] }, [
      el('li', { rect: [100, y, 600, 20] }, [a('How the council spends its money', y, '/news/spending')]),
      el('li', { rect: [100, y + 20, 600, 20] }, [a('Ten years of budget votes', y + 20, '/news/votes')]),
    ]);
    const choose = (middle: NodeDesc[], type: PageType = 'article') => {
      const s = page(el('body', { rect: [0, 0, 1200, 900] }, [el('div', { rect: [100, 100, 600, 600] }, [p(1, 100), ...middle])]));
      const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
      return chooseContent(s, b, b.map(() => 0.9), zeros(b.length), undefined, undefined, type);
    };
    const c = choose([labelled('Related: ', 'Mayor says the budget will pass by spring', 200), p(2, 240), heading('Related articles', 300), list(340)]);
    expect(c.kept).toEqual([0, 2]);
    expect(c.trace.find((e) => e.step === 'related-links')).toEqual({ step: 'related-links', lines: 1, sections: 1, blocks: 4, words: 22 });
    // prose that opens with the word stays; so does a section whose lines are not links, or one the story goes on after
    expect(choose([prose('Related research: the council has voted on the budget every spring since 2001.', 200), p(2, 240)]).kept).toEqual([0, 1, 2]);
    expect(choose([heading('Related articles', 300), prose('The vote was close.', 340)]).kept).toEqual([0, 1, 2]);
    expect(choose([heading('Related articles', 300), list(340), p(2, 400)]).kept).toEqual([0, 1, 2, 3, 4]);
    // only on an article page
    expect(choose([heading('Related articles', 300), list(340)], 'documentation').kept).toEqual([0, 1, 2, 3]);
    // a selection that is all pointers is the page's content: it stays
    const only = page(el('body', { rect: [0, 0, 1200, 900] }, [el('div', { rect: [100, 100, 600, 600] }, [heading('Related articles', 300), list(340)])]));
    const ob = buildTextBlocks(only, indexNodes(only), { includeHidden: true });
    const oc = chooseContent(only, ob, ob.map(() => 0.9), zeros(ob.length), undefined, undefined, 'article');
    expect(oc.kept).toEqual([0, 1, 2]);
    expect(oc.trace.some((e) => e.step === 'related-links')).toBe(false);
  });

  it('leaves out lines of page furniture in a story: an ad label, a contents title, a reading time, an update date', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const choose = (lines: string[], type: PageType = 'article') => {
      const s = page(el('body', { rect: [0, 0, 1200, 900] }, [el('div', { rect: [100, 100, 600, 600] }, [p(1, 100), ...lines.map((t, k) => line(t, 200 + 30 * k)), p(2, 500)])]));
      const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
      return chooseContent(s, b, b.map(() => 0.9), zeros(b.length), undefined, undefined, type);
    };
    const c = choose(['Advertisement', 'Table of Contents', 'Jane Doe | 5 min read', 'Last updated on May 2, 2024 at 09:27 am']);
    expect(c.kept).toEqual([0, 5]);
    expect(c.trace.find((e) => e.step === 'furniture')).toEqual({ step: 'furniture', blocks: 4, words: 18 });
    // sentences that start the same way, a publisher's name, and other page types keep them
    expect(choose(['Advertisement spending rose by a third in the year to March.', 'Published by Helvetiq']).kept).toEqual([0, 1, 2, 3]);
    expect(choose(['5 minute read'], 'documentation').kept).toEqual([0, 2]);
    expect(choose(['Advertisement'], 'listing').kept).toEqual([0, 1, 2]);
  });

  it('leaves out kept text in a group of form controls, unless all kept text is in one', () => {
    const line = (t: string, y: number) => el('p', { rect: [100, y, 600, 20] }, [text(t, [100, y, 600, 20])]);
    const facets = el('fieldset', { rect: [800, 100, 300, 60] }, [
      el('legend', { rect: [800, 100, 300, 20] }, [text('Colour', [800, 100, 300, 20])]),
      el('label', { rect: [800, 130, 300, 20] }, [text('Beige (12)', [800, 130, 300, 20])]),
    ]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [100, 100, 600, 60] }, [line('Stoneware Coffee Mug, handmade', 100), line('Linen Tea Towel, natural', 130)]),
      facets,
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(4);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'collection');
    expect(c.kept).toEqual([0, 1]);
    expect(c.trace.find((e) => e.step === 'controls')).toEqual({ step: 'controls', blocks: 2, words: 3 });
    // a page whose kept text is all in a form keeps it
    expect(chooseContent(s, b, [0.1, 0.1, 0.9, 0.9], zeros(b.length)).kept).toEqual([2, 3]);
  });

  it('names filter panels and announcement bars by their id or class tokens', () => {
    const names: Array<[string, boolean, boolean]> = [
      ['filters', true, false], ['filter-box is-active', true, false], ['facet-list', true, false], ['ArgyleFilterBtn', true, false],
      ['refinement-bar', true, false], ['filter grayscale', false, false], ['filtered', false, false],
      ['announcement-bar__message h5', false, true], ['promo-bar__text', false, true], ['pmb promo-message-banner', false, true],
      ['promo-banner cmp-text', false, false], ['marquee highlight', false, false],
    ];
    const s = page(el('html', { rect: [0, 0, 100, 100] }, [
      ...names.map(([cls]) => el('div', { rect: [0, 0, 10, 10], attrs: { class: cls } })),
      el('section', { rect: [0, 0, 10, 10], attrs: { role: 'marquee' } }),
    ]));
    const of = (cls: string) => s.nodes.find((n) => n.attrs?.class === cls)!;
    expect(names.map(([cls]) => isFilterPanelHint(of(cls)))).toEqual(names.map(([, f]) => f));
    expect(names.map(([cls]) => isAnnouncementHint(of(cls)))).toEqual(names.map(([, , a]) => a));
    expect(isAnnouncementHint(s.nodes.find((n) => n.attrs?.role === 'marquee')!)).toBe(true);
  });

  it('leaves out a filter panel beside a grid and an announcement bar, while they are the lesser part', () => {
    const line = (t: string, y: number, x = 100) => el('p', { rect: [x, y, 300, 20] }, [text(t, [x, y, 300, 20])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('div', { rect: [0, 0, 1200, 20], attrs: { class: 'announcement-bar' } }, [line('Free shipping on orders over $75', 0)]),
      el('div', { rect: [800, 100, 300, 60], attrs: { class: 'filter-box' } }, [line('Colour', 100, 800), line('Beige (12)', 130, 800)]),
      el('div', { rect: [100, 100, 600, 90] }, [
        line('Stoneware Coffee Mug, handmade in Portugal', 100), line('Linen Tea Towel, natural undyed flax', 130), line('Oak Serving Board with a juice groove', 160),
      ]),
    ]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(6);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'collection');
    expect(c.kept).toEqual([3, 4, 5]);
    expect(c.trace.find((e) => e.step === 'filters')).toEqual({ step: 'filters', blocks: 2, words: 3 });
    expect(c.trace.find((e) => e.step === 'announcement')).toEqual({ step: 'announcement', blocks: 1, words: 6 });
    // filters only on grids: an article keeps them (its tabs), and drops the announcement
    expect(chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'article').kept).toEqual([1, 2, 3, 4, 5]);
    // a page whose kept text is all, or mostly, in the panel keeps it
    expect(chooseContent(s, b, [0.1, 0.9, 0.9, 0.1, 0.1, 0.1], zeros(b.length), 1, undefined, 'collection').kept).toEqual([1, 2]);
  });

  it('names ad slots by a whole id or class token or by their aria-label', () => {
    const names: Array<[Record<string, string>, boolean]> = [
      [{ class: 'ad-row' }, true], [{ class: 'post ads' }, true], [{ id: 'ad-slot' }, true], [{ class: 'adsbygoogle' }, true],
      [{ class: 'advertisement' }, true], [{ class: 'sponsored-container' }, true], [{ 'aria-label': 'Advertisement' }, true],
      [{ 'aria-label': 'Sponsored content' }, true], [{ 'aria-label': 'Anzeige' }, true],
      // a CSS module's hash, an FAQ's class, a promoted card of the shop's own grid, a label that says more
      [{ class: 'AccordionTextItem_item__adF2E' }, false], [{ class: 'accordion-button ask-ads' }, false],
      [{ id: 'ad-listing-title-993944520' }, false], [{ class: 'read-more load-ads-later' }, false],
      [{ 'aria-label': 'Advertisement settings' }, false], [{ class: 'header' }, false],
    ];
    const s = page(el('html', { rect: [0, 0, 100, 100] }, names.map(([attrs], k) => el('div', { rect: [0, k, 10, 1], attrs }))));
    const divs = s.nodes.filter((n) => n.tag === 'div');
    expect(divs.map((n) => isAdSlotHint(n))).toEqual(names.map(([, ad]) => ad));
  });

  it("leaves out a sponsored row between a thread's posts, while ads are the lesser part", () => {
    const post = (k: number, y: number) => el('li', { rect: [100, y, 600, 60], attrs: { class: 'post' } }, [el('p', { rect: [100, y, 600, 60] }, [text(`Reply ${k}: I tried a tighter chip breaker and the tear-out on the cherry board went away.`, [100, y, 600, 60])])]);
    const ad = el('li', { rect: [100, 200, 600, 40], attrs: { class: 'ad-row', 'aria-label': 'Advertisement' } }, [text('Sponsored · Ridgeway Tool Works: bevel-up smoothing planes, lifetime guarantee.', [100, 200, 600, 40])]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [el('ol', { rect: [100, 100, 600, 400] }, [post(1, 100), ad, post(2, 260), post(3, 340)])]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    expect(b.length).toBe(4);
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'forum');
    expect(c.kept).toEqual([0, 2, 3]);
    expect(c.trace.find((e) => e.step === 'ad-slots')).toEqual({ step: 'ad-slots', blocks: 1, words: 9 });
    // a page whose kept text is mostly inside such a name keeps it
    expect(chooseContent(s, b, [0.1, 0.9, 0.1, 0.1], zeros(b.length), 1, undefined, 'forum').kept).toEqual([1]);
  });

  describe('a short box whose first line is an ad label', () => {
    const ad = 'Summit Auto Mall: 0.9% financing on certified pre-owned vehicles.';
    const story = (k: number, y: number) => el('article', { rect: [100, y, 600, 60] }, [el('h3', { rect: [100, y, 600, 60] }, [text(`Story ${k}: the county approves a new bridge over the river after a decade of talks.`, [100, y, 600, 60])])]);
    const small = (s: string, y: number, opts: { visible?: boolean } = {}) => el('small', { rect: [100, y, 100, 15], visible: opts.visible }, [text(s, [100, y, 100, 15], opts)]);
    const copy = (s: string, y: number) => el('p', { rect: [100, y, 600, 25] }, [text(s, [100, y, 600, 25])]);
    const box = (y: number, children: NodeDesc[]) => el('div', { rect: [100, y, 600, 40], attrs: { class: 'sc-ad01 wErTyU' } }, children);
    /** The text a listing keeps when every block scores alike, with `inserted` between its stories. */
    const kept = (inserted: NodeDesc, stories = 4) => {
      const after = Array.from({ length: stories - 2 }, (_, k) => story(k + 3, 600 + 60 * k));
      const s = page(el('body', { rect: [0, 0, 1200, 900] }, [el('main', { rect: [100, 100, 600, 500] }, [story(1, 100), story(2, 160), inserted, ...after])]));
      const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
      const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'listing');
      return { text: toText(s, c.selection), step: c.trace.find((e) => e.step === 'ad-slots') };
    };

    it('is left out, the label in an element of its own or bare, in any of the languages', () => {
      for (const label of [small('Advertisement', 220), small('ANZEIGE', 220), text('Publicité', [100, 220, 100, 15])]) {
        const got = kept(box(220, [label, copy(ad, 240)]));
        expect(got.text).toContain('Story 4');
        expect(got.text).not.toContain('Summit Auto Mall');
        expect(got.step).toMatchObject({ step: 'ad-slots', blocks: 2 });
      }
      // a label in two pieces is read in document order
      const pieces = el('small', { rect: [100, 220, 100, 15] }, [el('span', { rect: [100, 220, 50, 15] }, [text('Publi', [100, 220, 50, 15])]), el('span', { rect: [150, 220, 50, 15] }, [text('cidad', [150, 220, 50, 15])])]);
      expect(kept(box(220, [pieces, copy(ad, 240)])).text).not.toContain('Summit Auto Mall');
    });

    it('is not read where the label is not a label of its own', () => {
      const stays: Array<[string, NodeDesc]> = [
        // text before the label
        ['text first', box(220, [copy(ad, 220), small('Advertisement', 250), copy(ad, 270)])],
        // a hidden label
        ['hidden label', box(220, [small('Advertisement', 220, { visible: false }), copy(ad, 240)])],
        // on the line of the text after it: a sentence
        ['same line', box(220, [small('Anzeige', 220), el('span', { rect: [200, 220, 500, 15] }, [text('der Stadtwerke: so sparen Sie Strom.', [200, 220, 500, 15])])])],
        // a heading or a link
        ['heading', box(220, [el('h2', { rect: [100, 220, 600, 20] }, [text('Advertisement', [100, 220, 600, 20])]), copy(ad, 245)])],
        ['link', box(220, [el('a', { rect: [100, 220, 100, 15], attrs: { href: '/ads' } }, [text('Advertisement', [100, 220, 100, 15])]), copy(ad, 240)])],
        // words a page uses for its own content: a privacy policy's section, a shop's promoted card
        ['not a slot label', box(220, [small('Advertising', 220), copy(ad, 240)])],
        ['sponsored', box(220, [small('Sponsored', 220), copy(ad, 240)])],
        // a label alone
        ['label alone', box(220, [small('Advertisement', 220)])],
      ];
      for (const [what, inserted] of stays) expect(kept(inserted).step, what).toBeUndefined();
      // a label that takes more nodes to read than a label can: 200 empty elements before its text
      const padded = el('small', { rect: [100, 220, 100, 15] }, [...Array.from({ length: 200 }, () => el('span', { rect: [100, 220, 0, 0] })), text('Advertisement', [100, 220, 100, 15])]);
      expect(kept(box(220, [padded, copy(ad, 240)])).step).toBeUndefined();
    });

    it('is not the ad when the box holds more than an ad\'s copy', () => {
      // a story column that opens with an ad's label before its own paragraphs (the lesser part of
      // the page's text, so that only the length tells it from a slot)
      const paragraphs = Array.from({ length: 5 }, (_, k) => copy(`Paragraph ${k + 1} of the story: the council met on Tuesday night to hear residents on the bridge plan.`, 240 + 30 * k));
      const got = kept(el('div', { rect: [100, 220, 600, 180] }, [small('Advertisement', 220), ...paragraphs]), 12);
      expect(got.step).toBeUndefined();
      expect(got.text).toContain('Paragraph 5 of the story');
    });
  });

  it('names text for screen readers only by the class frameworks give it, as a whole class token', () => {
    const names: Array<[string, boolean]> = [
      ['sr-only', true], ['price visually-hidden', true], ['visuallyhidden', true], ['screen-reader-text', true], ['element-invisible', true],
      ['visually-hidden-focusable', false], ['sr-only-text-wrapper', false], ['hidden', false], ['rating-sr', false],
    ];
    const s = page(el('html', { rect: [0, 0, 100, 100] }, names.map(([cls]) => el('span', { rect: [0, 0, 10, 10], attrs: { class: cls } }))));
    expect(names.map(([cls]) => isScreenReaderHint(s.nodes.find((n) => n.attrs?.class === cls)!))).toEqual(names.map(([, is]) => is));
  });

  it('leaves text for screen readers only out of the selection', () => {
    const card = (name: string, price: string, y: number) => el('div', { rect: [100, y, 600, 40] }, [
      el('h3', { rect: [100, y, 600, 20] }, [text(name, [100, y, 600, 20])]),
      el('div', { rect: [100, y + 20, 600, 20] }, [
        el('span', { rect: [100, y + 20, 100, 20], attrs: { class: 'visually-hidden visually-hidden--inline' } }, [text('Regular price', [100, y + 20, 100, 20])]),
        text(price, [200, y + 20, 100, 20]),
      ]),
    ]);
    const s = page(el('body', { rect: [0, 0, 1200, 900] }, [el('div', { rect: [100, 100, 600, 100] }, [card('Dark Roast Coffee', '$19.99', 100), card('Vanilla Coffee', '$17.99', 150)])]));
    const b = buildTextBlocks(s, indexNodes(s), { includeHidden: true });
    const c = chooseContent(s, b, b.map(() => 0.9), zeros(b.length), 1, undefined, 'collection');
    const spans = s.nodes.filter((n) => n.attrs?.class?.startsWith('visually-hidden')).map((n) => n.id);
    expect(c.selection.exclude).toEqual(expect.arrayContaining(spans));
    expect(c.trace.find((e) => e.step === 'screen-reader')).toEqual({ step: 'screen-reader', elements: 2, chars: 26 });
    expect(toText(s, c.selection)).not.toContain('Regular price');
    // when the kept text is all for screen readers, it stays
    const t = page(el('body', { rect: [0, 0, 1200, 900] }, [el('div', { rect: [100, 100, 600, 50] }, [
      el('p', { rect: [100, 100, 600, 20], attrs: { class: 'sr-only' } }, [text('The catalogue lists every coffee we roast this month.', [100, 100, 600, 20])]),
      el('p', { rect: [100, 130, 600, 20], attrs: { class: 'sr-only' } }, [text('Each coffee comes as whole beans or ground to order.', [100, 130, 600, 20])]),
    ])]));
    const tb = buildTextBlocks(t, indexNodes(t), { includeHidden: true });
    const only = chooseContent(t, tb, tb.map(() => 0.9), zeros(tb.length), 1, undefined, 'collection');
    expect(only.kept).toEqual([0, 1]);
    expect(only.trace.find((e) => e.step === 'screen-reader')).toBeUndefined();
    expect(toText(t, only.selection)).toContain('The catalogue lists');
  });
});

describe('drop reasons', () => {
  it('name the component that pulled a block down most, for every component but the base', () => {
    const reasons = SCORE_COMPONENTS.filter((c): c is DropReason => c !== 'base');
    expect(reasons.length).toBe(SCORE_COMPONENTS.length - 1);
    for (const reason of reasons) {
      const row = SCORE_COMPONENTS.map((c: ScoreComponent) => (c === reason ? -2 : c === 'base' ? -5 : -0.5));
      expect(dropReason(row, 0)).toBe(reason);
    }
  });
});

describe('the decision record of the bundled models', () => {
  it('names the main blocks, their roles, and score components that add up to each block\'s log-odds', () => {
    const snap = articlePage();
    const d = classify(snap, segment(snap));
    expect(PAGE_TYPES).toContain(d.pageType);
    expect(d.pageType).not.toBe('other');
    expect(Object.keys(d.pageTypeScores).sort()).toEqual(PAGE_TYPES.filter((t) => t !== 'other').sort());
    expect(d.main).not.toBeNull();
    expect(d.main!.blockIds.length).toBeGreaterThan(0);
    for (const id of d.main!.blockIds) expect(id === d.main!.id || id.startsWith(`${d.main!.id}-`)).toBe(true);
    expect(d.blocks.find((b) => b.id === d.main!.id)!.role).toBe('main');
    expect(at(d.trace, 0).step).toBe('page-type');
    expect(d.trace.some((e) => e.step === 'container')).toBe(true);
    expect(d.trace.find((e) => e.step === 'main-blocks')).toEqual({ step: 'main-blocks', main: d.main!.id, blocks: d.main!.blockIds.length, minShare: 0.5 });
    for (const b of d.blocks) {
      if (!b.features.chars) continue;
      expect(Object.keys(b.components).sort()).toEqual([...SCORE_COMPONENTS].sort());
      expect(b.logOdds).toBeCloseTo(Object.values(b.components).reduce((s, x) => s + x!, 0), 2);
      expect(b.score).toBeGreaterThanOrEqual(0);
      expect(b.score).toBeLessThanOrEqual(1);
    }
    const main = toText(snap, d.selection);
    for (const i of [1, 2, 3, 4]) expect(main).toContain(`Paragraph ${i} explains`);
    // the navigation and the sidebar (whose links 4 to 7 appear nowhere else) are left out
    for (const i of [4, 5, 6, 7]) expect(main).not.toContain(`Another story headline number ${i}`);
  });

  it('reads a page that declares itself a thread in schema.org as a forum, whatever the model reads', () => {
    const snap = articlePage();
    const plain = classify(snap, segment(snap));
    expect(plain.pageType).not.toBe('forum');
    expect(plain.trace[0]).not.toHaveProperty('declared');
    for (const type of ['DiscussionForumPosting', 'QAPage']) {
      const thread = { ...snap, metadata: { ...snap.metadata, jsonLd: [{ '@context': 'https://schema.org', '@type': type, headline: 'Tear-out on maple' }] } };
      const d = classify(thread, segment(thread));
      expect(d.pageType).toBe('forum');
      expect(d.trace[0]).toEqual({ step: 'page-type', pageType: 'forum', probability: d.pageTypeScores.forum, declared: type.toLowerCase() });
    }
    // a comment or a person on an article page declares no thread
    const article = { ...snap, metadata: { ...snap.metadata, jsonLd: [{ '@type': 'NewsArticle', comment: [{ '@type': 'Comment' }], author: { '@type': 'Person' } }] } };
    expect(classify(article, segment(article)).pageType).not.toBe('forum');
  });

  it("blends the page types' selection powers by their probabilities, as a geometric mean", () => {
    const powers = { article: 2, listing: 0.5, product: 1.3 };
    expect(blendedPower([['article', 1]], powers)).toBe(2);
    expect(blendedPower([['article', 0], ['listing', 1]], powers)).toBe(0.5);
    // halfway between 2 and 0.5 in log terms: 1
    expect(blendedPower([['article', 0.5], ['listing', 0.5]], powers)).toBeCloseTo(1, 12);
    // weights need not sum to 1
    expect(blendedPower([['article', 0.2], ['listing', 0.2]], powers)).toBeCloseTo(1, 12);
    expect(blendedPower([['article', 0.75], ['listing', 0.25]], powers)).toBeCloseTo(Math.SQRT2, 12);
    // a type without a power counts with the default; no weights, or no powers, give the default
    expect(blendedPower([['forum', 0.5], ['article', 0.5]], powers)).toBeCloseTo(Math.sqrt(2 * SELECTION_POWER), 12);
    expect(blendedPower([], powers)).toBe(SELECTION_POWER);
    expect(blendedPower([['article', 1]], undefined)).toBe(SELECTION_POWER);
  });

  it('reads the page as the type the caller gives, over the model and a declared thread', () => {
    const snap = articlePage();
    const plain = classify(snap, segment(snap));
    expect(plain.pageType).toBe('article');
    const thread = { ...snap, metadata: { ...snap.metadata, jsonLd: [{ '@context': 'https://schema.org', '@type': 'QAPage' }] } };
    for (const [s, type] of [[snap, 'documentation'], [thread, 'product'], [snap, 'article']] as const) {
      const d = classify(s, segment(s), { pageType: type });
      expect(d.pageType).toBe(type);
      // the model's own probability of the given type, and no thread the page declares
      expect(d.trace[0]).toEqual({ step: 'page-type', pageType: type, probability: d.pageTypeScores[type], given: true });
      expect(d.pageTypeScores).toEqual(classify(s, segment(s)).pageTypeScores);
      expect(d.reason).toMatch(new RegExp(`^${type} page \\(given; model ${d.pageTypeScores[type]}\\): `));
      expect(toText(s, d.selection)).toContain('Paragraph 4 explains');
    }
    // the selection is the given type's: its power and rules
    const models = bundledModels();
    const powers = models.selection!;
    const type = (['product', 'collection', 'listing', 'service', 'forum', 'documentation'] as const).find((t) => powers[t] !== powers.article)!;
    expect(type).toBeDefined();
    expect(classify(snap, segment(snap), { pageType: type }).trace.find((e) => e.step === 'selected')).toMatchObject({ power: powers[type] });
    // the model's own reading blends the types' powers by its probabilities
    const blended = blendedPower(Object.entries(plain.pageTypeScores) as Array<[PageType, number]>, powers);
    const selected = plain.trace.find((e) => e.step === 'selected');
    expect(selected?.step === 'selected' && Math.abs(selected.power - blended)).toBeLessThan(0.01);
    // JavaScript callers get the options' check: `other` only says a page is empty
    for (const bad of ['other', 'blog']) expect(() => classify(snap, segment(snap), { pageType: bad as never })).toThrow(/^pageType must be one of/);
  });

  it('finds the main block even when VIPS left the article in a leaf that is mostly other text', () => {
    // A content model that keeps exactly the blocks that are not links, so the test is about
    // how kept text becomes main blocks, not about what the bundled models keep.
    const prose: ModelFile = {
      format: 'viseg-trees-1', target: 'content', features: ['links.density'], base: [0], provenance: {},
      trees: [{ feature: [0, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, 4, -4] }],
    };
    const models = { ...bundledModels(), first: compileModel(prose) };
    const snap = page(el('body', { rect: [0, 0, 1200, 1400] }, [
      el('div', { rect: [100, 0, 600, 800] }, [links(30, 0, 100, 600)]),
      el('div', { rect: [100, 820, 600, 200] }, [p(1, 820), p(2, 900)]),
    ]));
    const segmented = segment(snap);
    const coarse = { ...segmented, root: { ...segmented.root, children: [], nodes: [0] } };
    const d = classify(snap, coarse, { models });
    const root = d.blocks.find((b) => b.id === '1')!;
    expect(root.leaf).toBe(true);
    expect(root.features.mainShare).toBeGreaterThan(0);
    expect(root.features.mainShare).toBeLessThan(0.5);
    expect(d.main?.id).toBe('1');
    expect(d.trace.find((e) => e.step === 'main-blocks')).toEqual({ step: 'main-blocks', main: '1', blocks: 1, minShare: 0 });
    expect(toText(snap, d.selection)).toContain('Paragraph 2 explains');
    expect(toText(snap, d.selection)).not.toContain('Another story');
  });

  it('calls a page whose kept text has no words `other`, and says so in the trace', () => {
    const keepAll: ModelFile = {
      format: 'viseg-trees-1', target: 'content', features: ['links.density'], base: [4], provenance: {},
      trees: [{ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [0] }],
    };
    const snap = page(el('body', { rect: [0, 0, 1200, 800] }, [
      el('div', { rect: [0, 0, 1200, 40] }, [text('— • — • —', [0, 0, 300, 40])]),
    ]));
    const d = classify(snap, segment(snap), { models: { ...bundledModels(), first: compileModel(keepAll), second: undefined } });
    expect(d.pageType).toBe('other');
    expect(d.main).toBeNull();
    expect(d.trace.find((e) => e.step === 'too-short')).toEqual({ step: 'too-short', words: 0, min: 1 });
  });

  it('reads a "listing" whose kept entries were teaser cards beside one story as an article', () => {
    const keepAll: ModelFile = {
      format: 'viseg-trees-1', target: 'content', features: ['links.density'], base: [4], provenance: {},
      trees: [{ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [0] }],
    };
    // a page-type model that always answers "listing"
    const listing: ModelFile = {
      format: 'viseg-trees-1', target: 'page-type', classes: ['article', 'listing'], features: [at(bundledModels().pageType.features, 0)], base: [0, 2], provenance: {},
      trees: [0, 1].map(() => ({ feature: [-1], threshold: [0], left: [-1], right: [-1], value: [0] })),
    };
    const card = (i: number, y: number) => el('article', { rect: [100, y, 600, 60], attrs: { class: 'card' } }, [
      el('h3', { rect: [100, y, 600, 20] }, [el('a', { rect: [100, y, 600, 20], attrs: { href: `https://example.com/story-${i}` } }, [text(`Headline of another story number ${i} today`, [100, y, 600, 20])])]),
      el('p', { rect: [100, y + 30, 600, 20] }, [text(`Standfirst ${i}: what that other story says, in a sentence of plain words.`, [100, y + 30, 600, 20])]),
    ]);
    const snap = page(el('body', { rect: [0, 0, 1200, 900] }, [
      el('article', { rect: [100, 100, 600, 320], attrs: { class: 'story' } }, [p(1, 100), p(2, 180), p(3, 260), p(4, 340)]),
      el('section', { rect: [100, 500, 600, 240] }, [card(0, 500), card(1, 580), card(2, 660)]),
    ]));
    const d = classify(snap, segment(snap), { models: { ...bundledModels(), first: compileModel(keepAll), second: undefined, pageType: compileModel(listing) } });
    expect(d.trace[0]).toMatchObject({ step: 'page-type', pageType: 'listing' });
    expect(d.trace[1]).toEqual({ step: 'retyped', from: 'listing', to: 'article' });
    expect(d.pageType).toBe('article');
    expect(toText(snap, d.selection)).toContain('Paragraph 4 explains');
    expect(toText(snap, d.selection)).not.toContain('Standfirst');
    // a listing the caller gives stays one
    const given = classify(snap, segment(snap), { models: { ...bundledModels(), first: compileModel(keepAll), second: undefined, pageType: compileModel(listing) }, pageType: 'listing' });
    expect(given.trace.some((e) => e.step === 'teasers')).toBe(true);
    expect(given.trace.some((e) => e.step === 'retyped')).toBe(false);
    expect(given.pageType).toBe('listing');
  });

  it('calls a page without text `other`, with no main content and the reason', () => {
    const snap = page(el('body', { rect: [0, 0, 1200, 800] }, [el('div', { rect: [0, 0, 1200, 800] })]));
    const d = classify(snap, segment(snap));
    expect(d.pageType).toBe('other');
    expect(d.main).toBeNull();
    expect(d.selection.roots).toEqual([]);
    expect(d.reason).toMatch(/no main content/);
    expect(d.trace.at(-1)).toMatchObject({ step: 'no-content' });
  });
});
