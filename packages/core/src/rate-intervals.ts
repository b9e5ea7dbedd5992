import {
  DEFAULT_BOOTSTRAP,
  pairedBootstrapReplicates,
  percentileInterval,
  type BootstrapOptions,
  type Interval,
} from './bootstrap';
import { problemFractions, type ProblemOutcomeCounts } from './checkpoint-rates';
import { covariance2, type Covariance2 } from './confidence-ellipse';
import type { FailureClassMapping } from './failure-class';

export interface RateIntervals {
  readonly solveRate: Interval;
  readonly correctnessRate: Interval;
  readonly optimizationRate: Interval;
  /** Covariance of (correctness rate, optimization rate) over the same replicates: their joint confidence ellipse. */
  readonly failureCovariance: Covariance2;
}

/**
 * Bootstrap intervals of every checkpoint's three rates, paired across checkpoints and rates,
 * and the covariance of its two failure rates from the very same replicates.
 * `checkpoints[i][p]` is checkpoint i on problem p: every checkpoint lists the same problems in
 * the same order. Problems with n = 0 are skipped per checkpoint, as in `checkpointRates`.
 */
export function rateIntervals(
  checkpoints: readonly (readonly ProblemOutcomeCounts[])[],
  options: BootstrapOptions = {},
  mapping?: FailureClassMapping,
): RateIntervals[] {
  const series: Float64Array[] = [];
  for (const problems of checkpoints) {
    const solve = new Float64Array(problems.length).fill(Number.NaN);
    const correctness = new Float64Array(problems.length).fill(Number.NaN);
    const optimization = new Float64Array(problems.length).fill(Number.NaN);
    problems.forEach((p, j) => {
      const f = problemFractions(p, mapping);
      if (f === null) return;
      solve[j] = f.solveRate;
      correctness[j] = f.correctnessRate;
      optimization[j] = f.optimizationRate;
    });
    series.push(solve, correctness, optimization);
  }
  const { estimates, replicates } = pairedBootstrapReplicates(series, options);
  const level = options.level ?? DEFAULT_BOOTSTRAP.level;
  const interval = (j: number) => percentileInterval(estimates[j] as number, replicates[j] as Float64Array, level);
  return checkpoints.map((_, i) => ({
    solveRate: interval(3 * i),
    correctnessRate: interval(3 * i + 1),
    optimizationRate: interval(3 * i + 2),
    failureCovariance: covariance2(replicates[3 * i + 1] as Float64Array, replicates[3 * i + 2] as Float64Array),
  }));
}
