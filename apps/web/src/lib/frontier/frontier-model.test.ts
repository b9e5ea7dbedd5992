import { describe, expect, it } from 'vitest';
import { buildSeries, nearestAlpha, pointPassAtK, pointPassHatK, sweepAlphas } from './frontier-model';
import { COUNT_FIELDS, type StudyData } from '@frontier/core';

// Two checkpoints (alpha 0 LOW, 1 HIGH) x three problems, one cell without data.
function data(): StudyData {
  const cells = [
    // c0: p0, p1, p2
    { n: 4, solved: 2, wa: 1, tle: 1 },
    { n: 2, solved: 0, re: 1, mle: 1 },
    { n: -1 },
    // c1
    { n: 4, solved: 4 },
    { n: 3, solved: 1, ce: 1, ole: 1 },
    { n: 5, solved: 0, tle: 5 },
  ];
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, cells.map((c) => (c as Record<string, number | undefined>)[f] ?? 0)]),
  ) as StudyData['counts'];
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: [
      { id: 10, name: 'lo', role: 'LOW', alpha: 0, scale: '7B' },
      { id: 11, name: 'hi', role: 'HIGH', alpha: 1, scale: '7B' },
    ],
    problems: [0, 1, 2].map((i) => ({ id: i, externalId: `p${i}`, title: '', difficulty: 'hard' })),
    counts,
  };
}

describe('buildSeries', () => {
  const [s] = buildSeries([{ setting: null, data: data() }], { replicates: 200 });
  it('computes rates as means of per-problem fractions, skipping cells without data', () => {
    const lo = s!.points[0]!;
    expect(lo.problems).toBe(2);
    expect(lo.solve.estimate).toBeCloseTo((2 / 4 + 0) / 2, 12);
    expect(lo.correctness.estimate).toBeCloseTo((1 / 4 + 1 / 2) / 2, 12);
    expect(lo.optimization.estimate).toBeCloseTo((1 / 4 + 1 / 2) / 2, 12);
    expect(lo.minN).toBe(2);
    expect(lo.n).toBe(6);
  });
  it('verdict shares and solve rate sum to 1 and agree with the failure rates', () => {
    for (const p of s!.points) {
      const sum = Object.values(p.shares).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 12);
      expect(p.shares.WA + p.shares.RE + p.shares.CE + p.shares.OLE).toBeCloseTo(p.correctness.estimate, 12);
      expect(p.shares.TLE + p.shares.MLE).toBeCloseTo(p.optimization.estimate, 12);
      expect(p.shares.solved).toBeCloseTo(p.solve.estimate, 12);
      expect(p.solve.lo).toBeLessThanOrEqual(p.solve.estimate);
      expect(p.solve.hi).toBeGreaterThanOrEqual(p.solve.estimate);
    }
  });
  it('flags the Pareto set and the endpoints', () => {
    expect(s!.endpoints).toEqual({ lo: 0, hi: 1 });
    // lo: (0.375, 0.375); hi: (0.222, 0.333) dominates lo.
    expect(s!.points.map((p) => p.pareto)).toEqual([false, true]);
  });
  it('splits checkpoints by scale and labels series', () => {
    const d = data();
    d.checkpoints[1] = { ...d.checkpoints[1]!, scale: '32B' };
    const series = buildSeries(
      [
        { setting: 'reasoning', data: d },
        { setting: 'tools', data: d },
      ],
      { replicates: 10 },
    );
    expect(series.map((x) => x.label)).toEqual(['reasoning · 7B', 'reasoning · 32B', 'tools · 7B', 'tools · 32B']);
    expect(sweepAlphas(series)).toEqual([0, 1]);
  });
});

describe('pointPassAtK', () => {
  const [s] = buildSeries([{ setting: null, data: data() }], { replicates: 10 });
  it('equals 1 - C(n-c,k)/C(n,k) averaged over problems', () => {
    const r = pointPassAtK(s!.points[0]!, 2);
    // p0: n=4,c=2: 1 - C(2,2)/C(4,2) = 1 - 1/6; p1: n=2,c=0: 0
    expect(r).toMatchObject({ defined: true, problems: 2 });
    if (r.defined) expect(r.value).toBeCloseTo((1 - 1 / 6) / 2, 12);
  });
  it('is undefined when k exceeds the smallest n', () => {
    const r = pointPassAtK(s!.points[0]!, 3);
    expect(r.defined).toBe(false);
    if (!r.defined) expect(r.reason).toContain('n = 2');
    expect(pointPassAtK(s!.points[0]!, 0).defined).toBe(false);
  });
});

describe('pointPassHatK', () => {
  const [s] = buildSeries([{ setting: null, data: data() }], { replicates: 10 });
  it('equals C(c,k)/C(n,k) averaged over problems, undefined where pass@k is', () => {
    const r = pointPassHatK(s!.points[0]!, 2);
    // p0: n=4,c=2: C(2,2)/C(4,2) = 1/6; p1: n=2,c=0: 0
    expect(r).toMatchObject({ defined: true, problems: 2 });
    if (r.defined) expect(r.value).toBeCloseTo(1 / 6 / 2, 12);
    const past = pointPassHatK(s!.points[0]!, 3);
    expect(past.defined).toBe(false);
    if (!past.defined) expect(past.reason).toContain('pass^k needs k ≤ n');
  });
});

describe('nearestAlpha', () => {
  it('snaps to the nearest evaluated alpha, defaulting to 1', () => {
    expect(nearestAlpha([-1, 0, 0.5, 1], 0.4)).toBe(0.5);
    expect(nearestAlpha([-1, 0, 0.5, 1], undefined)).toBe(1);
    expect(nearestAlpha([-1, 0], undefined)).toBe(-1);
    expect(nearestAlpha([], 1)).toBeUndefined();
  });
});
