import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATED_PAGES } from './generated';

// `npm run docs:generate`: rewrites the reference pages that code generates (CLI, configuration).
const root = fileURLToPath(new URL('../..', import.meta.url));
for (const page of GENERATED_PAGES) {
  const file = join(root, page.path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, page.render());
  console.log(`wrote ${page.path}`);
}
