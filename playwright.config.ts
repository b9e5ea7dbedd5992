import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium';

// E2E tests drive the whole product (`npm start`: Postgres, migrations, worker, web) in Chromium
// (scripts/chromium.ts), against a data directory of their own; the `fixture` project imports their data.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const dataDir = process.env.E2E_DATA_DIR ?? `${repoRoot}.data/e2e`;
const port = Number(process.env.E2E_PORT ?? 3100);
// Set E2E_BASE_URL to test a server that is already running (then no server is started).
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;
// A second web process in server mode (sign-in, roles, tokens) beside it, on the same database and
// worker, as a team server runs several web processes. 127.0.0.2 is a loopback address too, so it
// is reachable from nowhere else, yet not one of local mode's names: server mode.
export const SERVER_MODE_URL = process.env.E2E_SERVER_URL ?? `http://127.0.0.2:${port + 1}`;
const serverModeProject = /server-mode\.spec\.ts$/;
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1400, height: 1000 },
  launchOptions: { executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS },
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // Imports the fixture sweep the other tests read (through the real CLI and worker).
    { name: 'fixture', testMatch: /fixture\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['fixture'], testIgnore: serverModeProject, use: chromium },
    {
      name: 'server-mode',
      dependencies: ['fixture'],
      testMatch: serverModeProject,
      use: { ...chromium, baseURL: SERVER_MODE_URL },
    },
  ],
  // Started in order: the server-mode process reads the database URL that `npm start` writes.
  webServer: externalBaseUrl
    ? undefined
    : [
        {
          command: 'npm start',
          cwd: repoRoot,
          url: `${baseURL}/api/health`,
          env: { FRONTIER_DATA_DIR: dataDir, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' },
          timeout: 300_000,
          reuseExistingServer: !process.env.CI,
          // SIGTERM, as a user's Ctrl-C would: `frontier up` then stops the worker, the web app and
          // its embedded Postgres (started detached, it would outlive a SIGKILL of this group).
          gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
          stdout: 'pipe',
          stderr: 'pipe',
        },
        {
          command: `bash -c 'DATABASE_URL="$(cat "$FRONTIER_DATA_DIR/database-url")" exec node_modules/.bin/next start apps/web -H ${new URL(SERVER_MODE_URL).hostname} -p ${new URL(SERVER_MODE_URL).port}'`,
          cwd: repoRoot,
          url: `${SERVER_MODE_URL}/api/health`,
          env: {
            FRONTIER_DATA_DIR: dataDir,
            FRONTIER_HOST: new URL(SERVER_MODE_URL).hostname,
            FRONTIER_PUBLIC_URL: SERVER_MODE_URL,
            // A fixed secret is fine for a throwaway test server; a real one comes from `openssl rand`.
            FRONTIER_AUTH_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
            NEXT_TELEMETRY_DISABLED: '1',
          },
          timeout: 120_000,
          reuseExistingServer: !process.env.CI,
          stdout: 'pipe',
          stderr: 'pipe',
        },
      ],
});
