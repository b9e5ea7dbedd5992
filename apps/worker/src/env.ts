import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_KINDS, parseJobKinds } from '@frontier/core';
import { appEnv, databaseUrlSchema, dbPatienceSchema, environmentSecrets, judgeBackendSchema } from '@frontier/config';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The worker's whole configuration; nothing else in the worker reads process.env. The
// descriptions are the configuration reference's (docs/operations/configuration.md).
export const envSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  FRONTIER_DB_PATIENCE: dbPatienceSchema,
  FRONTIER_DATA_DIR: z
    .string()
    .default(resolve(repoRoot, '.data'))
    .describe(
      "The data directory: merged checkpoints, inference servers' logs, the judge's cache, and the embedded Postgres's credentials.",
    ),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2).describe('Jobs a worker runs at once.'),
  WORKER_TASKS: z
    .string()
    .default(JOB_KINDS.join(','))
    .transform((text, ctx) => {
      const r = parseJobKinds(text);
      if (r.ok) return r.kinds;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    })
    .describe(
      "The job kinds the worker takes, e.g. `merge,generate` on a GPU machine (`frontier worker --tasks` for the CLI's worker).",
    ),
  FRONTIER_JUDGE_BACKEND: judgeBackendSchema,
});

export const env = appEnv('@frontier/worker', envSchema);

/** Secrets a study names by variable (its inference API key), read from this worker's environment. */
export const secret = environmentSecrets();
