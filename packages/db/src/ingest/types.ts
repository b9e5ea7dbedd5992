import type { CheckpointRole, QueuedVia, Verdict } from '@frontier/core';

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
  /** The whole response's length in characters; default: the program's (the file had no more). */
  responseChars?: number;
  /** Completion tokens of this response, when the file gives them. */
  completionTokens?: number | null;
}

/** Samples of one problem; a problem may appear in several batches of one run. */
export interface ProblemSamples {
  problem: ProblemRecord;
  samples: SampleRecord[];
}

/** A checkpoint as its one writer (upsertCheckpoint) takes it. */
export interface CheckpointSpec {
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  scale: string;
  coverageLevel?: number | null;
  uri?: string | null;
  /** How a merged checkpoint was made (models, weights, alpha). */
  recipe?: object | null;
}

export interface RunImport {
  /** Where the records come from, for messages. */
  source: string;
  /**
   * sha256 of the source: importing the same content again changes nothing. A function is called
   * when the import reaches this run, just before its records are read.
   */
  sourceHash: string | (() => Promise<string>);
  checkpoint: CheckpointSpec;
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

export interface ImportOptions {
  onProgress?: (p: ImportProgress) => void;
  /** The user who asked for the import (server mode): its jobs record them. */
  createdById?: string | null;
  /** Where the import was asked for (the web app or the CLI): its jobs record it. */
  queuedVia?: QueuedVia;
}

export interface ImportSummary {
  studyId: number;
  problems: number;
  runs: number;
  /** Runs whose source was already imported unchanged. */
  unchangedRuns: number;
  samples: number;
  runIds: number[];
  /** The pipeline job aggregating the imported runs; absent when nothing changed. */
  aggregateJobId?: number;
  /** Samples imported without a verdict, queued for judging (then aggregated again). */
  unjudgedSamples?: number;
  /** The jobs judging them: one per run that has some, each followed by an aggregation of its run. */
  judgeJobIds?: number[];
}
