import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One project per workspace package, named after it: turbo runs each package's tests on their own
// (`vitest run --root ../.. --project <name>`), and `npx vitest run <path>` here runs any of them.
// Unit tests sit beside their source (`*.test.ts`); integration tests (`*.int.test.ts`) get a
// real Postgres from the global setup, one database per file.
const root = fileURLToPath(new URL('.', import.meta.url));
const workspaces = ['apps', 'packages'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((dir) => join(root, group, dir))
    .filter((dir) => existsSync(join(dir, 'package.json'))),
);

export default defineConfig({
  // The web app imports its own modules as `@/...` (apps/web/tsconfig.json paths).
  resolve: { tsconfigPaths: true },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      ...workspaces.map((dir) => ({
        extends: true as const,
        test: {
          name: (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string }).name,
          root: dir,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: [join(root, 'packages/db/test/global-setup.ts')],
        },
      })),
      // The documentation's checks (generated pages current, links resolve): `npm run test:docs`.
      { extends: true, test: { name: 'docs', root, include: ['scripts/docs/**/*.test.ts'] } },
    ],
  },
});
