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
