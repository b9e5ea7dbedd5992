import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUrlSchema } from '@frontier/db';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The worker's whole configuration, parsed once at start-up; nothing else reads process.env.
const schema = z.object({
  DATABASE_URL: databaseUrlSchema,
  FRONTIER_DATA_DIR: z.string().default(resolve(repoRoot, '.data')),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
});

export type WorkerEnv = z.infer<typeof schema>;

export function parseWorkerEnv(source: NodeJS.ProcessEnv = process.env): WorkerEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid worker environment: ${issues}`);
  }
  return result.data;
}
