import { CHECKPOINT_ROLES, SANDBOX_BACKENDS, VERDICTS } from '@frontier/core';
import type {
  ProblemCheckpointCounts as CountsRow,
  ProblemSample,
  ProblemSampleDetail,
  StudyProblem,
} from '@frontier/db';
import { z } from 'zod';
import { sameShape, type AsJson } from '../api/same-shape';

// JSON shapes of the problem drill-down (GET /api/studies/:id/problems/:problemId and its
// samples): the data layer's rows as JSON, each checked against its type at build time.

const int = z.number().int();
const count = int.nonnegative();

export const problemMetaSchema = z.strictObject({
  id: int,
  externalId: z.string(),
  title: z.string(),
  difficulty: z.string(),
  platform: z.string(),
  contestDate: z.iso.datetime().nullable(),
  timeLimitMs: int.nullable(),
  memoryLimitMb: int.nullable(),
  statement: z.string().nullable(),
  tests: count.meta({ description: 'Hidden tests of the problem' }),
  tiers: count.meta({ description: 'Coverage tiers of its tests' }),
});

export type ProblemMeta = z.infer<typeof problemMetaSchema>;
sameShape<ProblemMeta, AsJson<StudyProblem>>();

const tally = int.nullable();

export const problemCheckpointCountsSchema = z
  .strictObject({
    checkpointId: int,
    name: z.string(),
    role: z.enum(CHECKPOINT_ROLES),
    alpha: z.number().nullable(),
    scale: z.string(),
    n: int.meta({ description: 'Judged samples; -1 when no run has data for the problem' }),
    solved: int,
    wa: int,
    tle: int,
    mle: int,
    re: int,
    ce: int,
    ole: int,
    ie: int,
    pending: int,
    failTierHist: z
      .array(int)
      .meta({ description: 'Failing samples by the tier they first failed (index 0 = tier 1)' }),
    failTierCorrectness: z
      .array(int)
      .meta({ description: 'failTierHist of the correctness failures (WA, RE, CE, OLE) alone' }),
    failTierOptimization: z
      .array(int)
      .meta({ description: 'failTierHist of the optimization failures (TLE, MLE) alone' }),
  })
  .meta({ description: "One checkpoint's pooled aggregate for the problem" });

/** One checkpoint's pooled aggregate for the problem; n = -1 when no run has data for it. */
export type ProblemCheckpointCounts = z.infer<typeof problemCheckpointCountsSchema>;
sameShape<ProblemCheckpointCounts, CountsRow>();

export const problemExclusionSchema = z.strictObject({
  reason: z.string(),
  by: z.string().nullable().meta({ description: "Who excluded it (an account's email); null in local mode" }),
  at: z.iso.datetime({ offset: true }),
});

export const problemDetailResponseSchema = z.strictObject({
  studyId: int,
  problem: problemMetaSchema,
  checkpoints: z.array(problemCheckpointCountsSchema),
  exclusion: problemExclusionSchema
    .nullable()
    .meta({ description: 'Why the study leaves the problem out of every number; null when it counts' }),
});
export type ProblemDetailResponse = z.infer<typeof problemDetailResponseSchema>;

/** One sample in a page of the problem's samples. */
export const sampleSummarySchema = z.strictObject({
  runId: int,
  idx: count,
  checkpointId: int,
  setting: z.string(),
  language: z.string(),
  verdict: z.string().nullable().meta({ description: 'Null while pending' }),
  coveragePassed: tally,
  testsRun: count.meta({ description: 'Tests the judge ran' }),
  sandbox: z
    .enum(SANDBOX_BACKENDS)
    .nullable()
    .meta({ description: "The judge's sandbox backend that ran them; null while pending and for imported verdicts" }),
});
export type SampleSummary = z.infer<typeof sampleSummarySchema>;
sameShape<SampleSummary, ProblemSample>();

export const sampleListResponseSchema = z.strictObject({
  page: count,
  pageSize: count,
  total: count,
  samples: z.array(sampleSummarySchema),
});
export type SampleListResponse = z.infer<typeof sampleListResponseSchema>;

const testResultSchema = z.strictObject({
  ordinal: count,
  tier: tally,
  verdict: z.enum(VERDICTS),
  cpuMs: z.number().nullable(),
  peakKib: z.number().nullable(),
});

const sampleDetailSchema = sampleSummarySchema.extend({
  code: z.string(),
  judgedAt: z.iso.datetime().nullable(),
  testVerdicts: z.array(int).meta({ description: 'Per-test verdict codes as stored, in test order' }),
  testCpuMs: z
    .array(z.number().nullable())
    .meta({ description: 'Per-test CPU ms; null where the results left it out' }),
  testPeakKib: z
    .array(z.number().nullable())
    .meta({ description: 'Per-test peak KiB; null where the results left it out' }),
  judge: z
    .strictObject({
      version: int.nullable().meta({ description: "The judge's version that reached the verdict" }),
      limitCpuMs: int.nullable().meta({ description: 'The CPU-time limit applied to each test, ms' }),
      limitMemoryKib: int.nullable().meta({ description: 'The memory limit applied to each test, KiB' }),
      machine: z.string().nullable().meta({ description: 'The CPU model of the machine that judged it' }),
    })
    .meta({
      description:
        'How the verdict was reached; null fields where not recorded (imported verdicts, samples judged before judge versions existed)',
    }),
  responseChars: int
    .nullable()
    .meta({ description: "The response's length in characters (the program's where only it was kept)" }),
  completionTokens: int
    .nullable()
    .meta({ description: "The response's completion tokens; null where not known exactly" }),
});
sameShape<z.infer<typeof sampleDetailSchema>, AsJson<ProblemSampleDetail>>();

export const sampleDetailResponseSchema = sampleDetailSchema.extend({
  tests: z.array(testResultSchema),
  testsTotal: count.meta({ description: 'Tests of the problem, run or not' }),
});
export type SampleDetailResponse = z.infer<typeof sampleDetailResponseSchema>;
