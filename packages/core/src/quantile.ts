/**
 * Quantile q of an ascending array by linear interpolation between order statistics
 * (Hyndman & Fan type 7, the default of R and NumPy). NaN for an empty array.
 */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantile must be in [0, 1], got ${q}`);
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const a = sorted[lo] as number;
  const b = sorted[Math.min(lo + 1, n - 1)] as number;
  return h === lo ? a : a + (h - lo) * (b - a);
}
