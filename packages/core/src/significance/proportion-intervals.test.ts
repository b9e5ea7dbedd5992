import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newcombeDifference, wilsonInterval } from './proportion-intervals';

describe('wilsonInterval', () => {
  it('matches published values', () => {
    // Newcombe (1998), "Two-sided confidence intervals for the single proportion", table I, method 3.
    const a = wilsonInterval(81, 263);
    expect(a.lo).toBeCloseTo(0.2553, 4);
    expect(a.hi).toBeCloseTo(0.3662, 4);
    const b = wilsonInterval(0, 20);
    expect(b.lo).toBe(0);
    expect(b.hi).toBeCloseTo(0.1611, 4);
  });
});

describe('newcombeDifference', () => {
  it("matches Newcombe's (1998) table II, method 10", () => {
    // "Interval estimation for the difference between independent proportions", Stat. Med. 17.
    const cases: [number, number, number, number, number, number][] = [
      [56, 70, 48, 80, 0.0524, 0.3339],
      [9, 10, 3, 10, 0.1705, 0.809],
      [5, 56, 0, 29, -0.0381, 0.1926],
      [0, 10, 0, 20, -0.1611, 0.2775],
      [10, 10, 0, 20, 0.6791, 1],
    ];
    for (const [aC, aN, bC, bN, lo, hi] of cases) {
      const d = newcombeDifference(aC, aN, bC, bN);
      expect(d.lo).toBeCloseTo(lo, 4);
      expect(d.hi).toBeCloseTo(hi, 4);
    }
  });

  it('holds the estimate, stays in [-1, 1] and flips sign with the sides', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 300 }),
        fc.nat(300),
        fc.nat(300),
        (aN, bN, x, y) => {
          const aC = x % (aN + 1);
          const bC = y % (bN + 1);
          const d = newcombeDifference(aC, aN, bC, bN);
          expect(d.lo).toBeLessThanOrEqual(d.estimate + 1e-12);
          expect(d.hi).toBeGreaterThanOrEqual(d.estimate - 1e-12);
          expect(d.lo).toBeGreaterThanOrEqual(-1 - 1e-12);
          expect(d.hi).toBeLessThanOrEqual(1 + 1e-12);
          const r = newcombeDifference(bC, bN, aC, aN);
          expect(r.lo).toBeCloseTo(-d.hi, 12);
          expect(r.hi).toBeCloseTo(-d.lo, 12);
        },
      ),
      { numRuns: 200 },
    );
  });
});
