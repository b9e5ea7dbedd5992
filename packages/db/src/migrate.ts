import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, runMigrations } from 'graphile-worker';
import type pg from 'pg';
import { recomputeRunAggregates } from './aggregate';
import { fillResponseChars } from './response-chars';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../prisma/migrations');

// The same advisory lock key `prisma migrate deploy` takes, so our migrator and Prisma's never
// apply migrations concurrently.
const LOCK_KEY = 72707369;

const RESPONSE_LENGTH_MIGRATION = '20261221090000_response_length';

// Samples stored before response lengths were recorded get their program's length, and their
// runs' aggregates are recomputed to carry it: once, the first time a process migrates.
async function fillMissingLengths(pool: pg.Pool): Promise<void> {
  const runs = await fillResponseChars(pool);
  const { rows } = await pool.query<{ run_id: number }>(
    'SELECT DISTINCT run_id FROM run_problem_aggregate WHERE run_id = ANY($1::int[])',
    [runs],
  );
  if (rows.length > 0)
    await recomputeRunAggregates(
      pool,
      rows.map((r) => r.run_id),
    );
}

// Applies pending migrations from prisma/migrations and records them in `_prisma_migrations`
// exactly as Prisma does (same table, sha256 checksum of migration.sql), so `prisma migrate
// deploy` on a machine with Prisma's engines sees the same history. We cannot run Prisma's schema
// engine here: it is a binary downloaded at run time, and the build machines are offline.
export async function migrate(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const applied = await applyPrismaMigrations(pool, dir);
  // The job queue's own schema (graphile_worker), versioned by graphile-worker itself.
  await runMigrations({ pgPool: pool, logger: new Logger(() => () => {}) });
  return applied;
}

async function applyPrismaMigrations(pool: pg.Pool, dir: string): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
    );
    const applied = new Map(rows.map((r) => [r.migration_name, r]));
    const done: string[] = [];
    for (const name of migrationNames(dir)) {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      const checksum = createHash('sha256').update(sql).digest('hex');
      const previous = applied.get(name);
      if (previous?.finished_at) {
        if (previous.checksum !== checksum) {
          throw new Error(
            `migration ${name} was edited after it was applied (checksum differs); add a new migration instead`,
          );
        }
        continue;
      }
      if (previous) {
        throw new Error(
          `migration ${name} failed earlier and was not rolled back; fix the database by hand, then mark it rolled back`,
        );
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${name} failed: ${(err as Error).message}`);
      }
      done.push(name);
    }
    // Under the same lock, so two processes starting at once do not both re-aggregate.
    if (migrationNames(dir).includes(RESPONSE_LENGTH_MIGRATION)) await fillMissingLengths(pool);
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    client.release();
  }
}

function migrationNames(dir: string): string[] {
  if (!existsSync(dir)) throw new Error(`no migrations directory at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    .sort();
}
