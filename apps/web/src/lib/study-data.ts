import type { CheckpointRole } from './api-types';
import type { Filters } from './filters';

// Everything the explorer's views compute from, for one study under one set of filters, in
// columnar form: per (checkpoint, problem) verdict counts pooled over the runs that match the
// filters, read from run_problem_aggregate. The browser derives rates, intervals, the solve
// matrix, triage and ensembles from it with @frontier/core; the server never sends raw samples.
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
  filters: Filters;
  /** Sorted by scale, then alpha (nulls last), then id. */
  checkpoints: StudyDataCheckpoint[];
  /** Sorted by external id. */
  problems: StudyDataProblem[];
  /**
   * counts[field][c * problems.length + p] for checkpoint c and problem p. A cell with no run
   * data has n = -1 (distinct from n = 0: runs exist but nothing judged yet).
   */
  counts: Record<CountField, number[]>;
}

export function cellIndex(data: StudyData, checkpoint: number, problem: number): number {
  return checkpoint * data.problems.length + problem;
}
