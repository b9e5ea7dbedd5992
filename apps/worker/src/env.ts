import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

// The worker's whole configuration, parsed once at start-up; nothing else reads process.env.
const schema = z.object({
  // Empty counts as unset, as shells and compose files often leave it.
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional())
    .optional(),
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
