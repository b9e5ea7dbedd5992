import { wilsonInterval } from './significance/proportion-intervals';
import { isSolved, type SolvedRule } from './solved/solved-rule';

/**
 * How one problem fares along one alpha line. Input: per checkpoint in alpha order its solved
 * samples c and judged samples n (n <= 0: nothing judged; skipped by every measure), and the
 * solved rule in force.
 */
export interface ProblemProfile {
  /**
   * Alpha of the first unsolved-to-solved transition under the rule: the first checkpoint the
   * rule counts solved whose previous measured checkpoint it counts unsolved. Null when none.
   */
  readonly flipAlpha: number | null;
  /** max - min of c/n over measured checkpoints; 0 with fewer than two. */
  readonly spread: number;
  /**
   * The rate dips and recovers along alpha, or peaks and falls back, by more than sampling noise:
   * some checkpoint's 95% Wilson interval lies wholly below (above) the interval of an earlier
   * checkpoint and of a later one. Non-overlapping 95% intervals is a strict test (about p < 0.006
   * for each of the two differences), so noise around a flat rate does not count.
   */
  readonly unstable: boolean;
  /** One character per checkpoint: '1' solved under the rule, '0' unsolved, '-' not measured or undecided. */
  readonly pattern: string;
}

export function problemProfile(
  c: ArrayLike<number>,
  n: ArrayLike<number>,
  alphas: ArrayLike<number>,
  rule: SolvedRule,
): ProblemProfile {
  if (c.length !== alphas.length || n.length !== alphas.length) throw new RangeError('one count per alpha');
  let flipAlpha: number | null = null;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let previous: boolean | null = null;
  let pattern = '';
  const los: number[] = [];
  const his: number[] = [];
  for (let i = 0; i < alphas.length; i++) {
    const ni = n[i] as number;
    const solved = isSolved(rule, ni, c[i] as number);
    pattern += solved === null ? '-' : solved ? '1' : '0';
    if (solved && previous === false && flipAlpha === null) flipAlpha = alphas[i] as number;
    if (solved !== null) previous = solved;
    if (!(ni >= 1)) continue;
    const interval = wilsonInterval(c[i] as number, ni);
    min = Math.min(min, interval.estimate);
    max = Math.max(max, interval.estimate);
    los.push(interval.lo);
    his.push(interval.hi);
  }
  return { flipAlpha, spread: max > min ? max - min : 0, unstable: dipsOrPeaks(los, his), pattern };
}

/** Some interval wholly below one before it and one after it, or wholly above both. O(K). */
function dipsOrPeaks(los: readonly number[], his: readonly number[]): boolean {
  const k = los.length;
  const suffixMaxLo = new Float64Array(k + 1).fill(Number.NEGATIVE_INFINITY);
  const suffixMinHi = new Float64Array(k + 1).fill(Number.POSITIVE_INFINITY);
  for (let i = k - 1; i >= 0; i--) {
    suffixMaxLo[i] = Math.max(suffixMaxLo[i + 1] as number, los[i] as number);
    suffixMinHi[i] = Math.min(suffixMinHi[i + 1] as number, his[i] as number);
  }
  let prefixMaxLo = Number.NEGATIVE_INFINITY;
  let prefixMinHi = Number.POSITIVE_INFINITY;
  for (let j = 0; j < k; j++) {
    const [lo, hi] = [los[j] as number, his[j] as number];
    if (hi < prefixMaxLo && hi < (suffixMaxLo[j + 1] as number)) return true;
    if (lo > prefixMinHi && lo > (suffixMinHi[j + 1] as number)) return true;
    prefixMaxLo = Math.max(prefixMaxLo, lo);
    prefixMinHi = Math.min(prefixMinHi, hi);
  }
  return false;
}
