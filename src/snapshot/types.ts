/**
 * PageSnapshot: everything the stages after the browser need, taken in one in-page pass.
 * It is plain JSON (no classes, no Maps) so it can be written to disk and replayed in unit tests.
 * snapshot/schema.ts validates it, and fails to compile unless its schema describes these types.
 */

export const SNAPSHOT_VERSION = 1;

/** A rectangle in document coordinates (CSS px, rounded to whole pixels). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The computed-style subset that segmentation and scoring use. Elements only. */
export interface NodeStyle {
  display: string;
  position: string;
  visibility: string;
  opacity: number;
  float: string;
  /** `null` when `auto`. */
  zIndex: number | null;
  /** `overflow-x`/`overflow-y` folded into one: `visible` unless either clips. */
  overflow: string;
  /** px */
  fontSize: number;
  /** 100..900 */
  fontWeight: number;
  fontStyle: string;
  color: string;
  /** Computed `background-color` of this element itself (may be transparent). */
  backgroundColor: string;
  /** Effective background: the nearest non-transparent background colour up the tree. */
  effectiveBackground: string;
  backgroundImage: boolean;
  /** Visible border widths in px (0 when the border style is none/hidden or its colour is transparent). */
  borderTop: number;
  borderRight: number;
  borderBottom: number;
  borderLeft: number;
  textAlign: string;
  whiteSpace: string;
  /** Non-zero when the element is flex/grid-ordered (`order` property). */
  order: number;
  flexDirection: string;
}

export type NodeKind = 'element' | 'text';

export interface SnapshotNode {
  /** Index of this node in `PageSnapshot.nodes`. Document (pre-)order. */
  id: number;
  /** Parent node id, -1 for the root (`<body>`). */
  parent: number;
  kind: NodeKind;
  /** Lower-case tag name; `#text` for text nodes. */
  tag: string;
  /** Border box (elements) or union of the Range client rects (text) in document coordinates. */
  rect: Rect;
  /** Child node ids in DOM (composed-tree) order. */
  children: number[];
  /** Text nodes: the text with white space collapsed as the browser renders it (kept as-is inside `pre`). */
  text?: string;
  /** Text nodes: number of rendered line boxes. */
  lines?: number;
  /** Elements: a whitelisted subset of attributes; URLs are absolute. */
  attrs?: Record<string, string>;
  /** Elements: computed-style subset. */
  style?: NodeStyle;
  /** False when the node renders nothing a person could see (visibility, opacity, zero size, clipped away). */
  visible: boolean;
  /** The node sits inside an open shadow root. */
  inShadow?: boolean;
  /** The node sits inside a same-origin iframe (rects already in the top document's coordinates). */
  inFrame?: boolean;
  /**
   * The page holds this node but does not render it: it sits in a `display: none` subtree (a closed
   * tab or accordion, a "read more" continuation, a hidden menu) or a closed `<details>`. Always
   * invisible, with an empty box at its rendered ancestor's corner; an element's style says the
   * display it would have when shown.
   */
  collapsed?: boolean;
}

export interface LinkInfo {
  node: number;
  href: string;
  text: string;
}

export interface ImageInfo {
  node: number;
  src: string;
  alt: string;
  /** Rendered size in CSS px. */
  w: number;
  h: number;
}

export interface FormControlInfo {
  node: number;
  tag: string;
  type: string;
}

export interface PageMetadata {
  title: string;
  /** `<meta name=description>` or og:description. */
  description: string;
  canonical: string;
  /** `<base href>`, absolute, or '' (absent in snapshots recorded before it was added). */
  baseHref?: string;
  lang: string;
  dir: string;
  /** Every `<meta name|property|itemprop=... content=...>` by lower-cased key (first wins). */
  meta: Record<string, string>;
  /**
   * Every distinct value of the keys a page gives more than one distinct value, in document order
   * (the first 64 such keys, 50 values each, each cut at 300 characters): one `citation_author` per
   * author. Absent when no key repeats, and in snapshots recorded before it was added.
   */
  metaAll?: Record<string, string[]>;
  /** Parsed JSON-LD objects (invalid blocks are skipped). */
  jsonLd: unknown[];
  /** `<time datetime>` values in document order (first 20). */
  times: string[];
}

export interface PageSnapshot {
  version: typeof SNAPSHOT_VERSION;
  /** The URL that was requested. */
  url: string;
  /** The URL the page ended on (after redirects). */
  finalUrl: string;
  title: string;
  viewport: { width: number; height: number; deviceScaleFactor: number };
  document: { width: number; height: number };
  /** Id of the root node (the `<body>`), always 0. */
  root: number;
  nodes: SnapshotNode[];
  links: LinkInfo[];
  images: ImageInfo[];
  forms: FormControlInfo[];
  metadata: PageMetadata;
}
