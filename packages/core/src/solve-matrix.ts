import type { SolveCounts } from './pass-at-k';
import { problemProfile, type ProblemProfile } from './problem-profile';

/** One checkpoint's counts, `problems[p]` for the same problems in every checkpoint. */
export interface SolveMatrixCheckpoint {
  readonly alpha: number;
  readonly problems: readonly SolveCounts[];
}

export interface SolveMatrixRow extends ProblemProfile {
  /** Index of the problem in the input lists. */
  readonly problem: number;
  /** c/n per checkpoint in alpha order; NaN where n = 0. */
  readonly rates: readonly number[];
}

export interface SolveMatrix {
  /** Alphas in ascending order (ties keep input order). */
  readonly alphas: readonly number[];
  /** Input index of the checkpoint behind each column. */
  readonly columns: readonly number[];
  /** One row per problem, in input order. */
  readonly rows: readonly SolveMatrixRow[];
  /** Row indices in display order; see `clusterOrder`. */
  readonly order: readonly number[];
}

export function solveMatrix(checkpoints: readonly SolveMatrixCheckpoint[]): SolveMatrix {
  const columns = checkpoints.map((_, i) => i).sort((i, j) => (checkpoints[i]?.alpha ?? 0) - (checkpoints[j]?.alpha ?? 0));
  const sorted = columns.map((i) => checkpoints[i] as SolveMatrixCheckpoint);
  const alphas = sorted.map((cp) => cp.alpha);
  const problems = sorted[0]?.problems.length ?? 0;
  if (sorted.some((cp) => cp.problems.length !== problems)) throw new RangeError('every checkpoint needs counts for the same problems');
  const rows = Array.from({ length: problems }, (_, problem): SolveMatrixRow => {
    const rates = sorted.map((cp) => {
      const { n, c } = cp.problems[problem] as SolveCounts;
      return n === 0 ? Number.NaN : c / n;
    });
    return { problem, rates, ...problemProfile(rates, alphas) };
  });
  return { alphas, columns, rows, order: clusterOrder(rows) };
}

function meanRate(rates: readonly number[]): number {
  let sum = 0;
  let count = 0;
  for (const r of rates) {
    if (Number.isNaN(r)) continue;
    sum += r;
    count++;
  }
  return count === 0 ? -1 : sum / count;
}

/**
 * A simple deterministic grouping for display, not a statistical clustering: rows sorted by the
 * number of checkpoints that solved the problem (most first), then by solved pattern with
 * checkpoints of lower alpha weighing more ('1' before '0' before '-'), so identical patterns
 * sit together; then by mean c/n (highest first) and finally by problem index.
 */
export function clusterOrder(rows: readonly Pick<SolveMatrixRow, 'pattern' | 'rates'>[]): number[] {
  const keys = rows.map((row, index) => ({
    index,
    solvedCount: row.pattern.split('1').length - 1,
    // Rank characters so that a plain string comparison puts '1' < '0' < '-'.
    pattern: row.pattern.replaceAll('1', 'a').replaceAll('0', 'b').replaceAll('-', 'c'),
    mean: meanRate(row.rates),
  }));
  keys.sort(
    (a, b) =>
      b.solvedCount - a.solvedCount ||
      (a.pattern < b.pattern ? -1 : a.pattern > b.pattern ? 1 : 0) ||
      b.mean - a.mean ||
      a.index - b.index,
  );
  return keys.map((k) => k.index);
}
