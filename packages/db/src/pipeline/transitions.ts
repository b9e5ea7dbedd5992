import type { JobKind } from '@frontier/core';
import type { Db } from '../client';
import { withTransaction } from '../transaction';
import { getJob, jobKeyOf, queueJob, type PipelineJobRow } from './job-rows';

// State changes of a pipeline job. Each is guarded by the current state, so a cancelled job is
// never revived by a worker that was still running it.

/** Starts an attempt; undefined when the job is no longer to be run (cancelled, or done). */
export async function markRunning(db: Db, id: number): Promise<PipelineJobRow | undefined> {
  // A job that is RUNNING without an error was waiting (a refinement run between looks) or lost
  // its worker: it keeps the time it started. A new job, or a retry after a failed attempt, starts now.
  const { rowCount } = await db.pool.query(
    `UPDATE pipeline_job SET attempts = attempts + 1, error = NULL,
       started_at = CASE WHEN state = 'RUNNING' AND error IS NULL AND started_at IS NOT NULL THEN started_at ELSE now() END,
       state = 'RUNNING'
     WHERE id = $1 AND state IN ('QUEUED', 'RUNNING', 'FAILED')`,
    [id],
  );
  return rowCount ? getJob(db, id) : undefined;
}

/**
 * Hands a running job back to the queue to run again after `ms` (a refinement run waiting for its
 * chains): the pass that looked is not an attempt. False when it is no longer running (cancelled).
 */
export async function runAgainLater(db: Db, id: number, kind: JobKind, ms: number): Promise<boolean> {
  return withTransaction(db.pool, async (client) => {
    const { rows } = await client.query<{ max_attempts: number }>(
      `UPDATE pipeline_job SET attempts = GREATEST(attempts - 1, 0) WHERE id = $1 AND state = 'RUNNING' RETURNING max_attempts`,
      [id],
    );
    if (!rows[0]) return false;
    await queueJob(client, id, kind, rows[0].max_attempts, new Date(Date.now() + ms));
    return true;
  });
}

/** Records progress; false when the job is no longer running (it was cancelled meanwhile). */
export async function reportProgress(db: Db, id: number, done: number, total: number): Promise<boolean> {
  const { rows } = await db.pool.query<{ state: string }>(
    `UPDATE pipeline_job SET progress_done = $2, progress_total = $3 WHERE id = $1 RETURNING state`,
    [id, done, total],
  );
  return rows[0]?.state === 'RUNNING';
}

/** Marks the job done and queues the jobs waiting on it, in one transaction. */
export async function markSucceeded(db: Db, id: number): Promise<void> {
  return withTransaction(db.pool, async (client) => {
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

/** Records a failed attempt; the last allowed attempt makes the job FAILED and cancels those after it. */
export async function markAttemptFailed(db: Db, id: number, message: string, final: boolean): Promise<void> {
  await db.prisma.pipelineJob.updateMany({
    where: { id, state: 'RUNNING' },
    data: final ? { error: message, state: 'FAILED', finishedAt: new Date() } : { error: message },
  });
  if (final) {
    await db.pool.query(
      `WITH RECURSIVE later AS (SELECT id FROM pipeline_job WHERE depends_on_id = $1
         UNION SELECT j.id FROM pipeline_job j JOIN later l ON j.depends_on_id = l.id)
       UPDATE pipeline_job SET state = 'CANCELLED', error = 'an earlier step failed', finished_at = now()
       WHERE id IN (SELECT id FROM later) AND state = 'QUEUED'`,
      [id],
    );
  }
}

/**
 * Cancels a job and everything after it (and, for a refinement run, the chains it queued); a
 * running step notices at its next progress report.
 */
export async function cancelJob(db: Db, id: number): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    `WITH RECURSIVE chain AS (SELECT id FROM pipeline_job WHERE id = $1
       UNION SELECT j.id FROM pipeline_job j JOIN chain c ON j.depends_on_id = c.id OR j.parent_id = c.id)
     UPDATE pipeline_job SET state = 'CANCELLED', finished_at = now(), error = COALESCE(error, 'cancelled')
     WHERE id IN (SELECT id FROM chain) AND state IN ('QUEUED', 'RUNNING') RETURNING id`,
    [id],
  );
  if (rows.length) {
    await db.pool.query(`SELECT graphile_worker.remove_job(key) FROM unnest($1::text[]) AS key`, [
      rows.map((r) => jobKeyOf(r.id)),
    ]);
  }
  return rows.length;
}
