import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/client';
import { migrate } from '../src/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the Postgres the integration tests use (see global-setup.ts). */
    pgAdminUrl: string;
  }
}

export interface TestDatabase {
  url: string;
  db: Db;
  drop(): Promise<void>;
}

// A fresh, migrated database on the test server, dropped when the test file is done.
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = createDb(url);
  await migrate(db.pool);
  return {
    url,
    db,
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
