/**
 * The probability that k samples drawn without replacement from n, of which c are correct, are
 * all wrong: C(n-c, k) / C(n, k) = prod_{i<k} (n-c-i)/(n-i). Shared by pass@k and ensembles.
 *
 * Kept in log space as a running sum of log1p(-c/(n-i)): no factorials, no overflow, and
 * `-expm1(log ratio)` keeps full relative precision when pass@k is small.
 */

/** Throws a RangeError unless n, c, k are non-negative integers with c <= n and k <= n. */
export function assertSampleCounts(n: number, c: number, k: number): void {
  for (const [name, v] of [
    ['n', n],
    ['c', c],
    ['k', k],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0) {
      throw new RangeError(`${name} must be a non-negative integer, got ${v}`);
    }
  }
  if (c > n) throw new RangeError(`c (${c}) must not exceed n (${n})`);
  if (k > n) throw new RangeError(`k (${k}) must not exceed n (${n}): pass@k is undefined`);
}

/**
 * log of C(n-c, to)/C(n, to) minus log of C(n-c, from)/C(n, from): how much drawing samples
 * from+1..to (all wrong) lowers the log all-fail probability. -Infinity once to > n - c.
 * Unchecked: callers validate the counts (see `assertSampleCounts`) and keep from <= to <= n.
 */
export function logFailRatioRange(n: number, c: number, from: number, to: number): number {
  if (c === 0) return 0;
  if (to > n - c) return Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = from; i < to; i++) sum += Math.log1p(-c / (n - i));
  return sum;
}

/** log(C(n-c, k) / C(n, k)); -Infinity when k > n - c (some draw must be correct). */
export function logFailRatio(n: number, c: number, k: number): number {
  assertSampleCounts(n, c, k);
  return logFailRatioRange(n, c, 0, k);
}
