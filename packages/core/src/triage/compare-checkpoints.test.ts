import { describe, expect, it } from 'vitest';
import { referenceFisher, referenceQValues } from '../../test/reference-statistics';
import { fixtureStudyData } from '../../test/study-data-fixture';
import { mulberry32, type Rng } from '../prng';
import { compareCheckpoints } from './compare-checkpoints';
import { triageRecords } from './triage-records';

function binomial(rng: Rng, n: number, p: number): number {
  let c = 0;
  for (let i = 0; i < n; i++) if (rng() < p) c++;
  return c;
}

/** Two checkpoints with `n` samples per problem at the given true rates. */
function simulate(rng: Rng, n: number, rates: readonly (readonly [number, number])[]) {
  return fixtureStudyData([
    { alpha: 0, cells: rates.map(([a]) => [binomial(rng, n, a), n] as const) },
    { alpha: 1, cells: rates.map(([, b]) => [binomial(rng, n, b), n] as const) },
  ]);
}

describe('compareCheckpoints', () => {
  it('agrees with an independent computation of every p, q and rank', () => {
    const rng = mulberry32(3);
    const rates = Array.from({ length: 60 }, () => {
      const a = rng();
      return [a, Math.min(1, Math.max(0, a + (rng() - 0.5) * 0.6))] as const;
    });
    // Unequal n on the two sides, as imports give.
    const data = fixtureStudyData([
      { alpha: 0, cells: rates.map(([a]) => [binomial(rng, 40, a), 40] as const) },
      { alpha: 1, cells: rates.map(([, b]) => [binomial(rng, 90, b), 90] as const) },
    ]);
    const result = compareCheckpoints(data, 0, 1);
    const byProblem = [...result.rows].sort((x, y) => x.index - y.index);
    const ps = byProblem.map((r) => referenceFisher(r.a.c, r.a.n, r.b.c, r.b.n));
    const qs = referenceQValues(ps);
    byProblem.forEach((r, i) => {
      expect(r.p / ps[i]!).toBeCloseTo(1, 8);
      expect(r.q).toBeCloseTo(qs[i]!, 10);
      expect(r.diff.estimate).toBeCloseTo(r.a.c / r.a.n - r.b.c / r.b.n, 14);
    });
    for (let i = 1; i < result.rows.length; i++) {
      const [x, y] = [result.rows[i - 1]!, result.rows[i]!];
      const [kx, ky] = [Number(x.q.toPrecision(10)), Number(y.q.toPrecision(10))];
      expect(kx < ky || (kx === ky && Math.abs(x.diff.estimate) >= Math.abs(y.diff.estimate))).toBe(true);
    }
    expect(result.significant).toBe(qs.filter((q) => q < 0.05).length);
  });

  it('finds the differences that c > 0 hides at 250 samples, and McNemar follows the solved rule', () => {
    // Both sides solve every problem at least once; three problems move a lot.
    const data = fixtureStudyData([
      {
        alpha: 1,
        cells: [
          [30, 250],
          [200, 250],
          [124, 250],
          [120, 250],
        ],
      },
      {
        alpha: 2,
        cells: [
          [150, 250],
          [80, 250],
          [128, 250],
          [124, 250],
        ],
      },
    ]);
    const any = compareCheckpoints(data, 0, 1, { rule: { kind: 'any' } });
    expect(any.mcnemar).toMatchObject({ b: 0, c: 0, p: 1 });
    expect(any.significant).toBe(2);
    expect(
      any.rows
        .slice(0, 2)
        .map((r) => r.problem.externalId)
        .sort(),
    ).toEqual(['p0000', 'p0001']);
    const rate = compareCheckpoints(data, 0, 1);
    expect(rate.mcnemar).toMatchObject({ b: 1, c: 2 }); // p0001 by A only; p0000 and p0002 by B only
    expect(triageRecords(rate)[0]).toMatchObject({ a_n: 250, b_n: 250, significant: true });
  });

  it('leaves out problems a side has not judged, and says how many', () => {
    const data = fixtureStudyData([
      {
        alpha: 0,
        cells: [
          [3, 10],
          [0, -1],
          [5, 10],
        ],
      },
      {
        alpha: 1,
        cells: [
          [7, 10],
          [4, 10],
          [0, 0],
        ],
      },
    ]);
    const r = compareCheckpoints(data, 0, 1);
    expect(r.problems).toBe(1);
    expect(r.excluded).toBe(2);
  });

  it('calls a difference in at most about 5% of null studies (400 problems, 250 samples)', () => {
    const rng = mulberry32(11);
    const studies = 200;
    let anyCalled = 0;
    for (let s = 0; s < studies; s++) {
      const rates = Array.from({ length: 400 }, () => {
        const r = rng() < 0.3 ? 0.02 + 0.1 * rng() : rng();
        return [r, r] as const;
      });
      if (compareCheckpoints(simulate(rng, 250, rates), 0, 1).significant > 0) anyCalled++;
    }
    expect(anyCalled / studies).toBeLessThanOrEqual(0.07);
  });

  it('finds at least 90% of 40 planted 20-point shifts among 400 problems', () => {
    const rng = mulberry32(12);
    let found = 0;
    let planted = 0;
    let falseCalls = 0;
    for (let s = 0; s < 20; s++) {
      const rates = Array.from({ length: 400 }, (_, p) => {
        const base = 0.05 + 0.7 * rng();
        return p < 40 ? ([base, base + 0.2] as const) : ([base, base] as const);
      });
      const result = compareCheckpoints(simulate(rng, 250, rates), 0, 1);
      for (const r of result.rows) {
        const shifted = r.index < 40;
        if (shifted) planted++;
        if (r.q < 0.05 && shifted) found++;
        if (r.q < 0.05 && !shifted) falseCalls++;
      }
    }
    expect(found / planted).toBeGreaterThanOrEqual(0.9);
    // Benjamini-Hochberg at 5%: false calls are a small share of all calls.
    expect(falseCalls / (found + falseCalls)).toBeLessThan(0.05);
  });
});
