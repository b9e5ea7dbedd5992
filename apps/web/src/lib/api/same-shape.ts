// Type-level checks that tie an API response schema to the type a package produces the body as
// (StudyData in @frontier/core, rows of @frontier/db): the two are declared apart, so a field
// added, dropped or retyped on either side must stop the build rather than drift.

/** True when A and B are the same type (not merely assignable one way). */
export type Same<A, B> = (<T>() => T extends Flat<A> ? 1 : 2) extends <T>() => T extends Flat<B> ? 1 : 2 ? true : false;

/** An object type with intersections merged, so `{ a } & { b }` and `{ a; b }` compare equal. */
type Flat<T> = T extends readonly unknown[]
  ? { [K in keyof T]: Flat<T[K]> }
  : T extends object
    ? { [K in keyof T]: Flat<T[K]> }
    : T;

/** What a value of T becomes as JSON: dates are ISO strings. */
export type AsJson<T> = T extends Date
  ? string
  : T extends readonly unknown[]
    ? { [K in keyof T]: AsJson<T[K]> }
    : T extends object
      ? { [K in keyof T]: AsJson<T[K]> }
      : T;

/** Compiles only when A and B are the same type; does nothing at run time. */
export function sameShape<A, B>(..._proof: Same<A, B> extends true ? [] : [mismatch: { expected: B; got: A }]): void {}
