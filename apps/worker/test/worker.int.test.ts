import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, importStudy, insertChain, type ProblemSamples } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';
import { spawnWorker, stopWorker, until, type WorkerProcess } from './support';

let t: TestDatabase;

const startWorker = (): WorkerProcess => spawnWorker({ DATABASE_URL: t.url, WORKER_CONCURRENCY: '2' });

async function* problems(seed: number): AsyncGenerator<ProblemSamples> {
  for (let p = 0; p < 5; p++) {
    yield {
      problem: { externalId: `p${p}`, difficulty: p % 2 ? 'hard' : 'easy' },
      samples: Array.from(
        { length: 4 },
        (_, idx) => ({ idx, code: 'print(1)', verdict: (idx + p + seed) % 3 === 0 ? 'AC' : 'TLE' }) as const,
      ),
    };
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => t?.drop());

describe('worker', () => {
  it('runs queued aggregate jobs with two worker processes sharing one database, then stops on SIGTERM', async () => {
    const workers = [startWorker(), startWorker()];
    for (let i = 0; i < 6; i++) {
      await importStudy(t.db, {
        study: { name: `S${i}` },
        benchmark: 'B',
        runs: [
          {
            source: `mem:${i}`,
            sourceHash: `h${i}`,
            checkpoint: { name: `c${i}`, role: 'MERGED', alpha: i / 4, scale: '' },
            setting: 'reasoning',
            problems: () => problems(i),
          },
        ],
      });
    }
    await until('every aggregate', async () => {
      const { rows } = await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM run_problem_aggregate');
      const jobs = await t.db.pool.query<{ n: string }>('SELECT count(*) AS n FROM graphile_worker.jobs');
      return Number(rows[0]!.n) === 30 && Number(jobs.rows[0]!.n) === 0;
    });
    // Each aggregate equals the counts of its samples.
    const { rows } = await t.db.pool.query(
      `SELECT a.n, a.solved, a.tle, (SELECT count(*) FROM sample s WHERE s.run_id = a.run_id AND s.problem_id = a.problem_id AND s.verdict = 'AC')::int AS ac
       FROM run_problem_aggregate a`,
    );
    for (const r of rows) {
      expect(r.n).toBe(4);
      expect(r.solved).toBe(r.ac);
      expect(r.tle).toBe(4 - r.ac);
    }
    // Both must be running (a loaded machine can still be starting one) before they are asked to stop.
    await until('both workers to be ready', async () => workers.every((w) => w.output().includes('ready')));
    for (const w of workers) w.child.kill('SIGTERM');
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes).toEqual([0, 0]);
    expect(workers.map((w) => w.output()).join('')).toContain('finishing jobs in progress');
  });

  it('refuses to start with a bad environment, naming the variable', async () => {
    for (const [name, value] of [
      ['WORKER_CONCURRENCY', 'lots'],
      ['WORKER_TASKS', 'merge,gpu'],
      ['WORKER_TASKS', 'merge,,judge'],
    ] as const) {
      const w = spawnWorker({ DATABASE_URL: t.url, [name]: value });
      expect(await w.exited).not.toBe(0);
      expect(w.output()).toContain(name);
    }
  });

  it('takes only the tasks it was given: a judge-and-aggregate worker never locks a merge or generate job', async () => {
    const { rows } = await t.db.pool.query<{ id: number }>(
      `INSERT INTO study (name, origin) VALUES ('Routing', 'demo') RETURNING id`,
    );
    const jobs: number[] = [];
    for (const kind of ['merge', 'generate', 'aggregate'] as const)
      jobs.push(...(await insertChain(t.db.pool, rows[0]!.id, null, [kind], { runIds: [1] })));
    const w = spawnWorker({ DATABASE_URL: t.url, WORKER_TASKS: 'judge,aggregate' });
    try {
      await until('the worker to be ready', async () => w.output().includes('ready'));
      expect(w.output()).toContain('tasks judge, aggregate');
      // The aggregate job (its runs are gone, so it has nothing to do) is taken and finishes ...
      await until('the aggregate job', async () => (await getJob(t.db, jobs[2]!))?.state === 'SUCCEEDED');
      await new Promise((r) => setTimeout(r, 1500)); // several polls of the queue
      // ... while merge and generate were never locked nor attempted.
      const { rows: queued } = await t.db.pool.query<{
        task_identifier: string;
        attempts: number;
        locked_by: string | null;
      }>('SELECT task_identifier, attempts, locked_by FROM graphile_worker.jobs ORDER BY id');
      expect(queued).toEqual([
        { task_identifier: 'pipeline:merge', attempts: 0, locked_by: null },
        { task_identifier: 'pipeline:generate', attempts: 0, locked_by: null },
      ]);
      for (const id of jobs.slice(0, 2)) expect((await getJob(t.db, id))?.state).toBe('QUEUED');
    } finally {
      await stopWorker(w);
    }
  });
});
