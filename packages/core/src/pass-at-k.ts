import { logFailRatio } from './fail-ratio';

/** Sample counts of one checkpoint on one problem: n judged samples (IE excluded), c solved. */
export interface SolveCounts {
  readonly n: number;
  readonly c: number;
}

/**
 * Unbiased pass@k (Chen et al. 2021): 1 - C(n-c, k) / C(n, k).
 * Throws a RangeError for invalid counts or n < k (pass@k is undefined there).
 */
export function passAtK(n: number, c: number, k: number): number {
  // `0 -` rather than unary minus: pass@k of an unsolved problem is 0, not -0.
  return 0 - Math.expm1(logFailRatio(n, c, k));
}

/** Mean of pass@k over problems; NaN for an empty list. */
export function meanPassAtK(problems: readonly SolveCounts[], k: number): number {
  let sum = 0;
  for (const p of problems) sum += passAtK(p.n, p.c, k);
  return sum / problems.length;
}
