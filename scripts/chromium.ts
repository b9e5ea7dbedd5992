import { existsSync } from 'node:fs';

// The browser every Playwright run here uses (e2e tests, benches, the docs screenshot): the one
// `npm test` found (CHROMIUM_PATH), else Debian's, else none named so that Playwright takes the
// one it manages (`npx playwright install chromium`).
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** Headless Chromium as root in a container: no sandbox, no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
