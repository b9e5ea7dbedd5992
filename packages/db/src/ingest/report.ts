import type { ArchiveImportSummary } from '../archive/import-archive';
import type { ImportSummary } from './types';

/** What an import did, as `frontier import` prints it and POST /api/imports answers it. */
export interface ImportReport {
  study: { id: number; name: string };
  problems: number;
  runs: number;
  /** Runs whose file was already imported unchanged (nothing written for them). */
  unchangedRuns: number;
  samples: number;
  /** Samples without a verdict, queued for judging. */
  unjudgedSamples: number;
  /** The job aggregating the import; null when nothing changed. */
  aggregateJobId: number | null;
  /** The jobs judging the unjudged samples, one per run that has some (workers share them). */
  judgeJobIds: number[];
  /** A study archive's import: what else it did. */
  archive?: ArchiveOutcome;
}

export interface ArchiveOutcome {
  /** The study was here already (same identity and data version): nothing was written. */
  alreadyImported: boolean;
  checkpoints: number;
  tests: number;
  aggregates: number;
  shares: number;
  /** Problems already in their benchmark, matched and kept as they were (tests included)... */
  problemsMatched: number;
  /** ...of which differ from the archive's copy. */
  problemsDiffering: number;
  /** Share links whose token was another study's here: imported under a new token. */
  sharesRetokened: { from: string; to: string }[];
}

export function archiveReport(s: ArchiveImportSummary): ImportReport {
  return {
    study: { id: s.studyId, name: s.studyName },
    problems: s.counts.problem,
    runs: s.counts.run,
    unchangedRuns: 0,
    samples: s.counts.sample,
    unjudgedSamples: 0,
    aggregateJobId: null,
    judgeJobIds: [],
    archive: {
      alreadyImported: s.status === 'already-imported',
      checkpoints: s.counts.checkpoint,
      tests: s.counts.test,
      aggregates: s.counts.run_problem_aggregate,
      shares: s.counts.share,
      problemsMatched: s.problemsMatched,
      problemsDiffering: s.problemsDiffering,
      sharesRetokened: s.sharesRetokened,
    },
  };
}

export function importReport(studyName: string, s: ImportSummary): ImportReport {
  return {
    study: { id: s.studyId, name: studyName },
    problems: s.problems,
    runs: s.runs,
    unchangedRuns: s.unchangedRuns,
    samples: s.samples,
    unjudgedSamples: s.unjudgedSamples ?? 0,
    aggregateJobId: s.aggregateJobId ?? null,
    judgeJobIds: s.judgeJobIds ?? [],
  };
}
