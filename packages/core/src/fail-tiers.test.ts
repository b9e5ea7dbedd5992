import { describe, expect, it } from 'vitest';
import { failTierShares, problemTierShares, type TierCounts } from './fail-tiers';

// Two problems, two tiers. Problem 1: 4 samples, 1 solved, 2 wrong in tier 1, 1 too slow in tier 2.
// Problem 2: 2 samples, one too slow in tier 2, one failed without per-test results (no tier).
const p1: TierCounts = { n: 4, solved: 1, correctness: [2, 0], optimization: [0, 1] };
const p2: TierCounts = { n: 2, solved: 0, correctness: [0, 0], optimization: [0, 1] };

describe('failTierShares', () => {
  it('averages per-problem shares of all judged samples, by class and first failing tier', () => {
    const [s] = failTierShares([[p1, p2]], 2, { replicates: 200 });
    // By hand: correctness tier 1 = (2/4 + 0/2) / 2; optimization tier 2 = (1/4 + 1/2) / 2.
    expect(s!.correctness.map((i) => i.estimate)).toEqual([0.25, 0]);
    expect(s!.optimization.map((i) => i.estimate)).toEqual([0, 0.375]);
    expect(s!.untiered).toBe(0.25);
    expect(s!.problems).toBe(2);
    // With the solved share (1/4 + 0) / 2 the whole sums to 1.
    const total = [...s!.correctness, ...s!.optimization].reduce((a, i) => a + i.estimate, 0) + s!.untiered + 0.125;
    expect(total).toBeCloseTo(1, 12);
  });

  it('gives intervals around the estimate, inside [0, 1], reproducible by seed', () => {
    const problems = Array.from({ length: 40 }, (_, j) => ({
      n: 10,
      solved: j % 3,
      correctness: [j % 4, 1],
      optimization: [0, 10 - (j % 3) - (j % 4) - 1],
    }));
    const a = failTierShares([problems, problems.slice().reverse()], 2, { seed: 7 });
    const b = failTierShares([problems, problems.slice().reverse()], 2, { seed: 7 });
    expect(a).toEqual(b);
    for (const s of a)
      for (const i of [...s.correctness, ...s.optimization]) {
        expect(i.lo).toBeLessThanOrEqual(i.estimate);
        expect(i.hi).toBeGreaterThanOrEqual(i.estimate);
        expect(i.lo).toBeGreaterThanOrEqual(0);
        expect(i.hi).toBeLessThanOrEqual(1);
      }
    // Tier 1 correctness shares vary across problems: a real interval, not a point.
    expect(a[0]!.correctness[0]!.hi - a[0]!.correctness[0]!.lo).toBeGreaterThan(0.01);
  });

  it('skips problems without judged samples and refuses more tiered failures than failures', () => {
    const [s] = failTierShares([[p1, { n: 0, solved: 0, correctness: [], optimization: [] }]], 2, { replicates: 50 });
    expect(s!.problems).toBe(1);
    expect(s!.correctness[0]!.estimate).toBe(0.5);
    expect(() => failTierShares([[{ n: 2, solved: 1, correctness: [1], optimization: [1] }]], 1)).toThrow(
      /more than the 1 failed/,
    );
  });
});

describe('problemTierShares', () => {
  it('gives one problem its shares with Wilson intervals', () => {
    const s = problemTierShares(p1, 2);
    expect(s.correctness[0]!.estimate).toBe(0.5);
    expect(s.correctness[1]).toEqual({ estimate: 0, lo: 0, hi: expect.any(Number) });
    expect(s.optimization[1]!.lo).toBeGreaterThan(0);
    expect(s.optimization[1]!.hi).toBeLessThan(1);
  });
});
