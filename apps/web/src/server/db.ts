import 'server-only';
import { createDb, openDatabase, type Db, type OpenDatabase } from '@frontier/db';
import { env } from '../env';

// One connection pool per server process. Kept on globalThis because dev-mode HMR re-evaluates
// modules: a module-level variable would open a new pool (and embedded server check) per edit.
const globalForDb = globalThis as typeof globalThis & { frontierDb?: Promise<OpenDatabase>; frontierAccessDb?: Promise<Db> };

function open(): Promise<OpenDatabase> {
  const e = env();
  return openDatabase({
    databaseUrl: e.DATABASE_URL,
    dataDir: e.FRONTIER_DATA_DIR,
    poolSize: 5,
    // The web app only reads. Migrating is for whoever owns the schema's lifecycle (`npm start`,
    // `frontier migrate`): a web server should not fail every request over a migration's checksum.
    migrate: false,
    log: (line) => console.log(`[db] ${line}`),
  });
}

/** The database, opened on first use. A failed open is forgotten so the next request retries. */
export async function getDb(): Promise<Db> {
  globalForDb.frontierDb ??= open().catch((err: unknown) => {
    globalForDb.frontierDb = undefined;
    throw err;
  });
  return (await globalForDb.frontierDb).db;
}

/**
 * A small pool of its own for the access check's lookups (a token, a session): one indexed read
 * per request, which must not queue behind the data queries holding the main pool's connections
 * under load (that queueing, not the lookup, was most of server mode's cost in bench:auth).
 */
export async function getAccessDb(): Promise<Db> {
  globalForDb.frontierAccessDb ??= (async () => {
    await getDb(); // opens the database (an embedded one: starts it) and learns its URL
    return createDb((await globalForDb.frontierDb!).url, { max: 3 }); // one of them LISTENs (token-cache.ts)
  })().catch((err: unknown) => {
    globalForDb.frontierAccessDb = undefined;
    throw err;
  });
  return globalForDb.frontierAccessDb;
}
