/**
 * Type-level checks for types written out by hand beside the zod schema that validates them. The
 * hand-written type keeps its field docs and named parts (a schema's inferred type has neither);
 * the check keeps the two from drifting apart:
 *
 *   const SCHEMA_IS_TYPE: SameType<z.output<typeof schema>, Written> = true;
 *   void SCHEMA_IS_TYPE;
 *
 * fails to compile when either gains, loses or changes a field, optional ones included.
 */

/**
 * `true` when X and Y are the same type, else `false`: stricter than assignability both ways,
 * which lets an optional field present on one side only pass.
 */
export type SameType<X, Y> = (<T>() => T extends X ? 1 : 2) extends (<T>() => T extends Y ? 1 : 2) ? true : false;
