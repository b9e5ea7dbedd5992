import { describe, expect, it } from 'vitest';
import type { AlphaPoint } from './alpha-points';
import { failureRates, frontierGaps } from './frontier-gap';

/** One point of two problems whose failure rates are (correctness, optimization) on both. */
const at = (alpha: number, correctness: number, optimization: number): AlphaPoint => ({
  alpha,
  n: [10, 10],
  solved: [10 - 10 * (correctness + optimization), 10 - 10 * (correctness + optimization)],
  correctness: [10 * correctness, 10 * correctness],
  optimization: [10 * optimization, 10 * optimization],
});

describe('failureRates', () => {
  it('means the class fractions over the problems with judged samples', () => {
    const point: AlphaPoint = {
      alpha: 0,
      n: [10, 4, -1, 0],
      solved: [5, 0, 0, 0],
      correctness: [2, 1, 0, 0],
      optimization: [3, 3, 0, 0],
    };
    const r = failureRates(point);
    expect(r.correctness).toBeCloseTo((0.2 + 0.25) / 2, 12);
    expect(r.optimization).toBeCloseTo((0.3 + 0.75) / 2, 12);
  });
});

describe('frontierGaps', () => {
  it('puts first the neighbours furthest apart in the (correctness, optimization) plane', () => {
    // Along alpha the points move by 0.1, then 0.5 (a 0.3-0.4-0.5 triangle), then 0.2.
    const points = [at(0, 0.1, 0.5), at(0.5, 0.2, 0.5), at(1, 0.5, 0.1), at(1.5, 0.5, 0.3)];
    const gaps = frontierGaps(points, 0.1);
    expect(gaps.map((g) => [g.from, g.to])).toEqual([
      [0.5, 1],
      [1, 1.5],
      [0, 0.5],
    ]);
    expect(gaps[0]!.distance).toBeCloseTo(0.5, 12);
    expect(gaps[1]!.distance).toBeCloseTo(0.2, 12);
    expect(gaps[2]!.distance).toBeCloseTo(0.1, 12);
  });

  it('measures distance in the plane, not along one axis or along alpha', () => {
    // The widest alpha gap moves least; the middle one moves on both axes at once.
    const points = [at(0, 0.1, 0.1), at(2, 0.12, 0.1), at(2.2, 0.3, 0.28), at(2.4, 0.5, 0.28)];
    expect(frontierGaps(points, 0.1)[0]).toMatchObject({ from: 2, to: 2.2 });
  });

  it('leaves out neighbours closer along alpha than the minimum gap', () => {
    const points = [at(0, 0.1, 0.5), at(0.05, 0.5, 0.1), at(1, 0.2, 0.4)];
    expect(frontierGaps(points, 0.1).map((g) => [g.from, g.to])).toEqual([[0.05, 1]]);
    expect(frontierGaps([at(0, 0.1, 0.1)], 0.1)).toEqual([]);
    // Exactly the minimum apart is enough, though 0.3 - 0.2 is a hair below 0.1 in floating point.
    expect(frontierGaps([at(0.2, 0.1, 0.5), at(0.3, 0.5, 0.1)], 0.1)).toHaveLength(1);
  });
});
