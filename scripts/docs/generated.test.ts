import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GENERATED_PAGES } from './generated';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('generated reference pages', () => {
  for (const page of GENERATED_PAGES) {
    it(`${page.path} is what the code generates (else run npm run docs:generate)`, () => {
      const committed = readFileSync(join(root, page.path), 'utf8');
      expect(committed, `${page.path} is stale: run \`npm run docs:generate\` and commit it`).toBe(page.render());
    });
  }
});
