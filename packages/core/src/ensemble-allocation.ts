import { assertSampleCounts, logFailRatioRange } from './fail-ratio';
import { problemCount, sampleCapacity, type CheckpointSolveCounts } from './ensemble-pass';

function assertBudget(budget: number): void {
  if (!Number.isSafeInteger(budget) || budget < 0)
    throw new RangeError(`budget must be a non-negative integer, got ${budget}`);
}

/**
 * Budget split as evenly as possible over `size` checkpoints; the remainder goes one sample each
 * to the checkpoints listed first in `remainderOrder` (default: index order), so the split is
 * deterministic. Pass `strongestFirst(...)` there: a budget smaller than the ensemble then goes
 * to its best members, and the ensemble's curve never starts below its best member's pass@1.
 */
export function uniformAllocation(budget: number, size: number, remainderOrder?: readonly number[]): number[] {
  assertBudget(budget);
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  const order = remainderOrder ?? Array.from({ length: size }, (_, i) => i);
  if (
    order.length !== size ||
    new Set(order).size !== size ||
    order.some((i) => !(Number.isSafeInteger(i) && i >= 0 && i < size))
  ) {
    throw new RangeError(`remainderOrder must list each of the ${size} checkpoints once`);
  }
  const base = Math.floor(budget / size);
  const allocation = new Array<number>(size).fill(base);
  for (let r = 0; r < budget % size; r++) allocation[order[r] as number]! += 1;
  return allocation;
}

/** Checkpoint indices by mean solve rate (pass@1 over problems), best first; ties to the lower index. */
export function strongestFirst(checkpoints: CheckpointSolveCounts): number[] {
  const rate = checkpoints.map(
    (problems) => problems.reduce((s, p) => s + (p.n > 0 ? p.c / p.n : 0), 0) / Math.max(problems.length, 1),
  );
  return checkpoints.map((_, i) => i).sort((x, y) => (rate[y] as number) - (rate[x] as number) || x - y);
}

export interface OptimisedAllocationOptions {
  /** Samples handed out per greedy step (the last step may be smaller); default 1. */
  readonly step?: number;
}

/**
 * Greedy allocation of the budget: each step gives `step` samples to the checkpoint whose
 * addition raises the ensemble pass the most (ties to the lowest index; a checkpoint never
 * gets more than its smallest n). Greedy is a heuristic, not guaranteed optimal: compare with
 * the best single checkpoint explicitly (`bestSingleCheckpoint`). With step = budget it
 * reduces to picking the best single checkpoint.
 *
 * Per problem it keeps P(all fail) and, per checkpoint, the factor its next step would multiply
 * that by (a running product of C(n-c,k)/C(n,k) ratios); the gain of checkpoint i is
 * sum_p P_p(all fail) * (1 - factor_ip), and only the chosen checkpoint's factors need
 * recomputing after a step.
 */
export function optimisedAllocation(
  checkpoints: CheckpointSolveCounts,
  budget: number,
  options: OptimisedAllocationOptions = {},
): number[] {
  assertBudget(budget);
  const step = options.step ?? 1;
  if (!Number.isSafeInteger(step) || step < 1) throw new RangeError(`step must be a positive integer, got ${step}`);
  const problems = problemCount(checkpoints);
  const m = checkpoints.length;
  for (const cp of checkpoints) for (const p of cp) assertSampleCounts(p.n, p.c, 0);
  const capacity = checkpoints.map(sampleCapacity);
  if (capacity.reduce((s, c) => s + c, 0) < budget) {
    throw new RangeError(`budget ${budget} exceeds what the checkpoints hold (sum of their smallest n)`);
  }

  const allocation = new Array<number>(m).fill(0);
  const failProb = new Float64Array(problems).fill(1);
  // For checkpoint i's next step of `s` samples, per problem: the factor it keeps of P(all fail)
  // and 1 minus that factor, taken from the log ratio with expm1 so small gains stay precise.
  const keep = checkpoints.map(() => new Float64Array(problems));
  const drop = checkpoints.map(() => new Float64Array(problems));
  const stepOf = checkpoints.map(() => -1); // the step size keep/drop hold, -1 when stale
  const refresh = (i: number, s: number): void => {
    const k = allocation[i] as number;
    const keepRow = keep[i] as Float64Array;
    const dropRow = drop[i] as Float64Array;
    (checkpoints[i] as CheckpointSolveCounts[number]).forEach((p, j) => {
      const change = logFailRatioRange(p.n, p.c, k, k + s);
      keepRow[j] = Math.exp(change);
      dropRow[j] = -Math.expm1(change);
    });
    stepOf[i] = s;
  };

  for (let left = budget; left > 0;) {
    let s = Math.min(step, left);
    if (!capacity.some((cap, i) => cap - (allocation[i] as number) >= s)) s = 1;
    let best = -1;
    let bestGain = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < m; i++) {
      if ((capacity[i] as number) - (allocation[i] as number) < s) continue;
      if (stepOf[i] !== s) refresh(i, s);
      const dropRow = drop[i] as Float64Array;
      let gain = 0;
      for (let j = 0; j < problems; j++) gain += (failProb[j] as number) * (dropRow[j] as number);
      if (gain > bestGain) {
        bestGain = gain;
        best = i;
      }
    }
    const keepRow = keep[best] as Float64Array;
    for (let j = 0; j < problems; j++) failProb[j] = (failProb[j] as number) * (keepRow[j] as number);
    allocation[best] = (allocation[best] as number) + s;
    stepOf[best] = -1;
    left -= s;
  }
  return allocation;
}
