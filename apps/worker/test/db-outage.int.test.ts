// A Postgres restart in the middle of the pipeline, as a failover or a package upgrade does it
// (immediate shutdown, a few seconds down): the worker rides it out, and the pipeline completes
// with every aggregate equal to a recount of its samples. The test owns its embedded server.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, queueEvaluation, startEmbeddedPostgres, type Db, type EmbeddedServer } from '@frontier/db';
import { createToyStudy, spawnWorker, stopWorker, until, type WorkerProcess } from './support';
import { freePort } from '../../../packages/db/test/free-port';

const SUBSET = ['two-sum-count', 'lis-length', 'edit-distance', 'coin-change-ways'];
const N = 16;
const work = mkdtempSync(join(tmpdir(), 'frontier-outage-'));
chmodSync(work, 0o755);
let server: EmbeddedServer;
let port: number;
let db: Db;
let studyId: number;

const start = () => startEmbeddedPostgres({ dataDir: join(work, 'pg'), port });

/** Immediate shutdown (SIGQUIT to the postmaster: no checkpoint, clients cut off), as in a crash or failover. */
function crashPostgres(): void {
  const pid = Number(readFileSync(join(work, 'pg', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]);
  process.kill(pid, 'SIGQUIT');
}

const counts = async () =>
  (
    await db.pool.query<{ judged: string; total: string; open: string }>(
      `SELECT (SELECT count(*) FROM sample WHERE verdict IS NOT NULL) AS judged, (SELECT count(*) FROM sample) AS total,
            (SELECT count(*) FROM pipeline_job WHERE state NOT IN ('SUCCEEDED', 'FAILED', 'CANCELLED')) AS open`,
    )
  ).rows[0]!;

beforeAll(async () => {
  port = await freePort();
  server = await start();
  db = createDb(server.url, { max: 4 });
  await migrate(db.pool);
  studyId = await createToyStudy(db, { name: 'Outage test', problemIds: SUBSET, samples: N, work });
}, 180_000);

afterAll(async () => {
  await db?.close().catch(() => {});
  await server?.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe('a database restart mid-pipeline', () => {
  it('is ridden out by the worker: the pipeline completes and every aggregate equals a recount', async () => {
    let w: WorkerProcess | undefined;
    try {
      w = spawnWorker({ DATABASE_URL: server.url, FRONTIER_DATA_DIR: work, WORKER_CONCURRENCY: '2' });
      await queueEvaluation(db, studyId, [0.25, 0.5, 0.75]);
      // Down while samples are being judged, as in the report that filed this.
      await until('some samples judged', async () => Number((await counts()).judged) > 0, 240_000);
      crashPostgres();
      await new Promise((r) => setTimeout(r, 5_000));
      server = await start();
      const done = await until(
        'the pipeline to finish after the restart',
        async () => {
          if (w!.child.exitCode !== null)
            throw new Error(`the worker exited (code ${w!.child.exitCode}):\n${w!.output().slice(-3000)}`);
          const c = await counts().catch(() => undefined);
          return c && Number(c.open) === 0 && Number(c.total) > 0 ? c : undefined;
        },
        300_000,
      ).catch(async (err: Error) => {
        const jobs = await db.pool
          .query('SELECT id, kind, alpha, state, attempts, error FROM pipeline_job ORDER BY id')
          .catch((e: Error) => ({ rows: e.message }));
        throw new Error(`${err.message}\njobs: ${JSON.stringify(jobs.rows)}\nworker:\n${w!.output().slice(-6000)}`);
      });
      expect(w.output()).toMatch(/database unavailable/);
      const { rows: failed } = await db.pool.query(
        `SELECT kind, alpha, error FROM pipeline_job WHERE state <> 'SUCCEEDED'`,
      );
      expect(failed).toEqual([]);
      expect(Number(done.total)).toBe(3 * SUBSET.length * N); // nothing lost, nothing duplicated
      expect(Number(done.judged)).toBe(3 * SUBSET.length * N);
      const { rows } = await db.pool.query(
        `SELECT a.run_id, a.problem_id, a.n, a.solved, a.tle + a.mle AS opt, a.wa + a.re + a.ce + a.ole AS cor,
           (SELECT count(*) FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS n2,
           (SELECT count(*) FILTER (WHERE verdict = 'AC') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS ac,
           (SELECT count(*) FILTER (WHERE failure_class = 'OPTIMIZATION') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS o,
           (SELECT count(*) FILTER (WHERE failure_class = 'CORRECTNESS') FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id)::int AS c
         FROM run_problem_aggregate a JOIN eval_run r ON r.id = a.run_id JOIN checkpoint k ON k.id = r.checkpoint_id WHERE k.study_id = $1`,
        [studyId],
      );
      expect(rows.length).toBe(3 * SUBSET.length);
      for (const r of rows) expect([r.n, r.solved, r.opt, r.cor]).toEqual([r.n2, r.ac, r.o, r.c]);
    } finally {
      if (w) await stopWorker(w);
    }
  }, 600_000);

  it('longer than the patience (FRONTIER_DB_PATIENCE) ends the worker, saying why', async () => {
    const w = spawnWorker({
      DATABASE_URL: server.url,
      FRONTIER_DATA_DIR: work,
      WORKER_CONCURRENCY: '1',
      FRONTIER_DB_PATIENCE: '4',
    });
    try {
      await until('the worker to be ready', async () => /\[worker\] ready/.test(w.output()), 60_000);
      crashPostgres();
      const code = await Promise.race([w.exited, new Promise((r) => setTimeout(() => r('still running'), 90_000))]);
      expect(code, w.output().slice(-3000)).toBe(1);
      expect(w.output()).toMatch(/unreachable for \d+ s, longer than the patience \(FRONTIER_DB_PATIENCE 4 s\)/);
    } finally {
      await stopWorker(w);
      server = await start(); // for afterAll's clean stop
    }
  }, 180_000);
});
