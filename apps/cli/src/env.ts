import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  accessModeFields,
  appEnv,
  databaseUrlSchema,
  dbPatienceSchema,
  environmentSecrets,
  judgeBackendSchema,
} from '@frontier/config';
import { z } from 'zod';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// The CLI's whole configuration (also what `npm start` passes on to web and worker); nothing else
// in the CLI reads process.env. The descriptions are the configuration reference's
// (docs/operations/configuration.md, generated from this schema).
export const envSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  FRONTIER_DB_PATIENCE: dbPatienceSchema,
  FRONTIER_DATA_DIR: z
    .string()
    .default(resolve(REPO_ROOT, '.data'))
    .transform((dir) => resolve(dir))
    .describe(
      "The data directory: the embedded Postgres's cluster (`pgdata/`), log and credentials; merged checkpoints, inference servers' logs and the judge's cache of the pipeline run in this process.",
    ),
  FRONTIER_PG_PORT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .optional()
    .describe('Port of the embedded Postgres; unset: 54329, or the next free port.'),
  PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .default(3000)
    .describe('The web port of `frontier up` (`npm start`).'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2).describe('Jobs a worker runs at once.'),
  FRONTIER_DEBUG: z.string().optional().describe('Set (to anything) to print the stack of an unexpected error.'),
  FRONTIER_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((token) => token || undefined)
    .describe(
      'The API token `frontier import --server` and `frontier exclude --server` send when `--token` is not given (prefer this: flags show in `ps`).',
    ),
  FRONTIER_JUDGE_BACKEND: judgeBackendSchema,
  ...accessModeFields,
});

export const env = appEnv('@frontier/cli', envSchema);

/** Secrets a study names by variable (its inference API key), for the pipeline run in this process. */
export const secret = environmentSecrets();
