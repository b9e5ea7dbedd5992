import type { Db } from './client';
import { withTransaction } from './transaction';

// Recomputes the (run, problem) aggregates of the given runs from their samples and bumps the
// data version of the studies they belong to, all in one transaction. n excludes IE (a judge
// fault, never the model's) and samples not judged yet (counted as pending).
export async function recomputeAggregates(db: Db, runIds: readonly number[]): Promise<number> {
  return withTransaction(db.pool, async (client) => {
    await client.query('DELETE FROM run_problem_aggregate WHERE run_id = ANY($1::int[])', [runIds]);
    const { rowCount } = await client.query(
      `INSERT INTO run_problem_aggregate (run_id, problem_id, n, solved, ac, wa, tle, mle, re, ce, ole, ie, pending)
       SELECT run_id, problem_id,
         count(*) FILTER (WHERE verdict IS NOT NULL AND verdict <> 'IE'),
         count(*) FILTER (WHERE verdict = 'AC'),
         count(*) FILTER (WHERE verdict = 'AC'),
         count(*) FILTER (WHERE verdict = 'WA'),
         count(*) FILTER (WHERE verdict = 'TLE'),
         count(*) FILTER (WHERE verdict = 'MLE'),
         count(*) FILTER (WHERE verdict = 'RE'),
         count(*) FILTER (WHERE verdict = 'CE'),
         count(*) FILTER (WHERE verdict = 'OLE'),
         count(*) FILTER (WHERE verdict = 'IE'),
         count(*) FILTER (WHERE verdict IS NULL)
       FROM sample WHERE run_id = ANY($1::int[])
       GROUP BY run_id, problem_id`,
      [runIds],
    );
    // Failing samples by the tier they first failed, where per-test results exist (judged here,
    // or imported with tests): the evidence of the triage queue.
    await client.query(
      `WITH t AS (
         SELECT run_id, problem_id, coverage_passed + 1 AS tier, count(*)::int AS n FROM sample
         WHERE run_id = ANY($1::int[]) AND verdict NOT IN ('AC', 'IE') AND coverage_passed IS NOT NULL
         GROUP BY 1, 2, 3),
       m AS (SELECT run_id, problem_id, max(tier) AS k FROM t GROUP BY 1, 2)
       UPDATE run_problem_aggregate a SET fail_tier_hist = (
         SELECT array_agg(coalesce(t.n, 0) ORDER BY g) FROM generate_series(1, m.k) AS g
         LEFT JOIN t ON t.run_id = m.run_id AND t.problem_id = m.problem_id AND t.tier = g)
       FROM m WHERE a.run_id = m.run_id AND a.problem_id = m.problem_id`,
      [runIds],
    );
    await client.query(
      `UPDATE study SET data_version = data_version + 1, updated_at = now()
       WHERE id IN (SELECT c.study_id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE r.id = ANY($1::int[]))`,
      [runIds],
    );
    return rowCount ?? 0;
  });
}
