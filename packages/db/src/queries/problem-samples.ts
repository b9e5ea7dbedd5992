import type { SandboxBackend } from '@frontier/core';
import type { Db } from '../client';
import { programText } from '../program-codec';

// A problem's samples, for the drill-down: one page of them with verdicts, and one sample with
// its code and per-test record. Every read is keyed by (run_id, problem_id), the sample table's
// primary key prefix.

export interface ProblemSample {
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
  /** The judge's backend that ran them; null while pending, for imported verdicts and empty programs. */
  sandbox: SandboxBackend | null;
}

export interface SamplePageQuery {
  studyId: number;
  problemId: number;
  /** Only this checkpoint's samples. */
  checkpointId?: number;
  /** A verdict, or PENDING for samples the judge has not reached. */
  verdict?: string;
  offset: number;
  limit: number;
}

export type SamplePage = { total: number; samples: ProblemSample[] } | { missing: 'study' | 'problem' | 'checkpoint' };

// One round trip per page: the study's runs (of one checkpoint, if asked) are gathered into an
// array first, so Postgres reads the samples through the (run_id, problem_id, idx) primary key
// instead of scanning the table for the problem; the existence checks ride along as columns.
// Raw SQL for the window, the json_agg and the single round trip.
const PAGE_SQL = `
  WITH runs AS (
    SELECT r.id, r.setting, c.id AS checkpoint_id, c.model_scale, c.alpha
    FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
    WHERE c.study_id = $1 AND ($3::int IS NULL OR c.id = $3)),
  matching AS (
    SELECT s.run_id, s.idx, s.language, s.verdict::text AS verdict, s.coverage_passed,
           coalesce(cardinality(s.test_verdicts), 0)::int AS tests_run, s.sandbox
    FROM sample s
    WHERE s.run_id = ANY (ARRAY(SELECT id FROM runs)) AND s.problem_id = $2
      AND ($4::text IS NULL OR ($4 = 'PENDING' AND s.verdict IS NULL) OR s.verdict::text = $4)),
  page AS (
    SELECT m.run_id, m.idx, r.checkpoint_id, r.setting, m.language, m.verdict, m.coverage_passed, m.tests_run, m.sandbox,
           row_number() OVER (ORDER BY r.model_scale, r.alpha NULLS LAST, r.checkpoint_id, r.setting, m.run_id, m.idx) AS ord
    FROM matching m JOIN runs r ON r.id = m.run_id
    ORDER BY ord LIMIT $6 OFFSET $5)
  SELECT EXISTS (SELECT 1 FROM study WHERE id = $1) AS study_found,
         EXISTS (SELECT 1 FROM problem p WHERE p.id = $2 AND EXISTS (
           SELECT 1 FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
           WHERE c.study_id = $1 AND r.benchmark_id = p.benchmark_id)) AS problem_found,
         ($3::int IS NULL OR EXISTS (SELECT 1 FROM checkpoint WHERE study_id = $1 AND id = $3)) AS checkpoint_found,
         (SELECT count(*) FROM matching)::int AS total,
         (SELECT coalesce(json_agg(page ORDER BY ord), '[]') FROM page) AS samples`;

interface SampleRow {
  run_id: number;
  idx: number;
  checkpoint_id: number;
  setting: string;
  language: string;
  verdict: string | null;
  coverage_passed: number | null;
  tests_run: number;
  sandbox: SandboxBackend | null;
}

const toSample = (r: SampleRow): ProblemSample => ({
  runId: r.run_id,
  idx: r.idx,
  checkpointId: r.checkpoint_id,
  setting: r.setting,
  language: r.language,
  verdict: r.verdict,
  coveragePassed: r.coverage_passed,
  testsRun: r.tests_run,
  sandbox: r.sandbox,
});

/** One page of the problem's samples in the study, ordered by scale, alpha, checkpoint, setting. */
export async function listSamples(db: Db, q: SamplePageQuery): Promise<SamplePage> {
  // A named (prepared) statement: planning this query took longer than running it (2.7 ms against
  // 1.8 ms at 10M samples); prepared, each connection plans it a few times, then reuses the plan.
  const { rows } = await db.pool.query<{
    study_found: boolean;
    problem_found: boolean;
    checkpoint_found: boolean;
    total: number;
    samples: SampleRow[];
  }>({
    name: 'problem-samples-page',
    text: PAGE_SQL,
    values: [q.studyId, q.problemId, q.checkpointId ?? null, q.verdict ?? null, q.offset, q.limit],
  });
  const r = rows[0]!;
  if (!r.study_found) return { missing: 'study' };
  if (!r.problem_found) return { missing: 'problem' };
  if (!r.checkpoint_found) return { missing: 'checkpoint' };
  return { total: r.total, samples: r.samples.map(toSample) };
}

export interface ProblemSampleDetail extends ProblemSample {
  code: string;
  judgedAt: Date | null;
  /** Per-test arrays as stored, in test order: verdict codes, CPU ms, peak KiB (null where a file left it out). */
  testVerdicts: number[];
  testCpuMs: (number | null)[];
  testPeakKib: (number | null)[];
  /** The response's length in characters, and in completion tokens where known. */
  responseChars: number | null;
  completionTokens: number | null;
  /** How the verdict was reached: the judge's version, the limits it applied, the machine's CPU model (null where not recorded). */
  judge: SampleJudging;
}

export interface SampleJudging {
  version: number | null;
  limitCpuMs: number | null;
  limitMemoryKib: number | null;
  machine: string | null;
}

// Raw SQL rather than Prisma: imported results may leave a test's CPU time or memory out, stored
// as a NULL inside the array, and Prisma refuses a list with a NULL element.
const SAMPLE_SQL = `
  SELECT s.run_id, s.idx, r.checkpoint_id, r.setting, s.language, s.verdict::text AS verdict, s.coverage_passed,
         s.sandbox, s.code, s.code_z, s.judged_at, s.test_verdicts, s.test_cpu_ms, s.test_peak_kib,
         s.judge_version, s.limit_cpu_ms, s.limit_memory_kib, s.machine, s.response_chars, s.completion_tokens
  FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
  WHERE s.run_id = $1 AND s.problem_id = $2 AND s.idx = $3 AND c.study_id = $4`;

/** One sample of the problem, if its run belongs to the study. */
export async function getSample(
  db: Db,
  key: { studyId: number; problemId: number; runId: number; idx: number },
): Promise<ProblemSampleDetail | undefined> {
  const { rows } = await db.pool.query<
    Omit<SampleRow, 'tests_run'> & {
      code: string | null;
      code_z: Uint8Array | null;
      judged_at: Date | null;
      test_verdicts: number[] | null;
      test_cpu_ms: (number | null)[] | null;
      test_peak_kib: (number | null)[] | null;
      judge_version: number | null;
      limit_cpu_ms: number | null;
      limit_memory_kib: number | null;
      machine: string | null;
      response_chars: number | null;
      completion_tokens: number | null;
    }
  >({ name: 'problem-sample', text: SAMPLE_SQL, values: [key.runId, key.problemId, key.idx, key.studyId] });
  const s = rows[0];
  if (!s) return undefined;
  const testVerdicts = s.test_verdicts ?? [];
  return {
    ...toSample({ ...s, tests_run: testVerdicts.length }),
    code: programText({ code: s.code, codeZ: s.code_z }),
    judgedAt: s.judged_at,
    testVerdicts,
    testCpuMs: s.test_cpu_ms ?? [],
    testPeakKib: s.test_peak_kib ?? [],
    judge: {
      version: s.judge_version,
      limitCpuMs: s.limit_cpu_ms,
      limitMemoryKib: s.limit_memory_kib,
      machine: s.machine,
    },
    responseChars: s.response_chars,
    completionTokens: s.completion_tokens,
  };
}

/** The coverage tier of each of the problem's tests, by ordinal. */
export async function getTestTiers(db: Db, problemId: number): Promise<Map<number, number>> {
  const tests = await db.prisma.test.findMany({
    where: { problemId },
    select: { ordinal: true, tier: true },
    orderBy: { ordinal: 'asc' },
  });
  return new Map(tests.map((t) => [t.ordinal, t.tier]));
}
