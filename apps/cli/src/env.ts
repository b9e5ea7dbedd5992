import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { accessModeFields, appEnv, databaseUrlSchema, dbPatienceSchema, environmentSecrets, judgeBackendSchema } from '@frontier/config';
import { z } from 'zod';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// The CLI's whole configuration (also what `npm start` passes on to web and worker); nothing else
// in the CLI reads process.env.
export const envSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  /** Seconds `frontier worker` waits out a database outage before it stops. */
  FRONTIER_DB_PATIENCE: dbPatienceSchema,
  FRONTIER_DATA_DIR: z
    .string()
    .default(resolve(REPO_ROOT, '.data'))
    .transform((dir) => resolve(dir)),
  FRONTIER_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  FRONTIER_DEBUG: z.string().optional(),
  /** The API token `frontier import --server` sends when --token is not given (prefer this: flags show in `ps`). */
  FRONTIER_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((token) => token || undefined),
  /** The sandbox backend of the judge the pipeline runs in this process (`frontier worker`). */
  FRONTIER_JUDGE_BACKEND: judgeBackendSchema,
  /** `frontier up`'s mode: loopback (local mode) or another interface with sign-in (server mode). */
  ...accessModeFields,
});

export const env = appEnv('@frontier/cli', envSchema);

/** Secrets a study names by variable (its inference API key), for the pipeline run in this process. */
export const secret = environmentSecrets();
