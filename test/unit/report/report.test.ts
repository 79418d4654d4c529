import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { annotate } from '../../../src/annotate/draw.js';
import { screenshotName } from '../../../src/annotate/files.js';
import { LEGEND_MARGIN } from '../../../src/annotate/overlay.js';
import {
  escapeHtml, jsonForScript, loadReportInputs, percentile, pngSize, renderReport, screenshotCandidates, summarize, writeReport, type ReportEntry,
} from '../../../src/report/index.js';
import { textPassages, topCandidates } from '../../../src/report/render.js';
import { blankPng, fakePage, fakeRecord } from '../annotate/fake.js';
import { at } from '../../../src/util/at.js';

const tmp = mkdtempSync(path.join(tmpdir(), 'viseg-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function entries(): Promise<ReportEntry[]> {
  const { decision } = fakePage();
  const png = await blankPng(800, 600);
  return [
    { record: fakeRecord(1, { decision }), screenshot: png, blocks: decision.blocks },
    { record: fakeRecord(2), screenshot: png },
    { record: { ...fakeRecord(3), ok: false, title: null, text: '', mainBlock: null, error: { code: 'HTTP_ERROR', message: 'HTTP 404 for x' } } },
  ];
}

/** The document with the embedded data (JSON, base64 images) and our own inline script removed. */
function markup(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/data:image\/png;base64,[A-Za-z0-9+/=]+/g, 'data:image/png;base64,X');
}

describe('escaping helpers', () => {
  it('escapes html and script json', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    const j = jsonForScript({ t: '</script><!-- & \u2028' });
    expect(j).not.toContain('<');
    expect(j).not.toContain('>');
    expect(j).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(j)).toEqual({ t: '</script><!-- & \u2028' });
  });

  it('reads png sizes and percentiles', async () => {
    expect(pngSize(await blankPng(31, 17))).toEqual({ width: 31, height: 17 });
    expect(pngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 0.9)).toBeCloseTo(91);
    expect(Number.isNaN(percentile([], 0.5))).toBe(true);
  });
});

describe('renderReport', () => {
  it('lists one entry per record, with a summary', async () => {
    const html = renderReport(await entries(), { title: 'My run' });
    expect(html.match(/<article class="page"/g)).toHaveLength(3);
    for (const i of [1, 2, 3]) expect(html).toContain(`id="page-${i}"`);
    expect(html).toContain('<title>My run</title>');
    const s = summarize((await entries()).map((e) => e.record));
    expect(s).toMatchObject({ pages: 3, ok: 2, failed: 1, failuresByCode: [{ code: 'HTTP_ERROR', count: 1 }] });
    expect(s.timings.find((t) => t.stage === 'load')).toMatchObject({ n: 2, median: 101.5 });
    expect(html).toContain('HTTP_ERROR');
    expect(html).toMatch(/<td>load<\/td><td class="num">[\d.]+ ms<\/td>/);
  });

  it('embeds screenshots as data: URIs and references nothing outside the file', async () => {
    const e = await entries();
    at(e, 0).record.text = 'see http://evil.example/x and <img src="https://evil.example/y.png">';
    at(e, 0).record.title = '<a href="https://evil.example/">click</a>';
    const html = renderReport(e);
    expect(html.match(/<img src="data:image\/png;base64,/g)).toHaveLength(2);
    // no src/href/url() to anything but data: or an in-page anchor
    const refs: string[] = [];
    for (const tag of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
      for (const a of tag[0].matchAll(/\s(?:src|href|action|srcset|poster|data|background)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
        refs.push(a[1] ?? a[2] ?? a[3] ?? '');
      }
    }
    expect(refs.length).toBeGreaterThan(3);
    for (const ref of refs) expect(ref.startsWith('data:') || ref.startsWith('#')).toBe(true);
    expect(html).not.toMatch(/url\(\s*['"]?(?!data:)/i);
    expect(html).not.toMatch(/@import/i);
    // the URLs survive only as escaped text
    const m = markup(html);
    for (const hit of m.matchAll(/https?:\/\//g)) {
      const before = m.slice(Math.max(0, hit.index! - 200), hit.index!);
      expect(before).not.toMatch(/\b(src|href)\s*=\s*["']?$/i);
    }
    expect(html).toContain('&lt;img src=&quot;https://evil.example/y.png&quot;&gt;');
    expect(html).toContain('Content-Security-Policy');
  });

  it('escapes attacker-controlled fields', async () => {
    const e = await entries();
    const evil = '<script>window.__pwned = 1</script>';
    Object.assign(at(e, 0).record, {
      title: evil, byline: evil, siteName: evil, lang: evil, text: `${evil}\n</details></article>`, url: `javascript:${evil}`,
      warnings: [{ code: evil, message: evil }], input: evil,
    });
    at(at(e, 0).blocks!, 1).excerpt = `</script>${evil}`;
    at(at(e, 0).blocks!, 1).id = `1-1"><img src=x onerror=alert(1)>`;
    at(at(e, 0).blocks!, 1).role = '"><b>' as never;
    at(e, 2).record.error = { code: evil as never, message: evil };
    const html = renderReport(e, { title: evil });
    // exactly two script elements: the data block and our code
    expect(html.match(/<script\b/gi)).toHaveLength(2);
    expect(html.match(/<\/script>/gi)).toHaveLength(2);
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('"><b>');
    expect(html).toContain('&quot;&gt;&lt;b&gt;');
    expect(html.match(/<\/article>/g)).toHaveLength(3);
    // the JSON data block escapes "<"
    const data = at(/<script type="application\/json" id="viseg-data">([\s\S]*?)<\/script>/.exec(html)!, 1);
    expect(data).not.toContain('<');
    expect(data).toContain('\\u003c/script\\u003e');
    const parsed = JSON.parse(data) as Array<{ blocks: Array<{ excerpt: string }> }>;
    expect(at(at(parsed, 0).blocks, 1).excerpt).toBe(`</script>${evil}`);
  });

  it('builds the overlay and the candidates table from the block records', async () => {
    const html = renderReport(await entries());
    // 6 blocks of the fake page, all inside the 800x600 image
    expect(html.match(/class="blk[^"]*" id="b-0-\d+" data-p="0"/g)).toHaveLength(6);
    expect(html).toContain('data-id="1-2-1" data-role="main" style="left:2.5%;top:20%;width:70%;height:50%;');
    const table = /<table class="candidates">[\s\S]*?<\/table>/.exec(html)![0];
    // one row per part of the page: not the whole page (1), not 1-2, which holds the main block
    const rows = [...table.matchAll(/<tr[^>]*data-b=[^>]*>.*?<code>([^<]*)<\/code>/g)].map((m) => m[1]);
    expect(rows).toEqual(['1-2-1', '1-2-2', '1-1', '1-3']);
    // sorted by score: 1-2-1 (9.5) first, marked main, a link to its block
    expect(table).toMatch(/<tr class="main" data-p="0" data-b="3"><td class="num">1<\/td><td><a class="blk-link" href="#b-0-3" data-p="0" data-b="3">.*<code>1-2-1<\/code><\/a> <b>main<\/b>/);
    expect(table).toContain('text&nbsp;+4.75');
    // entry without block data
    expect(html).toContain('no block data (run with --explain)');
  });

  it('maps the overlay onto the page part of an annotated screenshot, not its margin', async () => {
    const { tree, decision } = fakePage();
    const shot = await annotate(await blankPng(800, 600), tree, decision, { maxHeight: 600, pageHeight: 900 });
    const html = renderReport([{ record: fakeRecord(1, { decision }), screenshot: shot }]);
    expect(html).toContain(`<div class="overlay" style="width:${Math.round((800 / (800 + LEGEND_MARGIN)) * 1e6) / 1e4}%;height:${Math.round((600 / 628) * 1e6) / 1e4}%">`);
    expect(html).toContain('data-id="1-2-1" data-role="main" style="left:2.5%;top:20%;width:70%;height:50%;');
  });

  it('says the decision in words, with links to the blocks', async () => {
    const { decision } = fakePage();
    decision.merged = [{ id: '1-3', reason: '80% of its 120 characters continue the article text' }];
    decision.dropped = [{ text: 'Share this story', reason: 'links', block: '1-2-2' }, { text: 'Photo: A. Person', reason: 'text', block: null }];
    const html = renderReport([{ record: fakeRecord(1, { decision, wordCount: 1234 }) }]);
    const reason = at(/<div class="reason"><p>([\s\S]*?)<\/p>/.exec(html)!, 1).replace(/<[^>]+>/g, '');
    expect(reason).toBe('The main content is block 1-2-1 (score 9.5), 1,234 words. The runner-up is 1-2-2 (score 1.25, sidebar), 8.25 points behind. ' +
      '1 block joined it because their text continues the article. 2 passages inside the article were left out (see left out).');
    expect(html).toContain('<a class="blk-link" href="#b-0-4" data-p="0" data-b="4"><span class="swatch" style="background:#ff7f0e"></span><code>1-2-2</code></a>');
    // the left-out text, each with its reason and block
    const dropped = /<table class="dropped">[\s\S]*?<\/table>/.exec(html)![0];
    expect(dropped).toContain('<td class="excerpt">Share this story</td><td>links</td><td><a class="blk-link" href="#b-0-4"');
    expect(dropped).toContain('<td class="excerpt">Photo: A. Person</td><td>text</td><td><span class="empty">–</span></td>');
    const none = renderReport([{ record: fakeRecord(1, { decision: { ...decision, main: null, pageType: 'listing', reason: 'no article: the text is mostly link teasers (a listing or home page)' } }) }]);
    expect(/<div class="reason"><p>([\s\S]*?)<\/p>/.exec(none)![1]).toMatch(/^No main content: the text is mostly link teasers \(a listing or home page\)\./);
  });

  it('has a legend with a toggle per role, zoom buttons, and the text linked to its blocks', async () => {
    const { decision } = fakePage();
    decision.blocks.find((b) => b.id === '1-2-1')!.excerpt = 'Body text of page 1, which goes on';
    const html = renderReport([{ record: fakeRecord(1, { decision, text: 'Headline\n\nBody text of page 1, which goes on and on.' }), screenshot: await blankPng(800, 600) }]);
    const legend = /<fieldset class="legend">[\s\S]*?<\/fieldset>/.exec(html)![0];
    for (const role of ['main', 'header', 'sidebar', 'footer']) expect(legend).toContain(`<input type="checkbox" class="role-toggle" data-p="0" data-role="${role}">`);
    for (const z of ['out', 'fit', '1', 'in']) expect(html).toContain(`data-zoom="${z}"`);
    // the passage of block 1-2-1 in the text, and the way back to the block
    expect(html).toContain('<div class="text-body" id="text-0">Headline\n\n<span class="seg" id="t-0-3" data-p="0" data-b="3"><a class="to-block" href="#b-0-3" data-p="0" data-b="3"');
    expect(html).toContain('id="b-0-3" data-p="0" data-b="3" data-id="1-2-1"');
    const data = JSON.parse(at(/<script type="application\/json" id="viseg-data">([\s\S]*?)<\/script>/.exec(html)!, 1)) as Array<{ blocks: Array<{ id: string; inText?: boolean }> }>;
    expect(at(data, 0).blocks.filter((b) => b.inText).map((b) => b.id)).toEqual(['1-2-1']);
  });

  it('draws the leaves (the fine level) in their fine role, and names both roles where they differ', async () => {
    const { decision } = fakePage();
    // The footer region 1-3 is not split: a footer at the top level, a link list at the fine level.
    decision.blocks.find((b) => b.id === '1-3')!.fineRole = 'navigation';
    const html = renderReport([{ record: fakeRecord(1, { decision }), screenshot: await blankPng(800, 600), blocks: decision.blocks }]);
    expect(html).toMatch(/data-id="1-3" data-role="navigation" style="[^"]*--c:#/);
    const legend = /<fieldset class="legend">[\s\S]*?<\/fieldset>/.exec(html)![0];
    expect(legend).toContain('data-role="navigation"');
    expect(legend).not.toContain('data-role="footer"');
    expect(html).toContain('<td>footer (fine: navigation)</td>');
  });

  it('draws every block of decision.main.blockIds as main', async () => {
    const { decision } = fakePage();
    decision.main!.blockIds = ['1-2-1', '1-3'];
    const html = renderReport([{ record: fakeRecord(1, { decision }), screenshot: await blankPng(800, 600) }]);
    expect(html.match(/class="blk leaf in-main"/g)).toHaveLength(2);
    expect(html).toContain('It is made of 2 blocks.');
    const table = /<table class="candidates">[\s\S]*?<\/table>/.exec(html)![0];
    expect(table.match(/<tr class="main"/g)).toHaveLength(2);
  });
  it('is pure: same input, same output', async () => {
    expect(renderReport(await entries())).toBe(renderReport(await entries()));
  });
});

describe('writeReport / loadReportInputs', () => {
  it('writes one self-contained file', async () => {
    const out = path.join(tmp, 'nested', 'report.html');
    await writeReport(await entries(), out, { title: 't' });
    const html = readFileSync(out, 'utf8');
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<title>t</title>');
  });

  it('finds each screenshot where the record says, wherever --screenshot-dir put it', async () => {
    const run = path.join(tmp, 'named');
    mkdirSync(path.join(run, 'out'), { recursive: true });
    mkdirSync(path.join(run, 'shots'), { recursive: true });
    const a = await blankPng(10, 10);
    const b = await blankPng(20, 10);
    writeFileSync(path.join(run, 'shots', '0001-a.png'), a);
    writeFileSync(path.join(run, 'out', '0002-b.png'), b);
    const recs = [
      fakeRecord(1, { input: 'a.html', screenshot: path.join(run, 'shots', '0001-a.png') }), // absolute
      fakeRecord(2, { input: 'b.html', screenshot: 'out/0002-b.png' }), // relative to where extract ran, here moved next to the JSONL
      fakeRecord(3, { input: 'c.html', screenshot: 'gone/0003-c.png' }),
      fakeRecord(4, { input: 'd.html', screenshot: '/etc/hostname' }), // not a PNG: never embedded
    ];
    writeFileSync(path.join(run, 'out', 'results.jsonl'), recs.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const { entries: loaded, warnings } = await loadReportInputs(path.join(run, 'out'));
    expect(at(loaded, 0).screenshot?.equals(a)).toBe(true);
    expect(at(loaded, 1).screenshot?.equals(b)).toBe(true);
    expect(at(loaded, 2).screenshot).toBeUndefined();
    expect(at(loaded, 2).missingScreenshot).toBe('gone/0003-c.png');
    expect(at(loaded, 3).screenshot).toBeUndefined();
    expect(warnings).toEqual([
      'page 3 (c.html): screenshot gone/0003-c.png not found (or not a PNG), here or next to results.jsonl',
      'page 4 (d.html): screenshot /etc/hostname not found (or not a PNG), here or next to results.jsonl',
    ]);
    const html = renderReport(loaded);
    expect(html).toContain('screenshot not found: <code>gone/0003-c.png</code>');
  });

  it('looks for a recorded path from the current directory, the JSONL folder and those above it, then inside it', () => {
    expect(screenshotCandidates('run/shots/x.png', '/data/run', '/home/me')).toEqual([
      '/home/me/run/shots/x.png', '/data/run/run/shots/x.png', '/data/run/shots/x.png', '/run/shots/x.png', '/data/run/x.png',
      '/data/run/screenshots/x.png',
    ]);
    expect(screenshotCandidates('/abs/x.png', '/data')).toEqual(['/abs/x.png', '/data/abs/x.png', '/data/x.png', '/data/screenshots/x.png']);
  });

  it('pairs older records (no screenshot path) with screenshots by screenshotName', async () => {
    const dir = path.join(tmp, 'run');
    mkdirSync(path.join(dir, 'screenshots'), { recursive: true });
    const { decision } = fakePage();
    const recs = [
      fakeRecord(1, { input: 'site/a.html', decision }),
      fakeRecord(2, { input: 'https://example.com/b/?q=1' }),
      { ...fakeRecord(3, { input: 'c.html' }), ok: false, error: { code: 'EMPTY_INPUT', message: 'empty' } },
    ];
    writeFileSync(path.join(dir, 'results.jsonl'), recs.map((r) => JSON.stringify(r)).join('\n') + '\n{"input": "torn');
    const a = await blankPng(10, 10);
    const b = await blankPng(20, 10);
    writeFileSync(path.join(dir, screenshotName('site/a.html', 0)), a);
    writeFileSync(path.join(dir, 'screenshots', screenshotName('https://example.com/b/?q=1', 1)), b);
    writeFileSync(path.join(dir, 'screenshots', 'unrelated.png'), a);

    for (const arg of [dir, path.join(dir, 'results.jsonl')]) {
      const { entries: loaded, warnings } = await loadReportInputs(arg);
      expect(warnings).toEqual([]);
      expect(loaded).toHaveLength(3);
      expect(at(loaded, 0).screenshot?.equals(a)).toBe(true);
      expect(at(loaded, 0).blocks).toHaveLength(decision.blocks.length);
      expect(at(loaded, 1).screenshot?.equals(b)).toBe(true);
      expect(at(loaded, 1).blocks).toBeUndefined();
      expect(at(loaded, 2).screenshot).toBeUndefined();
      expect(at(loaded, 2).record.error?.code).toBe('EMPTY_INPUT');
    }
  });

  it('falls back to the name without the counter when indexes shifted', async () => {
    const dir = path.join(tmp, 'resumed');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'results.jsonl'), JSON.stringify(fakeRecord(1, { input: 'x/page.html' })) + '\n');
    const png = await blankPng(12, 12);
    writeFileSync(path.join(dir, screenshotName('x/page.html', 6)), png);
    writeFileSync(path.join(dir, screenshotName('x/other.html', 7)), await blankPng(5, 5));
    const { entries: loaded } = await loadReportInputs(dir);
    expect(at(loaded, 0).screenshot?.equals(png)).toBe(true);
  });

  it('says so when there are no results', async () => {
    const dir = path.join(tmp, 'empty');
    mkdirSync(dir, { recursive: true });
    await expect(loadReportInputs(dir)).rejects.toThrow(/no results\.jsonl/);
    // a file without records (an HTML page given by mistake) is an error, not an empty report
    const html = path.join(dir, 'page.html');
    writeFileSync(html, '<!doctype html><p>not results</p>\n');
    await expect(loadReportInputs(html)).rejects.toThrow(/no viseg records in .*page\.html/);
  });
});

describe('report helpers', () => {
  it('lists one candidate per part of the page', () => {
    const b = (id: string, score: number) => ({ id, score });
    const blocks = [b('1', 20), b('1-1', 9), b('1-1-1', 12), b('1-1-1-1', 11), b('1-2', 8), b('1-2-1', 3), b('1-3', 1)];
    expect(topCandidates(blocks, []).map((x) => x.id)).toEqual(['1-1-1', '1-2', '1-3']);
    expect(topCandidates(blocks, ['1-1']).map((x) => x.id)).toEqual(['1-1', '1-2', '1-3']);
    expect(topCandidates(blocks, [], 2).map((x) => x.id)).toEqual(['1-1-1', '1-2']);
  });

  it('finds the passage of each block in the text, in order, white space aside', () => {
    const text = 'Title\n\nFirst   paragraph of the story.\n\nSecond paragraph here.\n\nFirst paragraph of the story again.';
    const p = textPassages(text, [
      { id: 'a', excerpt: 'First paragraph of the story.' },
      { id: 'b', excerpt: 'Not in the text at all' },
      { id: 'c', excerpt: 'Second paragraph here.' },
      { id: 'd', excerpt: 'short' },
    ]);
    expect(p).toEqual([{ start: text.indexOf('First'), block: 0 }, { start: text.indexOf('Second'), block: 2 }]);
  });
});
