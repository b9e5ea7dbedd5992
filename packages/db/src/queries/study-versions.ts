import type { Db } from '../client';

// What a reader caches by: a study's version moves with its data_version (bumped by every
// aggregation), its checkpoint count (merges add checkpoints before they have data) and
// updated_at (imports). Read on every API request, so it stays one small raw query.
const VERSION_SQL = `
  SELECT s.id, s.data_version || '.' || (SELECT count(*) FROM checkpoint c WHERE c.study_id = s.id) || '.' ||
         (extract(epoch FROM s.updated_at) * 1000)::bigint AS version
  FROM study s`;

/** The version of one study's data; undefined when there is no such study. */
export async function getStudyVersion(db: Db, studyId: number): Promise<string | undefined> {
  const { rows } = await db.pool.query<{ version: string }>(`${VERSION_SQL} WHERE s.id = $1`, [studyId]);
  return rows[0]?.version;
}

/** One version for the whole list of studies (any study added, removed or changed moves it). */
export async function getStudiesVersion(db: Db): Promise<string> {
  const { rows } = await db.pool.query<{ v: string | null }>(
    `SELECT string_agg(id || ':' || version, ',' ORDER BY id) AS v FROM (${VERSION_SQL}) x`,
  );
  return rows[0]!.v ?? 'none';
}
