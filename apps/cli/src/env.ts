import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlSchema } from '@frontier/db';
import { z } from 'zod';
import { CliError } from './errors';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

// The CLI's whole configuration (also what `npm start` passes on to web and worker), parsed once;
// nothing else in the CLI reads process.env.
const schema = z.object({
  DATABASE_URL: databaseUrlSchema,
  FRONTIER_DATA_DIR: z.string().default(resolve(REPO_ROOT, '.data')),
  FRONTIER_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  FRONTIER_DEBUG: z.string().optional(),
});

export type CliEnv = z.infer<typeof schema>;

let parsed: CliEnv | undefined;

export function env(): CliEnv {
  if (parsed) return parsed;
  const result = schema.safeParse(process.env);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ');
    throw new CliError(`invalid environment: ${issues}`);
  }
  parsed = { ...result.data, FRONTIER_DATA_DIR: resolve(result.data.FRONTIER_DATA_DIR) };
  return parsed;
}
