import type { Db } from '../client';

/** Resolves once the database answers a query (a health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await db.pool.query('SELECT 1');
}
