import type { Interval } from '../bootstrap';

// Intervals for one problem's solve rate c/n and for the difference of two of them. Score
// intervals rather than the textbook c/n +- z*sqrt(...): those collapse to a point at c = 0 or
// c = n, which is exactly where code benchmarks put most problems.

/** The normal quantile of a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** Wilson's score interval for c/n (n >= 1). */
export function wilsonInterval(c: number, n: number, z = Z95): Interval {
  if (!(n >= 1) || c < 0 || c > n) throw new RangeError(`need 0 <= c <= n and n >= 1, got c = ${c}, n = ${n}`);
  const p = c / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Exact at the ends, where rounding could put the bound a hair past c/n.
  return { estimate: p, lo: c === 0 ? 0 : Math.max(0, centre - half), hi: c === n ? 1 : Math.min(1, centre + half) };
}

/**
 * Newcombe's hybrid score interval for the difference of two independent proportions
 * aC/aN - bC/bN (Newcombe 1998, method 10): it combines the two Wilson intervals, keeps within
 * [-1, 1] and has close to nominal coverage at small n and at rates near 0 or 1.
 */
export function newcombeDifference(aC: number, aN: number, bC: number, bN: number, z = Z95): Interval {
  const a = wilsonInterval(aC, aN, z);
  const b = wilsonInterval(bC, bN, z);
  const d = a.estimate - b.estimate;
  return {
    estimate: d,
    lo: d - Math.sqrt((a.estimate - a.lo) ** 2 + (b.hi - b.estimate) ** 2),
    hi: d + Math.sqrt((a.hi - a.estimate) ** 2 + (b.estimate - b.lo) ** 2),
  };
}
