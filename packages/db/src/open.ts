import { isDatabaseUnavailable, waitForDatabase } from './availability';
import { createDb, redactUrl, type Db } from './client';
import { startEmbeddedPostgres } from './embedded/postgres';
import { migrate } from './migrate';

export interface OpenOptions {
  /** Use this server when set; otherwise start (or reuse) the embedded one. */
  databaseUrl?: string;
  /** Project data directory for the embedded server. */
  dataDir: string;
  port?: number;
  poolSize?: number;
  log?: (line: string) => void;
  /** Apply pending migrations (default true). */
  migrate?: boolean;
  /** Wait this long for a server that cannot be reached yet (restarting) before failing; default: fail at once. */
  patienceMs?: number;
}

export interface OpenDatabase {
  db: Db;
  url: string;
  embedded: boolean;
  /** Closes the pool and stops the embedded server if this process owns it. */
  close(): Promise<void>;
}

export async function openDatabase(opts: OpenOptions): Promise<OpenDatabase> {
  const server = opts.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: opts.dataDir, port: opts.port, log: opts.log });
  const url = opts.databaseUrl ?? server!.url;
  const db = createDb(url, { max: opts.poolSize });
  try {
    await db.pool.query('SELECT 1').catch(async (err: unknown) => {
      // A server that is restarting is waited for, when the caller has the patience.
      if (!opts.patienceMs || !isDatabaseUnavailable(err)) throw err;
      opts.log?.(
        `the database is unavailable (${(err as Error).message}); waiting up to ${Math.round(opts.patienceMs / 1000)} s for it`,
      );
      await waitForDatabase(db.pool, opts.patienceMs);
    });
  } catch (err) {
    await db.close().catch(() => {});
    await server?.stop();
    throw new Error(
      `cannot connect to the database at ${redactUrl(url)}: ${(err as Error).message}. Check DATABASE_URL, or unset it to use the embedded Postgres.`,
      { cause: err },
    );
  }
  if (opts.migrate !== false) {
    const applied = await migrate(db.pool);
    for (const name of applied) opts.log?.(`applied migration ${name}`);
  }
  return {
    db,
    url,
    embedded: !opts.databaseUrl,
    async close() {
      await db.close();
      await server?.stop();
    },
  };
}
