import { optimisedAllocation, strongestFirst, uniformAllocation } from './ensemble-allocation';
import { ensemblePass, sampleCapacity, type CheckpointSolveCounts } from './ensemble-pass';
import { meanPassAtK } from './pass-at-k';

export interface SingleCheckpointPass {
  readonly index: number;
  readonly pass: number;
}

/**
 * The checkpoint with the highest pass@budget (ties to the lowest index), among those with at
 * least `budget` samples on every problem; null when none has.
 */
export function bestSingleCheckpoint(checkpoints: CheckpointSolveCounts, budget: number): SingleCheckpointPass | null {
  let best: SingleCheckpointPass | null = null;
  for (const [index, problems] of checkpoints.entries()) {
    if (sampleCapacity(problems) < budget) continue;
    const pass = meanPassAtK(problems, budget);
    if (best === null || pass > best.pass) best = { index, pass };
  }
  return best;
}

export type AllocationStrategy = 'uniform' | 'optimised';

export interface RankedCandidate {
  readonly index: number;
  /** Members (checkpoint indices, ascending) with the candidate added. */
  readonly members: readonly number[];
  /** Samples per member, in the order of `members`. */
  readonly allocation: readonly number[];
  readonly pass: number;
}

/**
 * Every checkpoint not yet in `selected`, ranked by the ensemble pass at `budget` once it is
 * added (best first, ties to the lowest index). Members are ordered by index; a uniform split's
 * remainder goes to the strongest members (strongestFirst). Candidates for which the budget cannot be allocated (some member
 * lacks the samples) are left out.
 */
export function rankNextCheckpoint(
  checkpoints: CheckpointSolveCounts,
  selected: readonly number[],
  budget: number,
  strategy: AllocationStrategy = 'optimised',
  step = 1,
): RankedCandidate[] {
  const chosen = new Set(selected);
  const ranked: RankedCandidate[] = [];
  checkpoints.forEach((_, index) => {
    if (chosen.has(index)) return;
    const members = [...chosen, index].sort((x, y) => x - y);
    const subset = members.map((i) => {
      const cp = checkpoints[i];
      if (cp === undefined) throw new RangeError(`no checkpoint ${i}`);
      return cp;
    });
    const capacities = subset.map(sampleCapacity);
    let allocation: number[];
    if (strategy === 'uniform') {
      allocation = uniformAllocation(budget, members.length, strongestFirst(subset));
      if (allocation.some((k, i) => k > (capacities[i] as number))) return;
    } else {
      if (capacities.reduce((s, c) => s + c, 0) < budget) return;
      allocation = optimisedAllocation(subset, budget, { step });
    }
    ranked.push({ index, members, allocation, pass: ensemblePass(subset, allocation) });
  });
  return ranked.sort((x, y) => y.pass - x.pass || x.index - y.index);
}
