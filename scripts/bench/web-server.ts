import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// Builds the web app if needed and serves it with `next start` against the given database.
export async function startWeb(root: string, databaseUrl: string, port: number): Promise<{ base: string; stop(): Promise<void> }> {
  const build = spawnSync('npm', ['run', 'build', '-w', '@frontier/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (build.status !== 0) throw new Error('web build failed');
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/next'), ['start', '-p', String(port)], {
    cwd: join(root, 'apps/web'),
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: () =>
      new Promise<void>((resolve) => {
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
