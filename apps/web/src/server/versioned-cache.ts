import 'server-only';
import { getDb } from './db';
import { notFound } from './http-error';

// Read results that depend only on a study's data are computed once per version of that data and
// then served from memory: the read path under load is one cheap query plus a cache lookup.
// A study's version moves with its data_version (bumped by every aggregation), its checkpoint
// count (merges add checkpoints before they have data) and updated_at (imports).
const entries = new Map<string, Promise<unknown>>();
const MAX_ENTRIES = 256;

export function cachedByVersion<T>(key: string, version: string, compute: () => Promise<T>): Promise<T> {
  const id = `${key}@${version}`;
  let entry = entries.get(id) as Promise<T> | undefined;
  if (!entry) {
    entry = compute();
    entry.catch(() => entries.delete(id));
    entries.set(id, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  return entry;
}

const VERSION_SQL = `
  SELECT s.id, s.data_version || '.' || (SELECT count(*) FROM checkpoint c WHERE c.study_id = s.id) || '.' ||
         (extract(epoch FROM s.updated_at) * 1000)::bigint AS version
  FROM study s`;

/** The version of one study's data; a 404 HttpError when there is no such study. */
export async function studyVersion(studyId: number): Promise<string> {
  const db = await getDb();
  const { rows } = await db.pool.query<{ version: string }>(`${VERSION_SQL} WHERE s.id = $1`, [studyId]);
  if (!rows[0]) throw notFound(`no study with id ${studyId}`);
  return rows[0].version;
}

/** One version for the whole list of studies (any study added, removed or changed moves it). */
export async function allStudiesVersion(): Promise<string> {
  const db = await getDb();
  const { rows } = await db.pool.query<{ v: string | null }>(`SELECT string_agg(id || ':' || version, ',' ORDER BY id) AS v FROM (${VERSION_SQL}) x`);
  return rows[0]!.v ?? 'none';
}
