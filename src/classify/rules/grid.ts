/**
 * Rules over a page's repeated layout: the slots of a grid's cards, table rows and preformatted
 * units, read whole; a slot every card prints alike, left out.
 */
import { closest } from '../../snapshot/tree.js';
import type { PageSnapshot, SnapshotNode } from '../../snapshot/types.js';
import { SLOT_KEEP_SHARE, SLOT_SCORE_MIX, ROW_MIN_CELLS, ROW_KEEP_SHARE, ROW_CELL_MAX_WORDS, TEMPLATE_MIN_UNITS, TEMPLATE_MAX_DISTINCT } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { signature, type RepeatUnit } from '../block-features.js';
import { leaveOut, textKey } from './common.js';
import { at, outOfRange } from '../../util/at.js';

// Hot loops: arrays are read directly (`a[i] ?? outOfRange(i)`), not through at() (see util/at.ts).

/** Elements whose text is kept whole once any of it is kept. */
const UNIT_TAGS = new Set(['pre']);

/**
 * Repeated units are laid out alike, and read alike: among the units of one repeated group (the
 * cards of a grid, the posts of a thread, the rows of a list), a slot (the element at the same
 * place in each unit, e.g. every card's headline) kept in at least SLOT_KEEP_SHARE of the units is
 * kept in all of them. A headline the model scores lukewarm beside its kept siblings comes back;
 * a slot kept in few units (a badge) is not spread. Hidden text is not added.
 */
export function completeRepeatedSlots(kept: number[], slots: ReadonlyMap<string, number[]>, trace: TraceEvent[]): number[] {
  if (slots.size === 0 || kept.length === 0) return kept;
  const keptSet = new Set(kept);
  let completed = 0;
  let added = 0;
  for (const members of slots.values()) {
    const k = members.filter((i) => keptSet.has(i)).length;
    if (k === members.length || k < SLOT_KEEP_SHARE * members.length) continue;
    completed++;
    for (const i of members) {
      if (keptSet.has(i)) continue;
      keptSet.add(i);
      added++;
    }
  }
  if (added === 0) return kept;
  trace.push({ step: 'slots', slots: completed, blocks: added });
  return [...keptSet].sort((a, b) => a - b);
}

/**
 * The visible blocks grouped by their slot in a repeated unit (slotGroups), for the rules that
 * read a grid's slots whatever is kept (poolSlotScores, completeRepeatedSlots, keepCardTitles):
 * made once per page. Empty without repeated units.
 */
export function visibleSlots(snapshot: PageSnapshot, blocks: readonly TextBlock[], units: readonly RepeatUnit[] | undefined): Map<string, number[]> {
  if (!units) return new Map();
  return slotGroups(snapshot.nodes, blocks, units, blocks.filter((b) => !b.hidden).map((b) => b.index));
}

/**
 * The scores the selection reads: a block in a slot of repeated units (visibleSlots, in groups of
 * two or more) scores SLOT_SCORE_MIX of its slot's mean score and the rest its own. The quotes of
 * a testimonial strip or the headlines of a grid are the same kind of text; pooling their scores
 * keeps or drops them together unless one differs clearly, where completeRepeatedSlots can only
 * bring back a slot that most units already kept. The trace counts the slots and blocks pooled.
 */
export function poolSlotScores(scores: ArrayLike<number>, slots: ReadonlyMap<string, number[]>, trace: TraceEvent[]): ArrayLike<number> {
  let out: Float64Array | undefined;
  let pooled = 0;
  let members = 0;
  for (const group of slots.values()) {
    if (group.length < 2) continue;
    let sum = 0;
    for (const i of group) sum += scores[i] ?? outOfRange(i);
    const mean = sum / group.length;
    out ??= Float64Array.from(scores);
    for (const i of group) out[i] = (1 - SLOT_SCORE_MIX) * (scores[i] ?? outOfRange(i)) + SLOT_SCORE_MIX * mean;
    pooled++;
    members += group.length;
  }
  if (!out) return scores;
  trace.push({ step: 'pooled', slots: pooled, blocks: members });
  return out;
}

/** A price: a currency sign, or an amount with cents ("19,99"). */
export const PRICE = /[\p{Sc}]|\d[.,]\d\d(?!\d)/u;

/**
 * Where block `i` sits in a grid: its repeated unit's group (the units' parent and shape) and its
 * slot in the unit (its place in the unit and its own element's shape); null outside a repeated
 * unit. Blocks with the same group and slot are the same line of different cards.
 */
export function slotOf(nodes: readonly SnapshotNode[], blocks: readonly TextBlock[], units: readonly RepeatUnit[], i: number): { unit: number; group: string; slot: string } | null {
  const u = units[i] ?? outOfRange(i);
  if (u.id < 0) return null;
  const unit = nodes[u.id] ?? outOfRange(u.id);
  const owner = at(blocks, i).owner;
  return { unit: u.id, group: `${unit.parent}|${signature(unit)}`, slot: `${u.k}|${signature(nodes[owner] ?? outOfRange(owner))}` };
}

/**
 * The blocks `ids` (in order) grouped by their slot in a repeated unit (slotOf). Blocks outside a
 * repeated unit are in no group.
 */
function slotGroups(nodes: readonly SnapshotNode[], blocks: readonly TextBlock[], units: readonly RepeatUnit[], ids: Iterable<number>): Map<string, number[]> {
  const slots = new Map<string, number[]>();
  for (const i of ids) {
    const place = slotOf(nodes, blocks, units, i);
    if (!place) continue;
    const key = `${place.group}|${place.slot}`;
    const members = slots.get(key);
    if (members) members.push(i);
    else slots.set(key, [i]);
  }
  return slots;
}

/**
 * A grid's template is left out of a collection or a listing: a slot of repeated units (the
 * element at the same place in each card) kept in TEMPLATE_MIN_UNITS units or more whose kept
 * texts are nearly all the same (fewer distinct texts than TEMPLATE_MAX_DISTINCT of its copies)
 * is a button, a badge or a label each card prints ("Add to Compare", "Quick view", "Rate this
 * book"), not what the entries are. WCXB's collection gold keeps each product's name and price,
 * and a reader scanning the grid skips the furniture repeated in every card. When it is all the
 * kept text, it stays.
 */
export function dropTemplateSlots(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], units: readonly RepeatUnit[] | undefined, trace: TraceEvent[]): number[] {
  if (!units || kept.length === 0) return kept;
  const slots = slotGroups(snapshot.nodes, blocks, units, kept);
  const drop = new Set<number>();
  let count = 0;
  for (const members of slots.values()) {
    if (members.length < TEMPLATE_MIN_UNITS) continue;
    const texts = new Set(members.map((i) => textKey(at(blocks, i))));
    if (texts.size >= TEMPLATE_MAX_DISTINCT * members.length || [...texts].some((t) => PRICE.test(t))) continue;
    count++;
    for (const i of members) drop.add(i);
  }
  return leaveOut(blocks, kept, drop, trace, { step: 'template', slots: count });
}

/**
 * Table rows are read whole: in a row of ROW_MIN_CELLS cells or more whose text is mostly kept
 * (ROW_KEEP_SHARE of its characters), the short cells left out (ROW_CELL_MAX_WORDS words at
 * most: a position, a unit, a year) are kept too. Each scores as a fragment on its own, and a row
 * that loses its first cell reads as another record.
 */
export function wholeRows(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  // each block's row: the `<tr>` of the nearest cell above it
  const rowOf = blocks.map((b) => {
    const cell = nodes[closest(snapshot, b.owner, (node) => node.tag === 'td' || node.tag === 'th' || node.tag === 'table')];
    const row = cell && cell.tag !== 'table' ? nodes[cell.parent] : undefined;
    return row?.tag === 'tr' ? row.id : -1;
  });
  const keptSet = new Set(kept);
  const rows = new Set(kept.map((i) => (rowOf[i] ?? outOfRange(i))).filter((r) => r >= 0));
  if (rows.size === 0) return kept;
  const keptChars = new Map<number, number>();
  const allChars = new Map<number, number>();
  blocks.forEach((b, i) => {
    const r = rowOf[i] ?? outOfRange(i);
    if (!rows.has(r) || b.hidden) return;
    allChars.set(r, (allChars.get(r) ?? 0) + b.chars);
    if (keptSet.has(i)) keptChars.set(r, (keptChars.get(r) ?? 0) + b.chars);
  });
  const cells = (r: number): number => (nodes[r] ?? outOfRange(r)).children.filter((c) => {
    const tag = (nodes[c] ?? outOfRange(c)).tag;
    return tag === 'td' || tag === 'th';
  }).length;
  const whole = new Set([...rows].filter((r) => (keptChars.get(r) ?? 0) >= ROW_KEEP_SHARE * (allChars.get(r) ?? 0) && cells(r) >= ROW_MIN_CELLS));
  const completed = new Set<number>();
  let added = 0;
  blocks.forEach((b, i) => {
    const r = rowOf[i] ?? outOfRange(i);
    if (whole.has(r) && !keptSet.has(i) && !b.hidden && b.words <= ROW_CELL_MAX_WORDS) {
      keptSet.add(i);
      completed.add(r);
      added++;
    }
  });
  if (added === 0) return kept;
  trace.push({ step: 'rows', rows: completed.size, blocks: added });
  return [...keptSet].sort((a, b) => a - b);
}

/**
 * Lines are read whole: preformatted text, and an element whose lines are split by `<br>`
 * (code, addresses, verse). Each line is a block of its own, and a line of `cd app` scores as a
 * short fragment, so once one line of such a unit is kept, all of its lines are.
 */
export function wholeUnits(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], trace: TraceEvent[]): number[] {
  const nodes = snapshot.nodes;
  const hasBreak = (id: number): boolean => (nodes[id] ?? outOfRange(id)).children.some((c) => (nodes[c] ?? outOfRange(c)).tag === 'br');
  const unitOf = blocks.map((b) => {
    const unit = closest(snapshot, b.owner, (node) => UNIT_TAGS.has(node.tag) || node.style?.whiteSpace.startsWith('pre') === true);
    return unit >= 0 || !hasBreak(b.owner) ? unit : b.owner;
  });
  const units = new Set(kept.map((i) => (unitOf[i] ?? outOfRange(i))).filter((u) => u >= 0));
  if (units.size === 0) return kept;
  const keptSet = new Set(kept);
  const added = new Map<number, number>();
  blocks.forEach((b, i) => {
    const u = unitOf[i] ?? outOfRange(i);
    if (u >= 0 && units.has(u) && !keptSet.has(i) && !b.hidden) {
      keptSet.add(i);
      added.set(u, (added.get(u) ?? 0) + 1);
    }
  });
  for (const [u, n] of added) trace.push({ step: 'unit', node: u, tag: (nodes[u] ?? outOfRange(u)).tag, blocks: n });
  return [...keptSet].sort((a, b) => a - b);
}
