import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  accessModeFields,
  appEnv,
  databaseUrlSchema,
  embedOriginsSchema,
  resolveAccessMode,
  type AccessMode,
} from '@frontier/config';
import { z } from 'zod';

/** The monorepo root: the nearest ancestor of the working directory whose package.json has workspaces. */
// turbopackIgnore: these paths are only known at run time; without the hint the build would trace
// (and ship) the whole repository as files the server might read.
export function findRepoRoot(start: string): string {
  for (let dir = resolve(/*turbopackIgnore: true*/ start); ; dir = dirname(dir)) {
    const manifest = join(/*turbopackIgnore: true*/ dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir;
    if (dirname(dir) === dir) return resolve(start);
  }
}

// The web app's whole configuration, read on the first database use; nothing else in the web
// app reads process.env. The descriptions are the configuration reference's
// (docs/operations/configuration.md, generated from this schema).
export const envSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  FRONTIER_DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .optional()
    .transform((dir) => resolve(/*turbopackIgnore: true*/ dir ?? join(findRepoRoot(process.cwd()), '.data')))
    .describe(
      "The data directory (unset: `.data` in the repository): the embedded Postgres's credentials, and uploads spooled while they are imported.",
    ),
  FRONTIER_MAX_QUEUED_ALPHAS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 (alphas)')
    .max(10_000)
    .default(20)
    .describe(
      'Alphas of one study that may be queued or running at once; past it "Evaluate alpha" answers 429 with `Retry-After`.',
    ),
  FRONTIER_WRITES_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 (writes)')
    .max(1_000_000)
    .default(120)
    .describe(
      'Server mode: writes (evaluate, import, cancel, share) one user may make per minute; past it 429 with `Retry-After`.',
    ),
  FRONTIER_SHARE_QUOTA: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1 (shares)')
    .max(1_000_000)
    .default(500)
    .describe('Server mode: share links one user may own; past it 429 until they delete some.'),
  FRONTIER_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3)
    .describe(
      'The largest body `POST /api/imports` takes, in bytes (an LCB file, a JSONL file or a manifest archive); past it 413.',
    ),
  FRONTIER_JSON_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024, 'must be at least 1024 (bytes)')
    .max(1024 ** 3)
    .default(1024 ** 2)
    .describe(
      'The largest JSON body any API route takes (evaluate, refine, shares, ...), in bytes; past it 413, refused before the body is buffered. Imports have their own limit.',
    ),
  FRONTIER_EMBED_ORIGINS: embedOriginsSchema,
  // Next sets it once listening (server/warm-up.ts requests itself there).
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe(
      'The port the web server listens on: Next sets it from `next start -p`, to which `frontier up` passes its own `PORT`.',
    ),
  ...accessModeFields,
});

export const env = appEnv('@frontier/web', envSchema);

/** Local or server mode; a server missing its secret or public URL fails here, naming the variable. */
let mode: AccessMode | undefined;
export function accessMode(): AccessMode {
  if (mode) return mode;
  const resolved = resolveAccessMode(env());
  if (!resolved.ok) throw new Error(`invalid environment for @frontier/web: ${resolved.problems.join('; ')}`);
  return (mode = resolved.value);
}
