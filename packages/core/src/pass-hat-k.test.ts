import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passAtK } from './pass-at-k';
import { meanPassHatK, passHatK } from './pass-hat-k';

const counts = fc
  .integer({ min: 1, max: 500 })
  .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n }), fc.integer({ min: 1, max: n })));

describe('passHatK', () => {
  it('matches values worked by hand', () => {
    // C(3,2)/C(5,2) = 3/10
    expect(passHatK(5, 3, 2)).toBeCloseTo(0.3, 15);
    // C(8,3)/C(10,3) = 56/120
    expect(passHatK(10, 8, 3)).toBeCloseTo(56 / 120, 15);
    // C(4,4)/C(6,4) = 1/15
    expect(passHatK(6, 4, 4)).toBeCloseTo(1 / 15, 15);
    expect(passHatK(10, 3, 1)).toBeCloseTo(0.3, 15); // pass^1 = pass@1 = c/n
    expect(passHatK(10, 10, 10)).toBe(1);
    expect(passHatK(10, 9, 10)).toBe(0); // one failing sample: no draw of all 10 is all correct
    expect(passHatK(7, 2, 3)).toBe(0); // k > c
    expect(passHatK(10, 3, 0)).toBe(1); // no draw: vacuously all correct
  });

  it('refuses k > n and bad counts, as pass@k does', () => {
    expect(() => passHatK(3, 1, 4)).toThrow(RangeError);
    expect(() => passHatK(3, 4, 1)).toThrow(RangeError);
    expect(() => passHatK(3, 1.5, 1)).toThrow(RangeError);
  });

  it('equals pass@1 at k = 1 and never exceeds pass@k', () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        expect(passHatK(n, c, 1)).toBeCloseTo(c / n, 12);
        expect(passHatK(n, c, k)).toBeLessThanOrEqual(passAtK(n, c, k) + 1e-12);
      }),
    );
  });

  it('falls as k grows', () => {
    fc.assert(
      fc.property(counts, ([n, c, k]) => {
        if (k < n) expect(passHatK(n, c, k + 1)).toBeLessThanOrEqual(passHatK(n, c, k));
      }),
    );
  });

  it('averages over problems', () => {
    expect(
      meanPassHatK(
        [
          { n: 5, c: 3 },
          { n: 5, c: 5 },
        ],
        2,
      ),
    ).toBeCloseTo((0.3 + 1) / 2, 15);
    expect(meanPassHatK([], 1)).toBeNaN();
  });
});
