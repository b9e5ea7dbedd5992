import type { LengthUnit } from '@frontier/core';
import type { LengthSeries } from './length-model';

/** The length panels as CSV: one row per checkpoint, its mean and median with intervals and the per-class means. */
export function lengthCsv(lengths: readonly LengthSeries[], unit: LengthUnit) {
  return {
    header: [
      'series',
      'checkpoint',
      'alpha',
      'unit',
      'mean',
      'mean_lo',
      'mean_hi',
      'median',
      'median_lo',
      'median_hi',
      'problems',
      'solved_mean',
      'solved_samples',
      'correctness_mean',
      'correctness_samples',
      'optimization_mean',
      'optimization_samples',
    ],
    rows: lengths.flatMap((s) =>
      s.points.map((p) => [
        s.label,
        p.name,
        p.alpha,
        unit,
        p.mean.estimate,
        p.mean.lo,
        p.mean.hi,
        p.median.estimate,
        p.median.lo,
        p.median.hi,
        p.problems,
        p.byClass.SOLVED.mean,
        p.byClass.SOLVED.samples,
        p.byClass.CORRECTNESS.mean,
        p.byClass.CORRECTNESS.samples,
        p.byClass.OPTIMIZATION.mean,
        p.byClass.OPTIMIZATION.samples,
      ]),
    ),
  };
}
