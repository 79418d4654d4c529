/**
 * A small seeded pseudo-random generator (mulberry32): the same sequence for the same seed on
 * every machine, for the places that need a shuffle to be repeatable (the role fit's deals of the
 * pages into folds, randomised tests). Not for anything that must be unpredictable.
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
