import type pg from 'pg';
import { getJob, queueJob, type JobKind, type PipelineJobRow } from './job-rows';
import { withTransaction } from '../transaction';

// State changes of a pipeline job. Each is one statement guarded by the current state, so a
// cancelled job is never revived by a worker that was still running it.

export async function markRunning(pool: pg.Pool, id: number): Promise<PipelineJobRow | undefined> {
  const { rowCount } = await pool.query(
    `UPDATE pipeline_job SET state = 'RUNNING', attempts = attempts + 1, started_at = now(), error = NULL
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING', 'FAILED')`,
    [id],
  );
  return rowCount ? getJob(pool, id) : undefined;
}

export async function reportProgress(pool: pg.Pool, id: number, done: number, total: number): Promise<boolean> {
  const { rows } = await pool.query<{ state: string }>(
    `UPDATE pipeline_job SET progress_done = $2, progress_total = $3 WHERE id = $1 RETURNING state`,
    [id, done, total],
  );
  return rows[0]?.state === 'RUNNING';
}

/** Marks the job done and queues the jobs waiting on it, in one transaction. */
export async function markSucceeded(pool: pg.Pool, id: number): Promise<void> {
  return withTransaction(pool, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE pipeline_job SET state = 'SUCCEEDED', finished_at = now(), progress_done = GREATEST(progress_done, progress_total)
       WHERE id = $1 AND state = 'RUNNING'`,
      [id],
    );
    if (rowCount) {
      const { rows } = await client.query<{ id: number; kind: JobKind; max_attempts: number }>(
        `SELECT id, kind, max_attempts FROM pipeline_job WHERE depends_on_id = $1 AND state = 'QUEUED'`,
        [id],
      );
      for (const next of rows) await queueJob(client, next.id, next.kind, next.max_attempts);
    }
  });
}

/** Records a failed attempt; the last allowed attempt makes the job (and those after it) FAILED. */
export async function markAttemptFailed(pool: pg.Pool, id: number, message: string, final: boolean): Promise<void> {
  await pool.query(
    `UPDATE pipeline_job SET error = $2, state = CASE WHEN $3 THEN 'FAILED'::"JobState" ELSE state END,
       finished_at = CASE WHEN $3 THEN now() ELSE finished_at END
     WHERE id = $1 AND state = 'RUNNING'`,
    [id, message, final],
  );
  if (final) {
    await pool.query(
      `WITH RECURSIVE later AS (SELECT id FROM pipeline_job WHERE depends_on_id = $1
         UNION SELECT j.id FROM pipeline_job j JOIN later l ON j.depends_on_id = l.id)
       UPDATE pipeline_job SET state = 'CANCELLED', error = 'an earlier step failed', finished_at = now()
       WHERE id IN (SELECT id FROM later) AND state = 'QUEUED'`,
      [id],
    );
  }
}

/** Cancels a job and everything after it; a running step notices at its next progress report. */
export async function cancelJob(pool: pg.Pool, id: number): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `WITH RECURSIVE chain AS (SELECT id FROM pipeline_job WHERE id = $1
       UNION SELECT j.id FROM pipeline_job j JOIN chain c ON j.depends_on_id = c.id)
     UPDATE pipeline_job SET state = 'CANCELLED', finished_at = now(), error = COALESCE(error, 'cancelled')
     WHERE id IN (SELECT id FROM chain) AND state IN ('QUEUED', 'RUNNING') RETURNING id`,
    [id],
  );
  if (rows.length) {
    await pool.query(`SELECT graphile_worker.remove_job(key) FROM unnest($1::text[]) AS key`, [rows.map((r) => `pipeline:${r.id}`)]);
  }
  return rows.length;
}
