import type pg from 'pg';
import { addJob } from '../jobs';

type Queryable = Pick<pg.PoolClient, 'query'>;

export type JobKind = 'merge' | 'generate' | 'judge' | 'aggregate';
export type JobStateName = 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';

export interface PipelineJobRow {
  id: number;
  studyId: number;
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

const COLUMNS = `id, study_id AS "studyId", kind, alpha, checkpoint_id AS "checkpointId", run_id AS "runId",
  depends_on_id AS "dependsOnId", state, progress_done AS "progressDone", progress_total AS "progressTotal",
  attempts, max_attempts AS "maxAttempts", error, params, created_at AS "createdAt", started_at AS "startedAt",
  finished_at AS "finishedAt"`;

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
  const { rows } = await client.query<PipelineJobRow>(`SELECT ${COLUMNS} FROM pipeline_job WHERE id = $1`, [id]);
  return rows[0];
}

export async function listJobs(client: Queryable, filter: { studyId?: number; limit?: number } = {}): Promise<PipelineJobRow[]> {
  const { rows } = await client.query<PipelineJobRow>(
    `SELECT ${COLUMNS} FROM pipeline_job WHERE ($1::int IS NULL OR study_id = $1) ORDER BY id DESC LIMIT $2`,
    [filter.studyId ?? null, filter.limit ?? 500],
  );
  return rows;
}
