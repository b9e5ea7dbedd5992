import type { CheckpointRole } from './api-types';

// JSON shapes of the problem drill-down (GET /api/studies/:id/problems/:problemId and its samples).

export interface ProblemMeta {
  id: number;
  externalId: string;
  title: string;
  difficulty: string;
  platform: string;
  contestDate: string | null;
  timeLimitMs: number | null;
  memoryLimitMb: number | null;
  statement: string | null;
  /** Hidden tests and coverage tiers of the problem (from the test table). */
  tests: number;
  tiers: number;
}

/** One checkpoint's pooled aggregate for the problem; n = -1 when no run has data for it. */
export interface ProblemCheckpointCounts {
  checkpointId: number;
  name: string;
  role: CheckpointRole;
  alpha: number | null;
  scale: string;
  n: number;
  solved: number;
  wa: number;
  tle: number;
  mle: number;
  re: number;
  ce: number;
  ole: number;
  ie: number;
  pending: number;
  /** Failing samples by the tier they first failed (index 0 = tier 1). */
  failTierHist: number[];
}

export interface ProblemDetailResponse {
  studyId: number;
  problem: ProblemMeta;
  checkpoints: ProblemCheckpointCounts[];
}

export interface SampleSummary {
  runId: number;
  idx: number;
  checkpointId: number;
  setting: string;
  language: string;
  /** Null while pending. */
  verdict: string | null;
  coveragePassed: number | null;
  /** Tests the judge ran (length of the per-test arrays). */
  testsRun: number;
}

export interface SampleListResponse {
  page: number;
  pageSize: number;
  total: number;
  samples: SampleSummary[];
}

export interface SampleTestResult {
  ordinal: number;
  tier: number | null;
  verdict: string;
  cpuMs: number | null;
  peakKib: number | null;
}

export interface SampleDetailResponse extends SampleSummary {
  code: string;
  judgedAt: string | null;
  /** Raw per-test arrays as stored (verdict codes, CPU ms, peak KiB), in test order. */
  testVerdicts: number[];
  testCpuMs: number[];
  testPeakKib: number[];
  tests: SampleTestResult[];
  /** Tests of the problem, run or not. */
  testsTotal: number;
}
