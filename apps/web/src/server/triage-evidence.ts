import 'server-only';
import type { EvidenceQuery, TriageEvidenceResponse } from '../lib/triage-evidence';
import type { FailTiers } from '../lib/triage';
import { getDb } from './db';
import { notFound } from './http-error';
import { getStudy } from './studies';
import { cachedByVersion, studyVersion } from './versioned-cache';

// Element-wise sum of fail_tier_hist over the runs that match the filters, per checkpoint and
// problem: read from run_problem_aggregate, never from samples.
const TIERS_SQL = `
  SELECT c.id AS checkpoint_id, a.problem_id, t.tier::int AS tier, sum(t.count)::int AS count
  FROM checkpoint c
  JOIN eval_run r ON r.checkpoint_id = c.id
  JOIN run_problem_aggregate a ON a.run_id = r.id
  JOIN problem p ON p.id = a.problem_id
  CROSS JOIN LATERAL unnest(a.fail_tier_hist) WITH ORDINALITY AS t(count, tier)
  WHERE c.study_id = $1 AND c.id = ANY($2::int[])
    AND ($3::text IS NULL OR p.difficulty = $3)
    AND ($4::text IS NULL OR r.setting = $4)
    AND ($5::text IS NULL OR c.model_scale = $5)
  GROUP BY c.id, a.problem_id, t.tier`;

export async function getTriageEvidence(studyId: number, query: EvidenceQuery): Promise<TriageEvidenceResponse> {
  const key = `evidence:${studyId}:${query.a}:${query.b}:${query.difficulty ?? ''}:${query.setting ?? ''}:${query.scale ?? ''}`;
  // studyVersion is also the 404 for an unknown study.
  return cachedByVersion(key, await studyVersion(studyId), () => readTriageEvidence(studyId, query));
}

async function readTriageEvidence(studyId: number, query: EvidenceQuery): Promise<TriageEvidenceResponse> {
  await getStudy(studyId);
  const db = await getDb();
  const ids = [...new Set([query.a, query.b])];
  const { rows: found } = await db.pool.query<{ id: number }>('SELECT id FROM checkpoint WHERE study_id = $1 AND id = ANY($2::int[])', [studyId, ids]);
  const missing = ids.filter((id) => !found.some((r) => r.id === id));
  if (missing.length > 0) throw notFound(`no checkpoint ${missing.join(', ')} in study ${studyId}`);
  const { rows } = await db.pool.query<{ checkpoint_id: number; problem_id: number; tier: number; count: number }>(TIERS_SQL, [
    studyId,
    ids,
    query.difficulty ?? null,
    query.setting ?? null,
    query.scale ?? null,
  ]);
  const failTiers: Record<string, Record<string, number[]>> = Object.fromEntries(ids.map((id) => [id, {}]));
  for (const row of rows) {
    const byProblem = failTiers[row.checkpoint_id]!;
    const hist = (byProblem[row.problem_id] ??= []);
    while (hist.length < row.tier) hist.push(0);
    hist[row.tier - 1] = row.count;
  }
  return { failTiers: failTiers as Record<string, FailTiers> };
}
