import 'server-only';
import { verdictFromCode } from '@frontier/core';
import { SAMPLES_PAGE_SIZE, type SamplesQuery } from '../lib/problem-params';
import type { SampleDetailResponse, SampleListResponse, SampleSummary } from '../lib/problem-types';
import { getDb } from './db';
import { notFound } from './http-error';
import { getProblemMeta } from './problem';

// A problem's samples: listing them (with verdicts) and one sample's code and per-test record is
// what the drill-down is for, so these read the sample table, for one problem at a time. Every
// query is keyed by (run_id, problem_id), the sample table's primary key prefix.

interface SampleRow {
  run_id: number;
  idx: number;
  checkpoint_id: number;
  setting: string;
  language: string;
  verdict: string | null;
  coverage_passed: number | null;
  tests_run: number;
}

const toSummary = (r: SampleRow): SampleSummary => ({
  runId: r.run_id,
  idx: r.idx,
  checkpointId: r.checkpoint_id,
  setting: r.setting,
  language: r.language,
  verdict: r.verdict,
  coveragePassed: r.coverage_passed,
  testsRun: r.tests_run,
});

// One round trip per page: the study's runs (of one checkpoint, if asked) are gathered into an
// array first, so Postgres reads the samples through the (run_id, problem_id, idx) primary key
// instead of scanning the table for the problem; the 404 checks ride along as columns.
const LIST_SQL = `
  WITH runs AS (
    SELECT r.id, r.setting, c.id AS checkpoint_id, c.model_scale, c.alpha
    FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
    WHERE c.study_id = $1 AND ($3::int IS NULL OR c.id = $3)),
  matching AS (
    SELECT s.run_id, s.idx, s.language, s.verdict::text AS verdict, s.coverage_passed,
           coalesce(cardinality(s.test_verdicts), 0)::int AS tests_run
    FROM sample s
    WHERE s.run_id = ANY (ARRAY(SELECT id FROM runs)) AND s.problem_id = $2
      AND ($4::text IS NULL OR ($4 = 'PENDING' AND s.verdict IS NULL) OR s.verdict::text = $4)),
  page AS (
    SELECT m.run_id, m.idx, r.checkpoint_id, r.setting, m.language, m.verdict, m.coverage_passed, m.tests_run,
           row_number() OVER (ORDER BY r.model_scale, r.alpha NULLS LAST, r.checkpoint_id, r.setting, m.run_id, m.idx) AS ord
    FROM matching m JOIN runs r ON r.id = m.run_id
    ORDER BY ord LIMIT ${SAMPLES_PAGE_SIZE} OFFSET $5)
  SELECT EXISTS (SELECT 1 FROM study WHERE id = $1) AS study_found,
         EXISTS (SELECT 1 FROM problem p WHERE p.id = $2 AND EXISTS (
           SELECT 1 FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
           WHERE c.study_id = $1 AND r.benchmark_id = p.benchmark_id)) AS problem_found,
         ($3::int IS NULL OR EXISTS (SELECT 1 FROM checkpoint WHERE study_id = $1 AND id = $3)) AS checkpoint_found,
         (SELECT count(*) FROM matching)::int AS total,
         (SELECT coalesce(json_agg(page ORDER BY ord), '[]') FROM page) AS samples`;

export async function listProblemSamples(studyId: number, problemId: number, query: SamplesQuery): Promise<SampleListResponse> {
  const page = query.page ?? 1;
  const checkpoint = query.checkpoint ?? null;
  const db = await getDb();
  const { rows } = await db.pool.query<{ study_found: boolean; problem_found: boolean; checkpoint_found: boolean; total: number; samples: SampleRow[] }>(LIST_SQL, [
    studyId,
    problemId,
    checkpoint,
    query.verdict ?? null,
    (page - 1) * SAMPLES_PAGE_SIZE,
  ]);
  const r = rows[0]!;
  if (!r.study_found) throw notFound(`no study with id ${studyId}`);
  if (!r.problem_found) throw notFound(`no problem with id ${problemId} in study ${studyId}`);
  if (!r.checkpoint_found) throw notFound(`no checkpoint with id ${checkpoint} in study ${studyId}`);
  return { page, pageSize: SAMPLES_PAGE_SIZE, total: r.total, samples: r.samples.map(toSummary) };
}

interface DetailRow extends SampleRow {
  code: string;
  judged_at: Date | null;
  test_verdicts: number[] | null;
  test_cpu_ms: number[] | null;
  test_peak_kib: number[] | null;
}

export async function getProblemSample(studyId: number, problemId: number, runId: number, idx: number): Promise<SampleDetailResponse> {
  const problem = await getProblemMeta(studyId, problemId);
  const db = await getDb();
  const [{ rows }, { rows: tiers }] = await Promise.all([
    db.pool.query<DetailRow>(
      `SELECT s.run_id, s.idx, c.id AS checkpoint_id, r.setting, s.language, s.verdict::text AS verdict, s.coverage_passed,
              coalesce(cardinality(s.test_verdicts), 0)::int AS tests_run, s.code, s.judged_at,
              s.test_verdicts, s.test_cpu_ms, s.test_peak_kib
       FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id
       WHERE c.study_id = $1 AND s.problem_id = $2 AND s.run_id = $3 AND s.idx = $4`,
      [studyId, problemId, runId, idx],
    ),
    db.pool.query<{ ordinal: number; tier: number }>('SELECT ordinal, tier FROM test WHERE problem_id = $1 ORDER BY ordinal', [problemId]),
  ]);
  const row = rows[0];
  if (!row) throw notFound(`no sample ${idx} of run ${runId} for problem ${problemId} in study ${studyId}`);
  const tierOf = new Map(tiers.map((t) => [t.ordinal, t.tier]));
  const verdicts = row.test_verdicts ?? [];
  const cpu = row.test_cpu_ms ?? [];
  const peak = row.test_peak_kib ?? [];
  return {
    ...toSummary(row),
    code: row.code,
    judgedAt: row.judged_at?.toISOString() ?? null,
    testVerdicts: verdicts,
    testCpuMs: cpu,
    testPeakKib: peak,
    // Per-test arrays are in test order: position i is the test of ordinal i.
    tests: verdicts.map((code, i) => ({ ordinal: i, tier: tierOf.get(i) ?? null, verdict: verdictFromCode(code), cpuMs: cpu[i] ?? null, peakKib: peak[i] ?? null })),
    testsTotal: problem.tests,
  };
}
