import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '@frontier/db';

/**
 * A fresh database named `<prefix>_<time>` on DATABASE_URL's server, else on an embedded one in
 * `tmp`; what undoes it (drop, disconnect, stop) is pushed onto `cleanups`, to run in reverse order.
 */
export async function throwawayDatabase(tmp: string, prefix: string, cleanups: (() => unknown)[]): Promise<string> {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(tmp, 'pg'), database: 'postgres' });
  if (embedded) cleanups.push(() => embedded.stop());
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL ?? embedded!.url });
  await admin.connect();
  cleanups.push(() => admin.end());
  const name = `${prefix}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const url = new URL(process.env.DATABASE_URL ?? embedded!.url);
  url.pathname = `/${name}`;
  return url.toString();
}
