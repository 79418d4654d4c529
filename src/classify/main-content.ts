/**
 * Finding the main content over text blocks:
 *  1. score each text block for how much it reads like article prose (shallow text features +
 *     visual features + attribute hints);
 *  2. choose the element whose subtree holds the most prose net of boilerplate (a maximum-subtree
 *     search, in the spirit of MSS and content_finder's greedy descent);
 *  3. keep the blocks inside it that belong to the article, dropping link lists, share bars,
 *     captions, fine print and anything whose attributes name it boilerplate.
 */
import type { PageSnapshot, SnapshotNode } from '../snapshot/types.js';
import { countSentenceEnds } from '../util/text.js';
import { isConsentText, isNoiseHint, isPositiveHint, roleHint } from './hints.js';
import type { NodeIndex, TextBlock } from './text-blocks.js';
import type { Role } from './types.js';

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

/** Chars-weighted median of the text blocks' font sizes: the page's body text size. */
export function bodyFontSize(blocks: TextBlock[]): number {
  const items = blocks.filter((b) => b.chars >= 20).map((b) => [b.fontSize, b.chars] as const);
  if (!items.length) return 16;
  items.sort((a, b) => a[0] - b[0]);
  const total = items.reduce((s, x) => s + x[1], 0);
  let acc = 0;
  for (const [f, c] of items) {
    acc += c;
    if (acc >= total / 2) return f;
  }
  return items[items.length - 1]![0];
}

/**
 * For each node: the nearest ancestor-or-self role hint and noise flag. One pass, pre-order.
 * A hint on an element that holds a large share of the page's text (a page wrapper whose class
 * happens to say "modal-open" or "has-sidebar") is ignored: hints name small pieces.
 */
function inheritHints(snapshot: PageSnapshot, blocks: TextBlock[]): { role: Array<Role | null>; noise: Uint8Array; positive: Uint8Array } {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const chars = new Float64Array(n);
  let total = 0;
  for (const b of blocks) {
    total += b.chars;
    for (let id = b.owner; id >= 0; id = nodes[id]!.parent) chars[id] += b.chars;
  }
  const big = (id: number): boolean => total > 0 && chars[id]! > 0.35 * total;
  const role: Array<Role | null> = new Array(n).fill(null);
  const noise = new Uint8Array(n);
  const positive = new Uint8Array(n);
  for (const node of nodes) {
    const p = node.parent;
    const own = big(node.id) ? null : roleHint(node);
    role[node.id] = own ?? (p >= 0 ? role[p]! : null);
    positive[node.id] = isPositiveHint(node) ? 1 : p >= 0 ? positive[p]! : 0;
    noise[node.id] = !big(node.id) && isNoiseHint(node) ? 1 : p >= 0 ? noise[p]! : 0;
  }
  return { role, noise, positive };
}

function isFixed(node: SnapshotNode): boolean {
  return node.style?.position === 'fixed';
}

export function verdictFor(b: TextBlock, owner: SnapshotNode, bodyFont: number, hint: Role | null, noise: boolean): BlockVerdict {
  const ld = b.chars ? b.linkChars / b.chars : 0;
  const sentences = countSentenceEnds(b.text);
  const relFont = b.fontSize / bodyFont;
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
    const isLink = verdicts[i]!.linkDensity > 0.7 && b.chars >= 10;
    for (let id = b.owner, k = 0; id >= 0 && k < 8; id = nodes[id]!.parent, k++) {
      blockCount[id]++;
      if (isLink) linkBlocks[id]++;
      charsIn[id] += b.chars;
    }
  });
  const repeated = new Uint8Array(n);
  for (const node of nodes) {
    if (node.kind !== 'element' || node.children.length < 3) continue;
    const counts = new Map<string, number>();
    for (const c of node.children) {
      const ch = nodes[c]!;
      if (ch.kind === 'element' && blockCount[c]! >= 2) counts.set(signature(ch), (counts.get(signature(ch)) ?? 0) + 1);
    }
    for (const c of node.children) {
      const ch = nodes[c]!;
      if (ch.kind === 'element' && (counts.get(signature(ch)) ?? 0) >= 3) repeated[c] = 1;
    }
  }
  const out = new Uint8Array(blocks.length);
  blocks.forEach((b, i) => {
    if (verdicts[i]!.linkDensity > 0.7) return;
    for (let id = b.owner, k = 0; id >= 0 && k < 6; id = nodes[id]!.parent, k++) {
      if (repeated[id] && linkBlocks[id]! >= 1 && blockCount[id]! >= 2 && charsIn[id]! < 1500) {
        out[i] = 1;
        return;
      }
    }
  });
  return out;
}

/** Roles that a positive article hint overrides (layout wrappers named after where they sit). */
const OVERRIDABLE: ReadonlySet<Role> = new Set(['sidebar', 'header', 'footer']);

export function findMainContent(snapshot: PageSnapshot, blocks: TextBlock[], _index: NodeIndex): MainContentResult {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const bodyFont = bodyFontSize(blocks);
  const hints = inheritHints(snapshot, blocks);
  const verdicts = blocks.map((b) => {
    const owner = nodes[b.owner]!;
    const role = hints.role[b.owner]!;
    const hint = isConsentText(b.text) ? 'overlay' : role && hints.positive[b.owner] && OVERRIDABLE.has(role) ? null : role;
    return verdictFor(b, owner, bodyFont, hint, hints.noise[b.owner] === 1);
  });

  // 2. maximum-subtree search: every block adds its net mass to its owner and all ancestors.
  const value = new Float64Array(n);
  const pos = new Float64Array(n);
  const chars = new Float64Array(n);
  const linkChars = new Float64Array(n);
  const fixedAncestor = new Uint8Array(n);
  for (const node of nodes) fixedAncestor[node.id] = isFixed(node) ? 1 : node.parent >= 0 ? fixedAncestor[node.parent]! : 0;
  // short cells of data tables carry no evidence either way
  const inTable = new Uint8Array(n);
  for (const node of nodes) inTable[node.id] = node.tag === 'table' || (node.parent >= 0 && inTable[node.parent]) ? 1 : 0;
  const teaser = teaserBlocks(snapshot, blocks, verdicts);
  blocks.forEach((b, i) => {
    const v = verdicts[i]!;
    const mass = v.hint ? -0.5 * b.chars
      : teaser[i] ? -0.3 * b.chars
      : v.prose > 0 ? b.chars * (1 - v.linkDensity) * Math.min(1, v.prose)
      : v.linkDensity > 0.5 ? -0.8 * b.chars : inTable[b.owner] ? 0 : -0.15 * b.chars;
    for (let id = b.owner; id >= 0; id = nodes[id]!.parent) {
      value[id] += mass;
      if (mass > 0) pos[id] += mass;
      chars[id] += b.chars;
      linkChars[id] += b.linkChars;
    }
  });
  let top = -1;
  let best = 0;
  for (const node of nodes) {
    if (node.kind !== 'element' || fixedAncestor[node.id]) continue;
    const v = value[node.id]!;
    if (v > best + 1e-9) {
      best = v;
      top = node.id;
    }
  }
  const kept: number[] = [];
  const dropped = new Map<number, string>();
  if (top < 0 || best < 150) return { container: -1, roots: [], containerValue: best, kept, dropped, verdicts, bodyFont };

  // 2b. descend while one child holds most of the prose (content_finder's greedy descent), then
  // take back siblings along the way that are substantial prose of their own (Readability's
  // sibling pass): an article body split by an ad comes back whole, a teaser feed does not.
  // Climb first: a parent that adds much more prose than junk (an article whose list or table of
  // products nets negative on its own) is the better container.
  let start = top;
  for (;;) {
    const p = nodes[start]!.parent;
    if (p < 0 || fixedAncestor[p]) break;
    const extraPos = pos[p]! - pos[start]!;
    const extraNeg = pos[p]! - value[p]! - (pos[start]! - value[start]!);
    if (pos[start]! >= 0.6 * pos[p]! || extraNeg > 1.5 * extraPos) break;
    start = p;
  }
  const path: number[] = [];
  let container = start;
  for (;;) {
    let bestChild = -1;
    for (const c of nodes[container]!.children) if (nodes[c]!.kind === 'element' && (bestChild < 0 || pos[c]! > pos[bestChild]!)) bestChild = c;
    if (bestChild < 0 || pos[bestChild]! < 0.6 * pos[container]! || value[bestChild]! < 0.5 * value[container]!) break;
    path.push(container);
    container = bestChild;
  }
  const roots = [container];
  const core = value[container]!;
  const chain = new Set<number>();
  for (let id = container; id >= 0; id = nodes[id]!.parent) chain.add(id);
  const cr = nodes[container]!.rect;
  const sameColumn = (id: number): boolean => {
    const r = nodes[id]!.rect;
    const overlap = Math.min(r.x + r.w, cr.x + cr.w) - Math.max(r.x, cr.x);
    return overlap >= 0.5 * Math.min(r.w, cr.w);
  };
  for (let a = nodes[container]!.parent; a >= 0; a = nodes[a]!.parent) {
    const onPath = path.includes(a);
    for (const s of nodes[a]!.children) {
      if (chain.has(s) || nodes[s]!.kind !== 'element' || hints.role[s] || hints.noise[s] || fixedAncestor[s]) continue;
      const ld = chars[s]! ? linkChars[s]! / chars[s]! : 1;
      // Readability's sibling pass, inside the descended path: a substantial block of prose.
      const substantial = onPath && value[s]! >= 0.25 * core && ld < 0.2;
      // Further up: prose that follows in the same column (an article whose second half was
      // re-parented, as client-side rendering in two steps does, or a body split around an ad).
      // Only after the container: summaries and key points above the body are not the body.
      const prose = s > container && pos[s]! >= 80 && value[s]! >= 0.5 * pos[s]! && ld < 0.25 && sameColumn(s);
      if (substantial || prose) roots.push(s);
    }
  }
  roots.sort((a, b) => a - b);

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
      rootOf[node.id] = rootOf[node.parent]!;
    }
  }
  blocks.forEach((b, i) => {
    if (!inside[b.owner]) return;
    const v = verdicts[i]!;
    const owner = nodes[b.owner]!;
    const root = rootOf[b.owner]!;
    let reason = '';
    const inlineLinks = owner.tag === 'p' && v.linkDensity < 0.8 && b.words >= 10;
    if (v.hint && v.hint !== hints.role[root]) reason = `inside ${v.hint}`;
    else if (v.noise && !hints.noise[root] && v.prose < 1) reason = 'noise hint';
    else if (v.linkDensity > 0.5 && !inlineLinks) reason = 'link text';
    else if (owner.tag === 'h1') reason = 'headline';
    else if (v.relFont < 0.8 && v.prose < 1) reason = 'fine print';
    else {
      for (let id = b.owner; id !== root && id >= 0; id = nodes[id]!.parent) {
        if (chars[id]! >= 40 && linkChars[id]! / chars[id]! > 0.6) {
          reason = 'in link list';
          break;
        }
        if (nodes[id]!.tag === 'figcaption' || nodes[id]!.tag === 'button' || nodes[id]!.tag === 'label') {
          reason = nodes[id]!.tag;
          break;
        }
      }
    }
    if (!reason && v.prose <= 0 && !HEADING.test(owner.tag) && b.words < 4 && v.sentences === 0 && !inTable[b.owner]) reason = 'short';
    if (reason) dropped.set(i, reason);
    else kept.push(i);
  });
  return { container, roots, containerValue: best, kept, dropped, verdicts, bodyFont };
}
