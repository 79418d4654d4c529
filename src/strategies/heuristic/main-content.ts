/**
 * Finding the main content over text blocks:
 *  1. score each text block for how much it reads like article prose (shallow text features +
 *     visual features + attribute hints);
 *  2. choose the element whose subtree holds the most prose net of boilerplate (a maximum-subtree
 *     search, in the spirit of MSS and content_finder's greedy descent);
 *  3. keep the blocks inside it that belong to the article, dropping link lists, share bars,
 *     captions, fine print and anything whose attributes name it boilerplate.
 */
import { bodyFontSize } from '../../classify/block-features.js';
import { isConsentText, isNoiseHint, isPositiveHint, roleHint } from '../../classify/hints.js';
import type { NodeIndex, TextBlock } from '../../classify/text-blocks.js';
import type { Role } from '../../classify/types.js';
import type { PageSnapshot, Rect, SnapshotNode } from '../../snapshot/types.js';
import { countSentenceEnds } from '../../util/text.js';
import { addAt, at, last } from '../../util/at.js';

export interface BlockVerdict {
  /** Prose score: > 0 reads like article text, < 0 like boilerplate. */
  prose: number;
  linkDensity: number;
  sentences: number;
  /** Font size relative to the page's body text size. */
  relFont: number;
  /** The nearest boilerplate role hint among the ancestors (within the page), if any. */
  hint: Role | null;
  noise: boolean;
}

export interface MainContentResult {
  /** The element chosen as the article container, or -1 when the page has no article. */
  container: number;
  /** Subtrees whose text is the article: the container plus siblings taken back, in document order. */
  roots: number[];
  /** Net prose mass of the best subtree (chars). */
  containerValue: number;
  /** Text block indexes kept as main content, in reading order. */
  kept: number[];
  /** Why each dropped block inside the container was dropped (block index -> reason). */
  dropped: Map<number, string>;
  verdicts: BlockVerdict[];
  /** Body text font size (px), the chars-weighted median. */
  bodyFont: number;
}

const HEADING = /^h[1-6]$/;

/**
 * Signal families that can be switched off, for ablation studies (docs/strategies.md):
 * - `links`: link density (HTML-Content-Extractor's text-to-link ratio, declutter's 2·linkWords)
 * - `hints`: class/id/ARIA/tag role hints and noise words (declutter's poison words, Readability)
 * - `headings`: section headings that name comments or related links
 * - `repetition`: repeated teaser cards (the "signals" seed's repeated patterns)
 * - `visual`: rendered geometry and typography: font size relative to body text, fixed overlays,
 *   the same-column test (VIPS)
 * - `descent`: climbing/descending from the best subtree (content_finder's greedy descent)
 * - `siblings`: taking back sibling subtrees (Readability's sibling pass)
 * - `slice`: the best run of sibling subtrees (MSS's maximum subsequence)
 * - `continuation`: paragraphs just outside the container that continue the kept text on screen
 *   (jusText's context-sensitive pass, on rendered geometry)
 */
export type SignalFamily = 'links' | 'hints' | 'headings' | 'repetition' | 'visual' | 'descent' | 'siblings' | 'slice' | 'continuation';
export const SIGNAL_FAMILIES: readonly SignalFamily[] = ['links', 'hints', 'headings', 'repetition', 'visual', 'descent', 'siblings', 'slice', 'continuation'];

export interface MainContentOptions {
  /** Signal families to switch off (ablation). */
  disable?: readonly SignalFamily[];
}
const FORM_CONTROLS = new Set(['input', 'button', 'select', 'textarea']);

/**
 * For each node: the nearest ancestor-or-self role hint and noise flag. One pass, pre-order.
 * A hint on an element that holds a large share of the page's text (a page wrapper whose class
 * happens to say "modal-open" or "has-sidebar") is ignored: hints name small pieces.
 */
function inheritHints(snapshot: PageSnapshot, blocks: TextBlock[], off: ReadonlySet<SignalFamily>): { role: Array<Role | null>; noise: Uint8Array; positive: Uint8Array; roleDepth: Int32Array; positiveDepth: Int32Array } {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const chars = new Float64Array(n);
  const firstBlock = new Int32Array(n).fill(-1);
  let total = 0;
  blocks.forEach((b, i) => {
    total += b.chars;
    for (let id = b.owner; id >= 0; id = at(nodes, id).parent) {
      addAt(chars, id, b.chars);
      if (at(firstBlock, id) < 0) firstBlock[id] = i;
    }
  });
  const big = (id: number): boolean => total > 0 && at(chars, id) > 0.35 * total;
  const role: Array<Role | null> = new Array(n).fill(null);
  const noise = new Uint8Array(n);
  const positive = new Uint8Array(n);
  // depth (below the root) of the element the role / positive hint came from
  const roleDepth = new Int32Array(n).fill(-1);
  const positiveDepth = new Int32Array(n).fill(-1);
  const depth = new Int32Array(n);
  for (const node of nodes) {
    const p = node.parent;
    depth[node.id] = p >= 0 ? at(depth, p) + 1 : 0;
    const own = big(node.id) ? null
      : (off.has('hints') ? null : roleHint(node)) ?? (off.has('headings') ? null : headingRole(nodes, blocks, node, at(firstBlock, node.id)));
    role[node.id] = own ?? (p >= 0 ? at(role, p) : null);
    roleDepth[node.id] = own ? at(depth, node.id) : p >= 0 ? at(roleDepth, p) : -1;
    const pos = !off.has('hints') && isPositiveHint(node);
    positive[node.id] = pos ? 1 : p >= 0 ? at(positive, p) : 0;
    positiveDepth[node.id] = pos ? at(depth, node.id) : p >= 0 ? at(positiveDepth, p) : -1;
    noise[node.id] = !off.has('hints') && !big(node.id) && isNoiseHint(node) ? 1 : p >= 0 ? at(noise, p) : 0;
  }
  return { role, noise, positive, roleDepth, positiveDepth };
}

/** Section headings that name what follows ("Comments", "Customer reviews", "Related stories"). */
const HEADING_ROLES: Array<[Role, RegExp]> = [
  ['comments', /^(\d+\s+)?(comments?|responses?|replies|discussion|join the discussion|leave a (comment|reply)|customer reviews|reviews|ratings (&|and) reviews)\b/i],
  ['related', /^(related( (stories|articles|posts|content|coverage|reading))?|more (stories|from|on|like this|news|articles)|read (more|next)|you (may|might) (also )?like|recommended( for you)?|trending|most (read|popular|viewed)|further reading|also read|popular (posts|stories))\b/i],
];

/** An element whose own first text is a heading naming a comments or related section. */
function headingRole(nodes: SnapshotNode[], blocks: TextBlock[], node: SnapshotNode, first: number): Role | null {
  if (node.kind !== 'element' || first < 0 || !node.children.length) return null;
  const b = at(blocks, first);
  if (b.owner === node.id || b.chars > 40 || b.words > 5) return null;
  const owner = at(nodes, b.owner);
  if (!HEADING.test(owner.tag) && !(owner.style && owner.style.fontWeight >= 600)) return null;
  // the heading must head this element, not a small box at its top: at most two levels down
  let depth = 0;
  for (let id = b.owner; id !== node.id && id >= 0; id = at(nodes, id).parent) depth++;
  if (depth > 2) return null;
  for (const [role, re] of HEADING_ROLES) if (re.test(b.text.trim())) return role;
  return null;
}

function isFixed(node: SnapshotNode): boolean {
  return node.style?.position === 'fixed';
}

export function verdictFor(b: TextBlock, owner: SnapshotNode, bodyFont: number, hint: Role | null, noise: boolean, off: ReadonlySet<SignalFamily> = new Set()): BlockVerdict {
  const ld = off.has('links') ? 0 : b.chars ? b.linkChars / b.chars : 0;
  const sentences = countSentenceEnds(b.text);
  const relFont = off.has('visual') ? 1 : b.fontSize / bodyFont;
  let prose = 0;
  // length: the single strongest signal (Kohlschütter); CJK text has few "words", use chars too
  const len = Math.max(b.words, b.chars / 6);
  if (len >= 40) prose += 1.2;
  else if (len >= 20) prose += 0.8;
  else if (len >= 10) prose += 0.3;
  else prose -= 0.4;
  prose += Math.min(sentences, 4) * 0.15;
  if (ld > 0.5) prose -= 1.5;
  else prose -= ld * 1.2;
  if (owner.tag === 'p') prose += 0.3;
  if (relFont < 0.8) prose -= 0.5;
  if (hint) prose -= 0.8;
  if (noise) prose -= 0.4;
  return { prose, linkDensity: ld, sentences, relFont, hint, noise };
}

/** Attribute signature for spotting repeated siblings: tag plus sorted class list. */
function signature(node: SnapshotNode): string {
  const cls = (node.attrs?.class ?? '').split(/\s+/).filter(Boolean).sort().join('.');
  return `${node.tag}.${cls}`;
}

/**
 * Text in teaser cards: an element repeated at least three times among its siblings (same tag and
 * classes), holding a link-heavy headline block next to other text. Listings, "more stories"
 * feeds and comment threads are made of these; article paragraphs are not (they hold one block).
 */
function teaserBlocks(snapshot: PageSnapshot, blocks: TextBlock[], verdicts: BlockVerdict[]): Uint8Array {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const blockCount = new Int32Array(n);
  const linkBlocks = new Int32Array(n);
  const charsIn = new Float64Array(n);
  blocks.forEach((b, i) => {
    // a headline link, not a user name or a "Reply" link
    const isLink = at(verdicts, i).linkDensity > 0.7 && b.chars >= 20;
    for (let id = b.owner, k = 0; id >= 0 && k < 8; id = at(nodes, id).parent, k++) {
      addAt(blockCount, id, 1);
      if (isLink) addAt(linkBlocks, id, 1);
      addAt(charsIn, id, b.chars);
    }
  });
  const repeated = new Uint8Array(n);
  for (const node of nodes) {
    if (node.kind !== 'element' || node.children.length < 3) continue;
    const counts = new Map<string, number>();
    for (const c of node.children) {
      const ch = at(nodes, c);
      if (ch.kind === 'element' && at(blockCount, c) >= 2) counts.set(signature(ch), (counts.get(signature(ch)) ?? 0) + 1);
    }
    for (const c of node.children) {
      const ch = at(nodes, c);
      if (ch.kind === 'element' && (counts.get(signature(ch)) ?? 0) >= 3) repeated[c] = 1;
    }
  }
  const out = new Uint8Array(blocks.length);
  blocks.forEach((b, i) => {
    if (at(verdicts, i).linkDensity > 0.7) return;
    for (let id = b.owner, k = 0; id >= 0 && k < 6; id = at(nodes, id).parent, k++) {
      if (repeated[id] && at(linkBlocks, id) >= 1 && at(blockCount, id) >= 2 && at(charsIn, id) < 1500) {
        out[i] = 1;
        return;
      }
    }
  });
  return out;
}

interface GrowContext {
  nodes: SnapshotNode[];
  value: Float64Array;
  pos: Float64Array;
  chars: Float64Array;
  linkChars: Float64Array;
  fixedAncestor: Uint8Array;
  role: Array<Role | null>;
  noise: Uint8Array;
  /** The subtree holds a data table (3+ rows). */
  hasTable: Uint8Array;
  off: ReadonlySet<SignalFamily>;
}

interface Grown {
  /** The element reported as the container. */
  container: number;
  /** Subtrees of the article, in document order. */
  roots: number[];
}

/**
 * From the best element: climb while the parent adds much more prose than junk (an article whose
 * product list nets negative on its own), descend while one child holds most of the prose
 * (content_finder's greedy descent), then take back siblings (see {@link addSiblings}).
 */
function growFromElement(ctx: GrowContext, top: number): Grown {
  const { nodes, value, pos, fixedAncestor } = ctx;
  let start = top;
  for (; !ctx.off.has('descent');) {
    const p = at(nodes, start).parent;
    if (p < 0 || fixedAncestor[p]) break;
    const extraPos = at(pos, p) - at(pos, start);
    const extraNeg = at(pos, p) - at(value, p) - (at(pos, start) - at(value, start));
    if (at(pos, start) >= 0.6 * at(pos, p) || extraNeg > 1.5 * extraPos) break;
    start = p;
  }
  const path: number[] = [];
  let container = start;
  for (; !ctx.off.has('descent');) {
    let bestChild = -1;
    for (const c of at(nodes, container).children) if (at(nodes, c).kind === 'element' && (bestChild < 0 || at(pos, c) > at(pos, bestChild))) bestChild = c;
    if (bestChild < 0 || at(pos, bestChild) < 0.6 * at(pos, container) || at(value, bestChild) < 0.5 * at(value, container)) break;
    path.push(container);
    container = bestChild;
  }
  return { container, roots: addSiblings(ctx, [container], at(value, container), new Set(path)) };
}

function growFromSlice(ctx: GrowContext, slice: Slice): Grown {
  return { container: slice.parent, roots: addSiblings(ctx, [...slice.children], slice.value, new Set()) };
}

/**
 * Take back siblings of the roots' ancestors: inside the descended path, substantial blocks of
 * prose (Readability's sibling pass: an article body split by an ad comes back whole, a teaser
 * feed does not); further up, prose that FOLLOWS in the same column (an article whose second
 * half was re-parented, as client-side rendering in two steps does). Summaries and key points
 * above the body are not the body, so nothing before the roots is taken from further up.
 */
function addSiblings(ctx: GrowContext, roots: number[], core: number, path: Set<number>): number[] {
  const { nodes, value, pos, chars, linkChars, fixedAncestor, role, noise, hasTable } = ctx;
  const out = [...roots];
  if (ctx.off.has('siblings')) return out;
  const chain = new Set<number>(roots);
  for (let id = at(nodes, at(roots, 0)).parent; id >= 0; id = at(nodes, id).parent) chain.add(id);
  const cr = unionOf(roots.map((r) => at(nodes, r).rect));
  const lastRoot = last(roots);
  const sameColumn = (id: number): boolean => {
    if (ctx.off.has('visual')) return true;
    const r = at(nodes, id).rect;
    const overlap = Math.min(r.x + r.w, cr.x + cr.w) - Math.max(r.x, cr.x);
    return overlap >= 0.5 * Math.min(r.w, cr.w);
  };
  for (let a = at(nodes, at(roots, 0)).parent; a >= 0; a = at(nodes, a).parent) {
    const onPath = path.has(a);
    for (const s of at(nodes, a).children) {
      if (chain.has(s) || at(nodes, s).kind !== 'element' || role[s] || noise[s] || fixedAncestor[s]) continue;
      const ld = at(chars, s) ? at(linkChars, s) / at(chars, s) : 1;
      const substantial = onPath && at(value, s) >= 0.25 * core && ld < 0.2;
      const prose = s > lastRoot && at(pos, s) >= 80 && at(value, s) >= 0.5 * at(pos, s) && ld < 0.25 && sameColumn(s);
      // a data table beside the article body (specifications, results) belongs to it
      const tabular = (onPath || a === at(nodes, at(roots, 0)).parent) && hasTable[s] && ld < 0.2 && at(chars, s) >= 100 && at(value, s) >= 0 && sameColumn(s);
      if (substantial || prose || tabular) out.push(s);
    }
  }
  return out.sort((x, y) => x - y);
}

interface Slice {
  parent: number;
  children: number[];
  value: number;
}

/** Kadane over each element's element children: the best run of two or more consecutive siblings. */
function bestSlice(nodes: SnapshotNode[], value: Float64Array, fixedAncestor: Uint8Array): Slice | null {
  let best: Slice | null = null;
  for (const node of nodes) {
    if (node.kind !== 'element' || fixedAncestor[node.id] || node.children.length < 2) continue;
    const kids = node.children.filter((c) => at(nodes, c).kind === 'element' && !fixedAncestor[c]);
    let sum = 0;
    let from = 0;
    for (let i = 0; i < kids.length; i++) {
      if (sum <= 0) {
        sum = 0;
        from = i;
      }
      sum += at(value, at(kids, i));
      if (i > from && (!best || sum > best.value + 1e-9)) best = { parent: node.id, children: kids.slice(from, i + 1), value: sum };
    }
  }
  return best;
}

function unionOf(rects: Array<{ x: number; y: number; w: number; h: number }>): { x: number; y: number; w: number; h: number } {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  return { x, y, w: Math.max(...rects.map((r) => r.x + r.w)) - x, h: Math.max(...rects.map((r) => r.y + r.h)) - y };
}

/** Roles that a positive article hint overrides (layout wrappers named after where they sit). */
const OVERRIDABLE: ReadonlySet<Role> = new Set(['sidebar', 'header', 'footer']);

export function findMainContent(snapshot: PageSnapshot, blocks: TextBlock[], _index: NodeIndex, options: MainContentOptions = {}): MainContentResult {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const off = new Set(options.disable ?? []);
  const bodyFont = bodyFontSize(blocks);
  const hints = inheritHints(snapshot, blocks, off);
  const verdicts = blocks.map((b) => {
    const owner = at(nodes, b.owner);
    const role = at(hints.role, b.owner);
    // an article marker below a layout role (an <article> inside a "has-sidebar" column) wins;
    // a sidebar box inside the article (role=complementary) stays a sidebar
    const overridden = role && OVERRIDABLE.has(role) && at(hints.positiveDepth, b.owner) > at(hints.roleDepth, b.owner);
    const hint = isConsentText(b.text) && !off.has('hints') ? 'overlay' : overridden ? null : role;
    return verdictFor(b, owner, bodyFont, hint, hints.noise[b.owner] === 1, off);
  });

  // 2. maximum-subtree search: every block adds its net mass to its owner and all ancestors.
  const value = new Float64Array(n);
  const pos = new Float64Array(n);
  const chars = new Float64Array(n);
  const linkChars = new Float64Array(n);
  const fixedAncestor = new Uint8Array(n);
  for (const node of nodes) fixedAncestor[node.id] = isFixed(node) && !off.has('visual') ? 1 : node.parent >= 0 ? at(fixedAncestor, node.parent) : 0;
  // short cells of data tables carry no evidence either way
  const inTable = new Uint8Array(n);
  for (const node of nodes) inTable[node.id] = node.tag === 'table' || (node.parent >= 0 && inTable[node.parent]) ? 1 : 0;
  const teaser = off.has('repetition') ? new Uint8Array(blocks.length) : teaserBlocks(snapshot, blocks, verdicts);
  blocks.forEach((b, i) => {
    const v = at(verdicts, i);
    const mass = v.hint ? -0.5 * b.chars
      : teaser[i] ? -0.3 * b.chars
      : v.prose > 0 ? b.chars * (1 - v.linkDensity) * Math.min(1, v.prose)
      : v.linkDensity > 0.5 ? -0.8 * b.chars : inTable[b.owner] ? 0 : -0.15 * b.chars;
    for (let id = b.owner; id >= 0; id = at(nodes, id).parent) {
      addAt(value, id, mass);
      if (mass > 0) addAt(pos, id, mass);
      addAt(chars, id, b.chars);
      if (!off.has('links')) addAt(linkChars, id, b.linkChars);
    }
  });
  let top = -1;
  let best = 0;
  for (const node of nodes) {
    if (node.kind !== 'element' || fixedAncestor[node.id]) continue;
    const v = at(value, node.id);
    if (v > best + 1e-9) {
      best = v;
      top = node.id;
    }
  }
  // The best run of consecutive siblings (maximum subsequence over each element's children):
  // it wins when the article's paragraphs sit directly in a page-wide wrapper among the junk.
  const slice = off.has('slice') ? null : bestSlice(nodes, value, fixedAncestor);
  const kept: number[] = [];
  const dropped = new Map<number, string>();
  if ((top < 0 || best < 150) && (!slice || slice.value < 150)) {
    return { container: -1, roots: [], containerValue: Math.max(best, slice?.value ?? 0), kept, dropped, verdicts, bodyFont };
  }
  const hasTable = new Uint8Array(n);
  const controls = new Int32Array(n);
  // large visible images per subtree: text sharing a small box with a picture is its caption
  const pictures = new Int32Array(n);
  for (let id = n - 1; id >= 0; id--) {
    const node = at(nodes, id);
    if ((node.tag === 'img' || node.tag === 'picture' || node.tag === 'video') && node.visible && node.rect.w >= 150 && node.rect.h >= 100) addAt(pictures, id, 1);
    if (node.parent >= 0) addAt(pictures, node.parent, at(pictures, id));
    if (FORM_CONTROLS.has(node.tag)) addAt(controls, id, 1);
    if (node.parent >= 0) addAt(controls, node.parent, at(controls, id));
    if (node.tag === 'table' && node.children.some((c) => at(nodes, c).tag === 'tbody' ? at(nodes, c).children.length >= 3 : false)) hasTable[id] = 1;
    if (node.tag === 'table' && node.children.filter((c) => at(nodes, c).tag === 'tr').length >= 3) hasTable[id] = 1;
    if (hasTable[id] && node.parent >= 0) hasTable[node.parent] = 1;
  }
  const ctx: GrowContext = { nodes, value, pos, chars, linkChars, fixedAncestor, role: hints.role, noise: hints.noise, hasTable, off };
  const byElement = top >= 0 && best >= 150 ? growFromElement(ctx, top) : null;
  const bySlice = slice && slice.value >= 150 ? growFromSlice(ctx, slice) : null;
  const total = (g: Grown | null): number => (g ? g.roots.reduce((acc, r) => acc + at(value, r), 0) : -Infinity);
  const chosen = total(bySlice) > 1.5 * total(byElement) ? bySlice! : byElement!;
  const { container, roots } = chosen;
  best = total(chosen);


  // 3. keep what belongs to the article inside the roots.
  const inside = new Uint8Array(n);
  const rootOf = new Int32Array(n).fill(-1);
  for (const r of roots) {
    inside[r] = 1;
    rootOf[r] = r;
  }
  for (const node of nodes) {
    if (node.parent >= 0 && inside[node.parent]) {
      inside[node.id] = 1;
      rootOf[node.id] = at(rootOf, node.parent);
    }
  }
  blocks.forEach((b, i) => {
    if (!inside[b.owner]) return;
    const v = at(verdicts, i);
    const owner = at(nodes, b.owner);
    const root = at(rootOf, b.owner);
    let reason = '';
    const inlineLinks = owner.tag === 'p' && v.linkDensity < 0.8 && b.words >= 10;
    if (v.hint && v.hint !== hints.role[root]) reason = `inside ${v.hint}`;
    else if (v.noise && !hints.noise[root] && v.prose < 1) reason = 'noise hint';
    else if (v.linkDensity > 0.5 && !inlineLinks) reason = 'link text';
    else if (owner.tag === 'h1') reason = 'headline';
    else if (v.relFont < 0.8 && v.prose < 1) reason = 'fine print';
    else {
      for (let id = b.owner; id !== root && id >= 0; id = at(nodes, id).parent) {
        if (at(chars, id) >= 40 && at(linkChars, id) / at(chars, id) > 0.6) {
          reason = 'in link list';
          break;
        }
        if (at(nodes, id).tag === 'pre' || at(nodes, id).tag === 'code') break;
        if (at(controls, id) > 0 && at(chars, id) < 200) {
          reason = 'form widget';
          break;
        }
        if (at(nodes, id).tag === 'blockquote') break;
        if (!off.has('visual') && at(pictures, id) > 0 && at(chars, id) < 250 && b.chars < 250 && v.sentences <= 1) {
          reason = 'caption';
          break;
        }
        if (at(nodes, id).tag === 'figcaption' || at(nodes, id).tag === 'button' || at(nodes, id).tag === 'label') {
          reason = at(nodes, id).tag;
          break;
        }
      }
    }
    if (!reason && v.prose <= 0 && !HEADING.test(owner.tag) && b.words < 4 && v.sentences === 0 && !inTable[b.owner]) reason = 'short';
    if (reason) dropped.set(i, reason);
    else kept.push(i);
  });
  const extra = off.has('continuation') ? [] : continuation(blocks, verdicts, kept, inside, fixedAncestor, chars, nodes, bodyFont);
  if (extra.length) {
    kept.push(...extra);
    kept.sort((a, b) => a - b);
    roots.push(...extra.map((i) => at(blocks, i).owner));
    roots.sort((a, b) => a - b);
  }
  return { container, roots, containerValue: best, kept, dropped, verdicts, bodyFont };
}

/**
 * Paragraphs just outside the roots that continue the kept text, in reading order and on screen:
 * the next (or previous) text blocks, each starting within three body lines of the one before,
 * in the same column, plain prose. Articles whose body is split across two subtrees (an ad
 * container closing early, HTML inserted in two steps by a client-side app) leave their last or
 * first paragraphs outside the container. A block is only taken with its own element (a `<p>`
 * holding just that text), never through a wrapper that holds other text.
 */
function continuation(
  blocks: TextBlock[], verdicts: BlockVerdict[], kept: number[], inside: Uint8Array, fixedAncestor: Uint8Array,
  chars: Float64Array, nodes: PageSnapshot['nodes'], bodyFont: number,
): number[] {
  if (kept.length === 0) return [];
  const keptSet = new Set(kept);
  let left = Infinity;
  let right = -Infinity;
  for (const i of kept) {
    left = Math.min(left, at(blocks, i).rect.x);
    right = Math.max(right, at(blocks, i).rect.x + at(blocks, i).rect.w);
  }
  const maxGap = 3 * bodyFont;
  const fits = (j: number, prev: Rect, after: boolean): boolean => {
    const b = at(blocks, j);
    const v = at(verdicts, j);
    if (keptSet.has(j) || inside[b.owner] || fixedAncestor[b.owner]) return false;
    if (v.prose < 0.5 || v.linkDensity >= 0.2 || v.hint || v.noise || b.chars < 30) return false;
    if (at(chars, b.owner) > 1.2 * b.chars) return false; // its element holds other text too
    const gap = after ? b.rect.y - (prev.y + prev.h) : prev.y - (b.rect.y + b.rect.h);
    if (gap < -4 || gap > maxGap) return false;
    const overlap = Math.min(right, b.rect.x + b.rect.w) - Math.max(left, b.rect.x);
    return overlap >= 0.5 * Math.min(b.rect.w, right - left);
  };
  // from every kept block, forwards and backwards, until a kept block or a block that does not fit
  const taken = new Set<number>();
  for (const k of [...kept].sort((a, b) => a - b)) {
    for (const dir of [1, -1] as const) {
      let prev = at(blocks, k).rect;
      for (let j = k + dir; j >= 0 && j < blocks.length && !keptSet.has(j); j += dir) {
        const b = at(blocks, j);
        if (b.chars < 3) continue; // stray punctuation, an icon label
        if (taken.has(j) || !fits(j, prev, dir === 1)) break;
        taken.add(j);
        prev = b.rect;
      }
    }
  }
  // an element taken as a new root must not contain the roots already there, nor sit inside
  // another element taken here (its text would come out twice)
  const owners = new Set([...taken].map((j) => at(blocks, j).owner));
  const nested = (id: number): boolean => {
    for (let a = at(nodes, id).parent; a >= 0; a = at(nodes, a).parent) if (owners.has(a)) return true;
    return false;
  };
  return [...taken].filter((j) => {
    const owner = at(blocks, j).owner;
    return !at(nodes, owner).children.some((c) => inside[c]) && !nested(owner);
  });
}
