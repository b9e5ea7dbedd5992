import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const dir = fileURLToPath(new URL('../artifacts/', import.meta.url));

/** A full-page screenshot of the current view, kept in e2e/artifacts/ (gitignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}${name}.png`, fullPage: true });
}
