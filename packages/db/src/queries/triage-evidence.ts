import type { StudyDataFilters } from '@frontier/core';
import type { Db } from '../client';
import { releaseWindowParams, releaseWindowSql } from './release-window-sql';

// The triage queue's evidence: per checkpoint and problem, the element-wise sum of fail_tier_hist
// over the runs that match the filters, read from run_problem_aggregate, never from samples;
// problems the study excludes are left out, as from the study data.
// Raw SQL: Prisma cannot unnest an array column.
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
    AND NOT EXISTS (SELECT 1 FROM problem_exclusion x WHERE x.study_id = $1 AND x.problem_id = a.problem_id)
    AND ${releaseWindowSql(6, 7)}
  GROUP BY c.id, a.problem_id, t.tier`;

/** Failing samples by first failing tier (index 0 = tier 1), by checkpoint id, then problem id. */
export type FailTierHistograms = Record<string, Record<string, number[]>>;

/** Of these checkpoint ids, those that are not checkpoints of the study. */
export async function findMissingCheckpoints(
  db: Db,
  studyId: number,
  checkpointIds: readonly number[],
): Promise<number[]> {
  const found = await db.prisma.checkpoint.findMany({
    where: { studyId, id: { in: [...checkpointIds] } },
    select: { id: true },
  });
  return checkpointIds.filter((id) => !found.some((c) => c.id === id));
}

/** Every asked checkpoint gets an entry; problems without failures under the filters have none. */
export async function getFailTierHistograms(
  db: Db,
  studyId: number,
  checkpointIds: readonly number[],
  filters: StudyDataFilters,
): Promise<FailTierHistograms> {
  const { rows } = await db.pool.query<{ checkpoint_id: number; problem_id: number; tier: number; count: number }>(
    TIERS_SQL,
    [
      studyId,
      checkpointIds,
      filters.difficulty ?? null,
      filters.setting ?? null,
      filters.scale ?? null,
      ...releaseWindowParams(filters),
    ],
  );
  const out: FailTierHistograms = Object.fromEntries(checkpointIds.map((id) => [id, {}]));
  for (const row of rows) {
    const hist = (out[row.checkpoint_id]![row.problem_id] ??= []);
    while (hist.length < row.tier) hist.push(0);
    hist[row.tier - 1] = row.count;
  }
  return out;
}
