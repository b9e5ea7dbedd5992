import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, importStudy, migrate, startEmbeddedPostgres, type Db, type ProblemSamples } from '@frontier/db';
import { readPostmaster } from '../../../packages/db/src/embedded/process-files';
import { createTestDatabase } from '../../../packages/db/test/test-database';
import { until } from '../../worker/test/support';
import { childrenOf, isAlive, spawnUp, type UpProcess } from './up-process';

// `frontier up` supervises its children: one that dies is restarted (with backoff, see
// restart-policy.ts) and the rest keep running; SIGTERM still stops everything.

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'frontier-up-'));
  chmodSync(dir, 0o755); // the embedded server runs as the postgres user when we are root
  dirs.push(dir);
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

async function* problems(): AsyncGenerator<ProblemSamples> {
  for (let p = 0; p < 3; p++) {
    yield {
      problem: { externalId: `p${p}`, difficulty: 'easy' },
      samples: [0, 1].map((idx) => ({ idx, code: 'print(1)', verdict: idx ? 'AC' : 'WA' }) as const),
    };
  }
}

/** Imports a study of one run (3 problems): that queues an aggregate job for the worker. */
const importOne = (db: Db, name: string) =>
  importStudy(db, {
    study: { name },
    benchmark: 'B',
    runs: [
      {
        source: `mem:${name}`,
        sourceHash: name,
        checkpoint: { name, role: 'MERGED', alpha: 0.5, scale: '' },
        setting: 'reasoning',
        problems,
      },
    ],
  });

/** Waits until the worker has aggregated every imported run and the queue is empty. */
const aggregated = (db: Db, runs: number) =>
  until(
    `${runs} aggregated runs`,
    async () => {
      const { rows } = await db.pool.query<{ n: number; queued: number }>(
        'SELECT (SELECT count(*) FROM run_problem_aggregate)::int AS n, (SELECT count(*) FROM graphile_worker.jobs)::int AS queued',
      );
      return rows[0]!.n === 3 * runs && rows[0]!.queued === 0;
    },
    120_000,
  );

/** SIGTERM, as a service manager stops it: exit 0, and none of its children left. */
async function stopUp(up: UpProcess): Promise<void> {
  const children = childrenOf(up.child.pid!);
  up.child.kill('SIGTERM');
  expect(await up.exited).toBe(0);
  expect(up.output()).toContain('[frontier] stopping…');
  // (tsx's esbuild service, also a child, ends when its pipe from the dead parent closes.)
  await until('every child of frontier up to end', async () => children.every((pid) => !isAlive(pid)), 10_000);
}

describe('frontier up supervision', () => {
  it('restarts the worker killed with SIGKILL; the new one takes work; SIGTERM then stops everything', async () => {
    const t = await createTestDatabase();
    const up = spawnUp({ DATABASE_URL: t.url, FRONTIER_DATA_DIR: dataDir() });
    try {
      await importOne(t.db, 'before'); // a study in the database: no demo lab
      const first = Number((await up.waitFor(/\[frontier\] worker started \(pid (\d+)\)/))[1]);
      await up.waitFor(/\[worker\] ready/);
      await aggregated(t.db, 1);
      expect(childrenOf(up.child.pid!)).toContain(first);

      process.kill(first, 'SIGKILL');
      await up.waitFor(/\[frontier\] worker was killed by SIGKILL; restarting in 1 s \(restart 1 of 5\)/);
      const second = Number((await up.waitFor(/\[frontier\] worker started \(pid (\d+)\)/, 2))[1]);
      expect(second).not.toBe(first);
      await up.waitFor(/\[worker\] ready/, 2);
      await importOne(t.db, 'after');
      await aggregated(t.db, 2);
      expect(up.output()).not.toContain('stopping the rest');

      await stopUp(up);
      expect(isAlive(second)).toBe(false);
      expect(up.output()).toContain('[worker] SIGTERM: finishing jobs in progress');
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- frontier up printed:\n${up.output()}`);
    } finally {
      up.child.kill('SIGKILL');
      await t.drop();
    }
  }, 240_000);

  it('restarts the embedded Postgres whose postmaster was killed, on the same port', async () => {
    const dir = dataDir();
    const port = 56_000 + Math.floor(Math.random() * 4_000);
    // A database with a study in it (no demo lab), made the way `frontier up` would find it.
    const server = await startEmbeddedPostgres({ dataDir: dir, port, database: 'frontier' });
    const seeding = createDb(server.url);
    await migrate(seeding.pool);
    await importOne(seeding, 'before');
    await seeding.close();
    await server.stop();

    const up = spawnUp({ FRONTIER_DATA_DIR: dir, FRONTIER_PG_PORT: String(port) });
    let db: Db | undefined;
    try {
      await up.waitFor(/\[worker\] ready/);
      const url = readFileSync(join(dir, 'database-url'), 'utf8').trim();
      expect(url).toBe(server.url);
      db = createDb(url);
      await aggregated(db, 1);
      // !: The embedded server runs with synchronous_commit=off, so a crash can lose its last
      // commits (here the first job's completion, leaving it locked by a live worker for good).
      // This test is about the restart: flush them first.
      await db.pool.query('CHECKPOINT');

      const postmaster = readPostmaster(join(dir, 'pgdata'))!;
      process.kill(postmaster.pid, 'SIGKILL');
      await up.waitFor(
        /\[frontier\] the embedded Postgres was killed by SIGKILL; restarting in 1 s \(restart 1 of 5\)/,
      );
      // Its orphaned backends can hold the old shared memory for a moment: a start may fail and be retried.
      await up.waitFor(new RegExp(`started the embedded Postgres on port ${port}`), 2);
      expect(readPostmaster(join(dir, 'pgdata'))!.pid).not.toBe(postmaster.pid);

      // Same URL, working again; the worker (reconnected or restarted) takes new work.
      await importOne(db, 'after');
      await aggregated(db, 2);

      await db.close();
      db = undefined;
      await stopUp(up);
      expect(readPostmaster(join(dir, 'pgdata'))).toBeUndefined();
    } catch (err) {
      throw new Error(`${(err as Error).message}\n--- frontier up printed:\n${up.output()}`);
    } finally {
      up.child.kill('SIGKILL');
      await db?.close();
    }
  }, 240_000);
});
