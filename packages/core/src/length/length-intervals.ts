import {
  DEFAULT_BOOTSTRAP,
  pairedBootstrapReplicates,
  percentileInterval,
  type BootstrapOptions,
  type Interval,
} from '../bootstrap';
import { mulberry32, randomIndex } from '../prng';
import { quantileSorted } from '../quantile';

export interface LengthIntervals {
  /** Mean over problems of the problem's mean length. */
  mean: Interval;
  /** Median over problems of the problem's mean length. */
  median: Interval;
  /** Problems that entered both (those with a length). */
  problems: number;
}

/**
 * Mean and median length along checkpoints, each over problems of the per-problem mean length
 * (`series[i][p]`, NaN where problem p has none), with percentile bootstrap intervals. The
 * bootstrap resamples problems, not samples: samples of one problem are correlated (the same
 * prompt), so resampling them independently would make the intervals too narrow. It is paired:
 * every checkpoint is evaluated on the same resamples, for means and medians alike.
 */
export function lengthIntervals(
  series: readonly ArrayLike<number>[],
  options: BootstrapOptions = {},
): LengthIntervals[] {
  const { replicates, seed, level } = { ...DEFAULT_BOOTSTRAP, ...options };
  const means = pairedBootstrapReplicates(series, { replicates, seed });
  const medians = bootstrapMedians(series, replicates, seed);
  return series.map((s, i) => ({
    mean: percentileInterval(means.estimates[i] as number, means.replicates[i] as Float64Array, level),
    median: percentileInterval(medians.estimates[i] as number, medians.replicates[i] as Float64Array, level),
    problems: Array.from(s).filter((v) => !Number.isNaN(v)).length,
  }));
}

/**
 * Medians of each series and their replicates on the resamples pairedBootstrapReplicates draws
 * for the same seed (the same draws, in the same order): problem ids drawn with replacement.
 * A replicate's median is the type-7 median of the drawn multiset; NaN where it drew none of the
 * series' present problems.
 */
function bootstrapMedians(series: readonly ArrayLike<number>[], replicates: number, seed: number) {
  const problems = series[0]?.length ?? 0;
  // Per series, its present problems in ascending order of value: a replicate walks them once.
  const orders = series.map((s) =>
    Array.from({ length: problems }, (_, p) => p)
      .filter((p) => !Number.isNaN(s[p] as number))
      .sort((a, b) => (s[a] as number) - (s[b] as number)),
  );
  const estimates = series.map((s, i) =>
    quantileSorted(
      orders[i]!.map((p) => s[p] as number),
      0.5,
    ),
  );
  const stats = series.map(() => new Float64Array(replicates));
  const rng = mulberry32(seed);
  const drawn = new Uint32Array(problems);
  for (let r = 0; r < replicates; r++) {
    drawn.fill(0);
    for (let j = 0; j < problems; j++) {
      const p = randomIndex(rng, problems);
      drawn[p] = (drawn[p] as number) + 1;
    }
    series.forEach((s, i) => {
      (stats[i] as Float64Array)[r] = weightedMedian(s, orders[i]!, drawn);
    });
  }
  return { estimates, replicates: stats };
}

function weightedMedian(values: ArrayLike<number>, order: readonly number[], weights: Uint32Array): number {
  let total = 0;
  for (const p of order) total += weights[p] as number;
  if (total === 0) return Number.NaN;
  // 0-based ranks of the two middle elements of the expanded multiset (equal when total is odd).
  const lowRank = Math.floor((total - 1) / 2);
  const highRank = Math.ceil((total - 1) / 2);
  let seen = 0;
  let low = Number.NaN;
  for (const p of order) {
    const w = weights[p] as number;
    if (w === 0) continue;
    seen += w;
    const v = values[p] as number;
    if (Number.isNaN(low) && seen > lowRank) low = v;
    if (seen > highRank) return (low + v) / 2;
  }
  return low;
}
