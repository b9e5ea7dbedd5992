import 'server-only';
import type { ProblemCheckpointCounts, ProblemDetailResponse, ProblemMeta } from '../lib/problem-types';
import { getDb } from './db';
import { notFound } from './http-error';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

// The problem drill-down's header and counts. Counts are pooled per checkpoint from
// run_problem_aggregate (like the study data API), never counted from samples.

const PROBLEM_SQL = `
  SELECT p.id, p.external_id, p.title, p.difficulty, p.platform, p.contest_date, p.time_limit_ms,
         p.memory_limit_mb, p.statement,
         (SELECT count(*) FROM test t WHERE t.problem_id = p.id)::int AS tests,
         (SELECT coalesce(max(t.tier), 0) FROM test t WHERE t.problem_id = p.id)::int AS tiers
  FROM problem p
  WHERE p.id = $2
    AND EXISTS (SELECT 1 FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id
                WHERE c.study_id = $1 AND r.benchmark_id = p.benchmark_id)`;

interface ProblemRow {
  id: number;
  external_id: string;
  title: string;
  difficulty: string;
  platform: string;
  contest_date: Date | null;
  time_limit_ms: number | null;
  memory_limit_mb: number | null;
  statement: string | null;
  tests: number;
  tiers: number;
}

/** The problem, if it belongs to the benchmark of one of the study's runs; a 404 otherwise. */
export async function getProblemMeta(studyId: number, problemId: number): Promise<ProblemMeta> {
  return cachedByVersion(`problem-meta:${studyId}:${problemId}`, await studyVersion(studyId), () => readProblemMeta(studyId, problemId));
}

async function readProblemMeta(studyId: number, problemId: number): Promise<ProblemMeta> {
  await getStudy(studyId);
  const db = await getDb();
  const { rows } = await db.pool.query<ProblemRow>(PROBLEM_SQL, [studyId, problemId]);
  const p = rows[0];
  if (!p) throw notFound(`no problem with id ${problemId} in study ${studyId}`);
  return {
    id: p.id,
    externalId: p.external_id,
    title: p.title,
    difficulty: p.difficulty,
    platform: p.platform,
    contestDate: p.contest_date?.toISOString() ?? null,
    timeLimitMs: p.time_limit_ms,
    memoryLimitMb: p.memory_limit_mb,
    statement: p.statement,
    tests: p.tests,
    tiers: p.tiers,
  };
}

const COUNTS_SQL = `
  SELECT c.id AS checkpoint_id, c.name, c.role::text AS role, c.alpha, c.model_scale,
         a.n, a.solved, a.wa, a.tle, a.mle, a.re, a.ce, a.ole, a.ie, a.pending, a.fail_tier_hist
  FROM checkpoint c
  LEFT JOIN eval_run r ON r.checkpoint_id = c.id AND ($3::text IS NULL OR r.setting = $3)
  LEFT JOIN run_problem_aggregate a ON a.run_id = r.id AND a.problem_id = $2
  WHERE c.study_id = $1 AND ($4::text IS NULL OR c.model_scale = $4)
  ORDER BY c.model_scale, COALESCE(c.alpha, CASE c.role WHEN 'LOW' THEN 0 WHEN 'HIGH' THEN 1 END) NULLS LAST, c.id`;

const FIELDS = ['n', 'solved', 'wa', 'tle', 'mle', 're', 'ce', 'ole', 'ie', 'pending'] as const;

type CountsRow = { checkpoint_id: number; name: string; role: ProblemCheckpointCounts['role']; alpha: number | null; model_scale: string; fail_tier_hist: number[] | null } & Record<
  (typeof FIELDS)[number],
  number | null
>;

/** Per checkpoint of the study: the problem's counts summed over the runs (filtered by setting). */
export async function getProblemCounts(studyId: number, problemId: number, filters: { setting?: string; scale?: string }): Promise<ProblemCheckpointCounts[]> {
  const db = await getDb();
  const { rows } = await db.pool.query<CountsRow>(COUNTS_SQL, [studyId, problemId, filters.setting ?? null, filters.scale ?? null]);
  const byCheckpoint = new Map<number, ProblemCheckpointCounts>();
  for (const row of rows) {
    let entry = byCheckpoint.get(row.checkpoint_id);
    if (!entry) {
      entry = {
        checkpointId: row.checkpoint_id,
        name: row.name,
        role: row.role,
        alpha: row.alpha ?? (row.role === 'LOW' ? 0 : row.role === 'HIGH' ? 1 : null),
        scale: row.model_scale,
        n: -1,
        solved: 0, wa: 0, tle: 0, mle: 0, re: 0, ce: 0, ole: 0, ie: 0, pending: 0,
        failTierHist: [],
      };
      byCheckpoint.set(row.checkpoint_id, entry);
    }
    if (row.n === null) continue; // no aggregate for this run
    if (entry.n < 0) entry.n = 0;
    for (const f of FIELDS) entry[f] += row[f] ?? 0;
    (row.fail_tier_hist ?? []).forEach((v, i) => {
      entry.failTierHist[i] = (entry.failTierHist[i] ?? 0) + v;
    });
  }
  return [...byCheckpoint.values()];
}

/** Metadata and per-checkpoint counts (from the aggregates), computed once per data version. */
export async function getProblemDetail(studyId: number, problemId: number, filters: { setting?: string; scale?: string }): Promise<ProblemDetailResponse> {
  const key = `problem:${studyId}:${problemId}:${filters.setting ?? ''}:${filters.scale ?? ''}`;
  return cachedByVersion(key, await studyVersion(studyId), async () => {
    const problem = await getProblemMeta(studyId, problemId);
    return { studyId, problem, checkpoints: await getProblemCounts(studyId, problemId, filters) };
  });
}
