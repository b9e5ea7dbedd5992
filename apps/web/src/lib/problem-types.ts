import type { ProblemCheckpointCounts, ProblemSample as SampleSummary } from '@frontier/db';

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

// Shapes the data layer defines are its own (type-only imports: nothing of it reaches the browser).
/** One checkpoint's pooled aggregate for the problem; n = -1 when no run has data for it. */
export type { ProblemCheckpointCounts } from '@frontier/db';
/** One sample in a page of the problem's samples. */
export type { ProblemSample as SampleSummary } from '@frontier/db';

export interface ProblemDetailResponse {
  studyId: number;
  problem: ProblemMeta;
  checkpoints: ProblemCheckpointCounts[];
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
