import { readFileSync } from 'node:fs';

/** Frontier Explorer's version (the CLI package's), as written into study archives. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
