// Builds the offline copy's viewer (viewer.tsx) into .viewer/viewer.js and .viewer/viewer.css:
// the share page's components, React, React Query and plotly.js's basic dist in one minified
// script, Next's modules replaced by the shims beside this file. Run by `npm run build` (before
// `next build`) and by the CLI when the sources are newer than the build.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = join(here, '../..');
export const VIEWER_DIR = join(webRoot, '.viewer');

// Modules the offline copy replaces: Next's (no router, no server) and the ensembles' worker.
const SHIMS: Record<string, string> = {
  'next/link': 'next-link.tsx',
  'next/navigation': 'next-navigation.ts',
  '@/lib/ensembles/ensemble-worker': 'no-ensemble-worker.ts',
};

const offlineShims: Plugin = {
  name: 'offline-shims',
  setup(b) {
    const names = Object.keys(SHIMS).map((name) => name.replace(/[/@.-]/g, '\\$&'));
    b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: join(here, SHIMS[args.path]!) }));
  },
};

export async function buildViewer(): Promise<{ js: number; css: number; ms: number }> {
  const started = performance.now();
  const { version } = JSON.parse(await readFile(join(webRoot, 'package.json'), 'utf8')) as { version: string };
  const result = await build({
    entryPoints: [join(here, 'viewer.tsx')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    write: false,
    outdir: VIEWER_DIR,
    entryNames: 'viewer',
    jsx: 'automatic',
    tsconfig: join(webRoot, 'tsconfig.json'),
    plugins: [offlineShims],
    // The PDF export's font travels inside the file (a data: URL its CSP lets fetch read): an
    // offline copy exports PDFs too, with no request.
    loader: { '.ttf': 'dataurl' },
    // jsPDF's optional helpers for its HTML and canvas renderers, which the PDF export never calls
    // (it draws SVG through svg2pdf): left out rather than carried in every file.
    external: ['html2canvas', 'dompurify', 'canvg'],
    define: { 'process.env.NODE_ENV': '"production"', FRONTIER_VERSION: JSON.stringify(version) },
    // Client components' 'use client' means nothing in a bundle with no server part.
    logOverride: { 'unsupported-directive': 'silent' },
    logLevel: 'warning',
  });
  await mkdir(VIEWER_DIR, { recursive: true });
  const sizes = { js: 0, css: 0 };
  for (const file of result.outputFiles) {
    const kind = file.path.endsWith('.css') ? 'css' : 'js';
    sizes[kind] = file.contents.byteLength;
    // Written under a temporary name and renamed: a reader never sees half a viewer.
    await writeFile(`${file.path}.tmp`, file.contents);
    await rename(`${file.path}.tmp`, file.path);
  }
  return { ...sizes, ms: performance.now() - started };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { js, css, ms } = await buildViewer();
  console.log(
    `offline viewer: ${(js / 1e6).toFixed(2)} MB script, ${(css / 1e3).toFixed(0)} kB CSS, ${ms.toFixed(0)} ms`,
  );
}
