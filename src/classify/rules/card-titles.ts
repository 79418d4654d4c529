/**
 * A card's name is part of what the card says: in a grid whose cards are kept, the slot that
 * names each card (a linked title, different in every card) is kept in every card. The models
 * score a product's or a story's linked name as a link among links, often just under the cut,
 * while the card's description, badge or model number beside it is kept: the grid then lists
 * entries without their names. On a collection or a listing the card's price is kept the same
 * way: WCXB's collection gold lists each product's name and price.
 */
import type { PageSnapshot } from '../../snapshot/types.js';
import type { RepeatUnit } from '../block-features.js';
import { CARD_KEPT_SHARE, CARD_MIN_UNITS, CARD_TITLE_COVER, CARD_TITLE_DISTINCT, CARD_TITLE_LINK_SHARE, CARD_TITLE_MIN_WORDS, CARD_PRICE_SHARE, CARD_PRICE_MAX_WORDS } from '../params.js';
import type { TextBlock } from '../text-blocks.js';
import type { TraceEvent } from '../types.js';
import { keepAlso, textKey } from './common.js';
import { PRICE, slotOf } from './grid.js';
import { at } from '../../util/at.js';

interface Slot {
  members: number[];
  units: Set<number>;
}

interface Group {
  units: Set<number>;
  kept: Set<number>;
  slots: Map<string, Slot>;
}

/**
 * The visible slots (visibleSlots') gathered by their group of repeated units (same parent, same
 * shape), with each group's units and the units that hold kept text.
 */
function groups(snapshot: PageSnapshot, blocks: readonly TextBlock[], units: readonly RepeatUnit[], slots: ReadonlyMap<string, number[]>, keptSet: ReadonlySet<number>): Map<string, Group> {
  const out = new Map<string, Group>();
  for (const [key, members] of slots) {
    // every member of a slot has the same group: the first one's names it
    const place = slotOf(snapshot.nodes, blocks, units, at(members, 0));
    if (!place) continue;
    let g = out.get(place.group);
    if (!g) out.set(place.group, (g = { units: new Set(), kept: new Set(), slots: new Map() }));
    const slot: Slot = { members, units: new Set() };
    for (const i of members) {
      const unit = at(units, i).id;
      slot.units.add(unit);
      g.units.add(unit);
      if (keptSet.has(i)) g.kept.add(unit);
    }
    g.slots.set(key, slot);
  }
  return out;
}

/** The slot that names each card: linked, in most cards, a different text in each, the longest such. */
function titleSlot(blocks: readonly TextBlock[], g: Group): Slot | undefined {
  let best: Slot | undefined;
  let bestWords = 0;
  for (const s of g.slots.values()) {
    if (s.units.size < CARD_TITLE_COVER * g.units.size) continue;
    let chars = 0;
    let linkChars = 0;
    let words = 0;
    const texts = new Set<string>();
    for (const i of s.members) {
      const b = at(blocks, i);
      chars += b.chars;
      linkChars += b.linkChars;
      words += b.words;
      texts.add(textKey(b));
    }
    const meanWords = words / s.members.length;
    if (linkChars < CARD_TITLE_LINK_SHARE * chars || texts.size < CARD_TITLE_DISTINCT * s.members.length || meanWords < CARD_TITLE_MIN_WORDS) continue;
    if (meanWords > bestWords) {
      best = s;
      bestWords = meanWords;
    }
  }
  return best;
}

/** The slots that price each card: in most cards, short, nearly every copy a price. */
function priceSlots(blocks: readonly TextBlock[], g: Group): Slot[] {
  return [...g.slots.values()].filter((s) => {
    if (s.units.size < CARD_TITLE_COVER * g.units.size) return false;
    const priced = s.members.filter((i) => PRICE.test(at(blocks, i).text)).length;
    const words = s.members.reduce((n, i) => n + at(blocks, i).words, 0);
    return priced >= CARD_PRICE_SHARE * s.members.length && words <= CARD_PRICE_MAX_WORDS * s.members.length;
  });
}

/**
 * `kept` with the name slot of every grid whose cards are mostly kept, in all its cards; with
 * `prices` (a collection or a listing) its price slots too.
 */
export function keepCardTitles(snapshot: PageSnapshot, blocks: readonly TextBlock[], kept: number[], units: readonly RepeatUnit[] | undefined, slots: ReadonlyMap<string, number[]>, trace: TraceEvent[], prices = false): number[] {
  if (!units || kept.length === 0) return kept;
  const keptSet = new Set(kept);
  const added: number[] = [];
  let cards = 0;
  for (const g of groups(snapshot, blocks, units, slots, keptSet).values()) {
    if (g.units.size < CARD_MIN_UNITS || g.kept.size < CARD_KEPT_SHARE * g.units.size) continue;
    const title = titleSlot(blocks, g);
    const slots = [...(title ? [title] : []), ...(prices ? priceSlots(blocks, g) : [])];
    for (const s of slots) {
      for (const i of s.members) {
        if (keptSet.has(i)) continue;
        keptSet.add(i);
        added.push(i);
      }
    }
    if (slots.length) cards += g.units.size;
  }
  return keepAlso(blocks, kept, added, trace, { step: 'card-titles', cards });
}
