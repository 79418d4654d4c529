/**
 * A tiny PageSnapshot builder for the content-stage tests: describe the body with h()/t(),
 * get a snapshot with default computed styles (display by tag, inherited white-space) and
 * look nodes up by key.
 */
import { SNAPSHOT_VERSION } from '../../../src/snapshot/types.js';
import type {
  ImageInfo,
  NodeStyle,
  PageMetadata,
  PageSnapshot,
  Rect,
  SnapshotNode,
} from '../../../src/snapshot/types.js';
import type { ContentSelection } from '../../../src/content/types.js';

export interface ElementOpts {
  attrs?: Record<string, string>;
  style?: Partial<NodeStyle>;
  rect?: Partial<Rect>;
  visible?: boolean;
  /** Name to look the node id up with `fx.id(key)`. */
  key?: string;
}

export interface ElementSpec extends ElementOpts {
  kind: 'element';
  tag: string;
  children: Spec[];
}

export interface TextSpec {
  kind: 'text';
  text: string;
  visible?: boolean;
  rect?: Partial<Rect>;
  key?: string;
}

export type Spec = ElementSpec | TextSpec;
export type Child = Spec | string;

/** An element; the second argument is options when it is a plain object without `kind`. */
export function h(tag: string, opts?: ElementOpts | Child | null, ...children: Child[]): ElementSpec {
  let options: ElementOpts = {};
  const kids = [...children];
  if (opts !== undefined && opts !== null) {
    if (typeof opts === 'string' || 'kind' in opts) kids.unshift(opts as Child);
    else options = opts;
  }
  return { kind: 'element', tag, ...options, children: kids.map(toSpec) };
}

/** A text node (plain strings passed to h() become visible text nodes too). */
export function t(text: string, opts: { visible?: boolean; key?: string; rect?: Partial<Rect> } = {}): TextSpec {
  return { kind: 'text', text, ...opts };
}

function toSpec(child: Child): Spec {
  return typeof child === 'string' ? t(child) : child;
}

const DISPLAY: Record<string, string> = {
  li: 'list-item', table: 'table', thead: 'table-header-group', tbody: 'table-row-group',
  tfoot: 'table-footer-group', tr: 'table-row', td: 'table-cell', th: 'table-cell', caption: 'table-caption',
};

const BLOCK = new Set([
  'body', 'div', 'p', 'section', 'article', 'main', 'header', 'footer', 'aside', 'nav', 'h1', 'h2', 'h3',
  'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'figure', 'figcaption', 'hr',
  'form', 'address', 'details', 'summary', 'fieldset',
]);

/** Chromium-like default computed style for `tag` under a parent with `parentWhiteSpace`. */
export function defaultStyle(tag: string, parentWhiteSpace: string, override: Partial<NodeStyle> = {}): NodeStyle {
  const display = DISPLAY[tag] ?? (BLOCK.has(tag) ? 'block' : tag === 'img' ? 'inline' : 'inline');
  const whiteSpace = tag === 'pre' ? 'pre' : parentWhiteSpace;
  return {
    display, position: 'static', visibility: 'visible', opacity: 1, float: 'none', zIndex: null,
    overflow: 'visible', fontSize: 16, fontWeight: /^h\d$|^(b|strong|th)$/.test(tag) ? 700 : 400,
    fontStyle: 'normal', color: 'rgb(0, 0, 0)', backgroundColor: 'rgba(0, 0, 0, 0)',
    effectiveBackground: 'rgb(255, 255, 255)', backgroundImage: false, borderTop: 0, borderRight: 0,
    borderBottom: 0, borderLeft: 0, textAlign: 'start', whiteSpace, order: 0, flexDirection: 'row',
    ...override,
  };
}

export interface FixtureOptions {
  metadata?: Partial<PageMetadata>;
  title?: string;
  url?: string;
  finalUrl?: string;
  images?: ImageInfo[];
}

export interface Fixture {
  snapshot: PageSnapshot;
  /** Node id of the spec with this key (throws when unknown). */
  id(key: string): number;
  /** The whole body as the selection. */
  all(): ContentSelection;
  /** A selection of keyed roots minus keyed exclusions. */
  select(roots: string[], exclude?: string[]): ContentSelection;
}

/**
 * Builds a snapshot whose `<body>` (node 0) holds `body`. Nodes get ids in pre-order and stacked
 * default rects (y = 20 × id) unless a rect is given.
 */
export function buildFixture(body: Child[], options: FixtureOptions = {}): Fixture {
  const nodes: SnapshotNode[] = [];
  const keys = new Map<string, number>();
  const add = (spec: Spec, parent: number, parentWs: string): number => {
    const id = nodes.length;
    const rect: Rect = { x: 0, y: id * 20, w: 800, h: 20, ...spec.rect };
    if (spec.key !== undefined) keys.set(spec.key, id);
    if (spec.kind === 'text') {
      nodes.push({ id, parent, kind: 'text', tag: '#text', rect, children: [], text: spec.text, lines: 1, visible: spec.visible ?? true });
      return id;
    }
    const style = defaultStyle(spec.tag, parentWs, spec.style);
    const node: SnapshotNode = {
      id, parent, kind: 'element', tag: spec.tag, rect, children: [], attrs: spec.attrs ?? {}, style, visible: spec.visible ?? true,
    };
    nodes.push(node);
    for (const child of spec.children) node.children.push(add(child, id, style.whiteSpace));
    return id;
  };
  add(h('body', null, ...body), -1, 'normal');
  const url = options.url ?? 'https://example.com/articles/one';
  const snapshot: PageSnapshot = {
    version: SNAPSHOT_VERSION,
    url,
    finalUrl: options.finalUrl ?? url,
    title: options.title ?? '',
    viewport: { width: 1280, height: 800, deviceScaleFactor: 1 },
    document: { width: 1280, height: nodes.length * 20 },
    root: 0,
    nodes,
    links: [],
    images: options.images ?? [],
    forms: [],
    metadata: {
      title: options.title ?? '',
      description: '',
      canonical: '',
      lang: '',
      dir: '',
      meta: {},
      jsonLd: [],
      times: [],
      ...options.metadata,
    },
  };
  const id = (key: string): number => {
    const v = keys.get(key);
    if (v === undefined) throw new Error(`no node with key ${key}`);
    return v;
  };
  return {
    snapshot,
    id,
    all: () => ({ roots: [0], exclude: [] }),
    select: (roots, exclude = []) => ({ roots: roots.map(id), exclude: exclude.map(id) }),
  };
}
