/**
 * Indexed access for indices the caller has proved in range: node ids of a snapshot, rows of a
 * feature table, positions found by a search over the same array. Under
 * `noUncheckedIndexedAccess` every `a[i]` may be `undefined`; where that cannot happen, these say
 * so and throw a RangeError naming the index if it ever does (a bug, not a page to tolerate),
 * instead of letting `undefined` flow on as NaN. Arrays that may hold `undefined` are not for them.
 *
 * Not in the hot loops (the tree walks, segment's separator search and layout passes, classify's
 * feature columns), which read `(a[i] ?? outOfRange(i))` instead: `at` is one function for every
 * array kind, so V8 compiles its read as megamorphic, a generic lookup where a read at its own
 * call site is one load. In a loop over every node or feature cell that lookup is a large part of
 * the work; the read in place makes the same check without it.
 */

/**
 * The failure of a read in a hot loop, `(a[i] ?? outOfRange(i))`: the index was out of range (or,
 * in the tests, `(r[key] ?? outOfRange(key))`: the record has no such key).
 */
export function outOfRange(i?: number | string): never {
  throw new RangeError(i === undefined ? 'index out of range' : `index ${i} out of range`);
}

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
