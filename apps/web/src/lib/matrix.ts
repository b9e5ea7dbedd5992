import { cellIndex, clusterOrder, problemProfile, type ProblemProfile, type StudyData, type StudyDataCheckpoint, type StudyDataProblem } from '@frontier/core';

// The per-problem solve matrix, derived in the browser from the study data (aggregates only):
// one row per problem, one column per checkpoint, grouped by scale and in alpha order within a
// scale (the order the data API sends). Each scale is its own alpha line, so a problem's profile
// (flip alpha, spread, differs, unstable) is computed per scale and then combined.

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
  /** Earliest alpha (over scales) at which the problem flips from unsolved to solved. */
  flipAlpha: number | null;
  /** Largest spread of c/n over the alphas of one scale. */
  spread: number;
  /** Solved somewhere and unsolved somewhere on one scale's alpha line. */
  differs: boolean;
  /** Solved, lost and solved again along one scale's alpha line. */
  unstable: boolean;
  /** Solved pattern per column ('1', '0', '-'), as problemProfile writes it. */
  pattern: string;
}

export interface SolveMatrixModel {
  columns: MatrixColumn[];
  /** Scale groups: [scale, first column, column count], in column order. */
  groups: { scale: string; start: number; count: number }[];
  rows: MatrixRow[];
}

/** Columns on the alpha line (checkpoints with an alpha); others are shown but not profiled. */
function profileOf(rates: number[], columns: MatrixColumn[], groups: SolveMatrixModel['groups']): ProblemProfile {
  let flipAlpha: number | null = null;
  let spread = 0;
  let differs = false;
  let unstable = false;
  for (const g of groups) {
    const idx = Array.from({ length: g.count }, (_, i) => g.start + i).filter((i) => columns[i]!.alpha !== null);
    if (idx.length === 0) continue;
    const p = problemProfile(
      idx.map((i) => rates[i]!),
      idx.map((i) => columns[i]!.alpha!),
    );
    if (p.flipAlpha !== null && (flipAlpha === null || p.flipAlpha < flipAlpha)) flipAlpha = p.flipAlpha;
    spread = Math.max(spread, p.spread);
    differs ||= p.differs;
    unstable ||= p.unstable;
  }
  const pattern = rates.map((r) => (Number.isNaN(r) ? '-' : r > 0 ? '1' : '0')).join('');
  return { flipAlpha, spread, differs, unstable, pattern };
}

export function buildMatrix(data: StudyData): SolveMatrixModel {
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
    return { index: p, problem, c, n, rates, ...profileOf(rates, columns, groups) };
  });
  return { columns, groups, rows };
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
        if (a.flipAlpha === null || b.flipAlpha === null) return (a.flipAlpha === null ? 1 : 0) - (b.flipAlpha === null ? 1 : 0) || byIndex(a, b);
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
  differs?: boolean;
  unstable?: boolean;
}

export function filterRows(rows: readonly MatrixRow[], filter: MatrixRowFilter): MatrixRow[] {
  return rows.filter((r) => (!filter.differs || r.differs) && (!filter.unstable || r.unstable));
}

/** CSV of the matrix as shown: problem, difficulty, then c/n per checkpoint ("" without data). */
export function matrixCsv(model: SolveMatrixModel, rows: readonly MatrixRow[]): { header: string[]; rows: string[][] } {
  const scaled = model.groups.length > 1;
  const header = ['problem', 'difficulty', ...model.columns.map((c) => (scaled ? `${c.scale} ${c.name}` : c.name))];
  return {
    header,
    rows: rows.map((r) => [r.problem.externalId, r.problem.difficulty, ...r.n.map((n, i) => (n < 0 ? '' : `${r.c[i]}/${n}`))]),
  };
}
