import type { Db } from '../client';
import { withTransaction } from '../transaction';

// Two judge jobs on one run at once would run the same programs twice (storeVerdicts keeps the
// first verdict, but the work is done twice): an import's chain and an evaluation's on the same
// run, or a run imported again while the first import's job still judges it. A judge job therefore
// claims the run it judges in pipeline_job.run_id: the claim holds while the job is RUNNING (an
// attempt that failed and waits for its retry included) and lapses when it succeeds, fails or is
// cancelled, so a worker that dies never leaves a run claimed; its retry is the same job and
// takes the claim back. No connection is held while judging.

/**
 * Claims `runId` for judge job `jobId` (releasing the run it claimed before). Returns undefined
 * when claimed, or the id of the running judge job that holds the run; then this job holds no
 * run, so two jobs waiting for each other's runs cannot happen.
 */
export async function claimRunForJudging(db: Db, jobId: number, runId: number): Promise<number | undefined> {
  return withTransaction(db.pool, async (client) => {
    // Claims of one run take turns: the second sees the first's committed claim.
    await client.query(`SELECT pg_advisory_xact_lock(hashtextextended('frontier judge run ' || $1::text, 0))`, [runId]);
    const { rows } = await client.query<{ id: number }>(
      `SELECT id FROM pipeline_job WHERE kind = 'judge' AND state = 'RUNNING' AND run_id = $2 AND id <> $1 ORDER BY id LIMIT 1`,
      [jobId, runId],
    );
    const holder = rows[0]?.id;
    await client.query('UPDATE pipeline_job SET run_id = $2 WHERE id = $1', [
      jobId,
      holder === undefined ? runId : null,
    ]);
    return holder;
  });
}
