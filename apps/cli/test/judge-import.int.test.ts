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
  it('queues a judge job per run, which workers judge, writing verdicts, per-test arrays and aggregates', async () => {
    const add = (sign: string) => `a, b = map(int, input().split())\nprint(a ${sign} b)\n`;
    const lines = [
      { problem_id: 'add', code: add('+') },
      { problem_id: 'add', code: add('-') },
      { problem_id: 'add', code: 'a, b = map(int, input().split())\nprint(3)\n' },
    ];
    writeFileSync(join(dir, 'unjudged.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
    // A second checkpoint: one sample with its verdict, one without.
    writeFileSync(
      join(dir, 'mixed.jsonl'),
      [
        { problem_id: 'add', code: add('+'), verdict: 'AC' },
        { problem_id: 'add', code: add('*') },
      ]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    // A third whose samples all came with a verdict: nothing to judge there.
    writeFileSync(join(dir, 'judged.jsonl'), JSON.stringify({ problem_id: 'add', code: add('+'), verdict: 'AC' }));
    const manifest = join(dir, 'unjudged.yaml');
    writeFileSync(
      manifest,
      'study: Unjudged\nbenchmark: adders\nentries:\n  - { path: unjudged.jsonl, alpha: 0.5 }\n  - { path: mixed.jsonl, alpha: 0.75 }\n  - { path: judged.jsonl, alpha: 1 }\n',
    );
    const env = { DATABASE_URL: t.url, FRONTIER_DATA_DIR: dir };
    const r = await runCli(['import', manifest], env);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "4 samples have no verdict: queued for judging against the benchmark's hidden tests, a job per run (judge workers share them)",
    );
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: 'ignore',
    });
    try {
      for (let i = 0; i < 600; i++) {
        const { rows } = await t.db.pool.query<{ pending: number }>(
          'SELECT coalesce(sum(pending), -1)::int AS pending FROM run_problem_aggregate',
        );
        const { rows: jobs } = await t.db.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM graphile_worker.jobs',
        );
        if (rows[0]!.pending === 0 && jobs[0]!.n === 0) break;
        await new Promise((res) => setTimeout(res, 100));
      }
    } finally {
      worker.kill('SIGTERM');
      await new Promise((res) => worker.on('exit', res));
    }
    const { rows } = await t.db.pool.query(
      `SELECT c.alpha, s.idx, s.verdict, s.coverage_passed, s.test_verdicts FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id ORDER BY c.alpha, s.idx`,
    );
    expect(rows).toEqual([
      { alpha: 0.5, idx: 0, verdict: 'AC', coverage_passed: 2, test_verdicts: [0, 0] },
      { alpha: 0.5, idx: 1, verdict: 'WA', coverage_passed: 0, test_verdicts: [1] },
      { alpha: 0.5, idx: 2, verdict: 'WA', coverage_passed: 1, test_verdicts: [0, 1] },
      { alpha: 0.75, idx: 0, verdict: 'AC', coverage_passed: null, test_verdicts: [] },
      { alpha: 0.75, idx: 1, verdict: 'WA', coverage_passed: 0, test_verdicts: [1] },
      { alpha: 1, idx: 0, verdict: 'AC', coverage_passed: null, test_verdicts: [] },
    ]);
    const { rows: agg } = await t.db.pool.query(
      'SELECT c.alpha, n, solved, wa, pending, fail_tier_hist FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint c ON c.id = r.checkpoint_id ORDER BY c.alpha',
    );
    expect(agg).toEqual([
      { alpha: 0.5, n: 3, solved: 1, wa: 2, pending: 0, fail_tier_hist: [1, 1] },
      { alpha: 0.75, n: 2, solved: 1, wa: 1, pending: 0, fail_tier_hist: [1] },
      { alpha: 1, n: 1, solved: 1, wa: 0, pending: 0, fail_tier_hist: null },
    ]);
    // The import's work went through the same jobs as an evaluation's, on runs instead of an
    // alpha: an aggregation of every run at once (run by the CLI), and for each run with samples
    // to judge a chain of its own, judging followed by a second aggregation of that run, so that
    // several workers judge one import at once.
    const { rows: runs } = await t.db.pool.query<{ id: number }>(
      'SELECT r.id FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id ORDER BY c.alpha',
    );
    const [half, threeQuarters, one] = runs.map((x) => x.id) as [number, number, number];
    const { rows: jobs } = await t.db.pool.query(
      `SELECT kind, alpha, state, attempts, depends_on_id IS NOT NULL AS waits, params->'runIds' AS runs FROM pipeline_job ORDER BY id`,
    );
    expect(jobs).toEqual([
      {
        kind: 'aggregate',
        alpha: null,
        state: 'SUCCEEDED',
        attempts: 1,
        waits: false,
        runs: [half, threeQuarters, one].sort((a, b) => a - b),
      },
      {
        kind: 'judge',
        alpha: null,
        state: 'SUCCEEDED',
        attempts: 1,
        waits: false,
        runs: [Math.min(half, threeQuarters)],
      },
      {
        kind: 'aggregate',
        alpha: null,
        state: 'SUCCEEDED',
        attempts: 1,
        waits: true,
        runs: [Math.min(half, threeQuarters)],
      },
      {
        kind: 'judge',
        alpha: null,
        state: 'SUCCEEDED',
        attempts: 1,
        waits: false,
        runs: [Math.max(half, threeQuarters)],
      },
      {
        kind: 'aggregate',
        alpha: null,
        state: 'SUCCEEDED',
        attempts: 1,
        waits: true,
        runs: [Math.max(half, threeQuarters)],
      },
    ]);
  }, 120_000);
});
