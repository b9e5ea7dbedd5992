import type { CheckpointRole } from './checkpoint-role';
import type { StudyLengths } from './length/length-columns';
import type { ReleaseWindow } from './release-window';

// Everything the explorer's views compute from, for one study under one set of filters, in
// columnar form: per (checkpoint, problem) verdict counts pooled over the runs that match the
// filters, read from run_problem_aggregate. The browser derives rates, intervals, the solve
// matrix, triage and ensembles from it; the server never sends raw samples.

/** The study-view filters: a value narrows the data to it, an absent one does not filter. */
export interface StudyDataFilters extends ReleaseWindow {
  difficulty?: string;
  setting?: string;
  scale?: string;
}

export interface StudyDataCheckpoint {
  id: number;
  name: string;
  role: CheckpointRole;
  /** Endpoints without a stored alpha sit at 0 (LOW) and 1 (HIGH). */
  alpha: number | null;
  scale: string;
}

export interface StudyDataProblem {
  id: number;
  externalId: string;
  title: string;
  difficulty: string;
}

/** A problem the study leaves out of every number, and why (shown greyed, never counted). */
export interface StudyDataExcludedProblem {
  id: number;
  externalId: string;
  title: string;
  reason: string;
}

export const COUNT_FIELDS = ['n', 'solved', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie'] as const;
export type CountField = (typeof COUNT_FIELDS)[number];

export interface StudyData {
  studyId: number;
  /** study.data_version when this was read: shared links pin it. */
  dataVersion: number;
  filters: StudyDataFilters;
  /** Sorted by scale, then alpha (nulls last), then id. */
  checkpoints: StudyDataCheckpoint[];
  /** Sorted by external id. */
  problems: StudyDataProblem[];
  /**
   * counts[field][cellIndex(data, c, p)] for checkpoint c and problem p. A cell with no run
   * data has n = -1 (distinct from n = 0: runs exist but nothing judged yet).
   */
  counts: Record<CountField, number[]>;
  /** Failing samples by the tier of their first failing test; absent in links pinned before it was kept. */
  failTiers?: StudyDataFailTiers;
  /**
   * Response lengths summed per cell and verdict (see length/length-columns.ts). Absent in data
   * pinned before lengths were recorded.
   */
  lengths?: StudyLengths;
  /**
   * Problems excluded from the study (under the difficulty filter), sorted by external id: in
   * none of `problems` or `counts`. Absent in data pinned before exclusions existed.
   */
  excluded?: StudyDataExcludedProblem[];
  /**
   * Problems the other filters keep that have no release date, left out because a release window
   * is set (0 without one): views say how many.
   */
  undated?: number;
}

/**
 * Per (checkpoint, problem), judged samples that failed, by the tier their first failing test is
 * in, correctness and optimization failures apart (the failure tiers along alpha). Samples judged
 * without per-test results (imported verdicts) have no tier and are in neither.
 */
export interface StudyDataFailTiers {
  /** Tiers kept per cell: the most any cell has. Entry t of a cell is tier t + 1. */
  tiers: number;
  /** correctness[cellIndex(data, c, p) * tiers + t]. */
  correctness: number[];
  /** optimization[cellIndex(data, c, p) * tiers + t]. */
  optimization: number[];
}

/** Position of (checkpoint, problem) in the count columns: checkpoint-major. */
export function cellIndex(data: Pick<StudyData, 'problems'>, checkpoint: number, problem: number): number {
  return checkpoint * data.problems.length + problem;
}
