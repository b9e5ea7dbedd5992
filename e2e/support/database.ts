import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import pg from 'pg';

// The tests read the same database as the app, directly with `pg`, to compute what the pages
// should show without going through the app's code.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The data directory of the server under test (`npm start` writes its database URL there). */
export const dataDir = process.env.E2E_DATA_DIR ?? join(repoRoot, '.data', 'e2e');

export function databaseUrl(): string {
  const urlFile = join(dataDir, 'database-url');
  if (existsSync(urlFile)) return readFileSync(urlFile, 'utf8').trim();
  // Fallback: the embedded server's credentials and the port in its postmaster.pid (line 4).
  const { user, password } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as {
    user: string;
    password: string;
  };
  const port = readFileSync(join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  return `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/frontier`;
}

let pool: pg.Pool | undefined;

export async function query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<R[]> {
  pool ??= new pg.Pool({ connectionString: databaseUrl(), max: 2 });
  return (await pool.query<R>(sql, params)).rows;
}

export async function closeDatabase(): Promise<void> {
  await pool?.end();
  pool = undefined;
}

/** Waits until the worker's aggregates account for every sample of every run of the study. */
export async function waitForAggregates(studyId: number, what: string): Promise<void> {
  await expect
    .poll(
      async () =>
        (
          await query<{ incomplete: number }>(
            `SELECT count(*)::int AS incomplete FROM checkpoint c JOIN eval_run r ON r.checkpoint_id = c.id
             WHERE c.study_id = $1 AND (SELECT count(*) FROM sample x WHERE x.run_id = r.id) <>
               (SELECT coalesce(sum(a.n + a.ie + a.pending), 0) FROM run_problem_aggregate a WHERE a.run_id = r.id)`,
            [studyId],
          )
        )[0]!.incomplete,
      { timeout: 240_000, intervals: [1_000, 2_000, 5_000], message: `the worker aggregates ${what}` },
    )
    .toBe(0);
}
