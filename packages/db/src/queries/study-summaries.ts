import type { Db } from '../client';

export interface StudySummary {
  id: number;
  name: string;
  description: string;
  origin: string;
  createdAt: Date;
  checkpoints: number;
  /** Judged samples, internal errors and pending excluded (the aggregates' n). */
  samples: number;
  /** Samples the judge failed on itself (IE): stored, never counted. */
  internalErrors: number;
  /** Samples waiting for the judge. */
  pending: number;
  dataVersion: number;
}

// Counts come from run_problem_aggregate, never from the raw sample table: one aggregate read
// per study, so raw SQL (Prisma cannot sum over a relation's relation).
const SUMMARY_SQL = `
  SELECT s.id, s.name, s.description, s.origin, s.created_at, s.data_version,
         (SELECT count(*) FROM checkpoint c WHERE c.study_id = s.id)::int AS checkpoints,
         coalesce(agg.samples, 0)::bigint AS samples,
         coalesce(agg.ie, 0)::bigint AS ie,
         coalesce(agg.pending, 0)::bigint AS pending
  FROM study s
  LEFT JOIN LATERAL (
    SELECT sum(a.n) AS samples, sum(a.ie) AS ie, sum(a.pending) AS pending
    FROM checkpoint c
    JOIN eval_run r ON r.checkpoint_id = c.id
    JOIN run_problem_aggregate a ON a.run_id = r.id
    WHERE c.study_id = s.id
  ) agg ON true`;

interface SummaryRow {
  id: number;
  name: string;
  description: string;
  origin: string;
  created_at: Date;
  data_version: number;
  checkpoints: number;
  samples: string;
  ie: string;
  pending: string;
}

const toSummary = (r: SummaryRow): StudySummary => ({
  id: r.id,
  name: r.name,
  description: r.description,
  origin: r.origin,
  createdAt: r.created_at,
  checkpoints: r.checkpoints,
  samples: Number(r.samples),
  internalErrors: Number(r.ie),
  pending: Number(r.pending),
  dataVersion: r.data_version,
});

/** Every study with its counts, newest first. */
export async function listStudySummaries(db: Db): Promise<StudySummary[]> {
  const { rows } = await db.pool.query<SummaryRow>(`${SUMMARY_SQL} ORDER BY s.created_at DESC, s.id DESC`);
  return rows.map(toSummary);
}

export async function getStudySummary(db: Db, studyId: number): Promise<StudySummary | undefined> {
  const { rows } = await db.pool.query<SummaryRow>(`${SUMMARY_SQL} WHERE s.id = $1`, [studyId]);
  return rows[0] && toSummary(rows[0]);
}
