import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { problemProfile } from './problem-profile';

const alphas = [-0.5, 0, 0.5, 1, 1.5];
const N = Number.NaN;

describe('problemProfile', () => {
  it('finds the first unsolved-to-solved flip', () => {
    expect(problemProfile([0, 0, 0.2, 0.4, 0.4], alphas).flipAlpha).toBe(0.5);
    expect(problemProfile([0.1, 0, 0, 0.5, 0], alphas).flipAlpha).toBe(1);
    expect(problemProfile([0.1, 0.2, 0.3, 0.3, 0.1], alphas).flipAlpha).toBeNull();
    expect(problemProfile([0, 0, 0, 0, 0], alphas).flipAlpha).toBeNull();
    expect(problemProfile([0, N, 0.5, 0, 0], alphas).flipAlpha).toBe(0.5); // n = 0 is skipped
  });

  it('measures spread, difference and instability', () => {
    const p = problemProfile([0.1, 0, 0, 0.5, N], alphas);
    expect(p).toEqual({ flipAlpha: 1, spread: 0.5, differs: true, unstable: true, pattern: '1001-' });
    expect(problemProfile([0, 0.2, 0.4, 0, 0], alphas)).toMatchObject({ differs: true, unstable: false });
    expect(problemProfile([0.3, 0.3, 0.3, 0.3, 0.3], alphas)).toMatchObject({ spread: 0, differs: false });
    expect(problemProfile([N, N, N, N, N], alphas)).toMatchObject({ spread: 0, differs: false, pattern: '-----' });
    expect(() => problemProfile([0], alphas)).toThrow(RangeError);
  });

  it('is unstable exactly when the solved pattern contains 1, 0, 1 in order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0, 0.5, N), { maxLength: 8 }), (rates) => {
        const p = problemProfile(rates, rates.map((_, i) => i));
        expect(p.unstable).toBe(/1.*0.*1/.test(p.pattern));
        expect(p.differs).toBe(p.pattern.includes('1') && p.pattern.includes('0'));
        expect(p.flipAlpha === null).toBe(!/0-*1/.test(p.pattern));
      }),
    );
  });
});
