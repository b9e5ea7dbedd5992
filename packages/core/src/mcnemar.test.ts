import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mcnemarExactFromCounts } from './mcnemar';

/** Exact p: the sum in BigInt, one rounding to a double. */
function exactP(b: number, c: number): number {
  const n = b + c;
  let sum = 0n;
  let choose = 1n;
  for (let i = 0; i <= Math.min(b, c); i++) {
    sum += choose;
    choose = (choose * BigInt(n - i)) / BigInt(i + 1);
  }
  return Math.min(1, Number(2n * sum) * 2 ** -n); // 2^-n is exact for n <= 1022
}

describe('mcnemarExactFromCounts', () => {
  it('matches known p-values', () => {
    expect(mcnemarExactFromCounts(0, 0).p).toBe(1);
    expect(mcnemarExactFromCounts(1, 9).p).toBeCloseTo(0.021484375, 15);
    expect(mcnemarExactFromCounts(9, 1).p).toBeCloseTo(0.021484375, 15);
    expect(mcnemarExactFromCounts(5, 5).p).toBe(1);
    expect(mcnemarExactFromCounts(3, 12).p).toBeCloseTo(0.03515625, 15);
    expect(mcnemarExactFromCounts(0, 1).p).toBe(1);
    expect(mcnemarExactFromCounts(0, 5).p).toBeCloseTo(0.0625, 15);
  });

  it('agrees with exact BigInt arithmetic', () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(400), (b, c) => {
        const want = exactP(b, c);
        const got = mcnemarExactFromCounts(b, c).p;
        expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-11 * want + 1e-300);
      }),
      { numRuns: 200 },
    );
  });

  it('stays finite and sensible for large counts', () => {
    expect(mcnemarExactFromCounts(50_000, 50_000).p).toBe(1);
    const p = mcnemarExactFromCounts(49_800, 50_200).p; // z ~ 1.26
    expect(p).toBeGreaterThan(0.2);
    expect(p).toBeLessThan(0.22);
    expect(mcnemarExactFromCounts(0, 5000).p).toBe(0); // 2^-4999 underflows to 0
    expect(mcnemarExactFromCounts(400, 1600).p).toBeGreaterThan(0);
  });

  it('rejects invalid counts', () => {
    expect(() => mcnemarExactFromCounts(-1, 2)).toThrow(RangeError);
    expect(() => mcnemarExactFromCounts(1.5, 2)).toThrow(RangeError);
  });
});
