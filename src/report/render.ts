/**
 * The HTML report: one self-contained file (inline CSS and JS, screenshots as `data:` URIs, no
 * external request of any kind, locked down by a Content-Security-Policy) listing each page with
 * its annotated screenshot under an interactive block overlay (zoom, a toggle per role, a legend),
 * the extracted text beside it with each main block's passage linked to the block and back, the
 * decision in words, the top candidates with their score components, and the text left out of the
 * article with the reason; a summary (counts, failures by error code, median/p90 timings per
 * stage) at the top.
 *
 * Everything taken from records is escaped; the block data for the overlay travels as JSON in a
 * `<script type="application/json">` block with `<` written as `\u003c`.
 */
import { createHash } from 'node:crypto';
import { pageAreaOf } from '../annotate/png-area.js';
import { ROLE_ORDER, roleColour } from '../annotate/colours.js';
import type { BlockRecord, Decision } from '../classify/index.js';
import type { ExtractRecord } from '../record/schema.js';
import { REPORT_CSS, REPORT_JS } from './client.js';
import { escapeHtml as h, jsonForScript } from './escape.js';
import { pngSize } from './png.js';
import { summarize, type ReportSummary } from './stats.js';
import { at } from '../util/at.js';

export interface ReportEntry {
  record: ExtractRecord;
  /**
   * The annotated screenshot (PNG). The page is the part the PNG names (annotate/png-area.ts), at
   * 1 image px per CSS px; a PNG that names none is taken as the page, whole.
   */
  screenshot?: Buffer;
  /** The screenshot the record names but that could not be found (shown on the page). */
  missingScreenshot?: string;
  /** The decision's block records (`decision.blocks`); defaults to `record.decision?.blocks`. */
  blocks?: BlockRecord[];
}

export interface ReportOptions {
  /** Page title and heading. Default "viseg report". */
  title?: string;
}

/** Candidates listed per page. */
export const TOP_CANDIDATES = 10;

/** The features the tooltip and the candidates table show, in order. */
export const KEY_FEATURES = ['chars', 'words', 'linkDensity', 'textDensity', 'relFontSize', 'prose', 'mainShare', 'hint'] as const;

/** Block data as embedded for the overlay script. */
interface ClientBlock {
  id: string;
  /** The role in the top-level view, and in the fine view (the leaves are the fine level). */
  role: string;
  fineRole: string;
  score: number;
  leaf: boolean;
  doc: number;
  rect: { x: number; y: number; w: number; h: number };
  components: Record<string, number>;
  features: Record<string, unknown>;
  excerpt: string;
  /** The block's passage is in the extracted text (`#t-<page>-<block>`). */
  inText?: boolean;
}

function sha256(s: string): string {
  return createHash('sha256').update(s, 'utf8').digest('base64');
}

function fmtNum(n: number | null | undefined, digits = 3): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  const f = 10 ** digits;
  return String(Math.round(n * f) / f);
}

function fmtMs(n: number): string {
  if (!Number.isFinite(n)) return '–';
  return n >= 100 ? `${Math.round(n)} ms` : `${Math.round(n * 10) / 10} ms`;
}

function num(x: unknown, fallback = 0): number {
  return typeof x === 'number' && Number.isFinite(x) ? x : fallback;
}

function cmpId(a: string, b: string): number {
  const pa = a.split('-').map(Number);
  const pb = b.split('-').map(Number);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) if (pa[i] !== pb[i]) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return pa.length - pb.length;
}

/** `a` is `b` or one of its ancestors or descendants. */
function nested(a: string, b: string): boolean {
  return a === b || a.startsWith(b + '-') || b.startsWith(a + '-');
}

function toClient(b: BlockRecord): ClientBlock {
  const r = b.rect ?? { x: 0, y: 0, w: 0, h: 0 };
  return {
    id: String(b.id),
    role: String(b.role),
    fineRole: String(b.fineRole),
    score: num(b.score),
    leaf: Boolean(b.leaf),
    doc: num(b.doc),
    rect: { x: num(r.x), y: num(r.y), w: num(r.w), h: num(r.h) },
    components: Object.fromEntries(Object.entries(b.components ?? {}).filter(([, v]) => typeof v === 'number')),
    features: { ...(b.features ?? {}) },
    excerpt: String(b.excerpt ?? ''),
  };
}

/** Inner blocks have no excerpt of their own: give them their first leaf's (blocks are in pre-order). */
function withExcerpts(blocks: ClientBlock[]): ClientBlock[] {
  blocks.forEach((b, i) => {
    if (b.excerpt || b.leaf) return;
    for (let k = i + 1; k < blocks.length && at(blocks, k).id.startsWith(b.id + '-'); k++) {
      if (at(blocks, k).leaf && at(blocks, k).excerpt) {
        b.excerpt = at(blocks, k).excerpt;
        return;
      }
    }
  });
  return blocks;
}

function pct(v: number, of: number): string {
  return `${Math.round((v / of) * 1e6) / 1e4}%`;
}

/** The ids of the main content's blocks: `decision.main.blockIds`, or the main block alone. */
function mainIdsOf(r: ExtractRecord): string[] {
  const main = r.decision?.main;
  if (main) return main.blockIds?.length ? main.blockIds.map(String) : [String(main.id)];
  return r.mainBlock ? [String(r.mainBlock.id)] : [];
}

/** Where each block is, by id, for links. */
type BlockIndex = Map<string, number>;

/** A link to a block of the overlay: the id as text, with its role's colour. */
function blockLink(pageIndex: number, id: string, index: BlockIndex, blocks: ClientBlock[]): string {
  const i = index.get(id);
  if (i === undefined) return `<code>${h(id)}</code>`;
  const b = at(blocks, i);
  return `<a class="blk-link" href="#b-${pageIndex}-${i}" data-p="${pageIndex}" data-b="${i}">` +
    `<span class="swatch" style="background:${h(roleColour(drawnRole(b)))}"></span><code>${h(id)}</code></a>`;
}

function summaryHtml(s: ReportSummary): string {
  const counts = `<div class="counts"><span><b>${s.pages}</b> page(s)</span><span><b>${s.ok}</b> ok</span>` +
    `<span><b>${s.failed}</b> failed</span><span><b>${s.withMain}</b> with main content</span></div>`;
  const codes = s.failuresByCode.length
    ? `<h3>Failures by error code</h3><table class="codes"><thead><tr><th>code</th><th>count</th></tr></thead><tbody>` +
      s.failuresByCode.map((c) => `<tr><td><code>${h(c.code)}</code></td><td class="num">${c.count}</td></tr>`).join('') +
      `</tbody></table>` +
      `<table class="failures"><thead><tr><th>#</th><th>input</th><th>code</th><th>message</th></tr></thead><tbody>` +
      s.failures.map((f) => `<tr><td class="num"><a href="#page-${f.index + 1}">${f.index + 1}</a></td><td>${h(f.input)}</td>` +
        `<td><code>${h(f.code)}</code></td><td>${h(f.message)}</td></tr>`).join('') +
      `</tbody></table>`
    : '';
  const timings = s.timings.length
    ? `<h3>Timings (successful pages)</h3><table class="timings"><thead><tr><th>stage</th><th>median</th><th>p90</th><th>n</th></tr></thead><tbody>` +
      s.timings.map((t) => `<tr><td>${h(t.stage)}</td><td class="num">${fmtMs(t.median)}</td><td class="num">${fmtMs(t.p90)}</td><td class="num">${t.n}</td></tr>`).join('') +
      `</tbody></table>`
    : '';
  return `<section class="summary" id="summary">${counts}${codes}${timings}</section>`;
}

function metaHtml(r: ExtractRecord): string {
  const rows: Array<[string, unknown]> = [
    ['title', r.title], ['byline', r.byline], ['date', r.publishedTime], ['site', r.siteName], ['lang', r.lang],
    ['words', r.wordCount], ['page type', r.pageType], ['input', r.input], ['url', r.url],
  ];
  if (r.finalUrl && r.finalUrl !== r.url) rows.push(['final url', r.finalUrl]);
  if (r.mainBlock) rows.push(['main block', `${r.mainBlock.id} (score ${fmtNum(r.mainBlock.score)})`]);
  // URLs are shown as text only, never as links: nothing in the report points anywhere.
  return `<dl class="meta">` + rows.map(([k, v]) => `<dt>${h(k)}</dt><dd class="meta-${h(k.replace(/\s+/g, '-'))}">` +
    (v === null || v === undefined || v === '' ? '<span class="empty">–</span>' : h(v)) + `</dd>`).join('') + `</dl>`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/**
 * The decision in words: what the main content is and how sure (the runner-up and the margin),
 * how many blocks it is made of, and what was left out; block ids are links to the overlay. The
 * classifier's own sentence stays available under "details".
 */
function reasonHtml(pageIndex: number, r: ExtractRecord, blocks: ClientBlock[], index: BlockIndex): string {
  const d: Decision | undefined = r.decision;
  if (!d) return '';
  const link = (id: string) => blockLink(pageIndex, id, index, blocks);
  const sentences: string[] = [];
  if (!d.main) {
    const why = String(d.reason ?? '').replace(/^no article:\s*/i, '');
    sentences.push(`No main content${why ? `: ${h(why)}` : ''}.`);
  } else {
    const ids = mainIdsOf(r);
    const parts = ids.length > 1 ? ` It is made of ${plural(ids.length, 'block')}.` : '';
    sentences.push(`The main content is block ${link(String(d.main.id))} (score ${h(fmtNum(d.main.score))}), ${plural(num(r.wordCount), 'word')}.${parts}`);
    const best = ids.map((id) => blocks[index.get(id) ?? -1]).filter((b): b is ClientBlock => !!b)
      .sort((a, b) => b.score - a.score || cmpId(a.id, b.id))[0];
    if (best && best.id !== String(d.main.id)) sentences.push(`Its best-scoring block is ${link(best.id)} (score ${h(fmtNum(best.score))}).`);
    if (d.runnerUp) {
      const ru = blocks[index.get(String(d.runnerUp.id)) ?? -1];
      const role = ru ? `, ${h(ru.role)}` : '';
      sentences.push(`The runner-up is ${link(String(d.runnerUp.id))} (score ${h(fmtNum(d.runnerUp.score))}${role})` +
        (d.margin !== null && d.margin !== undefined ? `, ${h(fmtNum(d.margin))} points behind.` : '.'));
    } else {
      sentences.push('No other block competed for it.');
    }
    const merged = Array.isArray(d.merged) ? d.merged : [];
    if (merged.length) sentences.push(`${plural(merged.length, 'block')} joined it because their text continues the article.`);
  }
  const dropped = Array.isArray(d.dropped) ? d.dropped.length : 0;
  if (dropped) sentences.push(`${plural(dropped, 'passage')} inside the article ${dropped === 1 ? 'was' : 'were'} left out (see <a href="#dropped-${pageIndex + 1}">left out</a>).`);
  const merged = Array.isArray(d.merged) && d.merged.length
    ? `<ul class="merged">${d.merged.map((m) => `<li>${link(String(m.id))} ${h(m.reason)}</li>`).join('')}</ul>`
    : '';
  return `<div class="reason"><p>${sentences.join(' ')}</p><details class="why"><summary>details</summary>` +
    `<p class="comp">${h(d.reason)}</p>${merged}</details></div>`;
}

/** The role a block is drawn in: leaves are the fine level's blocks, and take its role. */
function drawnRole(b: ClientBlock): string {
  return b.leaf ? b.fineRole : b.role;
}

function overlayHtml(pageIndex: number, blocks: ClientBlock[], cssW: number, cssH: number, mainIds: Set<string>): string {
  // biggest first so smaller blocks sit on top and catch the pointer
  const order = blocks.map((b, i) => ({ b, i }))
    .filter(({ b }) => b.rect.w > 0 && b.rect.h > 0 && b.rect.x < cssW && b.rect.y < cssH && b.rect.x + b.rect.w > 0 && b.rect.y + b.rect.h > 0)
    .sort((a, c) => c.b.rect.w * c.b.rect.h - a.b.rect.w * a.b.rect.h || a.i - c.i);
  return order.map(({ b, i }) =>
    `<div class="blk${b.leaf ? ' leaf' : ''}${mainIds.has(b.id) ? ' in-main' : ''}" id="b-${pageIndex}-${i}" data-p="${pageIndex}" data-b="${i}" data-id="${h(b.id)}" data-role="${h(drawnRole(b))}" ` +
    `style="left:${pct(b.rect.x, cssW)};top:${pct(b.rect.y, cssH)};width:${pct(b.rect.w, cssW)};height:${pct(b.rect.h, cssH)};--c:${h(roleColour(drawnRole(b)))}"></div>`,
  ).join('');
}

/** The legend: one toggle per role on the page (highlights its blocks), with counts. */
function legendHtml(pageIndex: number, blocks: ClientBlock[]): string {
  const counts = new Map<string, number>();
  for (const b of blocks) if (b.leaf) counts.set(b.fineRole, (counts.get(b.fineRole) ?? 0) + 1);
  const roles = [...ROLE_ORDER.filter((r) => counts.has(r)), ...[...counts.keys()].filter((r) => !(ROLE_ORDER as readonly string[]).includes(r)).sort()];
  if (!roles.length) return '';
  return `<fieldset class="legend"><legend>Roles (leaf blocks): tick to highlight</legend>` + roles.map((role) =>
    `<label><input type="checkbox" class="role-toggle" data-p="${pageIndex}" data-role="${h(role)}">` +
    `<span class="swatch" style="background:${h(roleColour(role))}"></span>${h(role)} <span class="comp">${counts.get(role)}</span></label>`,
  ).join('') + `<span class="comp sep-key"><span class="swatch sep"></span>separator</span></fieldset>`;
}

function screenshotHtml(e: ReportEntry, pageIndex: number, blocks: ClientBlock[], mainIds: Set<string>): string {
  if (!e.screenshot || !e.screenshot.length) {
    return e.missingScreenshot
      ? `<p class="empty missing">screenshot not found: <code>${h(e.missingScreenshot)}</code></p>`
      : `<p class="empty">no screenshot</p>`;
  }
  const size = pngSize(e.screenshot);
  if (!size) return `<p class="empty">screenshot is not a PNG</p>`;
  const area = pageAreaOf(e.screenshot);
  const page = area && area.width <= size.width && area.height <= size.height ? area : size;
  const b64 = e.screenshot.toString('base64');
  const toolbar = `<div class="toolbar" data-p="${pageIndex}">zoom <button type="button" data-zoom="out" title="zoom out">−</button>` +
    `<button type="button" data-zoom="fit" title="fit the width">fit</button><button type="button" data-zoom="1" title="1 image pixel per screen pixel">100%</button>` +
    `<button type="button" data-zoom="in" title="zoom in">+</button> <span class="zoom-level" aria-live="polite">fit</span></div>`;
  return toolbar + legendHtml(pageIndex, blocks) +
    `<div class="shot-scroll"><div class="shot" id="shot-${pageIndex}" data-w="${size.width}" style="max-width:${size.width}px">` +
    `<img src="data:image/png;base64,${b64}" width="${size.width}" height="${size.height}" alt="annotated screenshot of page ${pageIndex + 1}" decoding="async">` +
    `<div class="overlay" style="width:${pct(page.width, size.width)};height:${pct(page.height, size.height)}">` +
    overlayHtml(pageIndex, blocks, page.width, page.height, mainIds) + `</div></div></div>`;
}

/**
 * Candidates for the main content, best first, one per part of the page: a block nested in one
 * already listed (its ancestor or descendant, which is mostly the same text) is left out. The main
 * content comes first: its blocks (`main`: the main block, then the main blocks outside it) stand
 * for everything nested in them. The whole page (block 1) is no candidate.
 */
export function topCandidates<B extends { id: string; score: number }>(blocks: B[], main: string[], n: number = TOP_CANDIDATES): B[] {
  const chosen: B[] = [];
  const byId = new Map(blocks.map((b) => [b.id, b]));
  for (const id of main) {
    const b = byId.get(id);
    if (b && !chosen.some((c) => nested(c.id, b.id))) chosen.push(b);
  }
  const taken = [...main];
  for (const b of [...blocks].sort((x, y) => y.score - x.score || cmpId(x.id, y.id))) {
    if (chosen.length >= n) break;
    if (b.id === '1' || taken.some((t) => nested(t, b.id))) continue;
    chosen.push(b);
    taken.push(b.id);
  }
  return chosen.sort((x, y) => y.score - x.score || cmpId(x.id, y.id));
}

function candidatesHtml(pageIndex: number, blocks: ClientBlock[], mainIds: string[], mainBlockId: string | null, index: BlockIndex): string {
  if (!blocks.length) return `<p class="empty">no block data (run with --explain)</p>`;
  const main = new Set(mainIds);
  const rows = topCandidates(blocks, mainBlockId ? [mainBlockId, ...mainIds] : mainIds).map((b, rank) => {
    const i = index.get(b.id)!;
    const comps = Object.entries(b.components).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]) || (x[0] < y[0] ? -1 : 1))
      .map(([k, v]) => `${h(k)}&nbsp;${v >= 0 ? '+' : ''}${h(fmtNum(v))}`).join(', ');
    const feats = KEY_FEATURES.filter((k) => k in b.features).map((k) => `${k} ${h(typeof b.features[k] === 'number' ? fmtNum(b.features[k] as number) : b.features[k] ?? '–')}`).join(', ');
    const isMain = main.has(b.id) || b.id === mainBlockId;
    return `<tr${isMain ? ' class="main"' : ''} data-p="${pageIndex}" data-b="${i}"><td class="num">${rank + 1}</td>` +
      `<td>${blockLink(pageIndex, b.id, index, blocks)}${isMain ? ' <b>main</b>' : ''}</td>` +
      `<td>${h(b.role)}${b.fineRole !== b.role ? ` (fine: ${h(b.fineRole)})` : ''}</td><td class="num">${h(fmtNum(b.score))}</td><td class="comp">${comps}</td><td class="comp">${feats}</td>` +
      `<td class="excerpt">${h(b.excerpt.slice(0, 160))}</td></tr>`;
  }).join('');
  return `<table class="candidates"><thead><tr><th>#</th><th>block</th><th>role</th><th>score</th><th>components</th><th>key features</th><th>excerpt</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>`;
}

function droppedHtml(pageIndex: number, r: ExtractRecord, blocks: ClientBlock[], index: BlockIndex): string {
  const dropped = Array.isArray(r.decision?.dropped) ? r.decision!.dropped : [];
  if (!r.decision) return '';
  const body = dropped.length
    ? `<table class="dropped"><thead><tr><th>text</th><th>why it was left out</th><th>block</th></tr></thead><tbody>` +
      dropped.map((d) => `<tr><td class="excerpt">${h(d.text)}</td><td>${h(d.reason)}</td>` +
        `<td>${d.block ? blockLink(pageIndex, String(d.block), index, blocks) : '<span class="empty">–</span>'}</td></tr>`).join('') +
      `</tbody></table>`
    : `<p class="empty">nothing inside the article was left out</p>`;
  return `<details class="dropped" id="dropped-${pageIndex + 1}"${dropped.length ? ' open' : ''}><summary>Left out of the article (${dropped.length})</summary>${body}</details>`;
}

/** Text with runs of white space as one space, and where each of its characters came from. */
function collapse(text: string): { flat: string; from: number[] } {
  let flat = '';
  const from: number[] = [];
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(at(text, i))) {
      space = true;
      continue;
    }
    if (space && flat) {
      flat += ' ';
      from.push(i);
    }
    space = false;
    flat += text[i];
    from.push(i);
  }
  return { flat, from };
}

/**
 * The extracted text cut into passages, one per main-content block whose opening words it
 * contains (blocks in reading order, each found after the previous one), for links between the
 * blocks and the text. `start` is an index into `text`.
 */
export function textPassages(text: string, blocks: Array<{ id: string; excerpt: string }>): Array<{ start: number; block: number }> {
  const { flat, from } = collapse(text);
  const out: Array<{ start: number; block: number }> = [];
  let searchFrom = 0;
  blocks.forEach((b, i) => {
    const key = collapse(b.excerpt).flat.slice(0, 48).trim();
    if (key.length < 8) return;
    const k = flat.indexOf(key, searchFrom);
    if (k < 0) return;
    out.push({ start: at(from, k), block: i });
    searchFrom = k + key.length;
  });
  return out;
}

function textHtml(pageIndex: number, r: ExtractRecord, blocks: ClientBlock[], mainIds: string[]): string {
  if (!r.text) return `<p class="empty">no text</p>`;
  const inMain = (id: string) => mainIds.some((m) => id === m || id.startsWith(m + '-'));
  const order = blocks.map((b, i) => ({ b, i })).filter(({ b }) => b.leaf && b.excerpt && inMain(b.id))
    .sort((x, y) => cmpId(x.b.id, y.b.id));
  const passages = textPassages(r.text, order.map(({ b }) => b)).map((p) => ({ start: p.start, block: at(order, p.block).i }));
  let html = h(r.text.slice(0, passages[0]?.start ?? r.text.length));
  passages.forEach((p, k) => {
    const end = passages[k + 1]?.start ?? r.text.length;
    const b = at(blocks, p.block);
    b.inText = true;
    html += `<span class="seg" id="t-${pageIndex}-${p.block}" data-p="${pageIndex}" data-b="${p.block}">` +
      `<a class="to-block" href="#b-${pageIndex}-${p.block}" data-p="${pageIndex}" data-b="${p.block}" title="show block ${h(b.id)} in the screenshot">${h(b.id)}</a>` +
      `${h(r.text.slice(p.start, end))}</span>`;
  });
  return `<div class="text-body" id="text-${pageIndex}">${html}</div>`;
}

function pageHtml(e: ReportEntry, i: number, blocks: ClientBlock[]): string {
  const r = e.record;
  const mainIds = mainIdsOf(r);
  const index: BlockIndex = new Map(blocks.map((b, k) => [b.id, k]));
  const status = !r.ok ? `<span class="status fail">${h(r.error?.code ?? 'failed')}</span>`
    : r.mainBlock || r.decision?.main ? `<span class="status ok">ok</span>` : `<span class="status nomain">no main content</span>`;
  const heading = `<h2>${i + 1}. ${h(r.title || r.input || `page ${i + 1}`)} ${status}</h2>`;
  const error = r.error ? `<p class="error"><code>${h(r.error.code)}</code>: ${h(r.error.message)}</p>` : '';
  const warnings = r.warnings?.length
    ? `<details class="warnings"><summary>${r.warnings.length} warning(s)</summary><ul>${r.warnings.map((w) => `<li><code>${h(w.code)}</code>: ${h(w.message)}</li>`).join('')}</ul></details>`
    : '';
  // the text first: it marks which blocks have a passage, which the overlay data then carries
  const text = r.ok
    ? `<details class="text" open><summary>Extracted text (${h(r.wordCount)} words)</summary>${textHtml(i, r, blocks, mainIds)}</details>`
    : '';
  const visual = r.ok || e.screenshot
    ? `<div class="layout"><div class="visual">${screenshotHtml(e, i, blocks, new Set(mainIds))}</div><div class="side">${text}</div></div>` +
      `<h3>Top candidates</h3>${candidatesHtml(i, blocks, mainIds, String(r.decision?.main?.id ?? r.mainBlock?.id ?? '') || null, index)}${droppedHtml(i, r, blocks, index)}`
    : text;
  return `<article class="page" id="page-${i + 1}" data-page="${i}">${heading}${error}${metaHtml(r)}${reasonHtml(i, r, blocks, index)}${warnings}${visual}</article>`;
}

/** The report as one HTML string. Pure: the same entries give the same bytes. */
export function renderReport(entries: ReportEntry[], opts: ReportOptions = {}): string {
  const title = opts.title ?? 'viseg report';
  const clientBlocks = entries.map((e) => withExcerpts((e.blocks ?? e.record.decision?.blocks ?? []).map(toClient)));
  const summary = summarize(entries.map((e) => e.record));
  const toc = entries.length
    ? `<nav class="toc"><h3>Pages</h3><ol>` + entries.map((e, i) =>
      `<li><a href="#page-${i + 1}">${h(e.record.title || e.record.input || `page ${i + 1}`)}</a>${e.record.ok ? '' : ` <code>${h(e.record.error?.code ?? 'failed')}</code>`}</li>`,
    ).join('') + `</ol></nav>`
    : `<p class="empty">no pages</p>`;
  const pages = entries.map((e, i) => pageHtml(e, i, at(clientBlocks, i))).join('\n');
  const data = jsonForScript(clientBlocks.map((blocks) => ({ blocks })));
  const csp = [
    "default-src 'none'", 'img-src data:', "style-src 'unsafe-inline'", `script-src 'sha256-${sha256(REPORT_JS)}'`,
    "base-uri 'none'", "form-action 'none'", "connect-src 'none'", "font-src 'none'", "frame-src 'none'", "object-src 'none'",
  ].join('; ');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${h(csp)}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="viseg">
<title>${h(title)}</title>
<link rel="icon" href="data:,">
<style>${REPORT_CSS}</style>
</head>
<body>
<header class="top"><h1>${h(title)}</h1>${summaryHtml(summary)}${toc}</header>
<main>
${pages}
</main>
<div id="viseg-tooltip" class="tooltip" role="tooltip" hidden></div>
<script type="application/json" id="viseg-data">${data}</script>
<script>${REPORT_JS}</script>
</body>
</html>
`;
}
