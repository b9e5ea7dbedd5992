import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceQValues as naiveQ } from '../../test/reference-statistics';
import { benjaminiHochberg } from './false-discovery';

describe('benjaminiHochberg', () => {
  it('matches a worked example', () => {
    // R: p.adjust(c(0.01, 0.04, 0.03, 0.005), "BH") = 0.02 0.04 0.04 0.02
    const q = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(q.map((x) => Number(x.toFixed(10)))).toEqual([0.02, 0.04, 0.04, 0.02]);
  });

  it('equals the definition, ties included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.05, 1)), {
          minLength: 1,
          maxLength: 60,
        }),
        (ps) => {
          const got = benjaminiHochberg(ps);
          naiveQ(ps).forEach((q, i) => expect(got[i]).toBeCloseTo(q, 12));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves NaN p-values out of m', () => {
    const q = benjaminiHochberg([0.01, Number.NaN, 0.02]);
    expect(q[1]).toBeNaN();
    expect(q[0]).toBeCloseTo(0.02, 12);
    expect(q[2]).toBeCloseTo(0.02, 12);
  });
});
