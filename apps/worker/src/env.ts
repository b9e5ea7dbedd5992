import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JOB_KINDS, parseJobKinds } from '@frontier/core';
import { appEnv, databaseUrlSchema, dbPatienceSchema, environmentSecrets, judgeBackendSchema } from '@frontier/config';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The worker's whole configuration; nothing else in the worker reads process.env.
export const envSchema = z.object({
  DATABASE_URL: databaseUrlSchema,
  /** Seconds a database outage is waited out before the worker gives up. */
  FRONTIER_DB_PATIENCE: dbPatienceSchema,
  FRONTIER_DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** The job kinds this worker takes, e.g. "merge,generate" on a GPU machine. */
  WORKER_TASKS: z
    .string()
    .default(JOB_KINDS.join(','))
    .transform((text, ctx) => {
      const r = parseJobKinds(text);
      if (r.ok) return r.kinds;
      ctx.addIssue({ code: 'custom', message: r.message });
      return z.NEVER;
    }),
  /** The judge's sandbox backend: cgroup1, cgroup2, rootless, or auto (the strongest that works here). */
  FRONTIER_JUDGE_BACKEND: judgeBackendSchema,
});

export const env = appEnv('@frontier/worker', envSchema);

/** Secrets a study names by variable (its inference API key), read from this worker's environment. */
export const secret = environmentSecrets();
