import { logFailRatio } from './fail-ratio';
import type { SolveCounts } from './pass-at-k';

/** `checkpoints[i][p]`: checkpoint i on problem p; every checkpoint lists the same problems. */
export type CheckpointSolveCounts = readonly (readonly SolveCounts[])[];

/** Number of problems shared by the checkpoints; throws if their lists differ in length. */
export function problemCount(checkpoints: CheckpointSolveCounts): number {
  const problems = checkpoints[0]?.length ?? 0;
  if (checkpoints.some((cp) => cp.length !== problems)) {
    throw new RangeError('every checkpoint needs counts for the same problems');
  }
  return problems;
}

/** The most samples checkpoint i can contribute: the smallest n over problems (pass@k needs n >= k). */
export function sampleCapacity(problems: readonly SolveCounts[]): number {
  let cap = Number.POSITIVE_INFINITY;
  for (const p of problems) cap = Math.min(cap, p.n);
  return cap;
}

/**
 * Per problem, the chance that an ensemble drawing `allocation[i]` samples from checkpoint i
 * solves it: 1 - prod_i C(n_i - c_i, k_i) / C(n_i, k_i) (samples independent across
 * checkpoints), summed in log space. Throws a RangeError where some n_i < k_i.
 */
export function ensemblePassPerProblem(
  checkpoints: CheckpointSolveCounts,
  allocation: readonly number[],
): Float64Array {
  if (allocation.length !== checkpoints.length) throw new RangeError('one sample count per checkpoint');
  const logFail = new Float64Array(problemCount(checkpoints));
  checkpoints.forEach((problems, i) => {
    const k = allocation[i] as number;
    problems.forEach((p, j) => {
      logFail[j] = (logFail[j] as number) + logFailRatio(p.n, p.c, k);
    });
  });
  return logFail.map((l) => 0 - Math.expm1(l));
}

/** Ensemble pass at the allocation's budget, averaged over problems (NaN with no problem). */
export function ensemblePass(checkpoints: CheckpointSolveCounts, allocation: readonly number[]): number {
  const perProblem = ensemblePassPerProblem(checkpoints, allocation);
  let sum = 0;
  for (const v of perProblem) sum += v;
  return sum / perProblem.length;
}
