import { pairedBootstrapMeans, type BootstrapOptions, type Interval } from './bootstrap';
import { problemFractions, type ProblemOutcomeCounts } from './checkpoint-rates';
import type { FailureClassMapping } from './failure-class';

export interface RateIntervals {
  readonly solveRate: Interval;
  readonly correctnessRate: Interval;
  readonly optimizationRate: Interval;
}

/**
 * Bootstrap intervals of every checkpoint's three rates, paired across checkpoints and rates.
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
  const cis = pairedBootstrapMeans(series, options);
  return checkpoints.map((_, i) => ({
    solveRate: cis[3 * i] as Interval,
    correctnessRate: cis[3 * i + 1] as Interval,
    optimizationRate: cis[3 * i + 2] as Interval,
  }));
}
