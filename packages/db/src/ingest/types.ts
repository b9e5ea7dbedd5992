import type { Verdict } from '../generated/enums';

export interface ProblemRecord {
  externalId: string;
  title?: string;
  difficulty?: string;
  platform?: string;
  contestDate?: Date | null;
  statement?: string | null;
}

export interface TestResult {
  verdict: Verdict;
  cpuMs?: number | null;
  peakKib?: number | null;
}

export interface SampleRecord {
  idx: number;
  code: string;
  language?: string;
  /** Null when the sample has not been judged yet. */
  verdict: Verdict | null;
  tests?: TestResult[];
}

/** Samples of one problem; a problem may appear in several batches of one run. */
export interface ProblemSamples {
  problem: ProblemRecord;
  samples: SampleRecord[];
}

export type Role = 'INIT' | 'LOW' | 'HIGH' | 'MERGED';

export interface RunImport {
  /** Where the records come from, for messages. */
  source: string;
  /** sha256 of the source: importing the same content again changes nothing. */
  sourceHash: string;
  checkpoint: { name: string; role: Role; alpha: number | null; scale: string; coverageLevel?: number | null; uri?: string | null };
  setting: string;
  sampling?: Record<string, unknown>;
  problems: () => AsyncIterable<ProblemSamples>;
}

export interface StudyImport {
  study: { name: string; description?: string; origin?: string };
  benchmark: string;
  runs: RunImport[];
}

export interface ImportProgress {
  run: number;
  runs: number;
  source: string;
  samples: number;
}

export interface ImportSummary {
  studyId: number;
  problems: number;
  runs: number;
  /** Runs whose source was already imported unchanged. */
  unchangedRuns: number;
  samples: number;
  runIds: number[];
  /** Key of the queued aggregation job; absent when nothing changed. */
  aggregateJobKey?: string;
  /** Samples imported without a verdict, queued for the worker's judge task. */
  unjudgedSamples?: number;
  judgeJobKey?: string;
}
