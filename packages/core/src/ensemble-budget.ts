import { bestSingleCheckpoint } from './ensemble-compare';
import type { CheckpointSolveCounts } from './ensemble-pass';

// Which budget an ensembles view opens at. At a budget where the best single checkpoint already
// solves nearly everything (pass@64 of 100% on a small benchmark) every curve sits at the top and
// there is nothing to compare; the interesting budgets are those where it still fails often.

/** Budgets people write: 1, 2, 5, 10, 20, 50, ... (also the log axis's ticks). */
export function budgetLadder(max: number): number[] {
  const out: number[] = [];
  for (let decade = 1; decade <= max; decade *= 10)
    for (const m of [1, 2, 5]) if (m * decade <= max) out.push(m * decade);
  return out;
}

/** The best single checkpoint's pass@B above which the ensembles view does not open. */
export const OPENING_SATURATION = 0.9;

/**
 * The largest budget on the ladder, at most `max`, at which the best single checkpoint (among
 * those with B samples on every problem) still passes less than OPENING_SATURATION of the
 * problems; 1 when it passes that many already at B = 1, 0 when `max` < 1.
 */
export function openingBudget(checkpoints: CheckpointSolveCounts, max: number): number {
  let chosen = max >= 1 ? 1 : 0;
  for (const budget of budgetLadder(max)) {
    const best = bestSingleCheckpoint(checkpoints, budget);
    if (!best) continue;
    // pass@B only grows with B, so past the first saturated budget nothing is unsaturated again
    // (short of checkpoints dropping out for want of samples).
    if (best.pass >= OPENING_SATURATION) break;
    chosen = budget;
  }
  return chosen;
}
