import { expect, it } from 'vitest';
import { pairedBootstrapMeans } from './bootstrap';
import { checkpointRates, type ProblemOutcomeCounts } from './checkpoint-rates';
import { mulberry32 } from './prng';
import { rateIntervals } from './rate-intervals';

function randomCheckpoint(seed: number, problems: number): ProblemOutcomeCounts[] {
  const rng = mulberry32(seed);
  return Array.from({ length: problems }, (_, j) => {
    if (j === 0) return { n: 0, solved: 0, counts: { IE: 4 } };
    const solved = Math.floor(rng() * 5);
    const wa = Math.floor(rng() * 5);
    const tle = Math.floor(rng() * 5);
    return { n: solved + wa + tle, solved, counts: { WA: wa, TLE: tle } };
  });
}

it('brackets the point rates, which match checkpointRates', () => {
  const checkpoints = [randomCheckpoint(1, 80), randomCheckpoint(2, 80)];
  const cis = rateIntervals(checkpoints, { seed: 4, replicates: 400 });
  cis.forEach((ci, i) => {
    const rates = checkpointRates(checkpoints[i]!);
    for (const key of ['solveRate', 'correctnessRate', 'optimizationRate'] as const) {
      expect(ci[key].estimate).toBeCloseTo(rates[key], 12);
      expect(ci[key].lo).toBeLessThanOrEqual(ci[key].estimate);
      expect(ci[key].hi).toBeGreaterThanOrEqual(ci[key].estimate);
    }
  });
  expect(rateIntervals(checkpoints, { seed: 4, replicates: 400 })).toEqual(cis);
});

it('gives the covariance of the two failure rates over the intervals own replicates', () => {
  // Every sample fails: per problem the two failure rates sum to 1, so their means move in
  // exact opposition from one replicate to the next.
  const rng = mulberry32(8);
  const tradeOff = Array.from({ length: 60 }, () => {
    const wa = Math.floor(rng() * 8);
    return { n: 8, solved: 0, counts: { WA: wa, TLE: 8 - wa } };
  });
  const [ci] = rateIntervals([tradeOff], { seed: 2, replicates: 500 });
  const { xx, xy, yy } = ci!.failureCovariance;
  expect(xx).toBeGreaterThan(0);
  expect(yy).toBeCloseTo(xx, 12);
  expect(xy).toBeCloseTo(-xx, 12);
  // The same replicates as the intervals: the variance matches their spread (95% width ~ 3.92 sd).
  const width = ci!.correctnessRate.hi - ci!.correctnessRate.lo;
  expect(width / (3.92 * Math.sqrt(xx))).toBeGreaterThan(0.85);
  expect(width / (3.92 * Math.sqrt(xx))).toBeLessThan(1.15);
});

it('keeps the intervals pairedBootstrapMeans gives for the same series', () => {
  const checkpoints = [randomCheckpoint(5, 50)];
  const [ci] = rateIntervals(checkpoints, { seed: 3, replicates: 300 });
  const frac = (f: (p: ProblemOutcomeCounts) => number) => checkpoints[0]!.map((p) => (p.n > 0 ? f(p) : Number.NaN));
  const [solve, correctness, optimization] = pairedBootstrapMeans(
    [frac((p) => p.solved / p.n), frac((p) => (p.counts.WA ?? 0) / p.n), frac((p) => (p.counts.TLE ?? 0) / p.n)],
    { seed: 3, replicates: 300 },
  );
  expect(ci!.solveRate).toEqual(solve);
  expect(ci!.correctnessRate).toEqual(correctness);
  expect(ci!.optimizationRate).toEqual(optimization);
});
