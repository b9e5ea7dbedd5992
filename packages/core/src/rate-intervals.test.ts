import { expect, it } from 'vitest';
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
