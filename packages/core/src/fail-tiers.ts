import { pairedBootstrapMeans, type BootstrapOptions, type Interval } from './bootstrap';
import { wilsonInterval } from './significance/proportion-intervals';

// Where along the tiers programs fail (the paper's mechanism): the coverage levels are defined
// by input size, so a correctness failure first seen in tier 1 is a wrong answer on small inputs
// and an optimization failure first seen in the last tier is a program too slow or too big for
// the largest ones. Shares are of all judged samples, like the three rates: solved + every
// (class, tier) share + the failures without a tier = 1.

/** One checkpoint on one problem: judged samples, solved ones and failures by their first failing tier. */
export interface TierCounts {
  readonly n: number;
  readonly solved: number;
  /** correctness[t]: correctness failures whose first failing test is in tier t + 1. */
  readonly correctness: ArrayLike<number>;
  /** optimization[t]: the same for optimization failures. */
  readonly optimization: ArrayLike<number>;
}

export interface TierShares {
  /** correctness[t]: mean over problems of the share of samples failing by correctness first in tier t + 1. */
  readonly correctness: Interval[];
  readonly optimization: Interval[];
  /** Mean share of samples that failed without per-test results (no tier known): imported verdicts. */
  readonly untiered: number;
  /** Problems with at least one judged sample: the means are over these. */
  readonly problems: number;
}

/** One problem's shares, or null when nothing was judged. */
function problemShares(p: TierCounts, tiers: number): { c: number[]; o: number[]; untiered: number } | null {
  if (p.n <= 0) return null;
  const c: number[] = [];
  const o: number[] = [];
  let tiered = 0;
  for (let t = 0; t < tiers; t++) {
    const ct = p.correctness[t] ?? 0;
    const ot = p.optimization[t] ?? 0;
    tiered += ct + ot;
    c.push(ct / p.n);
    o.push(ot / p.n);
  }
  const failed = p.n - p.solved;
  if (tiered > failed) throw new RangeError(`${tiered} failures by tier, more than the ${failed} failed samples`);
  return { c, o, untiered: (failed - tiered) / p.n };
}

/**
 * Every checkpoint's tier shares with 95% bootstrap intervals over problems, paired across
 * checkpoints and tiers (the same resamples as the three rates' intervals when given the same
 * seed). `checkpoints[i][p]` is checkpoint i on problem p, every checkpoint listing the same problems.
 */
export function failTierShares(
  checkpoints: readonly (readonly TierCounts[])[],
  tiers: number,
  options: BootstrapOptions = {},
): TierShares[] {
  const series: Float64Array[] = [];
  const untiered: number[] = [];
  const used: number[] = [];
  for (const problems of checkpoints) {
    const own = Array.from({ length: 2 * tiers }, () => new Float64Array(problems.length).fill(Number.NaN));
    let sum = 0;
    let count = 0;
    problems.forEach((p, j) => {
      const s = problemShares(p, tiers);
      if (s === null) return;
      for (let t = 0; t < tiers; t++) {
        own[t]![j] = s.c[t]!;
        own[tiers + t]![j] = s.o[t]!;
      }
      sum += s.untiered;
      count++;
    });
    series.push(...own);
    untiered.push(count ? sum / count : Number.NaN);
    used.push(count);
  }
  const intervals = series.length ? pairedBootstrapMeans(series, options) : [];
  return checkpoints.map((_, i) => ({
    correctness: intervals.slice(2 * tiers * i, 2 * tiers * i + tiers),
    optimization: intervals.slice(2 * tiers * i + tiers, 2 * tiers * (i + 1)),
    untiered: untiered[i]!,
    problems: used[i]!,
  }));
}

/** One problem's tier shares at one checkpoint, with 95% Wilson intervals (the drill-down). */
export function problemTierShares(p: TierCounts, tiers: number): { correctness: Interval[]; optimization: Interval[] } {
  const at = (counts: ArrayLike<number>) =>
    Array.from({ length: tiers }, (_, t) => wilsonInterval(counts[t] ?? 0, p.n));
  return { correctness: at(p.correctness), optimization: at(p.optimization) };
}
