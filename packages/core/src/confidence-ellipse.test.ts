import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chiSquare2Quantile,
  confidenceEllipse,
  covariance2,
  logConfidenceEllipse,
  type Covariance2,
} from './confidence-ellipse';
import { mulberry32 } from './prng';

/** Squared Mahalanobis distance of (x, y) from c under cov. */
function mahalanobis2(x: number, y: number, c: { x: number; y: number }, cov: Covariance2): number {
  const det = cov.xx * cov.yy - cov.xy * cov.xy;
  const dx = x - c.x;
  const dy = y - c.y;
  return (cov.yy * dx * dx - 2 * cov.xy * dx * dy + cov.xx * dy * dy) / det;
}

/** Correlated normal pairs (Box-Muller), from a seed. */
function normalPairs(
  seed: number,
  n: number,
  sx: number,
  sy: number,
  rho: number,
): { xs: Float64Array; ys: Float64Array } {
  const rng = mulberry32(seed);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = Math.sqrt(-2 * Math.log(1 - rng()));
    const t = 2 * Math.PI * rng();
    const [z1, z2] = [r * Math.cos(t), r * Math.sin(t)];
    xs[i] = sx * z1;
    ys[i] = sy * (rho * z1 + Math.sqrt(1 - rho * rho) * z2);
  }
  return { xs, ys };
}

describe('covariance2', () => {
  it('is the sample covariance, skipping NaN pairs', () => {
    expect(covariance2([1, 2, 3, 4], [2, 4, 6, 8])).toEqual({ xx: 5 / 3, xy: 10 / 3, yy: 20 / 3 });
    expect(covariance2([1, Number.NaN, 2, 3], [1, 5, Number.NaN, 0])).toEqual({ xx: 2, xy: -1, yy: 0.5 });
    expect(covariance2([1], [1]).xx).toBeNaN();
    expect(() => covariance2([1, 2], [1])).toThrow(/equal lengths/);
  });
  it('recovers the covariance of correlated normal draws', () => {
    const { xs, ys } = normalPairs(7, 20_000, 2, 0.5, -0.8);
    const cov = covariance2(xs, ys);
    expect(cov.xx).toBeCloseTo(4, 1);
    expect(cov.yy).toBeCloseTo(0.25, 1);
    expect(cov.xy / Math.sqrt(cov.xx * cov.yy)).toBeCloseTo(-0.8, 1);
  });
});

describe('confidenceEllipse', () => {
  it('the chi-square(2) quantile at 95% is 5.991', () => {
    expect(chiSquare2Quantile(0.95)).toBeCloseTo(5.9915, 4);
    expect(() => chiSquare2Quantile(1)).toThrow(/level/);
  });

  it('every vertex lies on the level set of the Mahalanobis distance', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e-6, max: 1, noNaN: true }),
        fc.double({ min: 1e-6, max: 1, noNaN: true }),
        fc.double({ min: -0.99, max: 0.99, noNaN: true }),
        fc.double({ min: 0.5, max: 0.999, noNaN: true }),
        (sx, sy, rho, level) => {
          const cov = { xx: sx * sx, xy: rho * sx * sy, yy: sy * sy };
          const c = { x: 0.3, y: 0.2 };
          const e = confidenceEllipse(c, cov, level, 24);
          expect(e.x).toHaveLength(25);
          expect([e.x[24], e.y[24]]).toEqual([e.x[0], e.y[0]]);
          const q = chiSquare2Quantile(level);
          for (let i = 0; i < 24; i++) expect(mahalanobis2(e.x[i]!, e.y[i]!, c, cov) / q).toBeCloseTo(1, 6);
        },
      ),
    );
  });

  it('is axis-aligned for uncorrelated values, reaching sqrt(q) standard deviations', () => {
    const e = confidenceEllipse({ x: 1, y: 2 }, { xx: 4, xy: 0, yy: 1 }, 0.95, 4);
    const r = Math.sqrt(chiSquare2Quantile(0.95));
    expect(Math.max(...e.x)).toBeCloseTo(1 + 2 * r, 12);
    expect(Math.min(...e.x)).toBeCloseTo(1 - 2 * r, 12);
    expect(Math.max(...e.y)).toBeCloseTo(2 + r, 12);
  });

  it('covers about 95% of bivariate normal draws, tilted with their correlation', () => {
    const { xs, ys } = normalPairs(3, 4000, 0.03, 0.05, -0.7);
    const cov = covariance2(xs, ys);
    const inside =
      Array.from(xs).filter((x, i) => mahalanobis2(x, ys[i]!, { x: 0, y: 0 }, cov) <= chiSquare2Quantile(0.95)).length /
      xs.length;
    expect(inside).toBeGreaterThan(0.94);
    expect(inside).toBeLessThan(0.96);
    const e = confidenceEllipse({ x: 0, y: 0 }, cov);
    // Negative correlation: the ellipse's far right reaches down.
    const right = e.x.indexOf(Math.max(...e.x));
    expect(e.y[right]!).toBeLessThan(0);
  });

  it('degenerates to a segment for perfectly correlated values and to nothing for unknown ones', () => {
    const e = confidenceEllipse({ x: 0, y: 0 }, { xx: 1, xy: -1, yy: 1 }, 0.95, 8);
    for (let i = 0; i < e.x.length; i++) expect(e.x[i]! + e.y[i]!).toBeCloseTo(0, 12);
    expect(confidenceEllipse({ x: 0, y: 0 }, { xx: Number.NaN, xy: 0, yy: 1 })).toEqual({ x: [], y: [] });
    expect(() => confidenceEllipse({ x: 0, y: 0 }, { xx: -1, xy: 0, yy: 1 })).toThrow(/non-negative/);
  });
});

describe('logConfidenceEllipse', () => {
  it('stays positive where the linear ellipse crosses zero, and is the delta-method ellipse of the logs', () => {
    const c = { x: 0.05, y: 0.02 };
    const cov = { xx: 0.0009, xy: -0.0002, yy: 0.0004 };
    expect(Math.min(...confidenceEllipse(c, cov).y)).toBeLessThan(0);
    const e = logConfidenceEllipse(c, cov, 0.95, 32);
    expect(Math.min(...e.x, ...e.y)).toBeGreaterThan(0);
    const logCov = { xx: cov.xx / c.x ** 2, xy: cov.xy / (c.x * c.y), yy: cov.yy / c.y ** 2 };
    const lc = { x: Math.log(c.x), y: Math.log(c.y) };
    for (let i = 0; i < 32; i++)
      expect(mahalanobis2(Math.log(e.x[i]!), Math.log(e.y[i]!), lc, logCov) / chiSquare2Quantile(0.95)).toBeCloseTo(
        1,
        9,
      );
  });
  it('matches the linear ellipse for a small spread, and is empty without a positive centre', () => {
    const c = { x: 0.3, y: 0.2 };
    const cov = { xx: 1e-6, xy: 2e-7, yy: 4e-7 };
    const log = logConfidenceEllipse(c, cov, 0.95, 16);
    // Its vertices lie on the linear ellipse, up to the curvature of the logarithm.
    for (let i = 0; i < 16; i++)
      expect(mahalanobis2(log.x[i]!, log.y[i]!, c, cov) / chiSquare2Quantile(0.95)).toBeCloseTo(1, 1);
    expect(logConfidenceEllipse({ x: 0, y: 0.2 }, cov)).toEqual({ x: [], y: [] });
  });
});
