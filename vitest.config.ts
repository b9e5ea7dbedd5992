import { defineConfig } from 'vitest/config';

// One runner for every package: unit tests sit beside their source (`*.test.ts`); integration
// tests (`*.int.test.ts`) get a real Postgres from the global setup, one database per file.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'apps/web/.next/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
