import type pg from 'pg';
import { VERDICTS } from '@frontier/core';
import type { Db } from './client';
import type { Queryable } from './queryable';
import { fillResponseChars } from './response-chars';
import { withTransaction } from './transaction';

// Recomputes the (run, problem) aggregates of the given runs from their samples and bumps the
// data version of the studies they belong to, all in one transaction. n excludes IE (a judge
// fault, never the model's) and samples not judged yet (counted as pending).
export async function recomputeAggregates(db: Db, runIds: readonly number[]): Promise<number> {
  return recomputeRunAggregates(db.pool, runIds);
}

/** recomputeAggregates on a bare pool, for migrate(), which runs before any Db exists. */
export async function recomputeRunAggregates(pool: pg.Pool, runIds: readonly number[]): Promise<number> {
  await fillResponseChars(pool, runIds);
  return withTransaction(pool, (client) => writeAggregates(client, runIds));
}

/** The aggregates' rewrite itself, inside the caller's transaction (an archive import's). */
export async function writeAggregates(client: Queryable, runIds: readonly number[]): Promise<number> {
  await client.query('DELETE FROM run_problem_aggregate WHERE run_id = ANY($1::int[])', [runIds]);
  // Run by run: one statement over many runs got a plan whose cost grew with the square of the
  // (run, problem) pairs (41 runs x 1,000 problems took over 13 minutes; one run takes ~50 ms).
  let rows = 0;
  for (const runId of runIds) rows += await writeRunAggregates(client, runId);
  await client.query(
    `UPDATE study SET data_version = data_version + 1, updated_at = now()
     WHERE id IN (SELECT c.study_id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE r.id = ANY($1::int[]))`,
    [runIds],
  );
  return rows;
}

/** One run's aggregates from its samples (writeAggregates has deleted the old ones). */
async function writeRunAggregates(client: Queryable, runId: number): Promise<number> {
  const runIds = [runId];
  // One scan of the run's samples, grouped down to (run, problem, verdict, coverage) counts;
  // the verdict counts, the failing tier histograms (all, and by failure class for the failure
  // tiers along alpha) and the length sums come from those (at 10M samples a scan takes ~15 s).
  const { rowCount } = await client.query(
    `WITH g AS MATERIALIZED (
       SELECT run_id, problem_id, verdict, failure_class, coverage_passed, count(*)::int AS n,
         sum(response_chars)::bigint AS chars, sum(completion_tokens)::bigint AS tokens,
         count(completion_tokens)::int AS token_n
       FROM sample
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
       GROUP BY 1, 2),
     -- Response length by verdict, one slot per verdict code ($2 lists the verdicts in code
     -- order), zeros where the cell has no sample of that verdict.
     l AS (
       SELECT run_id, problem_id, verdict::text AS verdict, sum(chars) AS chars, sum(tokens) AS tokens,
         sum(token_n) AS token_n
       FROM g WHERE verdict IS NOT NULL GROUP BY 1, 2, 3),
     la AS (
       SELECT k.run_id, k.problem_id,
         array_agg(coalesce(l.chars, 0) ORDER BY v.code) AS chars,
         array_agg(coalesce(l.tokens, 0) ORDER BY v.code) AS tokens,
         array_agg(coalesce(l.token_n, 0)::int ORDER BY v.code) AS token_n
       FROM (SELECT DISTINCT run_id, problem_id FROM g) k
       CROSS JOIN unnest($2::text[]) WITH ORDINALITY AS v(verdict, code)
       LEFT JOIN l ON l.run_id = k.run_id AND l.problem_id = k.problem_id AND l.verdict = v.verdict
       GROUP BY 1, 2)
     INSERT INTO run_problem_aggregate (run_id, problem_id, n, solved, ac, wa, tle, mle, re, ce, ole, ie, pending, fail_tier_hist,
                                        fail_tier_correctness, fail_tier_optimization, len_chars, len_tokens, len_token_n)
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
       h.hist, coalesce(h.hist_c, '{}'), coalesce(h.hist_o, '{}'), la.chars, la.tokens, la.token_n
     FROM g LEFT JOIN h ON h.run_id = g.run_id AND h.problem_id = g.problem_id
     JOIN la ON la.run_id = g.run_id AND la.problem_id = g.problem_id
     GROUP BY g.run_id, g.problem_id, h.hist, h.hist_c, h.hist_o, la.chars, la.tokens, la.token_n`,
    [runIds, VERDICTS],
  );
  return rowCount ?? 0;
}
