// !: Workaround, a Turbopack loader. Workspace packages locate files next to their source with
// `new URL('relative/path', import.meta.url)` (e.g. @frontier/db's prisma/migrations directory).
// Turbopack treats that pattern as an asset to bundle, and fails on a directory. The web server
// runs on the machine that built it, from the same checkout, so pin the base to the source file's
// absolute URL: the expression then means what it means under Node, and Turbopack leaves it alone.
import { pathToFileURL } from 'node:url';

export default function pinImportMetaUrl(source) {
  const base = JSON.stringify(pathToFileURL(this.resourcePath).href);
  return source.replace(/new URL\(([^(),]+),\s*import\.meta\.url\s*\)/g, (_, path) => `new URL(${path}, ${base})`);
}
