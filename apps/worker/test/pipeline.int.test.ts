import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueEvaluation, type StudyConfig } from '@frontier/db';
import { DEMO_ENDPOINTS } from '@frontier/minilab';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { createToyStudy, spawnWorker, stopWorker, until, type WorkerProcess } from './support';

// The whole pipeline on a three-problem subset of minilab: real merge, toy-policy generation,
// the real judge in its sandbox, aggregation, with worker processes as in production.
const SUBSET = ['two-sum-count', 'lis-length', 'edit-distance'];
const N = 8;
const work = mkdtempSync(join(tmpdir(), 'frontier-pipeline-'));
chmodSync(work, 0o755);
let t: TestDatabase;
let studyId: number;

const worker = (): WorkerProcess =>
  spawnWorker({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: work, WORKER_CONCURRENCY: '2' });

const jobStates = async (alpha: number) =>
  (
    await t.db.pool.query<{ kind: string; state: string; error: string | null }>(
      'SELECT kind, state, error FROM pipeline_job WHERE study_id = $1 AND alpha = $2 ORDER BY id',
      [studyId, alpha],
    )
  ).rows;

async function runCounts(alpha: number) {
  const { rows } = await t.db.pool.query<{ samples: string; unjudged: string; agg: string; agg_rows: string }>(
    `SELECT (SELECT count(*) FROM sample s WHERE s.run_id = r.id) AS samples,
            (SELECT count(*) FROM sample s WHERE s.run_id = r.id AND s.verdict IS NULL) AS unjudged,
            (SELECT coalesce(sum(a.n + a.ie + a.pending), 0) FROM run_problem_aggregate a WHERE a.run_id = r.id) AS agg,
            (SELECT count(*) FROM run_problem_aggregate a WHERE a.run_id = r.id) AS agg_rows
     FROM eval_run r JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1 AND c.alpha = $2`,
    [studyId, alpha],
  );
  return rows.map((r) => ({
    samples: Number(r.samples),
    unjudged: Number(r.unjudged),
    agg: Number(r.agg),
    aggRows: Number(r.agg_rows),
  }));
}

beforeAll(async () => {
  t = await createTestDatabase();
  studyId = await createToyStudy(t.db, { name: 'Pipeline test', problemIds: SUBSET, samples: N, work });
}, 120_000);
afterAll(async () => t?.drop());

describe('evaluation pipeline', () => {
  it('merges, generates, judges and aggregates each alpha, interpolated and extrapolated', async () => {
    const w = worker();
    try {
      await queueEvaluation(t.db, studyId, [0.5, 1.5]);
      for (const alpha of [0.5, 1.5]) {
        await until(`alpha ${alpha}`, async () => {
          const jobs = await jobStates(alpha);
          const failed = jobs.find((j) => j.state === 'FAILED');
          if (failed) throw new Error(`${failed.kind} failed: ${failed.error}`);
          return jobs.every((j) => j.state === 'SUCCEEDED');
        });
        expect(existsSync(join(work, 'checkpoints', `alpha=${alpha}`, 'merge.json'))).toBe(true);
        expect(await runCounts(alpha)).toEqual([
          { samples: SUBSET.length * N, unjudged: 0, agg: SUBSET.length * N, aggRows: SUBSET.length },
        ]);
      }
      // Aggregates equal the verdict counts of the stored samples.
      const { rows } = await t.db.pool.query(
        `SELECT a.run_id, a.problem_id, a.solved, a.tle + a.mle AS opt, a.wa + a.re + a.ce + a.ole AS cor,
           (SELECT count(*) FILTER (WHERE verdict = 'AC') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS ac,
           (SELECT count(*) FILTER (WHERE failure_class = 'OPTIMIZATION') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS o,
           (SELECT count(*) FILTER (WHERE failure_class = 'CORRECTNESS') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS c
         FROM run_problem_aggregate a`,
      );
      for (const r of rows) expect([r.solved, r.opt, r.cor]).toEqual([r.ac, r.o, r.c]);
      // The first-failing-tier histogram accounts for every failing sample.
      const { rows: hist } = await t.db.pool.query(
        `SELECT coalesce((SELECT sum(x) FROM unnest(a.fail_tier_hist) x), 0)::int AS in_hist, (a.n - a.solved) AS failing FROM run_problem_aggregate a`,
      );
      for (const h of hist) expect(h.in_hist).toBe(h.failing);
      // Each distinct program was judged once and remembered.
      const { rows: judged } = await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM judged_program');
      expect(Number(judged[0]!.n)).toBeGreaterThan(0);
    } finally {
      await stopWorker(w);
    }
  }, 300_000);

  it('leaves every sample exactly once after a worker is killed with SIGKILL while judging', async () => {
    // Forget earlier verdicts so this judge step really runs programs (and takes seconds).
    await t.db.pool.query('DELETE FROM judged_program');
    const first = worker();
    await queueEvaluation(t.db, studyId, [2]);
    await until('the judge step to start', async () =>
      (await jobStates(2)).some((j) => j.kind === 'judge' && j.state === 'RUNNING'),
    );
    first.child.kill('SIGKILL');
    await first.exited;
    const second = worker();
    try {
      await until('alpha 2 after the restart', async () => {
        const jobs = await jobStates(2);
        const failed = jobs.find((j) => j.state === 'FAILED');
        if (failed) throw new Error(`${failed.kind} failed: ${failed.error}`);
        return jobs.every((j) => j.state === 'SUCCEEDED');
      });
      expect(await runCounts(2)).toEqual([
        { samples: SUBSET.length * N, unjudged: 0, agg: SUBSET.length * N, aggRows: SUBSET.length },
      ]);
    } finally {
      await stopWorker(second);
    }
  }, 300_000);

  it('fails with a clear message, leaving nothing behind, when an endpoint directory is missing', async () => {
    const { rows } = await t.db.pool.query<{ config: StudyConfig }>('SELECT config FROM study WHERE id = $1', [
      studyId,
    ]);
    const broken = { ...rows[0]!.config, endpoints: { lo: join(work, 'no-such-dir'), hi: DEMO_ENDPOINTS.hi } };
    const { rows: s } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO study (name, origin, config) VALUES ('Broken', 'demo', $1) RETURNING id`,
      [broken],
    );
    const w = worker();
    try {
      await queueEvaluation(t.db, s[0]!.id, [0.25]);
      const merge = await until('the merge to fail', async () => {
        const { rows: jobs } = await t.db.pool.query<{ state: string; error: string; attempts: number }>(
          `SELECT state, error, attempts FROM pipeline_job WHERE study_id = $1 AND kind = 'merge'`,
          [s[0]!.id],
        );
        return jobs[0]?.error ? jobs[0] : undefined;
      });
      expect(merge.error).toContain('no-such-dir');
      expect(merge.error).toContain('does not exist');
      expect(existsSync(join(work, 'checkpoints', 'alpha=0.25'))).toBe(false);
      const { rows: samples } = await t.db.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM sample s JOIN eval_run r ON r.id = s.run_id JOIN checkpoint c ON c.id = r.checkpoint_id WHERE c.study_id = $1',
        [s[0]!.id],
      );
      expect(Number(samples[0]!.n)).toBe(0);
    } finally {
      await stopWorker(w);
    }
  }, 120_000);
});
