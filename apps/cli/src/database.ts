import { openDatabase, type OpenDatabase } from '@frontier/db';
import { env } from './env';
import { CliError } from './errors';

// The same database as `npm start`: DATABASE_URL, else the embedded server in the data
// directory, started if it is not running (and stopped again if this command started it).
export async function withDatabase<T>(fn: (opened: OpenDatabase) => Promise<T>): Promise<T> {
  const e = env();
  let opened: OpenDatabase;
  try {
    opened = await openDatabase({
      databaseUrl: e.DATABASE_URL,
      dataDir: e.FRONTIER_DATA_DIR,
      port: e.FRONTIER_PG_PORT,
    });
  } catch (err) {
    throw new CliError((err as Error).message);
  }
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}
