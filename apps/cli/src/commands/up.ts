import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { resolveAccessMode, type AccessMode } from '@frontier/config';
import { openDatabase } from '@frontier/db';
import { env, REPO_ROOT } from '../env';
import { CliError } from '../errors';
import { buildWebIfStale } from '../up/build-web';
import { childService } from '../up/children';
import { embeddedPostgresService } from '../up/embedded-postgres';
import { seedDemoIfEmpty } from '../up/seed-demo';
import { Supervisor } from '../up/supervisor';
import { webServerEnv } from '../up/web-node-options';

const log = (line: string) => process.stderr.write(`[frontier] ${line}\n`);

export function registerUp(program: Command): void {
  program
    .command('up')
    .description(
      'run the product: Postgres (embedded unless DATABASE_URL), migrations, worker and web (what `npm start` runs)',
    )
    .option(
      '--no-web',
      'run Postgres, migrations, seeding and the worker, but not the web app (for `next dev` beside it)',
    )
    .option(
      '--host <address>',
      'interface the web app listens on (env FRONTIER_HOST): 127.0.0.1 is local mode; another, e.g. 0.0.0.0, is server mode with sign-in',
    )
    .action(async (flags: { web: boolean; host?: string }) => {
      const e = env();
      const mode = accessModeOf({ ...e, FRONTIER_HOST: flags.host ?? e.FRONTIER_HOST });
      // Two supervisors, so the worker and web stop (and finish their jobs) before the database does.
      const database = new Supervisor(log);
      const apps = new Supervisor(log);
      let stopping = false;
      const shutdown = async (code: number) => {
        if (stopping) return;
        stopping = true;
        log('stopping…');
        await apps.stop();
        await database.stop();
        process.exit(code);
      };
      process.on('SIGINT', () => void shutdown(0));
      process.on('SIGTERM', () => void shutdown(0));
      const url = e.DATABASE_URL ?? (await startEmbedded(database, e.FRONTIER_DATA_DIR, e.FRONTIER_PG_PORT));
      const childEnv = {
        ...process.env,
        DATABASE_URL: url,
        FRONTIER_DATA_DIR: e.FRONTIER_DATA_DIR,
        FRONTIER_HOST: mode.host,
        NEXT_TELEMETRY_DISABLED: '1',
      };
      const child = (name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = childEnv) =>
        childService(name, command, args, { cwd, env, log });
      try {
        await migrateAndSeed(url, e.FRONTIER_DATA_DIR);
        // The worker starts first so the demo pipeline runs while the web app builds.
        // Node with tsx's loader, not tsx's CLI: that wrapper SIGKILLs a child that is slow to
        // acknowledge a relayed SIGTERM (a loaded machine), which would cut a graceful stop short.
        await apps.start(child('worker', process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], REPO_ROOT));
        if (flags.web) buildWebIfStale(REPO_ROOT, log);
      } catch (err) {
        await apps.stop();
        await database.stop();
        throw new CliError((err as Error).message);
      }
      if (flags.web) {
        await apps.start(
          child(
            'web',
            join(REPO_ROOT, 'node_modules/.bin/next'),
            ['start', '-H', mode.host, '-p', String(e.PORT)],
            join(REPO_ROOT, 'apps/web'),
            webServerEnv(childEnv),
          ),
        );
        if (mode.mode === 'local') log(`web on http://localhost:${e.PORT} (local mode: this machine only)`);
        else
          log(
            `web on ${mode.host}:${e.PORT}, served as ${mode.publicUrl.origin} (server mode: sign-in required; add accounts with \`frontier user add\`)`,
          );
      } else {
        log(`database ready (URL in ${join(e.FRONTIER_DATA_DIR, 'database-url')}); worker running; no web app`);
      }
      const reason = await Promise.race([apps.gaveUp, database.gaveUp]);
      if (!stopping) {
        log(`${reason}; stopping everything`);
        await shutdown(1);
      }
    });
}

// Server mode without its secret or public URL refuses to start, before anything runs.
function accessModeOf(e: Parameters<typeof resolveAccessMode>[0]): AccessMode {
  const resolved = resolveAccessMode(e);
  if (!resolved.ok) throw new CliError(resolved.problems.join('\n'));
  return resolved.value;
}

async function startEmbedded(database: Supervisor, dataDir: string, port: number | undefined): Promise<string> {
  const run = await database.start(embeddedPostgresService({ dataDir, port, log })).catch((err: Error) => {
    throw new CliError(err.message);
  });
  return run.url;
}

// Migrations and the demo study, through a pool of its own, closed before the children start:
// nothing here must hold connections through a restart of the database.
async function migrateAndSeed(url: string, dataDir: string): Promise<void> {
  const opened = await openDatabase({ databaseUrl: url, dataDir, log });
  try {
    // For tools and tests that need the same database as the running product. With DATABASE_URL
    // set, nothing else may have made the data directory yet.
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(join(dataDir, 'database-url'), `${url}\n`, { mode: 0o600 });
    await seedDemoIfEmpty(opened, dataDir, log);
  } finally {
    await opened.close();
  }
}
