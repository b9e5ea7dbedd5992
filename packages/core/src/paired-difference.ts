import { pairedBootstrapMeans, type BootstrapOptions, type Interval } from './bootstrap';

/**
 * Difference of two checkpoints' mean per-problem values (e.g. solve rates c/n) as first minus
 * second, with a paired bootstrap interval: each replicate resamples problems once for both.
 * NaN marks a missing problem; only problems present in both enter, so the estimate is the
 * difference of the two means over the shared problems.
 */
export function pairedDifferenceInterval(
  first: ArrayLike<number>,
  second: ArrayLike<number>,
  options: BootstrapOptions = {},
): Interval {
  if (first.length !== second.length) throw new RangeError('both checkpoints need one value per problem');
  const diff = Float64Array.from({ length: first.length }, (_, p) => (first[p] as number) - (second[p] as number));
  return pairedBootstrapMeans([diff], options)[0] as Interval;
}
