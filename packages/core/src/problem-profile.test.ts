import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemProfile } from './problem-profile';
import { wilsonInterval } from './significance/proportion-intervals';
import type { SolvedRule } from './solved/solved-rule';

const alphas = [-0.5, 0, 0.5, 1, 1.5];
const RATE: SolvedRule = { kind: 'rate', tau: 0.5 };
const ANY: SolvedRule = { kind: 'any' };
const profile = (c: number[], n: number | number[], rule: SolvedRule = RATE) =>
  problemProfile(c, Array.isArray(n) ? n : c.map(() => n), alphas.slice(0, c.length), rule);

describe('problemProfile', () => {
  it('finds the first unsolved-to-solved flip under the rule in force', () => {
    expect(profile([0, 10, 40, 60, 64], 64).flipAlpha).toBe(0.5);
    expect(profile([0, 10, 40, 60, 64], 64, ANY).flipAlpha).toBe(0);
    expect(profile([40, 10, 10, 40, 10], 64).flipAlpha).toBe(1);
    expect(profile([64, 64, 64, 64, 64], 64).flipAlpha).toBeNull();
    expect(profile([0, 0, 40, 0, 0], [64, 0, 64, 64, 64]).flipAlpha).toBe(0.5); // n = 0 is skipped
  });

  it('writes the solved pattern and the spread', () => {
    expect(profile([40, 10, 10, 40, 0], [64, 64, 64, 64, -1])).toMatchObject({ pattern: '1001-', spread: 30 / 64 });
    expect(profile([20, 20, 20], 64)).toMatchObject({ spread: 0, pattern: '000' });
    expect(profile([0, 0], [0, -1])).toMatchObject({ spread: 0, pattern: '--' });
    expect(() => problemProfile([0], [1], alphas, RATE)).toThrow(RangeError);
  });

  it('calls a clear dip or peak unstable, and noise around a flat rate not', () => {
    expect(profile([200, 40, 210], 250).unstable).toBe(true); // dip
    expect(profile([10, 180, 12], 250).unstable).toBe(true); // peak
    expect(profile([10, 60, 120, 200], 250).unstable).toBe(false); // monotone
    expect(profile([125, 115, 130, 118, 127], 250).unstable).toBe(false); // noise
    expect(profile([40, 10, 41], 64, ANY).unstable).toBe(true);
    expect(profile([1, 0, 1], 64, ANY).unstable).toBe(false); // "solved, lost, solved" by c > 0 alone is noise
  });

  it('is unstable exactly when some interval lies below (above) an earlier and a later one', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 8 }), (cs) => {
        const ivs = cs.map((c) => wilsonInterval(c, 50));
        const brute = ivs.some(
          (m, j) =>
            (ivs.slice(0, j).some((x) => m.hi < x.lo) && ivs.slice(j + 1).some((x) => m.hi < x.lo)) ||
            (ivs.slice(0, j).some((x) => m.lo > x.hi) && ivs.slice(j + 1).some((x) => m.lo > x.hi)),
        );
        const p = problemProfile(
          cs,
          cs.map(() => 50),
          cs.map((_, i) => i),
          RATE,
        );
        expect(p.unstable).toBe(brute);
      }),
    );
  });
});
