import 'server-only';
import { createDb, openDatabase, type Db, type OpenDatabase } from '@frontier/db';
import { env } from '../env';
import { processOnce } from './process-once';

// One connection pool per server process (processOnce: dev-mode HMR would otherwise open a new
// pool, and check the embedded server, per edit).

function open(): Promise<OpenDatabase> {
  const e = env();
  return openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: e.FRONTIER_DATA_DIR,
    poolSize: 5, // one of them LISTENs for data changes (versioned-cache.ts)
    // The web app only reads. Migrating is for whoever owns the schema's lifecycle (`npm start`,
    // `frontier migrate`): a web server should not fail every request over a migration's checksum.
    migrate: false,
    log: (line) => console.log(`[db] ${line}`),
  });
}

const opened = processOnce('frontierDb', open);

/** The database, opened on first use. A failed open is forgotten so the next request retries. */
export async function getDb(): Promise<Db> {
  return (await opened()).db;
}

/**
 * A small pool of its own for the access check's lookups (a token, a session): one indexed read
 * per request, which must not queue behind the data queries holding the main pool's connections
 * under load (that queueing, not the lookup, was most of server mode's cost in bench:auth).
 * Opening the database first starts an embedded one and learns its URL.
 */
export const getAccessDb: () => Promise<Db> = processOnce('frontierAccessDb', async () =>
  createDb((await opened()).url, { max: 3 }),
); // one of them LISTENs (token-cache.ts)
