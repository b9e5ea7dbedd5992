import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appEnv, databaseUrlSchema } from '@frontier/db';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The worker's whole configuration; nothing else in the worker reads process.env.
export const env = appEnv(
  '@frontier/worker',
  z.object({
    DATABASE_URL: databaseUrlSchema,
    FRONTIER_DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  }),
);
