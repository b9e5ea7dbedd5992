import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCE_DIRS = ['apps/web/src', 'apps/web/next.config.ts', 'packages/core/src', 'packages/db/src'];

/** The newest modification time under `path` (0 when it is absent), node_modules and generated code aside. */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'generated') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

// `next start` serves a production build: build it when there is none or the sources are newer.
export function buildWebIfStale(root: string, log: (line: string) => void): void {
  const buildId = join(root, 'apps/web/.next/BUILD_ID');
  // The build makes the offline viewer too (apps/web/.viewer): a build without it is no build.
  const viewer = join(root, 'apps/web/.viewer/viewer.js');
  const builtAt = existsSync(buildId) && existsSync(viewer) ? statSync(buildId).mtimeMs : 0;
  const changedAt = Math.max(...SOURCE_DIRS.map((d) => newestMtime(join(root, d))));
  if (builtAt > changedAt) return;
  log('building the web app (first start, or sources changed)…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@frontier/web'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status}); see the output above`);
}
