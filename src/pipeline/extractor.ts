/**
 * The library's extractor: one browser and one loopback file server, opened once and reused by
 * every call (launching Chromium takes seconds; a page takes a fraction of that).
 *
 *   const extractor = await createExtractor({ explain: true });
 *   try {
 *     const a = await extractor.extract('https://example.com/a');
 *     const b = await extractor.extract({ html, url: 'https://example.com/b' });
 *   } finally {
 *     await extractor.close();
 *   }
 */
import type { Page } from 'playwright-core';
import { resolveInputs, warning, type ResolvedInput } from '../browser/index.js';
import {
  contentOptions, OptionsError, resolveBrowserOptions, resolveExtractOptions, type BrowserOptions, type ExtractOptions, type ResolvedExtractOptions,
} from '../options.js';
import { captureSnapshot } from '../snapshot/capture.js';
import type { PageSnapshot } from '../snapshot/types.js';
import { analyzeSnapshot, type Analysis } from './analyze.js';
import { runBatch } from './batch.js';
import { processInput } from './page.js';
import { buildRecord, type PageResult } from './record.js';
import { Session } from './session.js';
import { at } from '../util/at.js';

/** HTML you already have, with the URL it came from (the base for its relative links). */
export interface HtmlInput {
  html: string;
  /** The page's address: relative links and images resolve against it, and the record's `url` is it. */
  url?: string;
}

/** What `extract` takes besides a Playwright page: a URL, a local file or folder path, or `{ html, url }`. */
export type ExtractInput = string | HtmlInput;

const BROWSER_KEYS = ['browserPath', 'wsEndpoint', 'cdpEndpoint', 'headless', 'browserArgs'] as const;

/** Split the options of `extract(input, options)` into the browser's and the extraction's. */
export function splitOptions(options: ExtractOptions & BrowserOptions = {}): { browser: BrowserOptions; extract: ExtractOptions } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) throw new OptionsError('options must be an object');
  const browser: Record<string, unknown> = {};
  const extract: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(options)) ((BROWSER_KEYS as readonly string[]).includes(k) ? browser : extract)[k] = v;
  return { browser: browser as BrowserOptions, extract: extract as ExtractOptions };
}

export function isPage(x: unknown): x is Page {
  return typeof x === 'object' && x !== null && typeof (x as Page).evaluate === 'function' && typeof (x as Page).mainFrame === 'function';
}

function isHtmlInput(x: unknown): x is HtmlInput {
  return typeof x === 'object' && x !== null && !isPage(x) && 'html' in x;
}

function escapeAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The HTML with a `<base href>` naming `url` first in the document, so that the browser resolves
 * every relative link and image (and `document.baseURI`) against the page's real address rather
 * than the loopback server that serves it. A `<base href>` of the document's own keeps its meaning:
 * it is resolved against `url` and used instead. The tag goes after the doctype (before it, the
 * page would render in quirks mode); the parser moves it into `<head>`.
 */
export function withBaseUrl(html: string, url: string): string {
  let href = url;
  const own = /<base\s[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(html);
  const ownHref = own ? (own[1] ?? own[2] ?? own[3] ?? '').replace(/&amp;/gi, '&').trim() : '';
  if (ownHref) {
    try {
      href = new URL(ownHref, url).href;
    } catch {
      /* an unparseable base: the browser ignores it too */
    }
  }
  const lead = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*(?:<!doctype[^>]*>)?/i.exec(html)?.[0] ?? '';
  return `${html.slice(0, lead.length)}<base href="${escapeAttr(href)}">${html.slice(lead.length)}`;
}

/** An `{ html, url }` input that is going to be served: its label and the loopback URL it is served at. */
interface HtmlDoc {
  index: number;
  url: string | null;
  served: string;
}

function checkHtmlInput(x: HtmlInput): string | null {
  if (typeof x.html !== 'string') return '`html` must be a string';
  const extra = Object.keys(x).filter((k) => k !== 'html' && k !== 'url');
  if (extra.length) return `unknown key(s) ${extra.map((k) => JSON.stringify(k)).join(', ')} in { html, url }`;
  if (x.url === undefined) return null;
  if (typeof x.url !== 'string' || !/^https?:\/\//i.test(x.url)) return '`url` must be an http(s) URL';
  try {
    new URL(x.url);
  } catch {
    return `\`url\` is not a valid URL: ${x.url}`;
  }
  return null;
}

/** Give an `{ html, url }` result its real address back: the URL it was given, never the loopback one. */
function relabel(r: PageResult, doc: HtmlDoc): void {
  r.record.url = doc.url;
  if (r.record.finalUrl === doc.served) r.record.finalUrl = doc.url;
  if (r.snapshot && doc.url) {
    r.snapshot.url = doc.url;
    if (r.snapshot.finalUrl === doc.served) r.snapshot.finalUrl = doc.url;
  }
}

/** Extract from an existing Playwright page, as it is now. Reads the document; never changes it. */
export async function extractFromPage(page: Page, opts: ResolvedExtractOptions): Promise<PageResult> {
  const started = performance.now();
  const { snapshot, truncated } = await captureSnapshot(page);
  const snapshotMs = performance.now() - started;
  const a = analyzeSnapshot(snapshot, contentOptions(opts));
  const warnings = truncated ? [warning('SNAPSHOT_TRUNCATED', 'snapshot truncated: too many nodes')] : [];
  const record = buildRecord(page.url(), a, { url: page.url(), finalUrl: snapshot.finalUrl, warnings, load: 0, snapshot: snapshotMs, started }, opts);
  return { record, snapshot, tree: a.tree, decision: a.decision };
}

/**
 * A browser and file server kept open across calls. Create it with {@link createExtractor}; call
 * {@link Extractor.close} when done (a `finally` block), or the browser outlives your work.
 */
export class Extractor {
  private closed = false;

  private constructor(private readonly session: Session, private readonly defaults: ExtractOptions) {}

  /** Launch (or connect to) the browser. Throws `OptionsError` for bad options, `BrowserNotFoundError` without a browser. */
  static async open(options: ExtractOptions & BrowserOptions = {}): Promise<Extractor> {
    const { browser, extract } = splitOptions(options);
    const defaults: ExtractOptions = { keepArtifacts: true, ...extract };
    resolveExtractOptions(defaults);
    const { browserArgs, ...launch } = resolveBrowserOptions(browser);
    const session = await Session.open(browserArgs.length ? { ...launch, extraArgs: browserArgs } : launch);
    return new Extractor(session, defaults);
  }

  /** The options of one call: the extractor's, overridden by the call's. */
  private options(options: ExtractOptions = {}): ResolvedExtractOptions {
    if (this.closed) throw new Error('viseg: this extractor is closed');
    const { browser, extract } = splitOptions(options);
    const misplaced = Object.keys(browser);
    if (misplaced.length) throw new OptionsError(`${misplaced.join(', ')}: browser options are given to createExtractor(), not to each call`);
    return resolveExtractOptions({ ...this.defaults, ...extract });
  }

  /**
   * The main content of one page: a URL, a local HTML file, `{ html, url }`, or a Playwright
   * `Page` (read as it is, never navigated or changed). Page failures come back as
   * `record.ok === false` with `record.error`.
   */
  async extract(input: ExtractInput | Page, options?: ExtractOptions): Promise<PageResult> {
    const opts = this.options(options);
    if (isPage(input)) return extractFromPage(input, opts);
    return at((await this.run([input], opts, true)), 0);
  }

  /** Many inputs (folders expand to their HTML files), rendered `concurrency` at a time; results in input order. */
  async extractMany(inputs: ExtractInput[], options?: ExtractOptions): Promise<PageResult[]> {
    if (!Array.isArray(inputs)) throw new OptionsError('extractMany takes an array of inputs');
    return this.run(inputs, this.options(options));
  }

  /** The block tree and decision of one page, with its snapshot. */
  async segment(input: ExtractInput | Page, options?: ExtractOptions): Promise<Analysis & { snapshot: PageSnapshot }> {
    const opts = this.options(options);
    const r = await this.extract(input, { ...options, keepArtifacts: true });
    if (!r.snapshot) throw new Error(`${r.record.error?.code}: ${r.record.error?.message}`);
    return { snapshot: r.snapshot, ...analyzeSnapshot(r.snapshot, contentOptions(opts)) };
  }

  /** Close the browser (when this extractor launched it) and the file server. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.session.close();
  }

  /** `root`: the site folder local files are served from (`root` option). */
  private async resolve(inputs: ExtractInput[], root?: string): Promise<{ resolved: ResolvedInput[]; docs: HtmlDoc[] }> {
    const resolved: ResolvedInput[] = [];
    const docs: HtmlDoc[] = [];
    let paths: string[] = [];
    const flush = async () => {
      if (paths.length) resolved.push(...(await resolveInputs(paths, { server: this.session.server, root })));
      paths = [];
    };
    for (const input of inputs) {
      if (typeof input === 'string') {
        paths.push(input);
        continue;
      }
      await flush();
      if (!isHtmlInput(input)) {
        resolved.push({ input: String(input), kind: 'stdin', error: { code: 'UNSUPPORTED_INPUT', message: 'an input is a URL or path string, { html, url }, or a Playwright Page' } });
        continue;
      }
      const label = typeof input.url === 'string' ? input.url : 'html';
      const problem = checkHtmlInput(input);
      if (problem) {
        resolved.push({ input: label, kind: 'stdin', error: { code: 'INVALID_INPUT', message: problem } });
        continue;
      }
      const content = Buffer.from(input.url ? withBaseUrl(input.html, input.url) : input.html, 'utf8');
      const served = this.session.server.addDocument(content, 'page.html');
      docs.push({ index: resolved.length, url: input.url ?? null, served });
      resolved.push({ input: label, kind: 'stdin', content, url: served });
    }
    await flush();
    return { resolved, docs };
  }

  private async run(inputs: ExtractInput[], opts: ResolvedExtractOptions, single = false): Promise<PageResult[]> {
    const { resolved, docs } = await this.resolve(inputs, opts.root);
    if (single && resolved.length !== 1) {
      throw new OptionsError(`${String(inputs[0])} is a folder of ${resolved.length} pages: extract() takes one page, extractMany() takes many`);
    }
    const out: PageResult[] = [];
    if (resolved.length === 1) out.push(await processInput(this.session, at(resolved, 0), opts));
    else await runBatch(this.session, resolved, opts, { concurrency: opts.concurrency, emit: (r) => void out.push(r) });
    for (const doc of docs) relabel(at(out, doc.index), doc);
    return out;
  }
}

/** Open an {@link Extractor}: launch (or connect to) the browser once, for many calls. */
export function createExtractor(options: ExtractOptions & BrowserOptions = {}): Promise<Extractor> {
  return Extractor.open(options);
}
