// The API through a database restart, as a failover or a package upgrade does it (immediate
// shutdown): the real route handlers (withRoute, getDb, Prisma over the pg pool) answer 503 with
// Retry-After while it is down, at once rather than hanging, and 200 again once it is back, with
// nothing restarted by hand. The test owns its embedded server, to crash it.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import { createDb, migrate, startEmbeddedPostgres, type EmbeddedServer } from '@frontier/db';
import { freePort } from '../../../../packages/db/test/free-port';

// !: 'server-only' throws outside Next's server bundle; it guards the build, not the behaviour.
vi.mock('server-only', () => ({}));

type Handler = (request: NextRequest, context: { params: Promise<Record<string, string>> }) => Promise<NextResponse>;

const work = mkdtempSync(join(tmpdir(), 'frontier-web-outage-'));
chmodSync(work, 0o755); // the embedded server runs as the postgres user when we are root
const saved = { DATABASE_URL: process.env.DATABASE_URL, FRONTIER_DATA_DIR: process.env.FRONTIER_DATA_DIR };
let server: EmbeddedServer | undefined;
let port: number;
const start = () => startEmbeddedPostgres({ dataDir: join(work, 'pg'), port });

/** Immediate shutdown (SIGQUIT to the postmaster: no checkpoint, clients cut off). */
function crashPostgres(): void {
  process.kill(Number(readFileSync(join(work, 'pg', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGQUIT');
}

beforeAll(async () => {
  port = await freePort();
  server = await start();
  const setup = createDb(server.url);
  await migrate(setup.pool);
  await setup.close();
  // The web app reads its configuration from the environment on first use (env.ts).
  process.env.DATABASE_URL = server.url;
  process.env.FRONTIER_DATA_DIR = work;
}, 120_000);

afterAll(async () => {
  Object.assign(process.env, saved);
  await server?.stop().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe('the API while the database restarts', () => {
  it('answers 503 with Retry-After while it is down, and 200 again once it is back', async () => {
    const routes: [string, Handler][] = [
      ['/api/studies', (await import('../app/api/studies/route')).GET],
      ['/api/health', (await import('../app/api/health/route')).GET],
    ];
    // A request as a browser on this machine sends it (local mode: the owner, no sign-in).
    const call = async ([path, handler]: [string, Handler]) => {
      const res = await handler(new NextRequest(`http://localhost${path}`, { headers: { host: 'localhost:3000' } }), {
        params: Promise.resolve({}),
      });
      return {
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        body: (await res.json()) as { error?: { message: string } },
      };
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});

    for (const route of routes) expect((await call(route)).status).toBe(200);

    const exited = server!.exited();
    crashPostgres();
    await exited; // the postmaster waits for its backends: nothing answers any more
    for (const route of routes) {
      const started = Date.now();
      const down = await call(route);
      expect(down, route[0]).toMatchObject({ status: 503, retryAfter: '5' });
      expect(down.body.error?.message).toMatch(/database is unavailable right now .* retry in a few seconds/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }

    server = await start();
    for (const route of routes) expect((await call(route)).status, route[0]).toBe(200);
    expect(logged.mock.calls.flat().join('\n')).not.toMatch(/unexpected error/);
  }, 120_000);
});
