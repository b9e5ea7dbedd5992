import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const ZYGOTE_PATH = join(PACKAGE_DIR, 'runtime', 'zygote.py');
const REAPER_SOURCE = join(PACKAGE_DIR, 'native', 'reaper.c');

/** Compiles the reaper stub once per source version into `cacheDir` (temp file + rename). */
export function ensureReaper(cacheDir: string, cc = 'gcc'): string {
  const source = readFileSync(REAPER_SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const out = join(cacheDir, 'native', `reaper-${hash}`);
  if (existsSync(out)) return out;
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  execFileSync(cc, ['-O2', '-static', '-o', tmp, REAPER_SOURCE], { stdio: ['ignore', 'ignore', 'pipe'] });
  renameSync(tmp, out);
  return out;
}
