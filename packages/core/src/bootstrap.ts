import { mulberry32, randomIndex } from './prng';
import { quantileSorted } from './quantile';

/** A point estimate with a percentile confidence interval. */
export interface Interval {
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
}

export interface BootstrapOptions {
  /** Resamples of the problem set; default 1000. */
  readonly replicates?: number;
  /** Coverage of the interval; default 0.95. */
  readonly level?: number;
  /** PRNG seed; the default (1) makes results reproducible even when none is given. */
  readonly seed?: number;
}

export const DEFAULT_BOOTSTRAP = Object.freeze({ replicates: 1000, level: 0.95, seed: 1 });

/** Every replicate of a paired bootstrap: `replicates[i][r]` is series i's mean on resample r. */
export interface PairedReplicates {
  /** Each series' mean over its present problems. */
  readonly estimates: number[];
  /** NaN where resample r drew none of series i's present problems. */
  readonly replicates: Float64Array[];
}

/**
 * Means over problems of several per-problem series (one per checkpoint, all indexed by the
 * same problems), and their bootstrap replicates: every replicate resamples problem ids once
 * and evaluates every series on that same resample, so differences between checkpoints (and
 * between two rates of one checkpoint) keep their correlation.
 *
 * NaN marks a problem missing from a series (e.g. n = 0); a series' mean is over its present
 * problems, in the sample and in every replicate.
 *
 * Cost: O(replicates * (problems + drawn problems * series)). Values are laid out problem-major
 * and each replicate is reduced to multiplicities, so a problem drawn k times costs one
 * multiply-add per series.
 */
export function pairedBootstrapReplicates(
  series: readonly ArrayLike<number>[],
  options: BootstrapOptions = {},
): PairedReplicates {
  const { replicates, seed } = { ...DEFAULT_BOOTSTRAP, ...options };
  if (!Number.isSafeInteger(replicates) || replicates < 1)
    throw new RangeError(`replicates must be a positive integer, got ${replicates}`);
  const m = series.length;
  const problems = series[0]?.length ?? 0;
  if (series.some((s) => s.length !== problems)) throw new RangeError('every series needs one value per problem');

  const values = new Float64Array(problems * m);
  const present = new Float64Array(problems * m);
  const sums = new Float64Array(m);
  const weights = new Float64Array(m);
  let anyMissing = false;
  series.forEach((s, i) => {
    for (let p = 0; p < problems; p++) {
      const v = s[p] as number;
      if (Number.isNaN(v)) {
        anyMissing = true;
        continue;
      }
      values[p * m + i] = v;
      present[p * m + i] = 1;
      sums[i] = (sums[i] as number) + v;
      weights[i] = (weights[i] as number) + 1;
    }
  });
  const estimates = Array.from(sums, (s, i) => s / (weights[i] as number));

  const stats = series.map(() => new Float64Array(replicates));
  const rng = mulberry32(seed);
  const drawn = new Uint32Array(problems);
  for (let r = 0; r < replicates; r++) {
    drawn.fill(0);
    for (let j = 0; j < problems; j++) {
      const p = randomIndex(rng, problems);
      drawn[p] = (drawn[p] as number) + 1;
    }
    sums.fill(0);
    weights.fill(anyMissing ? 0 : problems); // without missing values every draw counts
    for (let p = 0; p < problems; p++) {
      const w = drawn[p] as number;
      if (w === 0) continue;
      const base = p * m;
      for (let i = 0; i < m; i++) sums[i] = (sums[i] as number) + (values[base + i] as number) * w;
      if (anyMissing)
        for (let i = 0; i < m; i++) weights[i] = (weights[i] as number) + (present[base + i] as number) * w;
    }
    for (let i = 0; i < m; i++) (stats[i] as Float64Array)[r] = (sums[i] as number) / (weights[i] as number);
  }
  return { estimates, replicates: stats };
}

/** The percentile interval of one series' replicates (NaN replicates are dropped); sorts a copy. */
export function percentileInterval(
  estimate: number,
  replicates: Float64Array,
  level: number = DEFAULT_BOOTSTRAP.level,
): Interval {
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const s = replicates.slice().sort(); // typed-array sort is numeric and puts NaN last
  let finite = s.length;
  while (finite > 0 && Number.isNaN(s[finite - 1] as number)) finite--;
  const kept = s.subarray(0, finite);
  const tail = (1 - level) / 2;
  return { estimate, lo: quantileSorted(kept, tail), hi: quantileSorted(kept, 1 - tail) };
}

/** Means over problems of several per-problem series with paired percentile bootstrap intervals (see pairedBootstrapReplicates). */
export function pairedBootstrapMeans(series: readonly ArrayLike<number>[], options: BootstrapOptions = {}): Interval[] {
  const level = options.level ?? DEFAULT_BOOTSTRAP.level;
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be in (0, 1), got ${level}`);
  const { estimates, replicates } = pairedBootstrapReplicates(series, options);
  return replicates.map((r, i) => percentileInterval(estimates[i] as number, r, level));
}
