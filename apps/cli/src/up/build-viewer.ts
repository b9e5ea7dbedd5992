import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { OfflineViewer } from '@frontier/formats';
import { newestMtime } from './build-web';

// What the offline viewer (apps/web/src/viewer) is built from: the web app's components and the packages they use.
const SOURCE_DIRS = ['apps/web/src', 'apps/web/package.json', 'packages/core/src', 'packages/formats/src'];

/**
 * The offline copy's viewer, as the web build makes it (apps/web/.viewer); built first when there
 * is none or the sources are newer, as `frontier up` does for the web app.
 */
export function offlineViewer(root: string, log: (line: string) => void): OfflineViewer {
  const dir = join(root, 'apps/web/.viewer');
  const js = join(dir, 'viewer.js');
  const builtAt = existsSync(js) ? statSync(js).mtimeMs : 0;
  if (builtAt <= Math.max(...SOURCE_DIRS.map((d) => newestMtime(join(root, d))))) {
    log('building the offline viewer (first use, or sources changed)…');
    const result = spawnSync('npm', ['run', 'build:viewer', '-w', '@frontier/web'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (result.status !== 0) throw new Error(`the offline viewer's build failed (exit ${result.status}); see above`);
  }
  return { js: readFileSync(js, 'utf8'), css: readFileSync(join(dir, 'viewer.css'), 'utf8') };
}
