import { failureClassOf, type FailureClassMapping, type FailureVerdict } from './failure-class';
import type { Verdict } from './verdict';

export type VerdictCounts = Readonly<Partial<Record<Verdict, number>>>;

/**
 * One checkpoint on one problem, as aggregated from its samples. `n` counts judged samples
 * without IE (the judge's errors are re-run, never counted), so
 * `solved + WA + TLE + MLE + RE + CE + OLE = n`. `counts.AC`, when given, must equal `solved`;
 * `counts.IE` is ignored.
 */
export interface ProblemOutcomeCounts {
  readonly n: number;
  readonly solved: number;
  readonly counts: VerdictCounts;
}

export interface FailureRates {
  readonly solveRate: number;
  readonly correctnessRate: number;
  readonly optimizationRate: number;
}

export interface CheckpointRates extends FailureRates {
  /** Problems that entered the means; those with n = 0 are skipped. */
  readonly problems: number;
}

const FAILURE_VERDICTS: readonly FailureVerdict[] = ['WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE'];

/** Fractions of one problem's samples per class; null when n = 0 (nothing to measure). */
export function problemFractions(p: ProblemOutcomeCounts, mapping?: FailureClassMapping): FailureRates | null {
  const { n, solved, counts } = p;
  if (!Number.isSafeInteger(n) || n < 0 || !Number.isSafeInteger(solved) || solved < 0 || solved > n) {
    throw new RangeError(`invalid counts: n=${n}, solved=${solved}`);
  }
  if (counts.AC !== undefined && counts.AC !== solved) {
    throw new RangeError(`counts.AC (${counts.AC}) differs from solved (${solved})`);
  }
  let correctness = 0;
  let optimization = 0;
  for (const v of FAILURE_VERDICTS) {
    const k = counts[v] ?? 0;
    if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`invalid count for ${v}: ${k}`);
    if (failureClassOf(v, mapping) === 'CORRECTNESS') correctness += k;
    else optimization += k;
  }
  if (solved + correctness + optimization !== n) {
    throw new RangeError(`solved + failures (${solved + correctness + optimization}) must equal n (${n})`);
  }
  if (n === 0) return null;
  return { solveRate: solved / n, correctnessRate: correctness / n, optimizationRate: optimization / n };
}

/**
 * A checkpoint's solve, correctness-failure and optimization-failure rates: the means over
 * problems of the per-problem fractions, so they sum to 1. Problems with n = 0 (all samples
 * pending or IE) are skipped rather than counted as 0: they carry no evidence either way.
 * With no problem left every rate is NaN.
 */
export function checkpointRates(
  problems: readonly ProblemOutcomeCounts[],
  mapping?: FailureClassMapping,
): CheckpointRates {
  let solve = 0;
  let correctness = 0;
  let optimization = 0;
  let used = 0;
  for (const p of problems) {
    const f = problemFractions(p, mapping);
    if (f === null) continue;
    solve += f.solveRate;
    correctness += f.correctnessRate;
    optimization += f.optimizationRate;
    used++;
  }
  return {
    solveRate: solve / used,
    correctnessRate: correctness / used,
    optimizationRate: optimization / used,
    problems: used,
  };
}
