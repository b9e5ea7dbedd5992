import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { webServerEnv } from '../../apps/cli/src/up/web-node-options';

export interface WebOptions {
  /** The interface to listen on (`next start -H`); by default Next's own, reached at 127.0.0.1. */
  host?: string;
  /** More environment for the server, e.g. the access mode's variables. */
  env?: Record<string, string>;
  /** Build first (the default); false when the caller has built already, e.g. for a second server. */
  build?: boolean;
}

// Builds the web app into its dist dir (FRONTIER_NEXT_DIST_DIR, else .next).
export function buildWeb(root: string): void {
  // A build into another dist dir rewrites next-env.d.ts to point there; put it back so the
  // typecheck of whoever else works in apps/web keeps reading .next.
  const envFile = join(root, 'apps/web/next-env.d.ts');
  const before = readFileSync(envFile, 'utf8');
  const build = spawnSync('npm', ['run', 'build', '-w', '@frontier/web'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (readFileSync(envFile, 'utf8') !== before) writeFileSync(envFile, before);
  if (build.status !== 0) throw new Error('web build failed');
}

// Builds the web app if needed and serves it with `next start` against the given database.
export async function startWeb(
  root: string,
  databaseUrl: string,
  port: number,
  opts: WebOptions = {},
): Promise<{ base: string; pid: number; stop(): Promise<void> }> {
  if (opts.build !== false) buildWeb(root);
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/next'),
    ['start', '-p', String(port), ...(opts.host ? ['-H', opts.host] : [])],
    {
      cwd: join(root, 'apps/web'),
      // With the Node options `frontier up` gives the web server.
      env: webServerEnv({ ...process.env, ...opts.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: '1' }),
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  // Started: healthy, and its start-up warm-up (apps/web/src/server/warm-up.ts) finished.
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`next start on ${base} exited (${child.exitCode ?? child.signalCode})`);
    const health = await fetch(`${base}/api/health`)
      .then((r) => (r.ok ? (r.json() as Promise<{ warm?: boolean }>) : undefined))
      .catch(() => undefined);
    if (health?.warm) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
