import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../prng';
import { chiSquareSurvival } from './chi-square';
import { rateHomogeneity } from './rate-homogeneity';

function binomial(rng: () => number, n: number, p: number): number {
  let c = 0;
  for (let i = 0; i < n; i++) if (rng() < p) c++;
  return c;
}

describe('rateHomogeneity', () => {
  it('is the squared two-proportion z-test for two checkpoints', () => {
    const [a, b, n] = [120, 150, 250];
    const pooled = (a + b) / (2 * n);
    const z = (a / n - b / n) / Math.sqrt(pooled * (1 - pooled) * (2 / n));
    const r = rateHomogeneity([a, b], [n, n]);
    expect(r.method).toBe('chi-square');
    expect(r.statistic).toBeCloseTo(z * z, 10);
    expect(r.p).toBeCloseTo(chiSquareSurvival(z * z, 1), 12);
  });

  it('says when there is nothing to test', () => {
    expect(rateHomogeneity([0, 0, 0], [64, 64, 64])).toMatchObject({ p: 1, method: 'constant' });
    expect(rateHomogeneity([64, 64], [64, 64])).toMatchObject({ p: 1, method: 'constant' });
    expect(rateHomogeneity([3, 0], [10, -1]).method).toBe('untestable');
  });

  it('gives small counts their exact conditional p, where the chi-square approximation is too small', () => {
    const n = Array.from({ length: 13 }, () => 250);
    // One success: every table is as extreme as this one.
    expect(
      rateHomogeneity(
        n.map((_, k) => (k === 6 ? 1 : 0)),
        n,
        { stopAfter: Infinity },
      ),
    ).toMatchObject({ p: 1, method: 'monte-carlo' });
    // ...and stops drawing early, at 20 tables at least as extreme.
    expect(
      rateHomogeneity(
        n.map((_, k) => (k === 6 ? 1 : 0)),
        n,
      ),
    ).toMatchObject({ p: 1, method: 'monte-carlo' });
    // Two successes at one checkpoint: exactly P(both land in one column) = 13 C(250, 2) / C(3250, 2).
    const r = rateHomogeneity(
      n.map((_, k) => (k === 6 ? 2 : 0)),
      n,
      { draws: 20_000, stopAfter: Infinity },
    );
    const exact = (13 * 250 * 249) / (3250 * 3249);
    expect(r.method).toBe('monte-carlo');
    expect(Math.abs(r.p - exact)).toBeLessThan(0.01);
    expect(chiSquareSurvival(r.statistic, 12)).toBeLessThan(exact / 2);
  });

  it('finds a real difference in small counts, and draws the same p for the same seed', () => {
    const n = Array.from({ length: 13 }, () => 250);
    const solved = n.map((_, k) => (k === 12 ? 20 : 0));
    const r = rateHomogeneity(solved, n);
    expect(r.method).toBe('monte-carlo');
    expect(r.p).toBeCloseTo(1 / 2001, 10);
    expect(rateHomogeneity(solved, n).p).toBe(r.p);
  });

  it('holds its level under the null, small counts included', () => {
    const rng = mulberry32(7);
    for (const rate of [0.004, 0.3]) {
      let rejected = 0;
      const trials = 300;
      for (let t = 0; t < trials; t++) {
        const n = Array.from({ length: 8 }, () => 100);
        const r = rateHomogeneity(
          n.map((nk) => binomial(rng, nk, rate)),
          n,
          { draws: 500, seed: t + 1 },
        );
        if (r.p < 0.05) rejected++;
      }
      expect(rejected / trials).toBeLessThan(0.09);
    }
  });
});
