import type { AlphaPoint } from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { describePhenomenon } from './describe-phenomenon';
import { demoPhenomenon } from './phenomenon';

// Synthetic frontiers of four problems x 64 samples: the research setting's shape, then the same
// shape with one property broken at a time, so each check is seen both holding and failing.
const N = 64;
const ALPHAS = [-1, -0.5, 0, 0.5, 1, 1.5, 2];
/** Problem A is solved at low alphas, B at high ones, C and D never. */
const SOLVED_A = [40, 30, 20, 10, 4, 2, 0];
const SOLVED_B = [0, 2, 4, 10, 20, 30, 40];
/** Share of the failures that are correctness failures, rising with alpha. */
const CORRECTNESS_SHARE = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

function frontier(o: { solvedA?: number[]; solvedB?: number[]; share?: number[] } = {}): AlphaPoint[] {
  const [a, b, share] = [o.solvedA ?? SOLVED_A, o.solvedB ?? SOLVED_B, o.share ?? CORRECTNESS_SHARE];
  return ALPHAS.map((alpha, i) => {
    const solved = [a[i]!, b[i]!, 0, 0];
    const correctness = solved.map((s) => Math.round((N - s) * share[i]!));
    return {
      alpha,
      n: solved.map(() => N),
      solved,
      correctness,
      optimization: solved.map((s, p) => N - s - correctness[p]!),
    };
  });
}

describe('demoPhenomenon', () => {
  it("sees all four properties in the research setting's shape", () => {
    const r = demoPhenomenon(frontier());
    expect(r.flatSolve).toEqual({ holds: true, low: 24 / 256, high: 24 / 256 });
    expect(r.tradeOff.holds).toBe(true);
    expect(r.tradeOff.correctnessRise).toBeGreaterThan(0.1);
    expect(r.tradeOff.optimizationDrop).toBeGreaterThan(0.1);
    expect(r.extrapolation.holds).toBe(true);
    expect(r.extrapolation.beyond.map((s) => s.alpha)).toEqual([1.5, 2]);
    expect(r.extrapolation.below.map((s) => s.alpha)).toEqual([-0.5, -1]);
    expect([...r.extrapolation.beyond, ...r.extrapolation.below].every((s) => s.extends)).toBe(true);
    expect(r.ensemble.holds).toBe(true);
    const at10 = r.ensemble.budgets.find((b) => b.budget === 10)!;
    expect(at10.ensemble!.pass).toBeGreaterThan(at10.best.pass + 0.05);
    expect(at10.ensemble!.members.some((m) => m.alpha < 0 || m.alpha > 1)).toBe(true);
    expect(describePhenomenon(r).every((line) => / holds:/.test(line))).toBe(true);
  });

  it('sees a solve rate that moves more than 0.10 between the endpoints', () => {
    const r = demoPhenomenon(frontier({ solvedB: [0, 2, 4, 10, 60, 60, 60] }));
    expect(r.flatSolve.holds).toBe(false);
    expect(r.flatSolve.high - r.flatSolve.low).toBeCloseTo((4 + 60 - 20 - 4) / 256, 12);
    expect(describePhenomenon(r)[0]).toMatch(/does NOT hold: 0\.094 at alpha 0, 0\.250 at 1 \(\+0\.156\)/);
  });

  it('sees failures that do not trade places', () => {
    const r = demoPhenomenon(frontier({ share: ALPHAS.map(() => 0.5) }));
    expect(r.tradeOff.holds).toBe(false);
    expect(Math.abs(r.tradeOff.correctnessRise)).toBeLessThan(0.01);
  });

  it('sees extrapolation that turns back past an endpoint, and how far it went', () => {
    const r = demoPhenomenon(frontier({ share: [0.2, 0.3, 0.4, 0.5, 0.6, 0.5, 0.8] }));
    expect(r.extrapolation.holds).toBe(false);
    expect(r.extrapolation.beyond.map((s) => s.extends)).toEqual([false, true]);
    expect(r.extrapolation.below.every((s) => s.extends)).toBe(true);
    expect(describePhenomenon(r)[2]).toMatch(/beyond 1 not even at the first alpha; below 0 at every alpha to -1/);
    const later = demoPhenomenon(frontier({ share: [0.45, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8] }));
    expect(later.extrapolation.holds).toBe(true);
    expect(describePhenomenon(later)[2]).toMatch(/below 0 up to alpha -0\.5, not at -1/);
  });

  it('sees no ensemble win when one checkpoint is best on every problem', () => {
    const r = demoPhenomenon(frontier({ solvedA: [2, 3, 4, 5, 20, 5, 2], solvedB: [2, 3, 4, 5, 20, 5, 2] }));
    expect(r.ensemble.holds).toBe(false);
    for (const b of r.ensemble.budgets) {
      expect(b.best.alpha).toBe(1);
      if (b.ensemble) expect(b.ensemble.pass).toBeLessThanOrEqual(b.best.pass + 1e-9);
    }
  });

  it('needs both endpoints among the points', () => {
    expect(() => demoPhenomenon(frontier().filter((p) => p.alpha !== 1))).toThrow(/no point at alpha 1/);
  });
});
