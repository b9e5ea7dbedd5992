import {
  bestSingleCheckpoint,
  ensemblePass,
  ensemblePassPerProblem,
  meanPassAtK,
  openingBudget,
  optimisedAllocation,
  pairedDifferenceInterval,
  passAtK,
  rankNextCheckpoint,
  sampleCapacity,
  strongestFirst,
  uniformAllocation,
  type AllocationStrategy,
  type SolvedRule,
  type Interval,
  type SolveCounts,
  cellIndex,
  type StudyData,
  type StudyDataCheckpoint,
} from '@frontier/core';
import { kGrid } from './ensemble-k-grid';

// Everything the ensembles view shows, from the study's columnar counts, with @frontier/core.

/** The largest budget the view computes for (the paper's pass@250 and then some). */
export const MAX_VIEW_BUDGET = 1000;
export const ENSEMBLE_BOOTSTRAP = { replicates: 1000, level: 0.95, seed: 1 } as const;

export interface EnsembleInput {
  /** Selected checkpoint ids (any order; unknown ids are reported, not used). */
  selected: readonly number[];
  /** Budget from the URL; undefined for the default. */
  budget?: number;
  alloc: AllocationStrategy;
  /** The solved rule in force: it counts the problems solved at the budget. */
  rule: SolvedRule;
}

export interface CurvePoint {
  k: number;
  pass: number;
}

export interface EnsembleView {
  /** Problems every selected checkpoint has judged samples for: what every number averages over. */
  problems: number;
  excludedProblems: number;
  /** Checkpoints that have samples on all those problems: candidates for best single and next. */
  eligible: StudyDataCheckpoint[];
  /** Selected checkpoints, in the data's order (scale, alpha). */
  members: StudyDataCheckpoint[];
  unknown: number[];
  /** Smallest n over problems, per member. */
  capacities: number[];
  budget: number;
  /** The largest budget every member can also spend alone: min over members of their smallest n. */
  maxBudget: number;
  /** default: the opening budget (openingBudget); url: as linked; capped-url: lowered to maxBudget. */
  budgetSource: 'default' | 'url' | 'capped-url';
  /** Samples per member at the budget, in the order of `members`. */
  allocation: number[];
  ensemble: number;
  /** Per-problem ensemble pass at the budget. */
  perProblem: Float64Array;
  bestSingle: { checkpoint: StudyDataCheckpoint; pass: number } | null;
  /** ensemble - best single pass@B with a paired bootstrap interval over problems; null without a best single. */
  gain: Interval | null;
  /**
   * Problems solved at the budget: those whose chance that one of the B samples passes is at least
   * the rule's tau (above 0 for c > 0), for the ensemble and the best single checkpoint.
   */
  solvedAtBudget: { ensemble: number; bestSingle: number | null; threshold: number };
  /** Allocation error (e.g. uniform split beyond a member's samples); null when fine. */
  error: string | null;
  grid: number[];
  singles: { checkpoint: StudyDataCheckpoint; best: boolean; curve: CurvePoint[] }[];
  /** Ensemble pass at each grid k, the budget allocated with the same rule at every k. */
  ensembleCurve: CurvePoint[];
  next: {
    checkpoint: StudyDataCheckpoint;
    pass: number;
    gain: number;
    allocation: { checkpoint: StudyDataCheckpoint; k: number }[];
  }[];
}

function countsOf(data: StudyData, checkpoint: number, problems: readonly number[]): SolveCounts[] {
  return problems.map((p) => {
    const i = cellIndex(data, checkpoint, p);
    return { n: data.counts.n[i] as number, c: data.counts.solved[i] as number };
  });
}

function allocate(counts: readonly SolveCounts[][], budget: number, alloc: AllocationStrategy): number[] {
  return alloc === 'uniform'
    ? uniformAllocation(budget, counts.length, strongestFirst(counts))
    : optimisedAllocation(counts, budget);
}

/** A per-problem chance of passing at the budget counts as "solved" at the rule's tau (c > 0: any chance). */
function solvedCount(passes: ArrayLike<number>, rule: SolvedRule): { count: number; threshold: number } {
  const threshold = rule.kind === 'any' ? 0 : rule.tau;
  let count = 0;
  for (let i = 0; i < passes.length; i++)
    if (rule.kind === 'any' ? (passes[i] as number) > 0 : (passes[i] as number) >= threshold) count++;
  return { count, threshold };
}

export function computeEnsembleView(data: StudyData, input: EnsembleInput): EnsembleView | null {
  const index = new Map(data.checkpoints.map((c, i) => [c.id, i]));
  const unknown = input.selected.filter((id) => !index.has(id));
  const memberIdx = [...new Set(input.selected.flatMap((id) => (index.has(id) ? [index.get(id)!] : [])))].sort(
    (x, y) => x - y,
  );
  if (memberIdx.length === 0) return null;

  const hasData = (c: number, p: number) => (data.counts.n[cellIndex(data, c, p)] as number) > 0;
  const problems = data.problems.flatMap((_, p) => (memberIdx.every((c) => hasData(c, p)) ? [p] : []));
  const eligibleIdx = data.checkpoints.flatMap((_, c) => (problems.every((p) => hasData(c, p)) ? [c] : []));
  const counts = eligibleIdx.map((c) => countsOf(data, c, problems));
  const pos = new Map(eligibleIdx.map((c, i) => [c, i]));
  const memberPos = memberIdx.map((c) => pos.get(c)!);
  const memberCounts = memberPos.map((i) => counts[i]!);
  const members = memberIdx.map((c) => data.checkpoints[c]!);
  const capacities = memberCounts.map(sampleCapacity);
  const maxBudget = problems.length === 0 ? 0 : Math.min(...capacities);

  const budget =
    input.budget === undefined
      ? openingBudget(counts, Math.min(maxBudget, MAX_VIEW_BUDGET))
      : Math.max(0, Math.min(input.budget, maxBudget, MAX_VIEW_BUDGET));
  const budgetSource = input.budget === undefined ? 'default' : budget < input.budget ? 'capped-url' : 'url';

  const base = {
    problems: problems.length,
    excludedProblems: data.problems.length - problems.length,
    eligible: eligibleIdx.map((c) => data.checkpoints[c]!),
    members,
    unknown,
    capacities,
    budget,
    maxBudget,
    budgetSource,
  } as const;
  if (budget < 1) {
    return {
      ...base,
      allocation: [],
      ensemble: Number.NaN,
      perProblem: new Float64Array(),
      bestSingle: null,
      gain: null,
      solvedAtBudget: { ensemble: 0, bestSingle: null, threshold: 0 },
      error: 'No budget is possible: some selected checkpoint has no judged sample on the shared problems.',
      grid: [],
      singles: [],
      ensembleCurve: [],
      next: [],
    };
  }

  // With budget <= every member's smallest n, both rules always fit: uniform gives each at most
  // ceil(B/m) <= B, and the greedy never exceeds a member's capacity.
  const allocation = allocate(memberCounts, budget, input.alloc);
  const perProblem = ensemblePassPerProblem(memberCounts, allocation);
  const ensemble = ensemblePass(memberCounts, allocation);

  const best = bestSingleCheckpoint(counts, budget);
  let gain: Interval | null = null;
  let bestSingle: EnsembleView['bestSingle'] = null;
  const ensembleSolved = solvedCount(perProblem, input.rule);
  const solvedAtBudget: EnsembleView['solvedAtBudget'] = {
    ensemble: ensembleSolved.count,
    bestSingle: null,
    threshold: ensembleSolved.threshold,
  };
  if (best) {
    const single = counts[best.index]!.map((p) => passAtK(p.n, p.c, budget));
    const interval = pairedDifferenceInterval(perProblem, single, ENSEMBLE_BOOTSTRAP);
    bestSingle = { checkpoint: data.checkpoints[eligibleIdx[best.index]!]!, pass: best.pass };
    gain = { estimate: ensemble - best.pass, lo: interval.lo, hi: interval.hi };
    solvedAtBudget.bestSingle = solvedCount(single, input.rule).count;
  }

  const grid = kGrid(budget);
  const curveOf = (cp: readonly SolveCounts[]) => {
    const cap = sampleCapacity(cp);
    return grid.filter((k) => k <= cap).map((k) => ({ k, pass: meanPassAtK(cp, k) }));
  };
  const singles = memberPos.map((i) => ({
    checkpoint: data.checkpoints[eligibleIdx[i]!]!,
    best: best?.index === i,
    curve: curveOf(counts[i]!),
  }));
  if (best && !memberPos.includes(best.index)) {
    singles.push({ checkpoint: bestSingle!.checkpoint, best: true, curve: curveOf(counts[best.index]!) });
  }
  const ensembleCurve = grid.map((k) => ({
    k,
    pass: ensemblePass(memberCounts, allocate(memberCounts, k, input.alloc)),
  }));

  const next = rankNextCheckpoint(counts, memberPos, budget, input.alloc).map((r) => ({
    checkpoint: data.checkpoints[eligibleIdx[r.index]!]!,
    pass: r.pass,
    gain: r.pass - ensemble,
    allocation: r.members.map((m, j) => ({ checkpoint: data.checkpoints[eligibleIdx[m]!]!, k: r.allocation[j]! })),
  }));

  return {
    ...base,
    allocation,
    ensemble,
    perProblem,
    bestSingle,
    gain,
    solvedAtBudget,
    error: null,
    grid,
    singles,
    ensembleCurve,
    next,
  };
}
