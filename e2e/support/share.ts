import { expect, type Browser, type Page } from '@playwright/test';
import { query } from './database';

export interface OpenedShare {
  token: string;
  /** The shared link, opened in a new page of the browser. */
  page: Page;
  /** Every /api/ request the shared page made (a pinned view needs none). */
  apiRequests: string[];
}

/** Clicks Share on `page`, checks the stored view string, and opens the link in a new page. */
export async function shareAndOpen(page: Page, browser: Browser, expectedView: string): Promise<OpenedShare> {
  await page.getByTestId('share-button').click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{16,}$/);
  const token = url.split('/s/')[1]!;
  const stored = await query<{ view: string }>('SELECT view FROM share WHERE token = $1', [token]);
  expect(stored[0]!.view).toBe(expectedView);
  const other = await browser.newPage();
  const apiRequests: string[] = [];
  other.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(r.url());
  });
  await other.goto(url);
  await expect(other.getByTestId('shared-banner')).toContainText('Shared view');
  return { token, page: other, apiRequests };
}

/** A shared link cannot change what was pinned: no Share button, filters disabled. */
export async function expectReadOnly(page: Page): Promise<void> {
  await expect(page.getByTestId('share-button')).toHaveCount(0);
  await expect(page.getByTestId('filter-difficulty')).toBeDisabled();
}
