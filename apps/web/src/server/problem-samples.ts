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

// The study's runs are listed first and passed as an array, so Postgres reads the samples through
// the (run_id, problem_id, idx) primary key instead of scanning the table for the problem.
const FROM = `
  FROM sample s
  JOIN eval_run r ON r.id = s.run_id
  JOIN checkpoint c ON c.id = r.checkpoint_id
  WHERE s.run_id = ANY($1::int[]) AND s.problem_id = $2
    AND ($3::text IS NULL OR ($3 = 'PENDING' AND s.verdict IS NULL) OR s.verdict::text = $3)`;

/** The runs of the study (or of one of its checkpoints: a 404 when it is not the study's). */
async function runIdsOf(studyId: number, checkpointId: number | null): Promise<number[]> {
  const db = await getDb();
  const { rows } = await db.pool.query<{ run_id: number | null }>(
    `SELECT r.id AS run_id FROM checkpoint c LEFT JOIN eval_run r ON r.checkpoint_id = c.id
     WHERE c.study_id = $1 AND ($2::int IS NULL OR c.id = $2)`,
    [studyId, checkpointId],
  );
  if (checkpointId !== null && rows.length === 0) throw notFound(`no checkpoint with id ${checkpointId} in study ${studyId}`);
  return rows.flatMap((r) => (r.run_id === null ? [] : [r.run_id]));
}

export async function listProblemSamples(studyId: number, problemId: number, query: SamplesQuery): Promise<SampleListResponse> {
  // Both may answer 404 (unknown problem, or a checkpoint of another study); run them together.
  const [, runIds] = await Promise.all([getProblemMeta(studyId, problemId), runIdsOf(studyId, query.checkpoint ?? null)]);
  const page = query.page ?? 1;
  const db = await getDb();
  const args = [runIds, problemId, query.verdict ?? null];
  const [{ rows: countRows }, { rows }] = await Promise.all([
    db.pool.query<{ total: number }>(`SELECT count(*)::int AS total ${FROM}`, args),
    db.pool.query<SampleRow>(
      `SELECT s.run_id, s.idx, c.id AS checkpoint_id, r.setting, s.language, s.verdict::text AS verdict, s.coverage_passed,
              coalesce(cardinality(s.test_verdicts), 0)::int AS tests_run
       ${FROM}
       ORDER BY c.model_scale, c.alpha NULLS LAST, c.id, r.setting, s.run_id, s.idx
       LIMIT ${SAMPLES_PAGE_SIZE} OFFSET $4`,
      [...args, (page - 1) * SAMPLES_PAGE_SIZE],
    ),
  ]);
  return { page, pageSize: SAMPLES_PAGE_SIZE, total: countRows[0]!.total, samples: rows.map(toSummary) };
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
