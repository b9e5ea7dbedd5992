import {
  lengthByClass,
  lengthIntervals,
  problemMeanLengths,
  type ClassLength,
  type FailureClass,
  type Interval,
  type LengthUnit,
} from '@frontier/core';
import type { SeriesInput, SeriesModel } from './frontier-model';

// Response length along alpha, per series and checkpoint, from the same columnar data as the
// frontier: the mean and median over problems of each problem's mean length, with problem-level
// paired bootstrap intervals, and the mean per failure class. Computed only when a view asks.

export interface LengthPoint {
  checkpointId: number;
  name: string;
  alpha: number;
  mean: Interval;
  median: Interval;
  /** Problems with a length (in tokens: with at least one sample that has a count). */
  problems: number;
  byClass: Record<FailureClass, ClassLength>;
}

export interface LengthSeries {
  key: string;
  label: string;
  points: LengthPoint[];
}

export const LENGTH_DEFINITION =
  "Mean: the mean over problems of each problem's mean response length; median: the median over problems of the same per-problem means. 95% intervals: 1,000 bootstrap resamples of the problems (a problem's samples stay together, since they share a prompt), paired across checkpoints, seed 1.";

export const CLASS_LENGTH_DEFINITION =
  'Mean response length over all samples of each class at that alpha (pooled over problems); internal errors of the judge left out.';

/** One LengthSeries per frontier series; points without any length in this unit are left out. */
export function buildLengthSeries(
  inputs: readonly SeriesInput[],
  series: readonly SeriesModel[],
  unit: LengthUnit,
  options: { replicates?: number; seed?: number } = {},
): LengthSeries[] {
  return series.map((s) => {
    const input = inputs.find((i) => i.setting === s.setting);
    const data = input?.data;
    if (!data?.lengths) return { key: s.key, label: s.label, points: [] };
    const lengthData = { problems: data.problems, counts: data.counts, lengths: data.lengths };
    const index = new Map(data.checkpoints.map((c, i) => [c.id, i]));
    const cells = s.points.map((p) => index.get(p.checkpointId)!);
    const perProblem = cells.map((c) => problemMeanLengths(lengthData, c, unit));
    const intervals = lengthIntervals(perProblem, { replicates: options.replicates ?? 1000, seed: options.seed ?? 1 });
    const points = s.points.flatMap((p, j) => {
      const iv = intervals[j]!;
      if (iv.problems === 0) return [];
      return [
        {
          checkpointId: p.checkpointId,
          name: p.name,
          alpha: p.alpha,
          mean: iv.mean,
          median: iv.median,
          problems: iv.problems,
          byClass: lengthByClass(lengthData, cells[j]!, unit),
        },
      ];
    });
    return { key: s.key, label: s.label, points };
  });
}

/** Each checkpoint's mean length by series key and checkpoint id: the frontier's point size. */
export function meanLengthBySeries(lengths: readonly LengthSeries[]): Map<string, Map<number, number>> {
  return new Map(lengths.map((s) => [s.key, new Map(s.points.map((p) => [p.checkpointId, p.mean.estimate]))]));
}
