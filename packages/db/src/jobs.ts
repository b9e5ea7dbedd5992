import type pg from 'pg';

type Queryable = Pick<pg.PoolClient, 'query'>;

// Jobs are added with graphile-worker's SQL API, inside the caller's transaction when there is
// one, so a job exists exactly when the data it refers to was committed.
export async function addJob(client: Queryable, task: string, payload: unknown, opts: { jobKey?: string; maxAttempts?: number } = {}): Promise<void> {
  await client.query('SELECT graphile_worker.add_job($1, $2::json, job_key := $3, max_attempts := $4)', [
    task,
    JSON.stringify(payload),
    opts.jobKey ?? null,
    opts.maxAttempts ?? 5,
  ]);
}

export async function enqueueAggregate(client: Queryable, runIds: number[]): Promise<string> {
  const ids = [...new Set(runIds)].sort((a, b) => a - b);
  const jobKey = `aggregate:${ids.join(',')}`;
  await addJob(client, 'aggregate', { runIds: ids }, { jobKey });
  return jobKey;
}

export interface JobState {
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
}

/** The queued job with this key, or undefined once it has completed. */
export async function jobByKey(client: Queryable, jobKey: string): Promise<JobState | undefined> {
  const { rows } = await client.query<{ attempts: number; max_attempts: number; last_error: string | null }>(
    'SELECT attempts, max_attempts, last_error FROM graphile_worker.jobs WHERE key = $1',
    [jobKey],
  );
  const r = rows[0];
  return r && { attempts: r.attempts, maxAttempts: r.max_attempts, lastError: r.last_error };
}

/** Queues judging of imported samples that have no verdict yet (the task aggregates after). */
export async function enqueueJudge(client: Queryable, runIds: number[]): Promise<string> {
  const ids = [...new Set(runIds)].sort((a, b) => a - b);
  const jobKey = `judge:${ids.join(',')}`;
  await addJob(client, 'judge', { runIds: ids }, { jobKey });
  return jobKey;
}
