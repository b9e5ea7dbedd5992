import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

// The only module that reads process.env: everything else imports `env`.

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

const schema = z.object({
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional())
    .optional(),
  FRONTIER_DATA_DIR: z.string().trim().min(1).optional(),
});

function parseEnv() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid environment for @frontier/web: ${problems}`);
  }
  return {
    databaseUrl: parsed.data.DATABASE_URL,
    dataDir: resolve(/*turbopackIgnore: true*/ parsed.data.FRONTIER_DATA_DIR ?? join(findRepoRoot(process.cwd()), '.data')),
  };
}

export type Env = ReturnType<typeof parseEnv>;

export const env: Env = parseEnv();
