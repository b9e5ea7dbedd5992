// The research setting's phenomenon on hard problems, as four checks on a frontier (issue 42's
// list): a flat solve rate between the endpoints, failures trading places, extrapolation
// extending both trends, and an ensemble with extrapolated checkpoints beating the best single
// checkpoint at the same sample budget. Pure; the rates and the ensemble maths are core's, as in
// the web app, on core's per-alpha counts (`alphaPointsOf` of a study's data).
import {
  bestSingleCheckpoint,
  budgetLadder,
  ensemblePass,
  failureRates,
  optimisedAllocation,
  type AlphaPoint,
  type FailureRates,
  type SolveCounts,
} from '@frontier/core';

/** A point's solve, correctness-failure and optimization-failure rates (means over its problems with samples). */
export function pointRates(point: AlphaPoint): FailureRates {
  let solve = 0;
  let problems = 0;
  for (let p = 0; p < point.n.length; p++) {
    if (point.n[p]! <= 0) continue;
    solve += point.solved[p]! / point.n[p]!;
    problems++;
  }
  const { correctness, optimization } = failureRates(point);
  return { solveRate: solve / problems, correctnessRate: correctness, optimizationRate: optimization };
}

const solveCounts = (point: AlphaPoint): SolveCounts[] =>
  Array.from(point.n, (n, p) => ({ n: Math.max(n, 0), c: point.solved[p]! }));

interface RatedPoint {
  alpha: number;
  rates: FailureRates;
  problems: SolveCounts[];
}

/** The thresholds. */
export const PHENOMENON_THRESHOLDS = { solveGap: 0.1, tradeOff: 0.1 } as const;

export interface ExtrapolationStep {
  alpha: number;
  correctness: number;
  optimization: number;
  /** Beyond 1: no fewer correctness and no more optimization failures than at 1; below 0 the reverse. */
  extends: boolean;
}

export interface EnsembleAtBudget {
  budget: number;
  best: { alpha: number; pass: number };
  /** The best ensemble found with two members or more, one extrapolated (greedy allocation); null if none. */
  ensemble: { members: Array<{ alpha: number; samples: number }>; pass: number } | null;
}

export interface PhenomenonReport {
  flatSolve: { holds: boolean; low: number; high: number };
  tradeOff: { holds: boolean; correctnessRise: number; optimizationDrop: number };
  /** Holds when the nearest alpha past each endpoint extends both trends; `steps` say how far it goes. */
  extrapolation: { holds: boolean; beyond: ExtrapolationStep[]; below: ExtrapolationStep[] };
  ensemble: { holds: boolean; budgets: EnsembleAtBudget[] };
}

export function demoPhenomenon(points: readonly AlphaPoint[], maxBudget = 64): PhenomenonReport {
  const sorted = [...points]
    .sort((a, b) => a.alpha - b.alpha)
    .map((p) => ({ alpha: p.alpha, rates: pointRates(p), problems: solveCounts(p) }));
  const at = (alpha: number) => {
    const p = sorted.find((q) => q.alpha === alpha);
    if (!p) throw new Error(`the frontier has no point at alpha ${alpha}`);
    return p.rates;
  };
  const lo = at(0);
  const hi = at(1);
  const step =
    (sign: 1 | -1) =>
    (p: RatedPoint): ExtrapolationStep => {
      const ref = sign > 0 ? hi : lo;
      const c = p.rates.correctnessRate;
      const o = p.rates.optimizationRate;
      return {
        alpha: p.alpha,
        correctness: c,
        optimization: o,
        extends: sign * (c - ref.correctnessRate) >= 0 && sign * (ref.optimizationRate - o) >= 0,
      };
    };
  const beyond = sorted.filter((p) => p.alpha > 1).map(step(1));
  const below = sorted
    .filter((p) => p.alpha < 0)
    .reverse()
    .map(step(-1));
  const correctnessRise = hi.correctnessRate - lo.correctnessRate;
  const optimizationDrop = lo.optimizationRate - hi.optimizationRate;
  const budgets = budgetLadder(maxBudget).map((budget) => ensembleAt(sorted, budget));
  return {
    flatSolve: {
      holds: Math.abs(hi.solveRate - lo.solveRate) <= PHENOMENON_THRESHOLDS.solveGap,
      low: lo.solveRate,
      high: hi.solveRate,
    },
    tradeOff: {
      holds: correctnessRise >= PHENOMENON_THRESHOLDS.tradeOff && optimizationDrop >= PHENOMENON_THRESHOLDS.tradeOff,
      correctnessRise,
      optimizationDrop,
    },
    extrapolation: { holds: beyond[0]?.extends === true && below[0]?.extends === true, beyond, below },
    ensemble: { holds: budgets.some(ensembleWins), budgets },
  };
}

const extrapolated = (alpha: number) => alpha < 0 || alpha > 1;

/** Beats the best single checkpoint by more than rounding (two sums of the same terms may differ in the last bits). */
export const ensembleWins = (b: EnsembleAtBudget): boolean =>
  b.ensemble !== null && b.ensemble.pass > b.best.pass + 1e-9;

/**
 * At one budget: the best single checkpoint, and the best of these ensembles that has an
 * extrapolated member: greedy over every checkpoint, and greedy over the best single checkpoint
 * with each extrapolated one.
 */
function ensembleAt(points: readonly RatedPoint[], budget: number): EnsembleAtBudget {
  const counts = points.map((p) => p.problems);
  const single = bestSingleCheckpoint(counts, budget);
  if (!single) throw new Error(`no checkpoint has ${budget} samples on every problem`);
  const subsets = [
    points.map((_, i) => i),
    ...points.flatMap((p, i) =>
      extrapolated(p.alpha) && i !== single.index ? [[single.index, i].sort((a, b) => a - b)] : [],
    ),
  ];
  let ensemble: EnsembleAtBudget['ensemble'] = null;
  for (const members of subsets) {
    const subset = members.map((i) => counts[i]!);
    const allocation = optimisedAllocation(subset, budget);
    const used = members.flatMap((i, j) =>
      allocation[j]! > 0 ? [{ alpha: points[i]!.alpha, samples: allocation[j]! }] : [],
    );
    // An ensemble has two members at least, one of them extrapolated.
    if (used.length < 2 || !used.some((m) => extrapolated(m.alpha))) continue;
    const pass = ensemblePass(subset, allocation);
    if (ensemble === null || pass > ensemble.pass) ensemble = { members: used, pass };
  }
  return { budget, best: { alpha: points[single.index]!.alpha, pass: single.pass }, ensemble };
}
