import { assertSampleCounts } from './fail-ratio';
import type { SolveCounts } from './pass-at-k';

/**
 * Unbiased pass^k ("pass hat k", Yao et al. 2024, tau-bench): the chance that k samples drawn
 * without replacement from n, of which c are correct, are all correct, C(c, k) / C(n, k). Where
 * pass@k asks whether one of k tries succeeds, pass^k asks whether all k do: how reliably a
 * checkpoint solves a problem. A running product of (c-i)/(n-i), never factorials; 0 once k > c.
 * Throws a RangeError for invalid counts or n < k.
 */
export function passHatK(n: number, c: number, k: number): number {
  assertSampleCounts(n, c, k);
  if (k > c) return 0;
  let p = 1;
  for (let i = 0; i < k; i++) p *= (c - i) / (n - i);
  return p;
}

/** Mean of pass^k over problems; NaN for an empty list. */
export function meanPassHatK(problems: readonly SolveCounts[], k: number): number {
  let sum = 0;
  for (const p of problems) sum += passHatK(p.n, p.c, k);
  return sum / problems.length;
}
