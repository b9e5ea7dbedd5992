import { describe, expect, it } from 'vitest';
import { passAtK } from '../pass-at-k';
import { alphaGrid, bestAlpha, curvePoints, passCurve, roundAlpha } from './best-alpha';
import { COLLAPSE_SHARE } from './collapse';
import { parabola, syntheticPoints } from './test-points';

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
    expect(curvePoints(curve, 0, 1)).toEqual([]);
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
      seeds.map((seed) => bestAlpha(passCurve(syntheticPoints(parabola(peak), ALPHAS, { problems, samples: 10, seed }), 1))!);
    const width = (bs: ReturnType<typeof run>) => bs.reduce((s, b) => s + b.hi - b.lo, 0) / bs.length;
    const few = run(40);
    const many = run(640);
    for (const bs of [few, many]) expect(bs.filter((b) => b.lo <= peak && peak <= b.hi).length).toBeGreaterThanOrEqual(17);
    expect(width(many)).toBeLessThan(0.6 * width(few));
    const error = many.reduce((s, b) => s + Math.abs(b.alpha - peak), 0) / many.length;
    expect(error).toBeLessThan(0.05);
  });

  it('looks for the peak between the lowest and highest evaluated alpha only', () => {
    // The true peak is at 2.5, beyond every evaluation: the best evaluated alpha stands in for it.
    const best = bestAlpha(passCurve(syntheticPoints(parabola(2.5, 0.8, 0.1), [0, 0.5, 1], { problems: 60, samples: 10 }), 1))!;
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

  it('extends an interval that reaches the last evaluated alpha to the range end, or to the collapse', () => {
    const rising = syntheticPoints((a) => 0.3 + 0.1 * a, [0, 0.5, 1], { problems: 40, samples: 20 });
    const open = bestAlpha(passCurve(rising, 1), { range: [-1, 3] })!;
    expect([open.alpha, open.hi]).toEqual([1, 3]);
    const cliff = syntheticPoints((a) => (a > 1.2 ? 0.02 : 0.3 + 0.1 * a), [0, 0.5, 1, 2], { problems: 40, samples: 20 });
    const edged = bestAlpha(passCurve(cliff, 1), { range: [-1, 3] })!;
    expect(edged.alpha).toBeGreaterThan(0.85);
    expect(edged.hi).toBe(2);
  });

  it('is deterministic for a seed', () => {
    const curve = passCurve(syntheticPoints(parabola(0.7), ALPHAS, { problems: 60, samples: 10, seed: 4 }), 1);
    expect(bestAlpha(curve, { seed: 3 })).toEqual(bestAlpha(curve, { seed: 3 }));
    expect(bestAlpha(curve)).toEqual(bestAlpha(curve, { seed: 1, replicates: 300 }));
  });
});

describe('curvePoints', () => {
  it('draws the surrogate over the range with a band around its mean', () => {
    const curve = passCurve(syntheticPoints(parabola(0.7), ALPHAS, { problems: 60, samples: 10 }), 1);
    const drawn = curvePoints(curve, -1, 3);
    expect(drawn.map((p) => p.alpha)).toEqual(alphaGrid(-1, 3, 0.05));
    for (const p of drawn) {
      expect(p.lo).toBeLessThanOrEqual(p.mean);
      expect(p.hi).toBeGreaterThanOrEqual(p.mean);
    }
    // Wider where nothing was evaluated.
    const band = (a: number) => drawn.find((p) => p.alpha === a)!;
    expect(band(3).hi - band(3).lo).toBeGreaterThan(band(1).hi - band(1).lo);
  });
});
