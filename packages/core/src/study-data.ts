import type { CheckpointRole } from './checkpoint-role';
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
  /**
   * Problems the other filters keep that have no release date, left out because a release window
   * is set (0 without one): views say how many.
   */
  undated?: number;
}

/** Position of (checkpoint, problem) in the count columns: checkpoint-major. */
export function cellIndex(data: Pick<StudyData, 'problems'>, checkpoint: number, problem: number): number {
  return checkpoint * data.problems.length + problem;
}
