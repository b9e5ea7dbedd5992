import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/embedded/postgres';

// Vitest global setup of every package (see the root vitest.config.ts). Integration tests talk to
// a real Postgres: FRONTIER_TEST_DATABASE_URL when given (its user must be allowed to create
// databases), else an embedded server. Each package with integration tests gets its own server
// and data directory, `.data/test/<package dir>`: turbo tests packages side by side, and a shared
// server would be stopped by whichever finished first.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.FRONTIER_TEST_DATABASE_URL;
  if (given) {
    project.provide('pgAdminUrl', given);
    return undefined;
  }
  const { testFiles } = await project.globTestFiles();
  if (!testFiles.some((file) => file.endsWith('.int.test.ts'))) return undefined;
  const server = await startServer(join(repoRoot, '.data/test', relative(repoRoot, project.config.root)));
  project.provide('pgAdminUrl', server.url);
  return () => server.stop();
}

// A random port away from the default one (54329 and up, which `npm start` and the embedded
// Postgres tests take), and another on a clash: servers starting side by side could otherwise
// both find the same port free and one of them fail to bind it.
async function startServer(dataDir: string): Promise<EmbeddedServer> {
  for (let attempt = 1; ; attempt++) {
    const port = 55_000 + Math.floor(Math.random() * 5_000);
    try {
      return await startEmbeddedPostgres({ dataDir, port, database: 'postgres' });
    } catch (err) {
      if (attempt === 5) throw err;
    }
  }
}
