import { pairedDifferenceInterval } from '../paired-difference';
import type { Interval } from '../bootstrap';
import { mcnemarExactFromCounts, type McNemarResult } from '../mcnemar';
import { benjaminiHochberg } from '../significance/false-discovery';
import { fisherExact } from '../significance/fisher-exact';
import { newcombeDifference } from '../significance/proportion-intervals';
import { DEFAULT_SOLVED_RULE, isSolved, type SolvedRule } from '../solved/solved-rule';
import { cellIndex, type StudyData, type StudyDataProblem } from '../study-data';

// Triage of two checkpoints A and B, problem by problem, on rates rather than on "solved at
// least once": each problem's c_A/n_A against c_B/n_B by Fisher's exact test, with
// Benjamini-Hochberg q-values over the problems compared, so "q < 0.05" keeps the expected share
// of false calls among the problems called different at 5%. Problems are ranked by q, then by
// the size of the difference. The whole-set numbers beside them: the paired bootstrap interval
// of the difference in mean solve rate, and McNemar's exact test on the problems solved by one
// side only, under the solved rule in force.

export const DEFAULT_TRIAGE_Q = 0.05;
export const TRIAGE_BOOTSTRAP = Object.freeze({ replicates: 1000, level: 0.95, seed: 1 });

export interface ProblemDifference {
  /** Index in StudyData.problems. */
  index: number;
  problem: StudyDataProblem;
  a: { c: number; n: number };
  b: { c: number; n: number };
  /** c_A/n_A - c_B/n_B with Newcombe's 95% hybrid score interval. */
  diff: Interval;
  /** Fisher's exact test, two-sided. */
  p: number;
  /** Benjamini-Hochberg q-value over every problem compared. */
  q: number;
  /** Whether the solved rule counts the problem solved on each side; null where it cannot say. */
  solvedA: boolean | null;
  solvedB: boolean | null;
}

export interface CheckpointComparison {
  /** Problems with judged samples on both sides: every number is over these. */
  problems: number;
  /** Problems left out because a side has no judged sample there. */
  excluded: number;
  /** Every compared problem, by q, then |diff| (largest first), then the data's problem order. */
  rows: ProblemDifference[];
  /** Rows with q below the threshold. */
  significant: number;
  threshold: number;
  rule: SolvedRule;
  /** McNemar under the rule: b = solved by A only, c = by B only (problems the rule can judge on both sides). */
  mcnemar: McNemarResult;
  solvedByA: number;
  solvedByB: number;
  /** Problems the rule cannot judge on some side (pass@k with n < k). */
  undecided: number;
  /** Mean c/n of A minus that of B, with a paired bootstrap interval over problems. */
  difference: Interval;
  rateA: number;
  rateB: number;
}

/**
 * Queue order: q ascending, then |diff| descending, then the data's problem order. q is compared
 * at 10 significant digits: two problems whose tables are mirror images have the same q, and the
 * last bits of floating point must not decide between them.
 */
export function compareDifferences(x: ProblemDifference, y: ProblemDifference): number {
  return rankKey(x.q) - rankKey(y.q) || Math.abs(y.diff.estimate) - Math.abs(x.diff.estimate) || x.index - y.index;
}

const rankKey = (q: number) => Number(q.toPrecision(10));

/**
 * Compares checkpoints at indices `a` and `b` of `data.checkpoints`.
 * Throws a RangeError for an index out of range or a threshold outside (0, 1].
 */
export function compareCheckpoints(
  data: StudyData,
  a: number,
  b: number,
  options: { rule?: SolvedRule; threshold?: number } = {},
): CheckpointComparison {
  const rule = options.rule ?? DEFAULT_SOLVED_RULE;
  const threshold = options.threshold ?? DEFAULT_TRIAGE_Q;
  for (const i of [a, b])
    if (!(Number.isSafeInteger(i) && i >= 0 && i < data.checkpoints.length))
      throw new RangeError(`no checkpoint at index ${i}`);
  if (!(threshold > 0 && threshold <= 1)) throw new RangeError(`the q threshold must be in (0, 1], got ${threshold}`);
  const rows: ProblemDifference[] = [];
  const pValues: number[] = [];
  let excluded = 0;
  data.problems.forEach((problem, p) => {
    const side = (checkpoint: number) => {
      const cell = cellIndex(data, checkpoint, p);
      return { c: data.counts.solved[cell] as number, n: data.counts.n[cell] as number };
    };
    const sa = side(a);
    const sb = side(b);
    if (sa.n <= 0 || sb.n <= 0) {
      excluded++;
      return;
    }
    const diff = newcombeDifference(sa.c, sa.n, sb.c, sb.n);
    const pValue = fisherExact(sa.c, sa.n, sb.c, sb.n);
    pValues.push(pValue);
    rows.push({
      index: p,
      problem,
      a: sa,
      b: sb,
      diff,
      p: pValue,
      q: Number.NaN,
      solvedA: isSolved(rule, sa.n, sa.c),
      solvedB: isSolved(rule, sb.n, sb.c),
    });
  });
  benjaminiHochberg(pValues).forEach((q, i) => ((rows[i] as ProblemDifference).q = q));
  rows.sort(compareDifferences);

  let onlyA = 0;
  let onlyB = 0;
  let solvedByA = 0;
  let solvedByB = 0;
  let undecided = 0;
  for (const r of rows) {
    if (r.solvedA === null || r.solvedB === null) {
      undecided++;
      continue;
    }
    if (r.solvedA) solvedByA++;
    if (r.solvedB) solvedByB++;
    if (r.solvedA && !r.solvedB) onlyA++;
    if (r.solvedB && !r.solvedA) onlyB++;
  }
  // The bootstrap needs the rows in a fixed order that does not depend on the test results.
  const byProblem = [...rows].sort((x, y) => x.index - y.index);
  const ratesA = byProblem.map((r) => r.a.c / r.a.n);
  const ratesB = byProblem.map((r) => r.b.c / r.b.n);
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const none = { estimate: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  return {
    problems: rows.length,
    excluded,
    rows,
    significant: rows.filter((r) => r.q < threshold).length,
    threshold,
    rule,
    mcnemar: mcnemarExactFromCounts(onlyA, onlyB),
    solvedByA,
    solvedByB,
    undecided,
    difference: rows.length > 0 ? pairedDifferenceInterval(ratesA, ratesB, TRIAGE_BOOTSTRAP) : none,
    rateA: mean(ratesA),
    rateB: mean(ratesB),
  };
}
