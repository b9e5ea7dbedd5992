import {
  cellIndex,
  clusterOrder,
  describeSolvedRule,
  isSolved,
  problemProfile,
  rateDifferences,
  type ProblemProfile,
  type RateDifference,
  type SolvedRule,
  type StudyData,
  type StudyDataCheckpoint,
  type StudyDataProblem,
} from '@frontier/core';

// The per-problem solve matrix, derived in the browser from the study data (aggregates only):
// one row per problem, one column per checkpoint, grouped by scale and in alpha order within a
// scale (the order the data API sends). Each scale is its own alpha line, so a problem's profile
// (flip alpha, spread, unstable) is computed per scale and then combined. "Differs across alphas"
// is a test over every column shown, computed only when asked for (matrixDifferences).

export interface MatrixColumn extends StudyDataCheckpoint {
  /** Index of the checkpoint in StudyData.checkpoints. */
  index: number;
}

export interface MatrixRow {
  /** Index of the problem in StudyData.problems. */
  index: number;
  problem: StudyDataProblem;
  /** Solved samples per column; 0 where there is no data. */
  c: number[];
  /** Judged samples per column; -1 where no run has data for the cell, 0 where nothing is judged. */
  n: number[];
  /** c/n per column; NaN without judged samples. */
  rates: number[];
  /** Earliest alpha (over scales) at which the problem flips from unsolved to solved under the rule. */
  flipAlpha: number | null;
  /** Largest spread of c/n over the alphas of one scale. */
  spread: number;
  /** A clear dip or peak of c/n along one scale's alpha line (problemProfile's definition). */
  unstable: boolean;
  /** Per column, solved under the rule ('1'), not ('0'), or no data / undecided ('-'). */
  pattern: string;
}

export interface SolveMatrixModel {
  rule: SolvedRule;
  columns: MatrixColumn[];
  /** Scale groups: [scale, first column, column count], in column order. */
  groups: { scale: string; start: number; count: number }[];
  rows: MatrixRow[];
}

/** Columns on the alpha line (checkpoints with an alpha); others are shown but not profiled. */
function profileOf(
  c: number[],
  n: number[],
  columns: MatrixColumn[],
  groups: SolveMatrixModel['groups'],
  rule: SolvedRule,
): ProblemProfile {
  let flipAlpha: number | null = null;
  let spread = 0;
  let unstable = false;
  for (const g of groups) {
    const idx = Array.from({ length: g.count }, (_, i) => g.start + i).filter((i) => columns[i]!.alpha !== null);
    if (idx.length === 0) continue;
    const p = problemProfile(
      idx.map((i) => c[i]!),
      idx.map((i) => n[i]!),
      idx.map((i) => columns[i]!.alpha!),
      rule,
    );
    if (p.flipAlpha !== null && (flipAlpha === null || p.flipAlpha < flipAlpha)) flipAlpha = p.flipAlpha;
    spread = Math.max(spread, p.spread);
    unstable ||= p.unstable;
  }
  const pattern = n
    .map(
      (nn, i) => ({ null: '-', true: '1', false: '0' })[String(isSolved(rule, nn, c[i]!)) as 'null' | 'true' | 'false'],
    )
    .join('');
  return { flipAlpha, spread, unstable, pattern };
}

export function buildMatrix(data: StudyData, rule: SolvedRule): SolveMatrixModel {
  const columns = data.checkpoints.map((c, index) => ({ ...c, index }));
  const groups: SolveMatrixModel['groups'] = [];
  columns.forEach((c, i) => {
    const last = groups.at(-1);
    if (last && last.scale === c.scale) last.count++;
    else groups.push({ scale: c.scale, start: i, count: 1 });
  });
  const rows = data.problems.map((problem, p): MatrixRow => {
    const n = columns.map((col) => data.counts.n[cellIndex(data, col.index, p)]!);
    const c = columns.map((col) => data.counts.solved[cellIndex(data, col.index, p)]!);
    const rates = n.map((nn, i) => (nn > 0 ? c[i]! / nn : Number.NaN));
    return { index: p, problem, c, n, rates, ...profileOf(c, n, columns, groups, rule) };
  });
  return { rule, columns, groups, rows };
}

/**
 * Whether each problem's rate is the same at every column shown (one test per problem, BH q over
 * the problems), by row index. A separate step, run only when the filter or an export needs it:
 * small counts cost Monte Carlo draws.
 */
export function matrixDifferences(model: SolveMatrixModel): RateDifference[] {
  return rateDifferences(model.rows.map((r) => ({ solved: r.c, n: r.n })));
}

export const MATRIX_SORTS = ['difficulty', 'flip', 'spread', 'cluster', 'problem'] as const;
export type MatrixSort = (typeof MATRIX_SORTS)[number];

const DIFFICULTY_RANK: Record<string, number> = { easy: 0, medium: 1, hard: 2 };

function difficultyRank(d: string): number {
  return DIFFICULTY_RANK[d.toLowerCase()] ?? 3;
}

/** Problem order of the data (external id), the last tie-break of every sort. */
const byIndex = (a: MatrixRow, b: MatrixRow) => a.index - b.index;

/**
 * Rows in display order (a new array; the input is not changed):
 * - difficulty: easy, medium, hard, then others alphabetically;
 * - flip: by the alpha of the unsolved-to-solved flip, lowest first, rows without a flip last;
 * - spread: largest spread across alphas first;
 * - cluster: @frontier/core's clusterOrder (identical solved patterns together);
 * - problem: by external id.
 * Ties keep external-id order.
 */
export function sortRows(rows: readonly MatrixRow[], sort: MatrixSort): MatrixRow[] {
  const out = [...rows];
  switch (sort) {
    case 'difficulty':
      return out.sort(
        (a, b) =>
          difficultyRank(a.problem.difficulty) - difficultyRank(b.problem.difficulty) ||
          a.problem.difficulty.localeCompare(b.problem.difficulty) ||
          byIndex(a, b),
      );
    case 'flip':
      return out.sort((a, b) => {
        if (a.flipAlpha === null || b.flipAlpha === null)
          return (a.flipAlpha === null ? 1 : 0) - (b.flipAlpha === null ? 1 : 0) || byIndex(a, b);
        return a.flipAlpha - b.flipAlpha || byIndex(a, b);
      });
    case 'spread':
      return out.sort((a, b) => b.spread - a.spread || byIndex(a, b));
    case 'cluster':
      return clusterOrder(out).map((i) => out[i]!);
    case 'problem':
      return out.sort(byIndex);
  }
}

export interface MatrixRowFilter {
  /** Keep rows whose q (by row index) is below `below`. */
  differs?: { q: readonly RateDifference[]; below: number };
  unstable?: boolean;
}

export function filterRows(rows: readonly MatrixRow[], filter: MatrixRowFilter): MatrixRow[] {
  const { differs } = filter;
  return rows.filter((r) => (!differs || differs.q[r.index]!.q < differs.below) && (!filter.unstable || r.unstable));
}

/**
 * CSV of the matrix as shown: problem, difficulty, c/n per checkpoint ("" without data), then per
 * problem the solved rule, the checkpoints solved under it and its flip alpha, the instability flag and the test of "differs".
 */
export function matrixCsv(
  model: SolveMatrixModel,
  rows: readonly MatrixRow[],
  differences: readonly RateDifference[],
): { header: string[]; rows: string[][] } {
  const scaled = model.groups.length > 1;
  const rule = describeSolvedRule(model.rule);
  const header = [
    'problem',
    'difficulty',
    ...model.columns.map((c) => (scaled ? `${c.scale} ${c.name}` : c.name)),
    'solved_rule',
    'solved_at',
    'flip_alpha',
    'unstable',
    'differs_test',
    'differs_p',
    'differs_q',
  ];
  return {
    header,
    rows: rows.map((r) => {
      const d = differences[r.index]!;
      return [
        r.problem.externalId,
        r.problem.difficulty,
        ...r.n.map((n, i) => (n < 0 ? '' : `${r.c[i]}/${n}`)),
        rule,
        model.columns
          .flatMap((c, i) => (r.pattern[i] === '1' ? [scaled ? `${c.scale}:${c.name}` : c.name] : []))
          .join(' '),
        r.flipAlpha === null ? '' : String(r.flipAlpha),
        r.unstable ? '1' : '0',
        d.method,
        Number.isNaN(d.p) ? '' : String(d.p),
        Number.isNaN(d.q) ? '' : String(d.q),
      ];
    }),
  };
}
