import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpointRates, problemFractions, type ProblemOutcomeCounts } from './checkpoint-rates';

const problem = fc
  .record({
    solved: fc.nat(50),
    WA: fc.nat(50),
    TLE: fc.nat(50),
    MLE: fc.nat(50),
    RE: fc.nat(50),
    CE: fc.nat(50),
    OLE: fc.nat(50),
    IE: fc.nat(50),
  })
  .map(({ solved, ...counts }): ProblemOutcomeCounts => {
    const n = solved + counts.WA + counts.TLE + counts.MLE + counts.RE + counts.CE + counts.OLE;
    return { n, solved, counts };
  });

describe('checkpointRates', () => {
  it('averages per-problem fractions with the default mapping', () => {
    const r = checkpointRates([
      { n: 4, solved: 1, counts: { AC: 1, WA: 2, TLE: 1, IE: 3 } },
      { n: 2, solved: 0, counts: { MLE: 1, RE: 1 } },
    ]);
    expect(r.problems).toBe(2);
    expect(r.solveRate).toBeCloseTo((1 / 4 + 0) / 2, 15);
    expect(r.correctnessRate).toBeCloseTo((2 / 4 + 1 / 2) / 2, 15);
    expect(r.optimizationRate).toBeCloseTo((1 / 4 + 1 / 2) / 2, 15);
  });

  it('applies an override mapping', () => {
    const r = checkpointRates([{ n: 2, solved: 0, counts: { RE: 1, WA: 1 } }], { RE: 'OPTIMIZATION' });
    expect(r).toEqual({ solveRate: 0, correctnessRate: 0.5, optimizationRate: 0.5, problems: 1 });
  });

  it('skips problems with n = 0, and gives NaN when none is left', () => {
    const r = checkpointRates([
      { n: 0, solved: 0, counts: { IE: 5 } },
      { n: 1, solved: 1, counts: {} },
    ]);
    expect(r).toEqual({ solveRate: 1, correctnessRate: 0, optimizationRate: 0, problems: 1 });
    expect(checkpointRates([]).solveRate).toBeNaN();
  });

  it('rejects inconsistent counts', () => {
    expect(() => problemFractions({ n: 3, solved: 1, counts: { WA: 1 } })).toThrow(RangeError);
    expect(() => problemFractions({ n: 2, solved: 1, counts: { AC: 2, WA: 1 } })).toThrow(RangeError);
    expect(() => problemFractions({ n: 1, solved: 2, counts: {} })).toThrow(RangeError);
    expect(() => problemFractions({ n: 1, solved: 0, counts: { WA: -1, TLE: 2 } })).toThrow(RangeError);
  });

  it('rates sum to 1 (IE excluded)', () => {
    fc.assert(
      fc.property(fc.array(problem, { minLength: 1, maxLength: 30 }), fc.boolean(), (problems, reMapped) => {
        const r = checkpointRates(problems, reMapped ? { RE: 'OPTIMIZATION' } : undefined);
        if (r.problems === 0) return;
        expect(Math.abs(r.solveRate + r.correctnessRate + r.optimizationRate - 1)).toBeLessThan(1e-12);
        for (const v of [r.solveRate, r.correctnessRate, r.optimizationRate]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
