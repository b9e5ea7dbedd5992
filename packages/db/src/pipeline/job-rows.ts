import type pg from 'pg';
import { addJob } from '../jobs';

type Queryable = Pick<pg.PoolClient, 'query'>;

export type JobKind = 'merge' | 'generate' | 'judge' | 'aggregate';
export type JobStateName = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface PipelineJobRow {
  id: number;
  studyId: number;
  studyName: string;
  kind: JobKind;
  alpha: number | null;
  checkpointId: number | null;
  runId: number | null;
  dependsOnId: number | null;
  state: JobStateName;
  progressDone: number;
  progressTotal: number;
  attempts: number;
  maxAttempts: number;
  error: string | null;
  params: Record<string, unknown>;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const COLUMNS = `j.id, j.study_id AS "studyId", s.name AS "studyName", j.kind, j.alpha, j.checkpoint_id AS "checkpointId",
  j.run_id AS "runId", j.depends_on_id AS "dependsOnId", j.state, j.progress_done AS "progressDone",
  j.progress_total AS "progressTotal", j.attempts, j.max_attempts AS "maxAttempts", j.error, j.params,
  j.created_at AS "createdAt", j.started_at AS "startedAt", j.finished_at AS "finishedAt"`;

/** graphile-worker task identifier that runs a pipeline job of this kind. */
export const taskFor = (kind: JobKind) => `pipeline:${kind}`;

export async function insertJob(
  client: Queryable,
  job: { studyId: number; kind: JobKind; alpha: number | null; checkpointId?: number | null; runId?: number | null; dependsOnId?: number | null; params?: object },
): Promise<number> {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO pipeline_job (study_id, kind, alpha, checkpoint_id, run_id, depends_on_id, params)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [job.studyId, job.kind, job.alpha, job.checkpointId ?? null, job.runId ?? null, job.dependsOnId ?? null, job.params ?? {}],
  );
  return rows[0]!.id;
}

// The graphile job key is the row id: queuing twice is harmless, and cancel can remove it.
export async function queueJob(client: Queryable, id: number, kind: JobKind, maxAttempts: number): Promise<void> {
  await addJob(client, taskFor(kind), { jobId: id }, { jobKey: `pipeline:${id}`, maxAttempts });
}

export async function getJob(client: Queryable, id: number): Promise<PipelineJobRow | undefined> {
  const { rows } = await client.query<PipelineJobRow>(`SELECT ${COLUMNS} FROM pipeline_job j JOIN study s ON s.id = j.study_id WHERE j.id = $1`, [id]);
  return rows[0];
}

export async function listJobs(client: Queryable, filter: { studyId?: number; limit?: number } = {}): Promise<PipelineJobRow[]> {
  const { rows } = await client.query<PipelineJobRow>(
    `SELECT ${COLUMNS} FROM pipeline_job j JOIN study s ON s.id = j.study_id
     WHERE ($1::int IS NULL OR j.study_id = $1) ORDER BY j.id DESC LIMIT $2`,
    [filter.studyId ?? null, filter.limit ?? 500],
  );
  return rows;
}

/**
 * The newest jobs of one study, in one round trip that also tells whether the study exists
 * (undefined when it does not): what a polled jobs page needs.
 */
export async function listStudyJobs(client: Queryable, studyId: number, limit = 500): Promise<PipelineJobRow[] | undefined> {
  const { rows } = await client.query<{ found: boolean; jobs: PipelineJobRow[] | null }>(
    `SELECT EXISTS (SELECT 1 FROM study WHERE id = $1) AS found,
            (SELECT json_agg(x ORDER BY x.id DESC) FROM (
               SELECT ${COLUMNS} FROM pipeline_job j JOIN study s ON s.id = j.study_id
               WHERE j.study_id = $1 ORDER BY j.id DESC LIMIT $2) x) AS jobs`,
    [studyId, limit],
  );
  const row = rows[0]!;
  if (!row.found) return undefined;
  // json_agg gives timestamps as strings; the row type has Dates, as pg returns them elsewhere.
  return (row.jobs ?? []).map((j) => ({ ...j, createdAt: new Date(j.createdAt), startedAt: j.startedAt && new Date(j.startedAt), finishedAt: j.finishedAt && new Date(j.finishedAt) }));
}
