import { defineConfig } from 'vitest/config';

// One runner for every package: unit tests sit beside their source (`*.test.ts`), integration
// tests that need Postgres are named `*.int.test.ts` and share one embedded server.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'apps/web/.next/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
