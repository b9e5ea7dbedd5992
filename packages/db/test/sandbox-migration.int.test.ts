import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../src/migrate';
import { createTestDatabase, type TestDatabase } from './test-database';

// The migration that records sandbox backends, on rows written before it: undone on a migrated
// database, the old rows inserted, then applied again.
const MIGRATION = readFileSync(join(MIGRATIONS_DIR, '20261205090000_sandbox_backends', 'migration.sql'), 'utf8');
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.pool.query(
    'ALTER TABLE sample DROP COLUMN sandbox; ALTER TABLE judged_program DROP COLUMN sandbox; DROP TYPE "SandboxBackend"',
  );
});
afterAll(async () => t?.drop());

it('says cgroup1 where the pipeline judged, and nothing for imported verdicts, unjudged samples and empty programs', async () => {
  const q = (sql: string, params: unknown[] = []) => t.db.pool.query(sql, params);
  const study = (await q(`INSERT INTO study (name) VALUES ('s') RETURNING id`)).rows[0].id;
  const bench = (await q(`INSERT INTO benchmark (name) VALUES ('b') RETURNING id`)).rows[0].id;
  const problem = (await q(`INSERT INTO problem (benchmark_id, external_id) VALUES ($1, 'p') RETURNING id`, [bench]))
    .rows[0].id;
  const cp = (await q(`INSERT INTO checkpoint (study_id, name, role) VALUES ($1, 'c', 'LOW') RETURNING id`, [study]))
    .rows[0].id;
  const run = (await q(`INSERT INTO eval_run (checkpoint_id, benchmark_id) VALUES ($1, $2) RETURNING id`, [cp, bench]))
    .rows[0].id;
  await q(
    `INSERT INTO sample (run_id, problem_id, idx, code, verdict, coverage_passed, test_verdicts) VALUES
       ($1, $2, 0, 'print(1)', 'WA', 1, '{0,1}'),   -- judged by the pipeline
       ($1, $2, 1, 'print(1)', 'AC', NULL, '{0,0}'), -- imported with its verdict
       ($1, $2, 2, 'print(1)', NULL, NULL, NULL),    -- not judged yet
       ($1, $2, 3, E' \\n', 'CE', 0, '{}')           -- an empty program: nothing ran`,
    [run, problem],
  );
  await q(
    `INSERT INTO judged_program (key, verdict, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib) VALUES ('k', 'WA', 1, '{0,1}', '{1,1}', '{9,9}')`,
  );
  await q(MIGRATION);
  expect((await q('SELECT idx, sandbox FROM sample ORDER BY idx')).rows).toEqual([
    { idx: 0, sandbox: 'cgroup1' },
    { idx: 1, sandbox: null },
    { idx: 2, sandbox: null },
    { idx: 3, sandbox: null },
  ]);
  expect((await q('SELECT key, sandbox FROM judged_program')).rows).toEqual([{ key: 'k', sandbox: 'cgroup1' }]);
  // New cached results must say which backend judged them.
  await expect(
    q(
      `INSERT INTO judged_program (key, verdict, coverage_passed, test_verdicts, test_cpu_ms, test_peak_kib) VALUES ('k2', 'AC', 1, '{0}', '{1}', '{9}')`,
    ),
  ).rejects.toThrow(/sandbox/);
});
