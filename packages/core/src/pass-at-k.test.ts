import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanPassAtK, passAtK } from './pass-at-k';

function chooseBig(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** 1 - C(n-c,k)/C(n,k) exactly in BigInt, rounded to a double via 96 fractional bits. */
function exactPassAtK(n: number, c: number, k: number): number {
  const den = chooseBig(n, k);
  const num = den - chooseBig(n - c, k);
  return Number((num << 96n) / den) / 2 ** 96;
}

const counts = fc
  .integer({ min: 1, max: 1000 })
  .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }), fc.integer({ min: 0, max: n })));

describe('passAtK', () => {
  it('matches known values', () => {
    expect(passAtK(10, 0, 5)).toBe(0);
    expect(passAtK(10, 10, 1)).toBe(1);
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 15);
    expect(passAtK(10, 1, 10)).toBe(1);
    expect(passAtK(5, 2, 2)).toBeCloseTo(1 - 3 / 10, 15);
    expect(passAtK(7, 3, 5)).toBe(1); // k > n - c: every draw of 5 holds a correct sample
    expect(passAtK(10, 3, 0)).toBe(0);
  });

  it('equals the exact BigInt value for n up to 1000', () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        const exact = exactPassAtK(n, c, k);
        const got = passAtK(n, c, k);
        expect(Math.abs(got - exact)).toBeLessThanOrEqual(1e-12 * Math.max(exact, Number.MIN_VALUE));
      }),
      { numRuns: 300 },
    );
  });

  it('is monotone non-decreasing in k', () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        if (k < n) expect(passAtK(n, c, k + 1)).toBeGreaterThanOrEqual(passAtK(n, c, k));
      }),
    );
  });

  it('throws a RangeError when n < k or inputs are invalid', () => {
    expect(() => passAtK(4, 1, 5)).toThrow(RangeError);
    expect(() => passAtK(-1, 0, 0)).toThrow(RangeError);
    expect(() => passAtK(5, 6, 1)).toThrow(RangeError);
    expect(() => passAtK(5, 1.5, 1)).toThrow(RangeError);
    expect(() => passAtK(5, 1, -1)).toThrow(RangeError);
    expect(() => passAtK(Number.NaN, 1, 1)).toThrow(RangeError);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 }), (n, extra) => {
        expect(() => passAtK(n, 0, n + extra)).toThrow(RangeError);
      }),
    );
  });
});

describe('meanPassAtK', () => {
  it('averages over problems', () => {
    expect(
      meanPassAtK(
        [
          { n: 10, c: 3 },
          { n: 4, c: 0 },
          { n: 2, c: 2 },
        ],
        1,
      ),
    ).toBeCloseTo((0.3 + 0 + 1) / 3, 15);
  });
  it('throws when one problem has fewer samples than k', () => {
    expect(() =>
      meanPassAtK(
        [
          { n: 10, c: 3 },
          { n: 4, c: 1 },
        ],
        5,
      ),
    ).toThrow(RangeError);
  });
});
