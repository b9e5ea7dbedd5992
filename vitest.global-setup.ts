import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from './packages/db/src/embedded/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the Postgres the integration tests use; each test file makes its own database. */
    pgAdminUrl: string;
  }
}

let server: EmbeddedServer | undefined;

// Integration tests talk to a real Postgres: FRONTIER_TEST_DATABASE_URL when given (its user
// must be allowed to create databases), else an embedded server with its own data directory.
export async function setup(project: TestProject): Promise<void> {
  const given = process.env.FRONTIER_TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return;
  }
  server = await startEmbeddedPostgres({ dataDir: resolve('.data/test'), port: undefined, database: 'postgres' });
  project.provide('pgAdminUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
