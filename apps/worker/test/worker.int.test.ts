import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importStudy, type ProblemSamples } from '@frontier/db';
import { createTestDatabase, type TestDatabase } from '../../../packages/db/test/test-database';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
let t: TestDatabase;

function startWorker(): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.url, WORKER_CONCURRENCY: '2' },
  });
  let output = '';
  child.stderr!.on('data', (d) => (output += d));
  child.stdout!.on('data', (d) => (output += d));
  return { child, exited: new Promise((r) => child.on('exit', (code) => r(code))), output: () => output };
}

async function* problems(seed: number): AsyncGenerator<ProblemSamples> {
  for (let p = 0; p < 5; p++) {
    yield {
      problem: { externalId: `p${p}`, difficulty: p % 2 ? 'hard' : 'easy' },
      samples: Array.from({ length: 4 }, (_, idx) => ({ idx, code: 'print(1)', verdict: (idx + p + seed) % 3 === 0 ? 'AC' : 'TLE' }) as const),
    };
  }
}

async function until(check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
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
        runs: [{ source: `mem:${i}`, sourceHash: `h${i}`, checkpoint: { name: `c${i}`, role: 'MERGED', alpha: i / 4, scale: '' }, setting: 'reasoning', problems: () => problems(i) }],
      });
    }
    await until(async () => {
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
    await until(async () => workers.every((w) => w.output().includes('ready')));
    for (const w of workers) w.child.kill('SIGTERM');
    const codes = await Promise.all(workers.map((w) => w.exited));
    expect(codes).toEqual([0, 0]);
    expect(workers.map((w) => w.output()).join('')).toContain('finishing jobs in progress');
  });

  it('refuses to start with a bad environment, naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: t.url, WORKER_CONCURRENCY: 'lots' },
    });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).not.toBe(0);
    expect(err).toContain('WORKER_CONCURRENCY');
  });
});
