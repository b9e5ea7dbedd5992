// Generates the Prisma client at install time. Prisma's CLI fetches its schema engine for every
// command and the build machines are offline; `generate` does not use that engine, so point it
// at any existing file (documented workaround) instead of letting it download.
import { execFileSync } from 'node:child_process';

execFileSync('npx', ['prisma', 'generate'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.execPath,
    CHECKPOINT_DISABLE: '1',
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
