/**
 * Indexed access for indices the caller has proved in range: node ids of a snapshot, rows of a
 * feature table, positions found by a search over the same array. Under
 * `noUncheckedIndexedAccess` every `a[i]` may be `undefined`; where that cannot happen, these say
 * so and throw a RangeError naming the index if it ever does (a bug, not a page to tolerate),
 * instead of letting `undefined` flow on as NaN. Arrays that may hold `undefined` are not for them.
 *
 * Not in the hot loops, which read `a[i]!` instead (the tree walks, segment's separator search
 * and layout passes, classify's feature columns): `at` is one function for every array kind, so
 * V8 compiles its read as megamorphic, a generic lookup where a direct read is one load. Reading
 * directly made segment a third faster and the feature table a fifth. Those loops index arrays
 * built alongside them (per-node arrays sized by the snapshot, per-block arrays sized by the
 * blocks), and an object read out of range still fails at once, on its first property.
 */

/** `a[i]`, which must exist (`T` is any type but `undefined`, which would be ambiguous). */
export function at<T extends NonNullable<unknown> | null>(a: ArrayLike<T>, i: number): T {
  const v = a[i];
  if (v === undefined) throw new RangeError(`index ${i} out of range 0..${a.length - 1}`);
  return v;
}

/** The last element of a non-empty array. */
export function last<T extends NonNullable<unknown> | null>(a: ArrayLike<T>): T {
  return at(a, a.length - 1);
}

/** `a[i] += x` on numbers, for an `i` in range. */
export function addAt(a: { [i: number]: number; readonly length: number }, i: number, x: number): void {
  a[i] = at(a, i) + x;
}

/**
 * `r[key]` when `key` is the record's own key. A key from a page (`role="constructor"`, a
 * `<constructor>` element) must not reach `Object.prototype` through a plain object's lookup.
 */
export function own<V>(r: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(r, key) ? r[key] : undefined;
}
