import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairedBootstrapMeans } from '../bootstrap';
import { lengthIntervals } from './length-intervals';

describe('lengthIntervals', () => {
  it('estimates the mean and type-7 median over problems, skipping problems without a length', () => {
    const [a] = lengthIntervals([[100, 300, Number.NaN, 200, 1000]], { replicates: 200 });
    expect(a!.mean.estimate).toBe(400);
    expect(a!.median.estimate).toBe(250);
    expect(a!.problems).toBe(4);
    expect(a!.mean.lo).toBeLessThanOrEqual(400);
    expect(a!.mean.hi).toBeGreaterThanOrEqual(400);
  });

  it('gives the mean the same interval as the paired bootstrap of the rates, from the same resamples', () => {
    const series = [
      [1, 5, 9, 2, 8],
      [3, 3, 7, 1, Number.NaN],
    ];
    const ours = lengthIntervals(series, { replicates: 300, seed: 7 });
    const means = pairedBootstrapMeans(series, { replicates: 300, seed: 7 });
    expect(ours.map((o) => o.mean)).toEqual(means);
  });

  it('resamples problems, so a problem whose samples all agree cannot narrow the interval to nothing', () => {
    // Two problems with very different lengths: whatever the samples per problem, the interval
    // must span most of the gap, since a resample may draw either problem twice.
    const [a] = lengthIntervals([[100, 900]], { replicates: 1000 });
    expect(a!.mean.lo).toBe(100);
    expect(a!.mean.hi).toBe(900);
    expect(a!.median.lo).toBe(100);
    expect(a!.median.hi).toBe(900);
  });

  it('keeps the estimates inside their intervals and the median between the extremes', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 30 }), (values) => {
        const [a] = lengthIntervals([values], { replicates: 100, seed: 3 });
        const lo = Math.min(...values);
        const hi = Math.max(...values);
        for (const i of [a!.mean, a!.median]) {
          expect(i.lo).toBeGreaterThanOrEqual(lo);
          expect(i.hi).toBeLessThanOrEqual(hi);
          expect(i.estimate).toBeGreaterThanOrEqual(lo);
          expect(i.estimate).toBeLessThanOrEqual(hi);
        }
      }),
    );
  });
});
