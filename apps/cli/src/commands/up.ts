import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { openDatabase } from '@frontier/db';
import { env, REPO_ROOT } from '../env';
import { CliError } from '../errors';
import { buildWebIfStale } from '../up/build-web';
import { startChild, stopChildren, type Supervised } from '../up/children';
import { seedDemoIfEmpty } from '../up/seed-demo';

const log = (line: string) => process.stderr.write(`[frontier] ${line}\n`);

export function registerUp(program: Command): void {
  program
    .command('up')
    .description('run the product: Postgres (embedded unless DATABASE_URL), migrations, worker and web (what `npm start` runs)')
    .option('--no-web', 'run Postgres, migrations, seeding and the worker, but not the web app (for `next dev` beside it)')
    .action(async (flags: { web: boolean }) => {
      const e = env();
      const opened = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.FRONTIER_DATA_DIR, port: e.FRONTIER_PG_PORT, log }).catch((err: Error) => {
        throw new CliError(err.message);
      });
      const children: Supervised[] = [];
      let stopping = false;
      const shutdown = async (code: number) => {
        if (stopping) return;
        stopping = true;
        log('stopping…');
        await stopChildren(children);
        await opened.close();
        process.exit(code);
      };
      process.on('SIGINT', () => void shutdown(0));
      process.on('SIGTERM', () => void shutdown(0));
      const childEnv = { ...process.env, DATABASE_URL: opened.url, FRONTIER_DATA_DIR: e.FRONTIER_DATA_DIR, NEXT_TELEMETRY_DISABLED: '1' };
      const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);
      try {
        // For tools and tests that need the same database as the running product.
        writeFileSync(join(e.FRONTIER_DATA_DIR, 'database-url'), `${opened.url}\n`, { mode: 0o600 });
        await seedDemoIfEmpty(opened, e.FRONTIER_DATA_DIR, log);
        // The worker starts first so the demo pipeline runs while the web app builds.
        // Node with tsx's loader, not tsx's CLI: that wrapper SIGKILLs a child that is slow to
        // acknowledge a relayed SIGTERM (a loaded machine), which would cut a graceful stop short.
        children.push(startChild('worker', process.execPath, ['--import', 'tsx', 'apps/worker/src/main.ts'], { cwd: REPO_ROOT, env: childEnv }));
        if (flags.web) buildWebIfStale(REPO_ROOT, log);
      } catch (err) {
        await stopChildren(children);
        await opened.close();
        throw new CliError((err as Error).message);
      }
      if (flags.web) {
        children.push(startChild('web', bin('next'), ['start', '-p', String(e.PORT)], { cwd: join(REPO_ROOT, 'apps/web'), env: childEnv }));
        log(`web on http://localhost:${e.PORT}`);
      } else {
        log(`database ready (URL in ${join(e.FRONTIER_DATA_DIR, 'database-url')}); worker running; no web app`);
      }
      const first = await Promise.race(children.map(async (c) => ({ name: c.name, code: await c.exited })));
      if (!stopping) {
        log(`${first.name} exited with code ${first.code}; stopping the rest`);
        await shutdown(first.code || 1);
      }
    });
}
