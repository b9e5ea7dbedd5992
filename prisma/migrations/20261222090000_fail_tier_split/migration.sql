-- The failing tier histogram split by failure class (issue: failure tiers along alpha): judged
-- samples that failed, by the tier of their first failing test, for correctness failures and for
-- optimization failures apart, so the Frontier tab can show how the failing tier moves along alpha
-- without reading raw samples. Existing aggregates are filled from their samples here (one scan of
-- the sample table, grouped as aggregate.ts groups it).
ALTER TABLE "run_problem_aggregate"
  ADD COLUMN "fail_tier_correctness" INTEGER[] NOT NULL DEFAULT '{}',
  ADD COLUMN "fail_tier_optimization" INTEGER[] NOT NULL DEFAULT '{}';

WITH t AS (
  SELECT run_id, problem_id, coverage_passed + 1 AS tier,
         count(*) FILTER (WHERE failure_class = 'CORRECTNESS')::int AS c,
         count(*) FILTER (WHERE failure_class = 'OPTIMIZATION')::int AS o
  FROM sample
  WHERE verdict IS NOT NULL AND verdict NOT IN ('AC', 'IE') AND coverage_passed IS NOT NULL
  GROUP BY 1, 2, 3),
m AS (SELECT run_id, problem_id, max(tier) AS k FROM t GROUP BY 1, 2),
h AS (
  SELECT m.run_id, m.problem_id,
         array_agg(coalesce(t.c, 0) ORDER BY s.tier) AS c,
         array_agg(coalesce(t.o, 0) ORDER BY s.tier) AS o
  FROM m CROSS JOIN LATERAL generate_series(1, m.k) AS s(tier)
  LEFT JOIN t ON t.run_id = m.run_id AND t.problem_id = m.problem_id AND t.tier = s.tier
  GROUP BY 1, 2)
UPDATE "run_problem_aggregate" a SET fail_tier_correctness = h.c, fail_tier_optimization = h.o
FROM h WHERE a.run_id = h.run_id AND a.problem_id = h.problem_id;
