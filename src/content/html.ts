/**
 * Clean HTML from the selected part of a snapshot: a tag and attribute whitelist, absolute and
 * safe URLs, escaped text, unknown wrappers unwrapped and empty wrappers removed.
 */
import type { ImageInfo, PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { closest } from '../snapshot/tree.js';
import type { ContentSelection } from './types.js';
import {
  DROPPED_TAGS,
  collapseWhiteSpace,
  effectiveRoots,
  isBlockLayout,
  isLayoutTable,
  isTextUsable,
  layoutOf,
  whiteSpaceOf,
} from './tree.js';
import { cellAttrs, dataLanguage, escapeAttr, escapeText, keptAttrs, langAttrs, languageOf } from './attrs.js';
import { toText } from './text.js';
import { firstSrcsetUrl, safeUrl } from './url.js';

export interface CleanHtmlOptions {
  /** Base for relative URLs; defaults to `snapshot.finalUrl` (then `snapshot.url`). */
  baseUrl?: string;
}

/** A text node of the cleaned tree (unescaped). */
interface CText {
  kind: 'text';
  text: string;
}

/** An element of the cleaned tree; `tag` and attribute names are always from the whitelist. */
interface CElement {
  kind: 'element';
  tag: string;
  attrs: Array<[string, string]>;
  children: CNode[];
}

type CNode = CText | CElement;

/** Where in a table structure we are: table parts are only kept where HTML allows them. */
type TablePart = 'none' | 'table' | 'section' | 'row';
const TABLE_PARTS: readonly TablePart[] = ['none', 'table', 'section', 'row'];

interface Ctx {
  snapshot: PageSnapshot;
  base: string | undefined;
  excluded: Set<number>;
  /** Hidden text nodes written out as if visible (ContentSelection.reveal). */
  reveal: ReadonlySet<number>;
  images: Map<number, ImageInfo>;
  /** Inside an emitted `<pre>`: text is copied verbatim. */
  readonly inPre: boolean;
  /** Only phrasing content fits here (inside p, h1-h6, pre or an inline element). */
  readonly phrasing: boolean;
  readonly tablePart: TablePart;
  /** Current nesting depth of the walk (one object shared by all contexts of a call). */
  readonly walk: { depth: number };
  /** Derived contexts of this call, shared by key (one object per combination, not per element). */
  readonly variants: Array<Ctx | undefined>;
}

/** `ctx` with some state changed; the object is cached so the walk allocates no contexts. */
function derive(ctx: Ctx, change: Partial<Pick<Ctx, 'inPre' | 'phrasing' | 'tablePart'>>): Ctx {
  const inPre = change.inPre ?? ctx.inPre;
  const phrasing = change.phrasing ?? ctx.phrasing;
  const tablePart = change.tablePart ?? ctx.tablePart;
  const key = (inPre ? 1 : 0) + (phrasing ? 2 : 0) + TABLE_PARTS.indexOf(tablePart) * 4;
  let out = ctx.variants[key];
  if (out === undefined) {
    out = { ...ctx, inPre, phrasing, tablePart };
    ctx.variants[key] = out;
  }
  return out;
}

/** Tags copied through (possibly renamed) with their whitelisted attributes. */
const KEPT_TAGS: Readonly<Record<string, string>> = {
  p: 'p', h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h4', h5: 'h5', h6: 'h6',
  ul: 'ul', ol: 'ol', li: 'li', dl: 'dl', dt: 'dt', dd: 'dd', menu: 'ul', dir: 'ul',
  blockquote: 'blockquote', pre: 'pre', listing: 'pre', xmp: 'pre', plaintext: 'pre',
  code: 'code', tt: 'code', em: 'em', strong: 'strong', b: 'b', i: 'i', u: 'u', s: 's', strike: 's',
  sub: 'sub', sup: 'sup', mark: 'mark', small: 'small', br: 'br', hr: 'hr',
  figure: 'figure', figcaption: 'figcaption', time: 'time', abbr: 'abbr', acronym: 'abbr',
  q: 'q', cite: 'cite', kbd: 'kbd', samp: 'samp', var: 'var', del: 'del', ins: 'ins',
};

/** Output tags that are block-level (they end a line in the serialised HTML). */
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre',
  'hr', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'div',
]);

/** Output tags whose children must be phrasing content. */
const PHRASING_PARENTS: ReadonlySet<string> = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

const VOID_TAGS: ReadonlySet<string> = new Set(['br', 'hr', 'img']);

/** Element nesting beyond which a subtree is flattened to text (Blink's parser stops at 512). */
const MAX_DEPTH = 400;

/**
 * Renders the selected subtrees (roots in order, excluded subtrees and invisible text skipped) as
 * clean HTML. See the module comment for what is kept; inline content at the top level of a root
 * is wrapped in `<p>` so that separate roots never run together.
 */
export function cleanHtml(snapshot: PageSnapshot, selection: ContentSelection, options: CleanHtmlOptions = {}): string {
  const base = options.baseUrl ?? (snapshot.finalUrl || snapshot.url || undefined);
  const images = new Map<number, ImageInfo>();
  for (const img of snapshot.images ?? []) images.set(img.node, img);
  const ctx: Ctx = {
    snapshot,
    base,
    excluded: new Set(selection.exclude),
    reveal: new Set(selection.reveal ?? []),
    images,
    inPre: false,
    phrasing: false,
    tablePart: 'none',
    walk: { depth: 0 },
    variants: [],
  };
  let out = '';
  for (const root of effectiveRoots(snapshot, selection)) {
    out += serialize(wrapInlineRuns(unwrapRootDiv(convertNode(root, ctx))), false);
  }
  return out.trim();
}

/** Converts one snapshot node to zero or more cleaned nodes. */
function convertNode(id: number, ctx: Ctx): CNode[] {
  const node = ctx.snapshot.nodes[id];
  if (!node || ctx.excluded.has(id)) return [];
  if (node.kind === 'text') return convertText(node, ctx);
  if (DROPPED_TAGS.has(node.tag)) return [];
  const layout = layoutOf(ctx.snapshot, node);
  if (layout === 'none') return [];
  switch (node.tag) {
    case 'img':
      return convertImage(node, ctx);
    case 'a':
      return convertLink(node, ctx);
    case 'picture':
      return children(node, ctx);
    case 'table':
      return convertTable(node, ctx);
    case 'thead':
    case 'tbody':
    case 'tfoot':
      if (ctx.tablePart !== 'table') return children(node, derive(ctx, { tablePart: 'none' }));
      return finish(node.tag, langAttrs(node), children(node, derive(ctx, { tablePart: 'section' })));
    case 'tr':
      if (ctx.tablePart !== 'table' && ctx.tablePart !== 'section') return children(node, derive(ctx, { tablePart: 'none' }));
      return finish('tr', langAttrs(node), children(node, derive(ctx, { tablePart: 'row' })));
    case 'td':
    case 'th':
      if (ctx.tablePart !== 'row') return convertAmbiguous(node, ctx);
      return finish(node.tag, cellAttrs(node), children(node, flow(ctx)));
    case 'caption':
      if (ctx.tablePart !== 'table') return convertAmbiguous(node, ctx);
      return finish('caption', langAttrs(node), children(node, flow(ctx)));
    default:
      break;
  }
  const kept = KEPT_TAGS[node.tag];
  if (kept === undefined) return convertAmbiguous(node, ctx);
  if (ctx.tablePart !== 'none') return kept === 'br' ? [] : children(node, ctx);
  if (kept === 'br' && ctx.inPre) return [{ kind: 'text', text: '\n' }];
  if (kept === 'br' || kept === 'hr') return [{ kind: 'element', tag: kept, attrs: [], children: [] }];
  const childCtx: Ctx = kept === 'pre'
    ? derive(ctx, { inPre: true, phrasing: true })
    : BLOCK_TAGS.has(kept) && !PHRASING_PARENTS.has(kept)
      ? flow(ctx)
      : derive(ctx, { phrasing: true });
  const attrs = keptAttrs(kept, node);
  if (kept === 'pre' && !attrs.some(([name]) => name === 'class')) {
    const language = wrapperLanguage(ctx.snapshot, node);
    if (language !== null) attrs.push(['class', `language-${language}`]);
  }
  return finish(kept, attrs, children(node, childCtx));
}

/**
 * The language of a `<pre>` named on a wrapper up to two levels up
 * (`<div class="highlight-python"><div class="highlight"><pre>`, `<div data-lang>`). A `<code>`
 * inside keeps its own class.
 */
function wrapperLanguage(snapshot: PageSnapshot, pre: SnapshotNode): string | null {
  const named = (node: SnapshotNode): string | null => languageOf(node.attrs?.class) ?? dataLanguage(node);
  const code = pre.children.map((id) => snapshot.nodes[id]).find((n) => n?.tag === 'code');
  if (code && named(code) !== null) return null;
  const up = closest(snapshot, pre.parent, (node) => named(node) !== null, 1);
  const wrapper = snapshot.nodes[up];
  return wrapper ? named(wrapper) : null;
}

/**
 * Converts all children of `node` in `ctx`. Below MAX_DEPTH levels the subtree is emitted as
 * plain text with `<br>`s instead (no stack overflow here or in turndown on absurdly deep DOMs).
 */
function children(node: SnapshotNode, ctx: Ctx): CNode[] {
  if (ctx.walk.depth >= MAX_DEPTH) return flattened(node, ctx);
  const out: CNode[] = [];
  ctx.walk.depth++;
  try {
    for (const child of node.children) {
      // A loop, not push(...): an unwrapped container may yield more nodes than a call takes arguments.
      for (const converted of convertNode(child, ctx)) out.push(converted);
    }
  } finally {
    ctx.walk.depth--;
  }
  return out;
}

/** The children of `node` as text (toText), line breaks as `<br>`. */
function flattened(node: SnapshotNode, ctx: Ctx): CNode[] {
  const text = toText(ctx.snapshot, { roots: node.children, exclude: [...ctx.excluded], reveal: [...ctx.reveal] });
  const out: CNode[] = [];
  text.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ kind: 'element', tag: 'br', attrs: [], children: [] });
    if (line !== '') out.push({ kind: 'text', text: line });
  });
  return out;
}

/** A context for flow content (inside div, li, td, blockquote...). */
function flow(ctx: Ctx): Ctx {
  return derive(ctx, { phrasing: false, tablePart: 'none' });
}

/**
 * A visible text node; text in white-space-preserving elements outside `<pre>` gets `<br>` for
 * its newlines so the line structure survives.
 */
function convertText(node: SnapshotNode, ctx: Ctx): CNode[] {
  if (!isTextUsable(node, ctx.reveal) || ctx.tablePart !== 'none') return [];
  // Control characters (C0 but tab and line ends, DEL, C1) never belong in text, they are escape
  // sequences for terminals; and markdown.ts uses some as private separators.
  const raw = (node.text ?? '').replace(/[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/g, '');
  if (raw === '') return [];
  if (ctx.inPre) return [{ kind: 'text', text: raw.replace(/\r\n?/g, '\n') }];
  const parent = ctx.snapshot.nodes[node.parent];
  const mode = whiteSpaceOf(ctx.snapshot, parent);
  if (mode === 'collapse') return [{ kind: 'text', text: collapseWhiteSpace(raw, 'collapse') }];
  const lines = collapseWhiteSpace(raw, mode).split('\n');
  const out: CNode[] = [];
  lines.forEach((line, i) => {
    if (i > 0) out.push({ kind: 'element', tag: 'br', attrs: [], children: [] });
    const text = collapseWhiteSpace(line, 'collapse');
    if (text !== '') out.push({ kind: 'text', text });
  });
  return out;
}

/** A visible image with a safe source; lazy-loading placeholders give way to real URLs. */
function convertImage(node: SnapshotNode, ctx: Ctx): CNode[] {
  if (!node.visible || ctx.tablePart !== 'none') return [];
  const attrs = node.attrs ?? {};
  const info = ctx.images.get(node.id);
  const candidates = [
    attrs.src,
    info?.src,
    attrs['data-src'],
    attrs['data-lazy-src'],
    attrs['data-original'],
    firstSrcsetUrl(attrs.srcset),
    firstSrcsetUrl(attrs['data-srcset']),
  ];
  const safe = candidates.map((c) => safeUrl(c, ctx.base, 'image')).filter((u): u is string => u !== null);
  const src = safe.find((u) => !u.startsWith('data:')) ?? safe[0];
  if (src === undefined) return [];
  const out: Array<[string, string]> = [['src', src], ['alt', attrs.alt ?? info?.alt ?? '']];
  for (const name of ['width', 'height']) {
    const v = attrs[name];
    if (v !== undefined && /^\d{1,5}$/.test(v.trim())) out.push([name, v.trim()]);
  }
  return [{ kind: 'element', tag: 'img', attrs: out, children: [] }];
}

/** A link with a safe href; without one the link is unwrapped. */
function convertLink(node: SnapshotNode, ctx: Ctx): CNode[] {
  const href = safeUrl(node.attrs?.href, ctx.base, 'link');
  const inner = children(node, ctx);
  if (href === null || ctx.tablePart !== 'none') return inner;
  return finish('a', [['href', href], ...langAttrs(node)], inner);
}

/** A data table keeps its structure; a layout table dissolves into blocks. */
function convertTable(node: SnapshotNode, ctx: Ctx): CNode[] {
  if (isLayoutTable(ctx.snapshot, node)) return children(node, flow(ctx));
  if (ctx.phrasing) return [space(), ...children(node, flow(ctx)), space()];
  return finish('table', langAttrs(node), children(node, derive(ctx, { tablePart: 'table' })));
}

/**
 * div, section, span, custom elements...: by computed layout, a block becomes a `<div>` (or a
 * space-separated run inside phrasing content), an inline is unwrapped (an inline-block gets a
 * space on each side so its words never touch its neighbours').
 */
function convertAmbiguous(node: SnapshotNode, ctx: Ctx): CNode[] {
  const layout = layoutOf(ctx.snapshot, node);
  if (ctx.tablePart !== 'none') return children(node, ctx);
  if (isBlockLayout(layout)) {
    if (ctx.inPre) return [...children(node, ctx), { kind: 'text', text: '\n' }];
    if (ctx.phrasing) return [space(), ...children(node, ctx), space()];
    return finish('div', langAttrs(node), children(node, flow(ctx)));
  }
  if (layout === 'inline-block') return [space(), ...children(node, ctx), space()];
  return children(node, ctx);
}

/** A single collapsible space. */
function space(): CText {
  return { kind: 'text', text: ' ' };
}

/**
 * Builds element `tag`, dropping it when it is an empty wrapper: empty blocks vanish, empty
 * inlines leave a space if they held white space, `<div>`s holding only blocks are unwrapped.
 */
function finish(tag: string, attrs: Array<[string, string]>, kids: CNode[]): CNode[] {
  if (tag === 'td' || tag === 'th') return [{ kind: 'element', tag, attrs, children: kids }];
  if (tag === 'tr') {
    const cells = kids.filter((k) => k.kind === 'element');
    return cells.some(hasContent) ? [{ kind: 'element', tag, attrs, children: cells }] : [];
  }
  if (tag === 'table' || tag === 'thead' || tag === 'tbody' || tag === 'tfoot') {
    const parts = kids.filter((k) => k.kind === 'element');
    return parts.some((p) => p.tag !== 'caption' && hasContent(p)) ? [{ kind: 'element', tag, attrs, children: parts }] : [];
  }
  if (!kids.some(hasContent)) {
    if (BLOCK_TAGS.has(tag)) return [];
    return kids.some((k) => k.kind === 'text') ? [space()] : [];
  }
  if (tag === 'div' && kids.every((k) => isBlockNode(k) || (k.kind === 'text' && k.text.trim() === ''))) {
    return kids.filter(isBlockNode);
  }
  return [{ kind: 'element', tag, attrs, children: kids }];
}

/** True when the node holds visible matter: non-blank text, an image or a rule. */
function hasContent(node: CNode): boolean {
  if (node.kind === 'text') return node.text.trim() !== '';
  if (node.tag === 'img' || node.tag === 'hr') return true;
  return node.children.some(hasContent);
}

/** True for block-level output elements, including a link that wraps blocks (a "card"). */
function isBlockNode(node: CNode): node is CElement {
  if (node.kind !== 'element') return false;
  return BLOCK_TAGS.has(node.tag) || (node.tag === 'a' && node.children.some(isBlockNode));
}

/** A root that became one `<div>` (a generic container) is replaced by its children. */
function unwrapRootDiv(nodes: CNode[]): CNode[] {
  const only = nodes.length === 1 ? nodes[0] : undefined;
  return only !== undefined && only.kind === 'element' && only.tag === 'div' && only.attrs.length === 0 ? only.children : nodes;
}

/** Wraps each run of top-level inline nodes that has content in a `<p>`; blank runs are dropped. */
function wrapInlineRuns(nodes: CNode[]): CNode[] {
  const out: CNode[] = [];
  let run: CNode[] = [];
  const flush = (): void => {
    if (run.some(hasContent)) out.push({ kind: 'element', tag: 'p', attrs: [], children: run });
    run = [];
  };
  for (const node of nodes) {
    if (isBlockNode(node)) {
      flush();
      out.push(node);
    } else {
      run.push(node);
    }
  }
  flush();
  return out;
}

/** Serialises cleaned nodes; block elements end with a newline (outside `<pre>`). */
function serialize(nodes: CNode[], inPre: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') {
      out += escapeText(node.text);
      continue;
    }
    out += `<${node.tag}`;
    for (const [name, value] of node.attrs) out += ` ${name}="${escapeAttr(value)}"`;
    out += '>';
    if (VOID_TAGS.has(node.tag)) {
      if (node.tag === 'hr' && !inPre) out += '\n';
      continue;
    }
    out += serialize(node.children, inPre || node.tag === 'pre');
    out += `</${node.tag}>`;
    if (!inPre && isBlockNode(node) && node.tag !== 'td' && node.tag !== 'th') out += '\n';
  }
  return out;
}
