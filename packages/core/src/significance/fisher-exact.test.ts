import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceFisher as exactFisher } from '../../test/reference-statistics';
import { fisherExact } from './fisher-exact';

describe('fisherExact', () => {
  it("matches R's fisher.test on textbook tables", () => {
    // Fisher's tea-tasting table: matrix(c(3, 1, 1, 3), 2).
    expect(fisherExact(3, 4, 1, 4)).toBeCloseTo(0.4857142857, 9);
    // Agresti (2007), table 2.7 style: 1/5 against 4/5.
    expect(fisherExact(1, 5, 4, 5)).toBeCloseTo(0.2063492, 6);
    expect(fisherExact(0, 10, 0, 20)).toBe(1);
    expect(fisherExact(10, 10, 0, 10)).toBeCloseTo(2 / 184756, 12);
  });

  it('equals the exact BigInt sum, unequal n included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 300 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (aN, bN, ra, rb) => {
          const aC = Math.round(ra * aN);
          const bC = Math.round(rb * bN);
          const exact = exactFisher(aC, aN, bC, bN);
          expect(Math.abs(fisherExact(aC, aN, bC, bN) - exact)).toBeLessThanOrEqual(1e-9 * exact + 1e-300);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps tiny p-values precise and is symmetric in the two sides', () => {
    const p = fisherExact(0, 250, 250, 250);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(1e-140);
    expect(fisherExact(30, 64, 54, 64)).toBeCloseTo(fisherExact(54, 64, 30, 64), 14);
    expect(fisherExact(12, 40, 80, 250)).toBeCloseTo(fisherExact(80, 250, 12, 40), 14);
  });

  it('refuses impossible counts', () => {
    expect(() => fisherExact(5, 4, 1, 4)).toThrow(RangeError);
    expect(() => fisherExact(0, 0, 1, 4)).toThrow(/positive integer/);
  });
});
