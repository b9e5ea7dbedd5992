import {
  bestSingleCheckpoint,
  cellIndex,
  COUNT_FIELDS,
  mulberry32,
  passAtK,
  type SolvedRule,
  type StudyData,
} from '@frontier/core';
import { describe, expect, it } from 'vitest';
import { computeEnsembleView } from './ensemble-view';

/** Synthetic study data: `cps` checkpoints x `problems` problems, n samples each, seeded. */
function synthetic(cps: number, problems: number, n: number, seed = 7): StudyData {
  const rng = mulberry32(seed);
  const size = cps * problems;
  const counts = Object.fromEntries(
    COUNT_FIELDS.map((f) => [f, new Array<number>(size).fill(0)]),
  ) as StudyData['counts'];
  const difficulty = Array.from({ length: problems }, () => rng());
  for (let c = 0; c < cps; c++) {
    for (let p = 0; p < problems; p++) {
      // Each checkpoint is good at a different slice of the problems, so ensembles help.
      const affinity = Math.abs(((p % cps) - c) / cps) < 0.2 ? 0.3 : 0;
      const rate = Math.max(0, Math.min(1, 1 - difficulty[p]! * 1.3 + affinity - 0.2));
      let solved = 0;
      for (let s = 0; s < n; s++) if (rng() < rate) solved++;
      counts.n[c * problems + p] = n;
      counts.solved[c * problems + p] = solved;
      counts.wa[c * problems + p] = n - solved;
    }
  }
  return {
    studyId: 1,
    dataVersion: 1,
    filters: {},
    checkpoints: Array.from({ length: cps }, (_, c) => ({
      id: 1 + c,
      name: `cp${c}`,
      role: c === 0 ? 'LOW' : c === 1 ? 'HIGH' : 'MERGED',
      alpha: c / 10,
      scale: '',
    })),
    problems: Array.from({ length: problems }, (_, p) => ({
      id: 1000 + p,
      externalId: `p${String(p).padStart(4, '0')}`,
      title: '',
      difficulty: 'hard',
    })),
    counts,
  };
}

/** 1 - prod C(n-c, k)/C(n, k), directly as a product of ratios, averaged over problems. */
function bruteEnsemble(data: StudyData, ids: number[], allocation: number[]): number {
  let sum = 0;
  data.problems.forEach((_, p) => {
    let fail = 1;
    ids.forEach((id, j) => {
      const c = data.checkpoints.findIndex((x) => x.id === id);
      const n = data.counts.n[cellIndex(data, c, p)]!;
      const s = data.counts.solved[cellIndex(data, c, p)]!;
      for (let i = 0; i < allocation[j]!; i++) fail *= (n - s - i) / (n - i);
    });
    sum += 1 - fail;
  });
  return sum / data.problems.length;
}

const rule: SolvedRule = { kind: 'rate', tau: 0.5 };

describe('computeEnsembleView', () => {
  const data = synthetic(5, 60, 40);
  const countsOf = (id: number) =>
    data.problems.map((_, p) => {
      const i = cellIndex(
        data,
        data.checkpoints.findIndex((c) => c.id === id),
        p,
      );
      return { n: data.counts.n[i]!, c: data.counts.solved[i]! };
    });
  const all = data.checkpoints.map((c) => countsOf(c.id));

  it('opens at the largest budget of 1, 2, 5, 10, ... where the best single still misses more than 10%', () => {
    const v = computeEnsembleView(data, { selected: [3, 1], alloc: 'uniform', rule })!;
    expect(v.budgetSource).toBe('default');
    expect([1, 2, 5, 10, 20]).toContain(v.budget);
    expect(bestSingleCheckpoint(all, v.budget)!.pass).toBeLessThan(0.9);
    const next = [1, 2, 5, 10, 20, 50].find((b) => b > v.budget);
    if (next !== undefined && next <= 40) expect(bestSingleCheckpoint(all, next)!.pass).toBeGreaterThanOrEqual(0.9);
    expect(v.members.map((m) => m.id)).toEqual([1, 3]);
    // A link's budget is kept, and lowered to the smallest n when it is larger.
    const capped = computeEnsembleView(data, { selected: [3, 1], alloc: 'uniform', rule, budget: 400 })!;
    expect([capped.budget, capped.budgetSource]).toEqual([40, 'capped-url']);
  });

  it('gives a uniform remainder to the strongest member: the curve starts at the best member, not below', () => {
    const v = computeEnsembleView(data, { selected: [1, 2, 3], alloc: 'uniform', rule, budget: 10 })!;
    const singles1 = v.singles
      .filter((s) => v.members.some((m) => m.id === s.checkpoint.id))
      .map((s) => s.curve[0]!.pass);
    expect(v.ensembleCurve[0]!.k).toBe(1);
    expect(v.ensembleCurve[0]!.pass).toBeCloseTo(Math.max(...singles1), 12);
  });

  it('counts the problems solved at the budget under the rule', () => {
    const v = computeEnsembleView(data, { selected: [1, 2], alloc: 'uniform', rule, budget: 10 })!;
    expect(v.solvedAtBudget.ensemble).toBe(Array.from(v.perProblem).filter((x) => x >= 0.5).length);
    const best = countsOf(v.bestSingle!.checkpoint.id);
    expect(v.solvedAtBudget.bestSingle).toBe(best.filter((p) => passAtK(p.n, p.c, 10) >= 0.5).length);
    const any = computeEnsembleView(data, { selected: [1, 2], alloc: 'uniform', rule: { kind: 'any' }, budget: 10 })!;
    expect(any.solvedAtBudget.ensemble).toBe(Array.from(any.perProblem).filter((x) => x > 0).length);
  });

  it('matches the direct product formula and defines the gain as ensemble minus best single', () => {
    for (const alloc of ['uniform', 'optimised'] as const) {
      const v = computeEnsembleView(data, { selected: [1, 2, 4], budget: 30, alloc, rule })!;
      expect(v.allocation.reduce((s, k) => s + k, 0)).toBe(30);
      expect(v.ensemble).toBeCloseTo(bruteEnsemble(data, [1, 2, 4], v.allocation), 12);
      expect(v.gain!.estimate).toBe(v.ensemble - v.bestSingle!.pass);
      expect(v.gain!.lo).toBeLessThanOrEqual(v.gain!.estimate + 1e-12);
      expect(v.ensembleCurve.at(-1)).toEqual({ k: 30, pass: v.ensemble });
      expect(v.next.map((n) => n.checkpoint.id).sort()).toEqual([3, 5]);
    }
  });

  it('the optimised ensemble is at least as good as the best single checkpoint it contains', () => {
    const v = computeEnsembleView(data, { selected: [1, 2, 3, 4, 5], budget: 40, alloc: 'optimised', rule })!;
    expect(v.ensemble).toBeGreaterThanOrEqual(v.bestSingle!.pass - 1e-12);
  });

  it('reports unknown ids and returns null with nothing selected', () => {
    expect(computeEnsembleView(data, { selected: [], alloc: 'uniform', rule })).toBeNull();
    expect(computeEnsembleView(data, { selected: [99, 2], alloc: 'uniform', rule })!.unknown).toEqual([99]);
  });

  // Not a timed test (machines here are noisy): it checks the full-size case computes.
  it('handles 41 checkpoints x 1000 problems at B = 250', () => {
    const big = synthetic(41, 1000, 250, 3);
    for (const alloc of ['uniform', 'optimised'] as const) {
      const v = computeEnsembleView(big, { selected: [1, 21, 41], alloc, rule, budget: 250 })!;
      expect(v.budget).toBe(250);
      expect(Number.isFinite(v.gain!.estimate)).toBe(true);
    }
  });
});
