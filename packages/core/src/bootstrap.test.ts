import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairedBootstrapMeans } from './bootstrap';
import { mulberry32 } from './prng';

function randomSeries(seed: number, checkpoints: number, problems: number): Float64Array[] {
  const rng = mulberry32(seed);
  return Array.from({ length: checkpoints }, () => Float64Array.from({ length: problems }, () => rng()));
}

describe('pairedBootstrapMeans', () => {
  it('is reproducible for a seed and changes with it', () => {
    const series = randomSeries(3, 4, 200);
    const a = pairedBootstrapMeans(series, { seed: 9, replicates: 300 });
    expect(pairedBootstrapMeans(series, { seed: 9, replicates: 300 })).toEqual(a);
    expect(pairedBootstrapMeans(series, { seed: 10, replicates: 300 })).not.toEqual(a);
  });

  it('estimates the mean and brackets it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer(),
        (checkpoints, problems, seed) => {
          const series = randomSeries(seed, checkpoints, problems);
          pairedBootstrapMeans(series, { seed, replicates: 200 }).forEach((ci, i) => {
            const mean = series[i]!.reduce((s, v) => s + v, 0) / problems;
            expect(ci.estimate).toBeCloseTo(mean, 12);
            expect(ci.lo).toBeLessThanOrEqual(ci.estimate + 1e-12);
            expect(ci.hi).toBeGreaterThanOrEqual(ci.estimate - 1e-12);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('pairs checkpoints: identical series get identical intervals, shifted ones shifted intervals', () => {
    const [a] = randomSeries(5, 1, 100);
    const shifted = a!.map((v) => v + 0.25);
    const [x, y, z] = pairedBootstrapMeans([a!, a!, shifted]);
    expect(y).toEqual(x);
    expect(z!.lo - x!.lo).toBeCloseTo(0.25, 12);
    expect(z!.hi - x!.hi).toBeCloseTo(0.25, 12);
  });

  it('gives a plausible width: about 2 * 1.96 * sd / sqrt(n) for the mean', () => {
    const [a] = randomSeries(11, 1, 2000);
    const ci = pairedBootstrapMeans([a!], { replicates: 2000 })[0]!;
    const expected = 2 * 1.96 * Math.sqrt(1 / 12 / 2000);
    expect((ci.hi - ci.lo) / expected).toBeGreaterThan(0.9);
    expect((ci.hi - ci.lo) / expected).toBeLessThan(1.1);
  });

  it('skips missing (NaN) problems per series', () => {
    const ci = pairedBootstrapMeans(
      [
        [1, Number.NaN, 1, 1],
        [0, 1, 0, 1],
      ],
      { replicates: 200 },
    );
    expect(ci[0]).toEqual({ estimate: 1, lo: 1, hi: 1 });
    expect(ci[1]!.estimate).toBe(0.5);
    expect(pairedBootstrapMeans([[Number.NaN]])[0]!.estimate).toBeNaN();
  });

  it('validates its input', () => {
    expect(() => pairedBootstrapMeans([[1, 2], [1]])).toThrow(RangeError);
    expect(() => pairedBootstrapMeans([[1]], { level: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrapMeans([[1]], { replicates: 0 })).toThrow(RangeError);
    expect(pairedBootstrapMeans([])).toEqual([]);
  });

  it('handles 41 checkpoints x 1000 problems x 1000 replicates quickly', () => {
    const series = randomSeries(1, 41, 1000);
    const t0 = performance.now();
    const cis = pairedBootstrapMeans(series);
    const ms = performance.now() - t0;
    expect(cis).toHaveLength(41);
    // The target is well under a second; the bound is loose because CI machines are noisy.
    expect(ms).toBeLessThan(1500);
  });
});
