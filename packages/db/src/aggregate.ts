import type { Db } from './client';
import type { Queryable } from './queryable';
import { withTransaction } from './transaction';

// Recomputes the (run, problem) aggregates of the given runs from their samples and bumps the
// data version of the studies they belong to, all in one transaction. n excludes IE (a judge
// fault, never the model's) and samples not judged yet (counted as pending).
export async function recomputeAggregates(db: Db, runIds: readonly number[]): Promise<number> {
  return withTransaction(db.pool, async (client) => {
    const rows = await writeAggregates(client, runIds);
    await client.query(
      `UPDATE study SET data_version = data_version + 1, updated_at = now()
       WHERE id IN (SELECT c.study_id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE r.id = ANY($1::int[]))`,
      [runIds],
    );
    return rows;
  });
}

/** The runs' aggregates rewritten from their samples, inside the caller's transaction; the rows written. */
export async function writeAggregates(client: Queryable, runIds: readonly number[]): Promise<number> {
  await client.query('DELETE FROM run_problem_aggregate WHERE run_id = ANY($1::int[])', [runIds]);
  // One scan of the runs' samples, grouped down to (run, problem, verdict, coverage) counts;
  // both the verdict counts and the failing tier histogram come from those (at 10M samples a
  // scan takes ~15 s). The histograms split by failure class (the Frontier tab's failure tiers
  // along alpha) come from the same groups.
  const { rowCount } = await client.query(
    `WITH g AS MATERIALIZED (
       SELECT run_id, problem_id, verdict, failure_class, coverage_passed, count(*)::int AS n FROM sample
       WHERE run_id = ANY($1::int[]) GROUP BY 1, 2, 3, 4, 5),
     -- Failing samples by the tier they first failed, where per-test results exist (judged
     -- here, or imported with tests): the evidence of the triage queue.
     t AS (
       SELECT run_id, problem_id, coverage_passed + 1 AS tier, sum(n)::int AS n,
              coalesce(sum(n) FILTER (WHERE failure_class = 'CORRECTNESS'), 0)::int AS c,
              coalesce(sum(n) FILTER (WHERE failure_class = 'OPTIMIZATION'), 0)::int AS o
       FROM g
       WHERE verdict NOT IN ('AC', 'IE') AND coverage_passed IS NOT NULL
       GROUP BY 1, 2, 3),
     m AS (SELECT run_id, problem_id, max(tier) AS k FROM t GROUP BY 1, 2),
     h AS (
       SELECT m.run_id, m.problem_id, array_agg(coalesce(t.n, 0) ORDER BY s.tier) AS hist,
              array_agg(coalesce(t.c, 0) ORDER BY s.tier) AS hist_c, array_agg(coalesce(t.o, 0) ORDER BY s.tier) AS hist_o
       FROM m CROSS JOIN LATERAL generate_series(1, m.k) AS s(tier)
       LEFT JOIN t ON t.run_id = m.run_id AND t.problem_id = m.problem_id AND t.tier = s.tier
       GROUP BY 1, 2)
     INSERT INTO run_problem_aggregate (run_id, problem_id, n, solved, ac, wa, tle, mle, re, ce, ole, ie, pending, fail_tier_hist,
                                        fail_tier_correctness, fail_tier_optimization)
     SELECT g.run_id, g.problem_id,
       coalesce(sum(g.n) FILTER (WHERE verdict IS NOT NULL AND verdict <> 'IE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'AC'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'AC'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'WA'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'TLE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'MLE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'RE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'CE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'OLE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict = 'IE'), 0),
       coalesce(sum(g.n) FILTER (WHERE verdict IS NULL), 0),
       h.hist, coalesce(h.hist_c, '{}'), coalesce(h.hist_o, '{}')
     FROM g LEFT JOIN h ON h.run_id = g.run_id AND h.problem_id = g.problem_id
     GROUP BY g.run_id, g.problem_id, h.hist, h.hist_c, h.hist_o`,
    [runIds],
  );
  return rowCount ?? 0;
}
