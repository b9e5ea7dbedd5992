import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passAtK } from '../pass-at-k';
import { alphaGrid, bestAlpha, curvePoints, passCurve, roundAlpha } from './best-alpha';
import { COLLAPSE_SHARE } from './collapse';
import { parabola, syntheticPoints } from '../../test/refine-points';

const ALPHAS = [-0.5, 0, 0.5, 1, 1.5, 2];

describe('alphaGrid and roundAlpha', () => {
  it('lays the grid on whole steps, both ends included, without float dust or -0', () => {
    expect(alphaGrid(-0.03, 0.02)).toEqual([-0.03, -0.02, -0.01, 0, 0.01, 0.02]);
    expect(alphaGrid(0.101, 0.129)).toEqual([0.11, 0.12]);
    expect(alphaGrid(0, 1, 0.25)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(Object.is(roundAlpha(-0.001), 0)).toBe(true);
    expect(roundAlpha(1.005 - 1e-12)).toBe(1);
    expect(roundAlpha(0.1 + 0.2)).toBe(0.3);
  });
});

describe('passCurve', () => {
  it('means pass@k over the problems that have k samples at every alpha', () => {
    const points = syntheticPoints(parabola(0.7), [0, 1], { problems: 4, samples: 5 });
    // Problem 3 has too few samples at alpha 1 for pass@3: it is left out everywhere.
    points[1]!.n = Float64Array.from([5, 5, 5, 2]);
    points[1]!.solved = Float64Array.from([1, 2, 3, 1]);
    const curve = passCurve(points, 3);
    expect(curve.problems).toBe(3);
    expect(curve.xs).toEqual([0, 1]);
    points.forEach((pt, i) => {
      const mean = [0, 1, 2].reduce((s, p) => s + passAtK(pt.n[p]!, pt.solved[p]!, 3), 0) / 3;
      expect(curve.ys[i]).toBeCloseTo(mean, 12);
    });
    expect(curve.noise.every((v) => v > 0)).toBe(true);
  });

  it('keeps a collapsed alpha out of the live window and out of the surrogate', () => {
    const cliff = (a: number) => (a <= 1.5 ? 0.5 : 0.05);
    const curve = passCurve(syntheticPoints(cliff, ALPHAS, { problems: 50, samples: 10 }), 1);
    expect(curve.window).toEqual([-Infinity, 2]);
    expect(curve.live).toEqual([-0.5, 0, 0.5, 1, 1.5]);
    expect(curve.liveYs).toEqual(curve.ys.slice(0, -1));
    expect(curve.ys.at(-1)).toBeLessThan(COLLAPSE_SHARE * Math.max(...curve.ys));
    // Fitted on the live points only: no ringing before the cliff.
    expect(curve.surrogate!.predict(1.4).mean).toBeLessThan(0.52);
  });

  it('has no surrogate without a problem every alpha has k samples of', () => {
    const curve = passCurve(syntheticPoints(parabola(0.7), [0, 1], { problems: 3, samples: 2 }), 5);
    expect(curve.problems).toBe(0);
    expect(curve.surrogate).toBeNull();
    expect(bestAlpha(curve)).toBeNull();
    expect(curvePoints(curve)).toEqual([]);
  });
});

describe('bestAlpha', () => {
  it('finds the peak of a known parabola from exact counts, its interval within 0.05 of it', () => {
    // Exact counts have no sampling noise, so the interval is narrow; the smooth surrogate of a
    // parabola clipped near 0 may sit a few hundredths off the peak.
    for (const peak of [0.3, 0.7, 1.2, 1.4]) {
      const best = bestAlpha(passCurve(syntheticPoints(parabola(peak), ALPHAS, { problems: 100, samples: 10 }), 1))!;
      expect(Math.abs(best.alpha - peak)).toBeLessThanOrEqual(0.05);
      expect(best.lo).toBeLessThanOrEqual(best.alpha);
      expect(best.hi).toBeGreaterThanOrEqual(best.alpha);
      expect(best.lo).toBeLessThanOrEqual(peak + 0.05);
      expect(best.hi).toBeGreaterThanOrEqual(peak - 0.05);
      expect(best.passAtK).toBeCloseTo(0.6, 1);
      expect(best.passLo).toBeLessThanOrEqual(best.passAtK);
      expect(best.passHi).toBeGreaterThanOrEqual(best.passAtK);
    }
  });

  it('covers the true peak in about 95% of drawn studies, with an interval that shrinks as problems grow', () => {
    const peak = 0.7;
    const seeds = Array.from({ length: 20 }, (_, i) => i + 1);
    const run = (problems: number) =>
      seeds.map((seed) =>
        bestAlpha(passCurve(syntheticPoints(parabola(peak), ALPHAS, { problems, samples: 10, seed }), 1))!,
      );
    const width = (bs: ReturnType<typeof run>) => bs.reduce((s, b) => s + b.hi - b.lo, 0) / bs.length;
    const few = run(40);
    const many = run(640);
    for (const bs of [few, many])
      expect(bs.filter((b) => b.lo <= peak && peak <= b.hi).length).toBeGreaterThanOrEqual(17);
    expect(width(many)).toBeLessThan(0.6 * width(few));
    const error = many.reduce((s, b) => s + Math.abs(b.alpha - peak), 0) / many.length;
    expect(error).toBeLessThan(0.05);
  });

  it('looks for the peak between the lowest and highest evaluated alpha only', () => {
    // The true peak is at 2.5, beyond every evaluation: the best evaluated alpha stands in for it.
    const best = bestAlpha(
      passCurve(syntheticPoints(parabola(2.5, 0.8, 0.1), [0, 0.5, 1], { problems: 60, samples: 10 }), 1),
    )!;
    expect(best.alpha).toBeLessThanOrEqual(1);
    expect(best.hi).toBeLessThanOrEqual(1);
  });

  it('on a curve that is exactly flat, calls every live alpha a best one instead of the first', () => {
    const points = syntheticPoints(() => 0.4, [-1, 0, 1, 2], { problems: 30, samples: 10 });
    const best = bestAlpha(passCurve(points, 1))!;
    // Ties break at random between the evaluated alphas: most of the span, from its first alpha.
    expect(best.lo).toBe(-1);
    expect(best.hi).toBeGreaterThanOrEqual(1.5);
    expect(best.alpha).toBeCloseTo(0.5, 5);
  });

  it('ends an interval that reaches the last evaluated alpha there, marked open up to the range end or the collapse', () => {
    const rising = syntheticPoints((a) => 0.3 + 0.1 * a, [0, 0.5, 1], { problems: 40, samples: 20 });
    const open = bestAlpha(passCurve(rising, 1), { range: [-1, 3] })!;
    expect([open.alpha, open.hi]).toEqual([1, 1]);
    expect(open.above).toEqual({ why: 'unevaluated', limit: 3 });
    expect(open.below).toBeUndefined();
    expect(open.beyond).toBe(
      'the peak may lie above α = 1, the highest alpha evaluated (nothing evaluated above it; the range goes on to α = 3)',
    );
    // A range that ends at the last evaluated alpha: still open, nothing further to reach.
    expect(bestAlpha(passCurve(rising, 1), { range: [-1, 1] })!.beyond).toBe(
      'the peak may lie above α = 1, the highest alpha evaluated (nothing evaluated above it)',
    );

    const cliff = syntheticPoints((a) => (a > 1.2 ? 0.02 : 0.3 + 0.1 * a), [0, 0.5, 1, 2], {
      problems: 40,
      samples: 20,
    });
    const edged = bestAlpha(passCurve(cliff, 1), { range: [-1, 3] })!;
    expect(edged.alpha).toBeGreaterThan(0.85);
    expect(edged.alpha).toBeLessThanOrEqual(1);
    // Never at the collapsed alpha 2, nor anywhere past the live alphas: open instead, up to the collapse.
    expect(edged.hi).toBe(1);
    expect(edged.above).toEqual({ why: 'collapse', limit: 2 });
    expect(edged.beyond).toContain('before the collapse at α = 2');
  });

  it('looks for the peak inside the range only, marking the end the range cuts', () => {
    const points = syntheticPoints(parabola(1.4), ALPHAS, { problems: 60, samples: 10 });
    const cut = bestAlpha(passCurve(points, 1), { range: [-1, 1] })!;
    expect(cut.alpha).toBeLessThanOrEqual(1);
    expect(cut.hi).toBe(1);
    expect(cut.above).toEqual({ why: 'range', limit: 1 });
    expect(cut.beyond).toBe(
      'the peak may lie above α = 1, where the range ends (live alphas were evaluated out to α = 2)',
    );
    // A closed interval inside the live span says nothing more.
    const inside = bestAlpha(passCurve(points, 1), { range: [-1, 3] })!;
    expect([inside.below, inside.above, inside.beyond]).toEqual([undefined, undefined, undefined]);
    expect(inside.lo).toBeGreaterThan(-0.5);
    expect(inside.hi).toBeLessThan(2);
    // No live alpha in the range: no estimate.
    expect(bestAlpha(passCurve(points, 1), { range: [2.5, 3] })).toBeNull();
  });

  it('keeps the best alpha and its interval inside the range and the live alphas, or says where they are open', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 3, noNaN: true }),
        fc.subarray([-1, -0.5, 0, 0.25, 0.5, 1, 1.5, 2, 2.5], { minLength: 2 }),
        fc.tuple(fc.integer({ min: -150, max: 150 }), fc.integer({ min: 20, max: 300 })),
        fc.boolean(),
        fc.integer(),
        (peak, alphas, [lo, width], cliff, seed) => {
          const range = [lo / 100, (lo + width) / 100] as const;
          const shape = cliff ? (a: number) => (a > 1.6 || a < -0.6 ? 0.02 : parabola(peak)(a)) : parabola(peak);
          const curve = passCurve(syntheticPoints(shape, alphas, { problems: 20, samples: 6, seed }), 1);
          const best = bestAlpha(curve, { range, seed, replicates: 30 });
          if (!best) return;
          const [liveLo, liveHi] = [curve.live[0]!, curve.live.at(-1)!];
          for (const a of [best.alpha, best.lo, best.hi]) {
            expect(a).toBeGreaterThanOrEqual(Math.max(range[0], liveLo) - 1e-9);
            expect(a).toBeLessThanOrEqual(Math.min(range[1], liveHi) + 1e-9);
          }
          expect(best.lo).toBeLessThanOrEqual(best.hi);
          // An end at an alpha nobody evaluated is either inside the live span or the range's end, and marked.
          if (best.above) expect(best.beyond).toContain(`above α = ${roundAlpha(best.hi)}`);
          if (best.below) expect(best.beyond).toContain(`below α = ${roundAlpha(best.lo)}`);
          if (!best.above && !best.below) expect(best.beyond).toBeUndefined();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is deterministic for a seed', () => {
    const curve = passCurve(syntheticPoints(parabola(0.7), ALPHAS, { problems: 60, samples: 10, seed: 4 }), 1);
    expect(bestAlpha(curve, { seed: 3 })).toEqual(bestAlpha(curve, { seed: 3 }));
    expect(bestAlpha(curve)).toEqual(bestAlpha(curve, { seed: 1, replicates: 300 }));
  });
});

describe('curvePoints', () => {
  it('draws the surrogate over the live evaluated span it was fitted on, with a band around its mean', () => {
    const curve = passCurve(
      syntheticPoints(parabola(0.7, 0.6, 0.1), [-0.45, 0, 0.5, 1, 1.5, 2.02], { problems: 60, samples: 10 }),
      1,
    );
    const drawn = curvePoints(curve);
    expect(drawn.map((p) => p.alpha)).toEqual([-0.45, ...alphaGrid(-0.4, 2, 0.05), 2.02]);
    for (const p of drawn) {
      expect(p.lo).toBeLessThanOrEqual(p.mean);
      expect(p.hi).toBeGreaterThanOrEqual(p.mean);
    }
  });

  it('never over collapsed alphas', () => {
    const cliff = (a: number) => (a < 0 ? 0.04 : 0.5);
    const curve = passCurve(syntheticPoints(cliff, [-1, -0.5, -0.25, 0, 0.5, 1, 2], { problems: 50, samples: 10 }), 1);
    expect(curve.live).toEqual([0, 0.5, 1, 2]);
    const drawn = curvePoints(curve);
    expect(drawn[0]!.alpha).toBe(0);
    expect(drawn.at(-1)!.alpha).toBe(2);
  });
});
