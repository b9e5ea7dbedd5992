import 'server-only';
import { cache } from 'react';
import type { StudySummary } from '../lib/api-types';
import { getDb } from './db';
import { notFound } from './http-error';
import { allStudiesVersion, cachedByVersion, studyVersion } from './versioned-cache';

// Counts come from run_problem_aggregate: never from the raw sample table.
const STUDY_SUMMARY_SQL = `
  SELECT s.id, s.name, s.description, s.origin, s.created_at,
         (SELECT count(*) FROM checkpoint c WHERE c.study_id = s.id)::int AS checkpoints,
         coalesce(agg.samples, 0)::bigint AS samples,
         coalesce(agg.pending, 0)::bigint AS pending
  FROM study s
  LEFT JOIN LATERAL (
    SELECT sum(a.n) AS samples, sum(a.pending) AS pending
    FROM checkpoint c
    JOIN eval_run r ON r.checkpoint_id = c.id
    JOIN run_problem_aggregate a ON a.run_id = r.id
    WHERE c.study_id = s.id
  ) agg ON true`;

interface StudyRow {
  id: number;
  name: string;
  description: string;
  origin: string;
  created_at: Date;
  checkpoints: number;
  samples: string;
  pending: string;
}

function toSummary(row: StudyRow): StudySummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    origin: row.origin,
    createdAt: row.created_at.toISOString(),
    checkpoints: row.checkpoints,
    samples: Number(row.samples),
    pending: Number(row.pending),
  };
}

/** Every study, newest first (computed once per version of the list). */
export async function listStudies(): Promise<StudySummary[]> {
  return cachedByVersion('studies', await allStudiesVersion(), async () => {
    const db = await getDb();
    const { rows } = await db.pool.query<StudyRow>(`${STUDY_SUMMARY_SQL} ORDER BY s.created_at DESC, s.id DESC`);
    return rows.map(toSummary);
  });
}

/** One study; a 404 HttpError when there is none with this id. Memoised per request and per data version. */
export const getStudy = cache(async (id: number): Promise<StudySummary> =>
  cachedByVersion(`study:${id}`, await studyVersion(id), async () => {
    const db = await getDb();
    const { rows } = await db.pool.query<StudyRow>(`${STUDY_SUMMARY_SQL} WHERE s.id = $1`, [id]);
    const row = rows[0];
    if (!row) throw notFound(`no study with id ${id}`);
    return toSummary(row);
  }),
);
