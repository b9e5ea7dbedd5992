import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importBenchmark } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { tempDir } from './lcb-fixture';
import { runCli } from './run-cli';
import { ADDERS } from '../../worker/test/support';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestDatabase;
const dir = tempDir();

beforeAll(async () => {
  t = await createTestDatabase();
  await importBenchmark(t.db, ADDERS);
});
afterAll(async () => t?.drop());

describe('importing samples without verdicts', () => {
  it('queues pipeline jobs that judge them, writing verdicts, per-test arrays and aggregates', async () => {
    const lines = [
      { problem_id: 'add', code: 'a, b = map(int, input().split())\nprint(a + b)\n' },
      { problem_id: 'add', code: 'a, b = map(int, input().split())\nprint(a - b)\n' },
      { problem_id: 'add', code: 'a, b = map(int, input().split())\nprint(3)\n' },
    ];
    const file = join(dir, 'unjudged.jsonl');
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n'));
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const r = await runCli(['import', file, '--study', 'Unjudged', '--alpha', '0.5', '--benchmark', 'adders'], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('3 samples have no verdict');
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    try {
      for (let i = 0; i < 600; i++) {
        const { rows } = await t.db.pool.query<{ pending: number }>('SELECT coalesce(sum(pending), -1)::int AS pending FROM run_problem_aggregate');
        const { rows: jobs } = await t.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM graphile_worker.jobs');
        if (rows[0]!.pending === 0 && jobs[0]!.n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
    } finally {
      worker.kill('SIGTERM');
      await new Promise((res) => worker.on('exit', res));
    }
    const { rows } = await t.db.pool.query('SELECT idx, verdict, coverage_passed, test_verdicts FROM sample ORDER BY idx');
    expect(rows).toEqual([
      { idx: 0, verdict: 'AC', coverage_passed: 2, test_verdicts: [0, 0] },
      { idx: 1, verdict: 'WA', coverage_passed: 0, test_verdicts: [1] },
      { idx: 2, verdict: 'WA', coverage_passed: 1, test_verdicts: [0, 1] },
    ]);
    const { rows: agg } = await t.db.pool.query('SELECT n, solved, wa, pending, fail_tier_hist FROM run_problem_aggregate');
    expect(agg).toEqual([{ n: 3, solved: 1, wa: 2, pending: 0, fail_tier_hist: [1, 1] }]);
    // The import's work went through the same jobs as an evaluation's, on its run instead of an
    // alpha: an aggregation at once (run by the CLI), and judging followed by a second one.
    const { rows: jobs } = await t.db.pool.query(
      `SELECT kind, alpha, state, depends_on_id IS NOT NULL AS waits, jsonb_array_length(params->'runIds')::int AS runs FROM pipeline_job ORDER BY id`,
    );
    expect(jobs).toEqual([
      { kind: 'aggregate', alpha: null, state: 'SUCCEEDED', waits: false, runs: 1 },
      { kind: 'judge', alpha: null, state: 'SUCCEEDED', waits: false, runs: 1 },
      { kind: 'aggregate', alpha: null, state: 'SUCCEEDED', waits: true, runs: 1 },
    ]);
  }, 120_000);
});
