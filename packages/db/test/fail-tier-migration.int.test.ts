import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { writeAggregates } from '../src/aggregate';
import { MIGRATIONS_DIR } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

// The migration that splits the failing tier histogram by class, on aggregates written before
// it: undone on a migrated database, rows written, then applied again. It must fill them as the
// aggregate writer does.
const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '20261222090000_fail_tier_split', 'migration.sql'), 'utf8');
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

it('fills the split histograms of existing aggregates from their samples, as the aggregate writer does', async () => {
  const q = (sql: string, params: unknown[] = []) => t.db.pool.query(sql, params);
  const study = (await q(`INSERT INTO study (name) VALUES ('s') RETURNING id`)).rows[0].id;
  const bench = (await q(`INSERT INTO benchmark (name) VALUES ('b') RETURNING id`)).rows[0].id;
  const problems = [];
  for (const p of ['p', 'q'])
    problems.push(
      (await q(`INSERT INTO problem (benchmark_id, external_id) VALUES ($1, $2) RETURNING id`, [bench, p])).rows[0].id,
    );
  const cp = (await q(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'c', 'LOW') RETURNING id`, [study]))
    .rows[0].id;
  const run = (await q(`INSERT INTO eval_run (checkpoint_id, benchmark_id) VALUES ($1, $2) RETURNING id`, [cp, bench]))
    .rows[0].id;
  await q(
    `INSERT INTO sample (run_id, problem_id, idx, code, verdict, failure_class, coverage_passed) VALUES
       ($1, $2, 0, 'x', 'WA', 'CORRECTNESS', 0), ($1, $2, 1, 'x', 'TLE', 'OPTIMIZATION', 3),
       ($1, $2, 2, 'x', 'MLE', 'OPTIMIZATION', 3), ($1, $2, 3, 'x', 'AC', 'SOLVED', 4),
       ($1, $2, 4, 'x', 'WA', 'CORRECTNESS', NULL), ($1, $3, 0, 'x', 'AC', 'SOLVED', 2)`,
    [run, problems[0], problems[1]],
  );
  await writeAggregates(t.db.pool, [run]);
  const expected = (
    await q(
      'SELECT problem_id, fail_tier_correctness, fail_tier_optimization FROM run_problem_aggregate ORDER BY problem_id',
    )
  ).rows;
  expect(expected[0]).toMatchObject({ fail_tier_correctness: [1, 0, 0, 0], fail_tier_optimization: [0, 0, 0, 2] });
  expect(expected[1]).toMatchObject({ fail_tier_correctness: [], fail_tier_optimization: [] });

  await q('ALTER TABLE run_problem_aggregate DROP COLUMN fail_tier_correctness, DROP COLUMN fail_tier_optimization');
  await q(MIGRATION);
  const migrated = (
    await q(
      'SELECT problem_id, fail_tier_correctness, fail_tier_optimization FROM run_problem_aggregate ORDER BY problem_id',
    )
  ).rows;
  expect(migrated).toEqual(expected);
});
