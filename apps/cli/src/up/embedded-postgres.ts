import { join } from 'node:path';
import { startEmbeddedPostgres } from '@frontier/db';
import type { Run, Service } from './supervisor';

export interface PostgresRun extends Run {
  url: string;
}

/**
 * The embedded Postgres as a supervised service. Every start after the first keeps the first
 * one's port, so the URL the worker and web were given stays right across restarts.
 */
export function embeddedPostgresService(opts: {
  dataDir: string;
  port?: number;
  log: (line: string) => void;
}): Service<PostgresRun> {
  let port = opts.port;
  return {
    name: 'the embedded Postgres',
    output: `in ${join(opts.dataDir, 'postgres.log')}`,
    async start() {
      const server = await startEmbeddedPostgres({ dataDir: opts.dataDir, port, log: opts.log });
      port ??= Number(new URL(server.url).port);
      return { url: server.url, exited: server.exited(), stop: () => server.stop() };
    },
  };
}
