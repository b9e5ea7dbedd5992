import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  const { user, password } = JSON.parse(readFileSync(join(dataDir, 'credentials.json'), 'utf8')) as { user: string; password: string };
  const port = readFileSync(join(dataDir, 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[3]?.trim();
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
