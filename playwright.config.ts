import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// E2E tests drive the whole product (`npm start`: Postgres, migrations, worker, web) in Debian's
// Chromium, against a data directory of their own; the `fixture` project imports their data.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
const dataDir = process.env.E2E_DATA_DIR ?? `${repoRoot}.data/e2e`;
const port = Number(process.env.E2E_PORT ?? 3100);
// Set E2E_BASE_URL to test a server that is already running (then no server is started).
const externalBaseUrl = process.env.E2E_BASE_URL;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

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
    {
      name: 'chromium',
      dependencies: ['fixture'],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1400, height: 1000 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          headless: true,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'npm start',
        cwd: repoRoot,
        url: `${baseURL}/api/health`,
        env: { FRONTIER_DATA_DIR: dataDir, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1' },
        timeout: 300_000,
        reuseExistingServer: !process.env.CI,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
