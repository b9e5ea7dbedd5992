import { exclusionReasonProblem } from '@frontier/core';
import type pg from 'pg';
import type { Db } from '../client';
import { InvalidInputError } from '../errors';
import { withTransaction } from '../transaction';

// Problems a study leaves out of every number (problem_exclusion). Problems are named by their
// external id (what LiveCodeBench's errata and the matrix show), among the problems of the
// benchmarks the study's runs use. Every change bumps the study's data version in the same
// transaction, so caches move and share links made after it pin the new set.

export interface ProblemExclusionEntry {
  problemId: number;
  externalId: string;
  title: string;
  reason: string;
  /** Who excluded it (an account's email); null in local mode. */
  by: string | null;
  at: Date;
}

export interface ExclusionInput {
  externalId: string;
  reason: string;
}

/** What a change did: rows added or whose reason changed (exclude), or rows removed (include). */
export interface ExclusionChange {
  changed: number;
  dataVersion: number;
}

const LIST_SQL = `
  SELECT x.problem_id, p.external_id, p.title, x.reason, u.email AS by, x.created_at AS at
  FROM problem_exclusion x JOIN problem p ON p.id = x.problem_id LEFT JOIN app_user u ON u.id = x.created_by_id
  WHERE x.study_id = $1 AND ($2::int IS NULL OR x.problem_id = $2) ORDER BY p.external_id, p.id`;

/** The study's exclusions (of one problem, when given), by external id. */
export async function listExclusions(db: Db, studyId: number, problemId?: number): Promise<ProblemExclusionEntry[]> {
  const { rows } = await db.pool.query<{
    problem_id: number;
    external_id: string;
    title: string;
    reason: string;
    by: string | null;
    at: Date;
  }>(LIST_SQL, [studyId, problemId ?? null]);
  return rows.map((r) => ({
    problemId: r.problem_id,
    externalId: r.external_id,
    title: r.title,
    reason: r.reason,
    by: r.by,
    at: r.at,
  }));
}

/** The problem's exclusion from the study, if it is excluded. */
export async function findExclusion(
  db: Db,
  studyId: number,
  problemId: number,
): Promise<ProblemExclusionEntry | undefined> {
  return (await listExclusions(db, studyId, problemId))[0];
}

/** Problem ids of the study by external id; ids the study does not have are refused, all named. */
async function resolveProblems(
  client: pg.PoolClient,
  studyId: number,
  externalIds: readonly string[],
): Promise<Map<string, number[]>> {
  const { rows } = await client.query<{ id: number; external_id: string }>(
    `SELECT p.id, p.external_id FROM problem p
     WHERE p.external_id = ANY($2::text[])
       AND p.benchmark_id IN (SELECT r.benchmark_id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1)`,
    [studyId, [...new Set(externalIds)]],
  );
  const found = new Map<string, number[]>();
  for (const r of rows) found.set(r.external_id, [...(found.get(r.external_id) ?? []), r.id]);
  const unknown = [...new Set(externalIds)].filter((id) => !found.has(id));
  if (unknown.length)
    throw new InvalidInputError(
      `the study has no problem ${unknown.map((id) => JSON.stringify(id)).join(', ')}: name problems by their id as the solve matrix shows it; nothing was changed`,
    );
  return found;
}

async function bump(client: pg.PoolClient, studyId: number): Promise<number> {
  const { rows } = await client.query<{ data_version: number }>(
    'UPDATE study SET data_version = data_version + 1, updated_at = now() WHERE id = $1 RETURNING data_version',
    [studyId],
  );
  return rows[0]!.data_version;
}

async function currentVersion(client: pg.PoolClient, studyId: number): Promise<number> {
  const { rows } = await client.query<{ data_version: number }>('SELECT data_version FROM study WHERE id = $1', [
    studyId,
  ]);
  return rows[0]!.data_version;
}

/**
 * Excludes the problems with their reasons, all or none. Excluding an excluded problem again
 * updates its reason (and changes nothing when the reason is the same).
 */
export async function excludeProblems(
  db: Db,
  studyId: number,
  items: readonly ExclusionInput[],
  byUserId: string | null,
): Promise<ExclusionChange> {
  for (const item of items) {
    const problem = exclusionReasonProblem(item.reason);
    if (problem) throw new InvalidInputError(`excluding ${JSON.stringify(item.externalId)} ${problem}`);
  }
  return withTransaction(db.pool, async (client) => {
    const ids = await resolveProblems(
      client,
      studyId,
      items.map((i) => i.externalId),
    );
    // The last reason given for a problem wins, as a later line of a list would.
    const rows = new Map<number, string>();
    for (const item of items) for (const id of ids.get(item.externalId)!) rows.set(id, item.reason.trim());
    const { rowCount } = await client.query(
      `INSERT INTO problem_exclusion (study_id, problem_id, reason, created_by_id)
       SELECT $1, x.problem_id, x.reason, $4 FROM unnest($2::int[], $3::text[]) AS x(problem_id, reason)
       ON CONFLICT (study_id, problem_id) DO UPDATE SET reason = EXCLUDED.reason, created_by_id = EXCLUDED.created_by_id,
         created_at = now()
       WHERE problem_exclusion.reason IS DISTINCT FROM EXCLUDED.reason`,
      [studyId, [...rows.keys()], [...rows.values()], byUserId],
    );
    const changed = rowCount ?? 0;
    return { changed, dataVersion: changed ? await bump(client, studyId) : await currentVersion(client, studyId) };
  });
}

/** Counts the problems again; problems that were not excluded are left as they are. */
export async function includeProblems(
  db: Db,
  studyId: number,
  externalIds: readonly string[],
): Promise<ExclusionChange> {
  return withTransaction(db.pool, async (client) => {
    const ids = await resolveProblems(client, studyId, externalIds);
    const { rowCount } = await client.query(
      'DELETE FROM problem_exclusion WHERE study_id = $1 AND problem_id = ANY($2::int[])',
      [studyId, [...ids.values()].flat()],
    );
    const changed = rowCount ?? 0;
    return { changed, dataVersion: changed ? await bump(client, studyId) : await currentVersion(client, studyId) };
  });
}
