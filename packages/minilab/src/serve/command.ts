// The shell command that starts the stand-in server, for a study's `--serve` template.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { quoteIfNeeded } from '@frontier/generate';

/**
 * `<node> --import <tsx loader> <main.ts> serve {checkpoint} --served-model-name {model} --port {port}`,
 * with absolute paths, so it runs from any directory. The placeholders are left for the pipeline,
 * which substitutes them already quoted.
 */
export function toyServerCommand(): string {
  // createRequire rather than import.meta.resolve: the latter is missing under some test runners'
  // module loaders; tsx's "." export is the same file for require and import.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const main = fileURLToPath(new URL('./main.ts', import.meta.url));
  return `${[process.execPath, '--import', loader, main].map(quoteIfNeeded).join(' ')} serve {checkpoint} --served-model-name {model} --port {port}`;
}
