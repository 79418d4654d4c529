/**
 * The HTML report: one self-contained file (inline CSS and JS, screenshots as `data:` URIs, no
 * external request of any kind, locked down by a Content-Security-Policy) listing each page with
 * its annotated screenshot and an interactive block overlay, the extracted text and metadata, and
 * the top candidates with their score components; a summary (counts, failures by error code,
 * median/p90 timings per stage) at the top.
 *
 * Everything taken from records is escaped; the block data for the overlay travels as JSON in a
 * `<script type="application/json">` block with `<` written as `\u003c`.
 */
import { createHash } from 'node:crypto';
import { roleColour } from '../annotate/colours.js';
import type { BlockRecord } from '../classify/index.js';
import type { ExtractRecord } from '../pipeline/record.js';
import { REPORT_CSS, REPORT_JS } from './client.js';
import { escapeHtml as h, jsonForScript } from './escape.js';
import { pngSize } from './png.js';
import { summarize, type ReportSummary } from './stats.js';

export interface ReportEntry {
  record: ExtractRecord;
  /** The annotated screenshot (PNG), 1 image px = 1 CSS px unless `imageHeight` says otherwise. */
  screenshot?: Buffer;
  /** The decision's block records (`decision.blocks`); defaults to `record.decision?.blocks`. */
  blocks?: BlockRecord[];
  /**
   * Height of the document area the screenshot shows, in CSS px (the cut height). Defaults to the
   * PNG's pixel height; set it when the image is scaled (e.g. device scale factor 2) so the
   * overlay maps block rects onto it correctly.
   */
  imageHeight?: number;
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
  role: string;
  score: number;
  leaf: boolean;
  doc: number;
  rect: { x: number; y: number; w: number; h: number };
  components: Record<string, number>;
  features: Record<string, unknown>;
  excerpt: string;
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

function toClient(b: BlockRecord): ClientBlock {
  const r = b.rect ?? { x: 0, y: 0, w: 0, h: 0 };
  return {
    id: String(b.id),
    role: String(b.role),
    score: num(b.score),
    leaf: Boolean(b.leaf),
    doc: num(b.doc),
    rect: { x: num(r.x), y: num(r.y), w: num(r.w), h: num(r.h) },
    components: Object.fromEntries(Object.entries(b.components ?? {}).filter(([, v]) => typeof v === 'number')),
    features: { ...(b.features ?? {}) },
    excerpt: String(b.excerpt ?? ''),
  };
}

function pct(v: number, of: number): string {
  return `${Math.round((v / of) * 1e6) / 1e4}%`;
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

function reasonHtml(r: ExtractRecord): string {
  const d = r.decision;
  if (!d) return '';
  const bits = [d.reason];
  if (d.merged?.length) {
    const ids = d.merged.slice(0, 12).map((m) => m.id).join(', ');
    bits.push(`merged: ${ids}${d.merged.length > 12 ? ` and ${d.merged.length - 12} more` : ''}`);
  }
  return `<p class="reason">${h(bits.join(' · '))}</p>`;
}

function overlayHtml(pageIndex: number, blocks: ClientBlock[], cssW: number, cssH: number): string {
  // biggest first so smaller blocks sit on top and catch the pointer
  const order = blocks.map((b, i) => ({ b, i }))
    .filter(({ b }) => b.rect.w > 0 && b.rect.h > 0 && b.rect.x < cssW && b.rect.y < cssH && b.rect.x + b.rect.w > 0 && b.rect.y + b.rect.h > 0)
    .sort((a, c) => c.b.rect.w * c.b.rect.h - a.b.rect.w * a.b.rect.h || a.i - c.i);
  return `<div class="overlay">` + order.map(({ b, i }) =>
    `<div class="blk${b.leaf ? ' leaf' : ''}" data-p="${pageIndex}" data-b="${i}" data-id="${h(b.id)}" data-role="${h(b.role)}" ` +
    `style="left:${pct(b.rect.x, cssW)};top:${pct(b.rect.y, cssH)};width:${pct(b.rect.w, cssW)};height:${pct(b.rect.h, cssH)};--c:${h(roleColour(b.role))}"></div>`,
  ).join('') + `</div>`;
}

function screenshotHtml(e: ReportEntry, pageIndex: number, blocks: ClientBlock[]): string {
  if (!e.screenshot || !e.screenshot.length) return `<p class="empty">no screenshot</p>`;
  const size = pngSize(e.screenshot);
  if (!size) return `<p class="empty">screenshot is not a PNG</p>`;
  const b64 = e.screenshot.toString('base64');
  const cssH = e.imageHeight && e.imageHeight > 0 ? e.imageHeight : size.height;
  const cssW = size.width * (cssH / size.height);
  return `<div class="shot-scroll"><div class="shot" style="max-width:${Math.round(cssW)}px">` +
    `<img src="data:image/png;base64,${b64}" width="${size.width}" height="${size.height}" alt="annotated screenshot of page ${pageIndex + 1}" decoding="async">` +
    overlayHtml(pageIndex, blocks, cssW, cssH) + `</div></div>`;
}

function candidatesHtml(pageIndex: number, blocks: ClientBlock[], mainIds: Set<string>, mainId: string | null): string {
  if (!blocks.length) return `<p class="empty">no block data (run with --explain)</p>`;
  const top = blocks.map((b, i) => ({ b, i }))
    .sort((a, c) => c.b.score - a.b.score || cmpId(a.b.id, c.b.id))
    .slice(0, TOP_CANDIDATES);
  const rows = top.map(({ b, i }, rank) => {
    const comps = Object.entries(b.components).sort((x, y) => Math.abs(y[1]) - Math.abs(x[1]) || (x[0] < y[0] ? -1 : 1))
      .map(([k, v]) => `${h(k)}&nbsp;${v >= 0 ? '+' : ''}${h(fmtNum(v))}`).join(', ');
    const feats = KEY_FEATURES.filter((k) => k in b.features).map((k) => `${k} ${h(typeof b.features[k] === 'number' ? fmtNum(b.features[k] as number) : b.features[k] ?? '–')}`).join(', ');
    const cls = b.id === mainId ? ' class="main"' : mainIds.has(b.id) ? ' class="in-main"' : '';
    return `<tr${cls} data-p="${pageIndex}" data-b="${i}"><td class="num">${rank + 1}</td><td><code>${h(b.id)}</code>${b.id === mainId ? ' <b>main</b>' : ''}</td>` +
      `<td><span class="swatch" style="background:${h(roleColour(b.role))}"></span>${h(b.role)}</td>` +
      `<td class="num">${h(fmtNum(b.score))}</td><td class="comp">${comps}</td><td class="comp">${feats}</td><td class="excerpt">${h(b.excerpt.slice(0, 160))}</td></tr>`;
  }).join('');
  return `<table class="candidates"><thead><tr><th>#</th><th>block</th><th>role</th><th>score</th><th>components</th><th>key features</th><th>excerpt</th></tr></thead>` +
    `<tbody>${rows}</tbody></table>`;
}

function pageHtml(e: ReportEntry, i: number, blocks: ClientBlock[]): string {
  const r = e.record;
  const status = !r.ok ? `<span class="status fail">${h(r.error?.code ?? 'failed')}</span>`
    : r.mainBlock ? `<span class="status ok">ok</span>` : `<span class="status nomain">no main content</span>`;
  const heading = `<h2>${i + 1}. ${h(r.title || r.input || `page ${i + 1}`)} ${status}</h2>`;
  const error = r.error ? `<p class="error"><code>${h(r.error.code)}</code>: ${h(r.error.message)}</p>` : '';
  const warnings = r.warnings?.length
    ? `<details class="warnings"><summary>${r.warnings.length} warning(s)</summary><ul>${r.warnings.map((w) => `<li><code>${h(w.code)}</code>: ${h(w.message)}</li>`).join('')}</ul></details>`
    : '';
  const mainId = r.decision?.main?.id ?? r.mainBlock?.id ?? null;
  const mainIds = new Set(r.decision?.main?.blockIds ?? []);
  const text = r.ok
    ? `<details class="text" open><summary>Extracted text (${h(r.wordCount)} words)</summary>` +
      (r.text ? `<div class="text-body">${h(r.text)}</div>` : `<p class="empty">no text</p>`) + `</details>`
    : '';
  const visual = r.ok || e.screenshot
    ? `<div class="layout"><div class="visual">${screenshotHtml(e, i, blocks)}</div><div class="side">${text}</div></div>` +
      `<h3>Top candidates</h3>${candidatesHtml(i, blocks, mainIds, mainId)}`
    : text;
  return `<article class="page" id="page-${i + 1}" data-page="${i}">${heading}${error}${metaHtml(r)}${reasonHtml(r)}${warnings}${visual}</article>`;
}

/** The report as one HTML string. Pure: the same entries give the same bytes. */
export function renderReport(entries: ReportEntry[], opts: ReportOptions = {}): string {
  const title = opts.title ?? 'viseg report';
  const clientBlocks = entries.map((e) => (e.blocks ?? e.record.decision?.blocks ?? []).map(toClient));
  const summary = summarize(entries.map((e) => e.record));
  const toc = entries.length
    ? `<nav class="toc"><h3>Pages</h3><ol>` + entries.map((e, i) =>
      `<li><a href="#page-${i + 1}">${h(e.record.title || e.record.input || `page ${i + 1}`)}</a>${e.record.ok ? '' : ` <code>${h(e.record.error?.code ?? 'failed')}</code>`}</li>`,
    ).join('') + `</ol></nav>`
    : `<p class="empty">no pages</p>`;
  const pages = entries.map((e, i) => pageHtml(e, i, clientBlocks[i]!)).join('\n');
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
