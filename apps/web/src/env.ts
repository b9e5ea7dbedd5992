import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { appEnv, databaseUrlSchema } from '@frontier/db';
import { z } from 'zod';

/** The monorepo root: the nearest ancestor of the working directory whose package.json has workspaces. */
// turbopackIgnore: these paths are only known at run time; without the hint the build would trace
// (and ship) the whole repository as files the server might read.
function findRepoRoot(start: string): string {
  for (let dir = resolve(/*turbopackIgnore: true*/ start); ; dir = dirname(dir)) {
    const manifest = join(/*turbopackIgnore: true*/ dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (dirname(dir) === dir) return resolve(start);
  }
}

// The web app's whole configuration, read on the first database use; nothing else in the web
// app reads process.env.
export const env = appEnv(
  '@frontier/web',
  z.object({
    DATABASE_URL: databaseUrlSchema,
    FRONTIER_DATA_DIR: z
      .string()
      .trim()
      .min(1)
      .optional()
      .transform((dir) => resolve(/*turbopackIgnore: true*/ dir ?? join(findRepoRoot(process.cwd()), '.data'))),
    /** At most this many alphas of a study queued or running at once; evaluating more answers 429. */
    FRONTIER_MAX_QUEUED_ALPHAS: z.coerce.number().int().min(1, 'must be at least 1 (alphas)').max(10_000).default(20),
  }),
);
